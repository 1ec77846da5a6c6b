"""Two checkouts of the answer gate, measured alternately in one run (A B A B ...).

    python bench/ab_answer_gate.py OLD_CHECKOUT [NEW_CHECKOUT] [--rounds 3] [--cases 10000] [--cli]

On a shared machine absolute figures move by tens of percent between minutes, so a speed change
is only readable as a ratio of runs made side by side; and every time is CPU time of the process
(time.process_time, getrusage for the CLI), which other jobs on the machine disturb far less than
wall time. Each round runs, in a fresh process per
checkout (PYTHONPATH set to it), bench_answer_gate's in-process figure on the same corpus file
(bench/corpus.py), the CPU per accepted and per rejected case, and json.loads of that file
(the yardstick docs/benchmarks.md normalises by: json.loads took 0.504 s for the 10,000-case
file on the documented machine). With --cli it
also times `groundgate gate answer --jsonl FILE --workers 1` for each checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from corpus import write_corpus  # noqa: E402

# json.loads of the 10,000-case corpus on the documented machine (docs/benchmarks.md).
DOCUMENTED_PARSE_S = 0.504

_CHILD = r"""
import json, sys, time
from groundgate.engine.gates.answer import AnswerCase, gate_answer
path, runs = sys.argv[1], int(sys.argv[2])
lines = open(path, "rb").read().splitlines()
cases = [AnswerCase.model_validate_json(line) for line in lines]
def best(fn):
    b = float("inf")
    for _ in range(runs):
        t = time.process_time(); fn(); b = min(b, time.process_time() - t)
    return b
gate = best(lambda: [gate_answer(c) for c in cases])
parse = best(lambda: [json.loads(line) for line in lines])
# CPU per accepted and per rejected case: the two paths of the number rule cost very differently.
accepted = [c for c in cases if gate_answer(c).status == "ok"]
rejected = [c for c in cases if gate_answer(c).status != "ok"]
ok_s = best(lambda: [gate_answer(c) for c in accepted])
bad_s = best(lambda: [gate_answer(c) for c in rejected])
print(json.dumps({"cases": len(cases), "gate_s": gate, "parse_s": parse,
                  "accepted_us": ok_s / max(1, len(accepted)) * 1e6,
                  "rejected_us": bad_s / max(1, len(rejected)) * 1e6}))
"""


def in_process(checkout: Path, corpus: Path, runs: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(corpus), str(runs)],
        env=env,
        cwd=checkout,
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def cli(checkout: Path, corpus: Path) -> float:
    """CPU seconds (user + system) of one CLI run."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, "-m", "groundgate.cli", "gate", "answer", "--jsonl", str(corpus)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [*command, "--workers", "1"], env=env, cwd=checkout, stdout=subprocess.DEVNULL, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=2, help="best of this many per process")
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--cli", action="store_true")
    args = parser.parse_args()
    corpus = write_corpus(ROOT / "bench" / "out" / f"answer-{args.cases}.jsonl", args.cases)
    for round_ in range(1, args.rounds + 1):
        for name, checkout in (("old", args.old), ("new", args.new)):
            r = in_process(checkout.resolve(), corpus, args.runs)
            rate = r["cases"] / r["gate_s"]
            # Normalised: as if json.loads of the 10,000-case file took DOCUMENTED_PARSE_S.
            documented = DOCUMENTED_PARSE_S * r["cases"] / 10_000
            normalised = rate * r["parse_s"] / documented
            line = (
                f"round {round_} {name}: {rate:,.0f} cases/s, json.loads {r['parse_s']:.3f} s, "
                f"normalised {normalised:,.0f} cases/s; CPU per accepted case "
                f"{r['accepted_us']:.1f} µs, per rejected case {r['rejected_us']:.1f} µs"
            )
            if args.cli:
                seconds = cli(checkout.resolve(), corpus)
                line += f"; CLI --workers 1 {seconds:.2f} s = {seconds / r['parse_s']:.2f}x"
            print(line, flush=True)


if __name__ == "__main__":
    main()
