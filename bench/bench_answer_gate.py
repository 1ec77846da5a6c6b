"""Answer-gate figures (issue 2). Run: .venv/bin/python bench/bench_answer_gate.py [--cases N]

1. In-process gate after parsing: cases/s on one core (goal >= 20,000).
2. CLI --jsonl wall time vs json.loads merely parsing the same file (goal <= 2x).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import write_corpus

from groundgate.engine.gates.answer import AnswerCase, gate_answer


def best_of(runs: int, fn) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    corpus = write_corpus(Path(__file__).parent / "out" / f"answer-{args.cases}.jsonl", args.cases)
    size_mb = corpus.stat().st_size / 1e6
    lines = corpus.read_bytes().splitlines()
    cases = [AnswerCase.model_validate_json(line) for line in lines]

    gate_s = best_of(args.runs, lambda: [gate_answer(c) for c in cases])
    statuses: dict[str, int] = {}
    for c in cases:
        s = gate_answer(c).status
        statuses[s] = statuses.get(s, 0) + 1

    def parse_only() -> None:
        with corpus.open("rb") as fh:
            for line in fh:
                json.loads(line)

    parse_s = best_of(args.runs, parse_only)
    env = dict(os.environ)
    cli = [sys.executable, "-m", "groundgate.cli", "gate", "answer", "--jsonl", str(corpus)]

    def run_cli(*extra: str) -> None:
        subprocess.run([*cli, *extra], stdout=subprocess.DEVNULL, env=env, check=False)

    cli_s = best_of(args.runs, run_cli)
    cli_seq_s = best_of(args.runs, lambda: run_cli("--workers", "1"))
    print(f"corpus: {args.cases} cases, {size_mb:.1f} MB, statuses {statuses}")
    print(f"in-process gate (parsed input): {args.cases / gate_s:,.0f} cases/s ({gate_s:.3f} s)")
    print(f"json.loads parse only: {parse_s:.3f} s")
    print(f"CLI --jsonl end to end: {cli_s:.3f} s = {cli_s / parse_s:.2f}x json.loads")
    print(f"CLI --jsonl --workers 1: {cli_seq_s:.3f} s = {cli_seq_s / parse_s:.2f}x json.loads")


if __name__ == "__main__":
    main()
