"""Profile one pass of the answer gate over the TAT-QA cases, CPU time, to JSON.

    python bench/profile_tatqa.py OUT.json [--source tatqa|financebench]
    python bench/profile_tatqa.py --diff OLD.json NEW.json [--top 40]

Run it in two checkouts (each with its own virtualenv) and diff per function: the calls, own
time and cumulative time of every function (OUT.prof beside the JSON: pstats, for a function's
callers; --diff reads either). The timer is time.process_time (CPU of this process), not the
wall clock: on a loaded machine the wall clock charges other processes' time to whichever
function was running; and the cyclic garbage collector is off while it runs (a collection is
charged to whatever function runs; as bench/ab_interleaved.py --no-gc). The cases are those of
bench/ab_interleaved.py (real_cases).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def profile(out: Path, source: str) -> None:
    sys.path.insert(0, str(Path.cwd()))
    sys.path.insert(0, str(Path.cwd() / "bench"))
    from ab_interleaved import real_cases

    from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, gate_answer

    cases = [AnswerCase.model_validate_json(b) for b in real_cases(source)]
    gc.collect()
    gc.disable()  # (as ab_interleaved --no-gc: a collection is charged to whatever runs)
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for case in cases:
        gate_answer(case, DEFAULT_POLICY)
    profiler.disable()
    gc.enable()
    stats = pstats.Stats(profiler)
    stats.dump_stats(str(out.with_suffix(".prof")))  # (pstats: callers of a function)
    out.write_text(json.dumps(_rows(stats)))


def _rows(stats: pstats.Stats) -> dict[str, tuple[int, float, float]]:
    """Calls, own and cumulative time by "path:function" (the functions of one name in one
    module summed: line numbers move between checkouts)."""
    rows: dict[str, tuple[int, float, float]] = {}
    for (path, _line, name), (_cc, calls, own, cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if name.startswith("<built-in method __new__"):
            name = "<built-in method __new__>"  # (its key names an address)
        key = f"{path.split('groundgate/')[-1].split('site-packages/')[-1]}:{name}"
        was = rows.get(key, (0, 0.0, 0.0))
        rows[key] = (was[0] + calls, was[1] + own, was[2] + cumulative)
    return rows


def _load(path: Path) -> dict[str, tuple[int, float, float]]:
    if path.suffix == ".prof":
        return _rows(pstats.Stats(str(path)))
    return {k: tuple(v) for k, v in json.loads(path.read_text()).items()}  # type: ignore[misc]


def diff(old: Path, new: Path, top: int) -> None:
    before = _load(old)
    after = _load(new)
    rows = []
    for key in set(before) | set(after):
        a = before.get(key, (0, 0.0, 0.0))
        b = after.get(key, (0, 0.0, 0.0))
        rows.append((b[2] - a[2], b[1] - a[1], key, a, b))
    for title, index in (("cumulative", 0), ("own", 1)):
        print(f"-- by {title} time (after - before, s)")
        for row in sorted(rows, key=lambda r: -r[index])[:top]:
            a, b = row[3], row[4]
            print(
                f"{row[index]:+7.3f} {row[2][-70:]:70} calls {a[0]}->{b[0]}"
                f" own {a[1]:.3f}->{b[1]:.3f} cum {a[2]:.3f}->{b[2]:.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--diff", action="store_true")
    parser.add_argument("--source", default="tatqa", choices=["tatqa", "financebench"])
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    if args.diff:
        diff(args.paths[0], args.paths[1], args.top)
    else:
        profile(args.paths[0], args.source)


if __name__ == "__main__":
    main()
