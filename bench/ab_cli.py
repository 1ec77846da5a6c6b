"""The answer CLI of several checkouts on the same real JSONL, alternated (A B A B ...).

    python bench/ab_cli.py OLD_CHECKOUT [NEW_CHECKOUT ...] [--rounds 5] [--workers 1]
        [--source financebench|tatqa] [--repeat 1]

Writes the 1,350 FinanceBench cases (the graded and the gold answers of
../shared/data/financebench) or the TAT-QA cases (bench/tatqa_build.py, rows render, as
ab_interleaved.py builds them), `--repeat` times over, to bench/out/ as one JSONL, then runs
`python -m groundgate.cli gate answer --jsonl FILE --workers N` of each checkout in turn
(PYTHONPATH and working folder set to it), round after round, and prints per checkout the wall
time and the CPU time (user + system of the process and its workers), median [lowest-highest]
of the rounds, and each checkout's ratio to the first one within each round. The yardstick
json.loads of the same file is timed in this process in every round. `--workers 0` leaves the
CLI its default (every core for files over 8 MB). The verdicts may differ between checkouts (a
change of rule): the script prints the number of output lines and their statuses per checkout.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def write_cases(source: str, repeat: int) -> Path:
    path = ROOT / "bench" / "out" / f"{source}-cases-x{repeat}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    if source == "tatqa":
        sys.path.insert(0, str(ROOT / "bench"))
        from ab_interleaved import real_cases

        path.write_bytes(b"\n".join(real_cases(source) * repeat) + b"\n")
        return path
    lines = []
    for name in ("cases.jsonl", "gold_cases.jsonl"):
        with (DATA / "financebench" / name).open("rb") as handle:
            lines += [json.dumps(json.loads(line)["case"]) for line in handle if line.strip()]
    path.write_text("\n".join(lines * repeat) + "\n", encoding="utf-8")
    return path


def run(checkout: Path, path: Path, workers: int) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds and stdout of one CLI run."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, "-m", "groundgate.cli", "gate", "answer", "--jsonl", str(path)]
    if workers:
        command += ["--workers", str(workers)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(command, env=env, cwd=checkout, capture_output=True, check=False).stdout
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def spread(values: list[float], fmt: str = ".2f") -> str:
    return f"{statistics.median(values):{fmt}} [{min(values):{fmt}}-{max(values):{fmt}}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+", help="the first is the reference")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1, help="0: the CLI's default")
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    checkouts = [c.resolve() for c in args.checkouts]
    if len(checkouts) == 1:
        checkouts.append(ROOT)
    names = [c.name for c in checkouts]
    path = write_cases(args.source, args.repeat)
    raw = path.read_bytes()
    n = raw.count(b"\n")
    print(
        f"{path.name}: {n:,} cases, {len(raw) / 1e6:.1f} MB; --workers {args.workers or 'default'}"
    )
    walls: dict[str, list[float]] = collections.defaultdict(list)
    cpus: dict[str, list[float]] = collections.defaultdict(list)
    loads: list[float] = []
    for round_ in range(args.rounds):
        t = time.process_time()
        [json.loads(line) for line in raw.splitlines()]
        loads.append(time.process_time() - t)
        for name, checkout in zip(names, checkouts, strict=True):
            wall, cpu, out = run(checkout, path, args.workers)
            walls[name].append(wall)
            cpus[name].append(cpu)
            print(f"round {round_ + 1} {name}: wall {wall:.2f} s, CPU {cpu:.2f} s", flush=True)
            if round_ == 0:
                statuses = collections.Counter(
                    json.loads(line).get("status") for line in out.splitlines() if line.strip()
                )
                print(f"{name}: {sum(statuses.values())} verdicts {dict(statuses)}", flush=True)
    print(f"json.loads of the file, in process: {spread(loads, '.3f')} s CPU")
    for name in names:
        cps = [n / w for w in walls[name]]
        print(
            f"{name}: wall {spread(walls[name])} s = {spread(cps, ',.0f')} cases/s; "
            f"CPU {spread(cpus[name])} s"
        )
    for name in names[1:]:
        wall = [b / a for a, b in zip(walls[names[0]], walls[name], strict=True)]
        cpu = [b / a for a, b in zip(cpus[names[0]], cpus[name], strict=True)]
        print(f"{name}/{names[0]}: wall {spread(wall, '.3f')}, CPU {spread(cpu, '.3f')}")


if __name__ == "__main__":
    main()
