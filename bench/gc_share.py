"""What share of the answer gate's CPU on real cases is Python's cyclic garbage collector.

    python bench/gc_share.py CHECKOUT [CHECKOUT ...] [--source financebench|tatqa] [--rounds 2]

Each checkout is gated in a process of its own (a child of this one, one after the other), as
ab_interleaved.py's `--fresh` rounds gate it: the engine's text caches emptied before each
round, the round's CPU (time.process_time) taken. Every round is run twice in turn, with the
collector on (its time per generation counted by gc.callbacks) and off (gc.disable() for the
round, a full collection after it, not timed): the second is the gate's own work, the
difference is what the collector walks. The objects the collector tracks after a round are
mostly what the memos keep (a full collection walks all of them; decision d586).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ab_interleaved import caches, load, real_cases  # noqa: E402


def child(checkout: Path, source: str, rounds: int) -> dict[str, object]:
    """The figures of one checkout, gated in this process."""
    module = load(checkout)
    policy = module.PRESETS["default"]
    cases = [module.AnswerCase.model_validate_json(line) for line in real_cases(source)]
    for case in cases:  # (imports, one-entry resources and the regex cache warmed)
        module.gate_answer(case, policy)
    cleared = caches(module)
    spent = {"gen": [0.0, 0.0, 0.0], "count": [0, 0, 0], "start": 0.0}

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            spent["start"] = time.process_time()
        else:
            spent["gen"][info["generation"]] += time.process_time() - spent["start"]  # type: ignore[index,operator]
            spent["count"][info["generation"]] += 1  # type: ignore[index]

    gc.callbacks.append(timed)
    on: list[float] = []
    off: list[float] = []
    collector: list[list[float]] = []
    counts: list[list[int]] = []
    tracked = 0
    for _ in range(rounds):
        for enabled in (True, False):
            for cache in cleared:
                cache.cache_clear()  # type: ignore[attr-defined]
            gc.collect()
            spent["gen"], spent["count"] = [0.0, 0.0, 0.0], [0, 0, 0]
            if not enabled:
                gc.disable()
            t = time.process_time()
            for case in cases:
                module.gate_answer(case, policy)
            seconds = time.process_time() - t
            gc.enable()
            if enabled:
                on.append(seconds / len(cases))
                collector.append([s / len(cases) for s in spent["gen"]])  # type: ignore[union-attr]
                counts.append(list(spent["count"]))  # type: ignore[call-overload]
                gc.collect()
                tracked = len(gc.get_objects())
            else:
                off.append(seconds / len(cases))
    return {
        "gate": module.GATE_VERSION,
        "cases": len(cases),
        "on": on,
        "off": off,
        "collector": collector,
        "counts": counts,
        "tracked": tracked,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+")
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.checkouts[0].resolve(), args.source, args.rounds)))
        return
    print(f"{args.source}, {args.rounds} rounds, caches emptied each round; CPU per case in µs")
    for checkout in args.checkouts:
        command = [sys.executable, __file__, str(checkout), "--child", "--source", args.source]
        out = subprocess.run(
            [*command, "--rounds", str(args.rounds)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(out.splitlines()[-1])
        on, off = statistics.median(r["on"]) * 1e6, statistics.median(r["off"]) * 1e6
        gens = [statistics.median(g) * 1e6 for g in zip(*r["collector"], strict=True)]
        print(
            f"{checkout} (gate {r['gate']}, {r['cases']} cases): collector on {on:,.0f}, "
            f"off {off:,.0f} (on/off {on / off:.3f}); collector time {sum(gens):,.0f} "
            f"({100 * sum(gens) / on:.1f}%; by generation {', '.join(f'{g:,.0f}' for g in gens)}; "
            f"collections {r['counts'][-1]}); objects tracked after a round {r['tracked']:,}"
        )


if __name__ == "__main__":
    main()
