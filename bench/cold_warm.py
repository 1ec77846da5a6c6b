"""Where the answer gate's CPU goes on real cases: first readings of texts, and the rest.

    python bench/cold_warm.py [--source financebench|tatqa] [--rounds 2] [--derived finding]

Gates every real case (bench/ab_interleaved.real_cases) with the engine's text caches emptied
(cold: every excerpt, conclusion and question read for the first time in the round, as
ab_interleaved --fresh times it), then the same cases again with the caches kept (warm: what a
case costs once its texts have been read). Cold minus warm is the first reading of the texts
(the evidence index's placing, the table facts, the claims' sentences, the words of labels),
made once per text already; warm is the per-case and per-value work (the derivation search,
the near-miss search, the context rule's comparisons). Beside the totals, the CPU under a few
named steps (outermost call only; a step inside another is counted in both). The garbage
collector is off while timed (ab_interleaved --no-gc). One tree, this one: not an A/B (use
ab_interleaved.py for that).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ab_interleaved import caches, real_cases  # noqa: E402

from groundgate.engine.context import operands  # noqa: E402
from groundgate.engine.gates import answer, answer_derivations  # noqa: E402

spent: Counter[str] = Counter()
_depth: Counter[str] = Counter()


def timed(owner: Any, name: str, label: str) -> None:
    """Count the CPU under owner.name (its outermost calls) as `label`."""
    function: Callable[..., Any] = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _depth[label]:
            return function(*args, **kwargs)
        _depth[label] += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start
            _depth[label] -= 1

    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    args = parser.parse_args()
    search = answer_derivations._DerivationSearch
    timed(search, "_derive", "derivation search (_derive)")
    timed(answer_derivations, "explain", "  explain")
    timed(answer_derivations, "may_pair", "  may_pair")
    timed(operands.OperandContext, "bind", "  bind")
    timed(search, "_bound_pools", "  _bound_pools")
    timed(search, "_aggregate", "  _aggregate")
    timed(answer, "context_findings", "context rule (context_findings)")
    policy = answer.AnswerGatePolicy.model_validate(
        {**answer.PRESETS["default"].model_dump(), "derived_numbers": args.derived}
    )
    cases = [answer.AnswerCase.model_validate_json(line) for line in real_cases(args.source)]
    found = caches(answer)
    print(f"{len(cases)} {args.source} cases, gate {answer.GATE_VERSION}, {args.derived}")
    for _ in range(args.rounds):
        for cache in found:
            cache.cache_clear()  # type: ignore[attr-defined]
        for state in ("cold", "warm"):
            spent.clear()
            gc.collect()
            gc.disable()
            start = time.process_time()
            for case in cases:
                answer.gate_answer(case, policy)
            total = time.process_time() - start
            gc.enable()
            steps = ", ".join(f"{k.strip()} {v / len(cases) * 1e6:,.0f}" for k, v in spent.items())
            print(f"{state}: {total / len(cases) * 1e6:,.0f} µs a case ({steps})", flush=True)


if __name__ == "__main__":
    main()
