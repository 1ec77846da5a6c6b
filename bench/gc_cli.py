"""The answer CLI with GROUNDGATE_GC settings alternated, on real JSONL (issue 28, d587).

    python bench/gc_cli.py [--source financebench|tatqa] [--rounds 3] [--gc off on 20000 ...]

Writes the real cases of the source (FinanceBench: its 1,350 graded and gold cases; TAT-QA:
the dev set's cases built by bench/tatqa_build.py, as ab_interleaved.py builds them) to
bench/out/ as one JSONL, then runs `python -m groundgate.cli gate answer --jsonl FILE
--workers 1` of this checkout with each GROUNDGATE_GC value in turn (A B A B ...), round after
round. Per value: the CPU (user + system) and the peak memory (max RSS) of the child, median
[lowest-highest] of the rounds, the CPU ratio to the first value within each round, and whether
its stdout is byte for byte the first value's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ab_interleaved import real_cases  # noqa: E402


def run(path: Path, setting: str) -> tuple[float, float, bytes]:
    """CPU seconds, max RSS (MB) and stdout of one CLI run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GROUNDGATE_GC": setting}
    command = [sys.executable, "-m", "groundgate.cli", "gate", "answer", "--jsonl", str(path)]
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(
            [*command, "--workers", "1"], env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=null
        )
        out = child.stdout.read() if child.stdout else b""
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def spread(values: list[float], fmt: str = ".2f") -> str:
    return f"{statistics.median(values):{fmt}} [{min(values):{fmt}}-{max(values):{fmt}}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gc", nargs="+", default=["off", "on"], help="the first: reference")
    args = parser.parse_args()
    path = ROOT / "bench" / "out" / f"{args.source}-cases.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\n".join(real_cases(args.source)) + b"\n")
    lines = path.read_bytes().count(b"\n")
    print(f"{path.name}: {lines:,} cases")
    cpu: dict[str, list[float]] = {g: [] for g in args.gc}
    rss: dict[str, list[float]] = {g: [] for g in args.gc}
    ratio: dict[str, list[float]] = {g: [] for g in args.gc}
    same: dict[str, bool] = {g: True for g in args.gc}
    reference = b""
    for r in range(args.rounds):
        for setting in args.gc:
            seconds, mb, out = run(path, setting)
            if setting == args.gc[0]:
                reference = reference or out
            same[setting] &= out == reference
            cpu[setting].append(seconds)
            rss[setting].append(mb)
            ratio[setting].append(seconds / cpu[args.gc[0]][r])
            print(f"  round {r + 1} GROUNDGATE_GC={setting}: {seconds:.2f} s CPU, {mb:.0f} MB")
    for setting in args.gc:
        print(
            f"GROUNDGATE_GC={setting}: CPU {spread(cpu[setting])} s, ratio "
            f"{spread(ratio[setting], '.3f')}, max RSS {spread(rss[setting], '.0f')} MB, "
            f"stdout {'identical' if same[setting] else 'DIFFERENT'}"
        )


if __name__ == "__main__":
    main()
