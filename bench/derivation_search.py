"""What the answer gate's derivation search does on real cases: searches, pairs, CPU by part.

    python bench/derivation_search.py [--source financebench|tatqa] [--derived finding|accept]

This tree's engine gates the cases once (imports, one-entry resources and the regex cache
warmed), its text caches are emptied, and it gates them again with the cyclic garbage
collector off (a collection is charged to whatever allocates when it falls; d586) and the
search's functions wrapped to count and time them (time.process_time; the wrappers add their
own cost, so the shares are a little high). Printed:
  - CPU of the parts, each inclusive: _derive (the whole slow-path derivation search), the
    binding (OperandContext.bind), the pair check (derivation_pairs.may_pair), the bound
    search (derivations.explain), the scan of the first operands (derivation_hits.hits, and
    under which caller), the pair test (_Rule.allow), the pools (_bound_pools), the
    aggregates;
  - the searches (one hits() call: an operation, a result, a tolerance on one pool) by
    operation, the pool's entries per search, the first operands found, how many of the
    searches repeat one of an earlier case on the same pools (a memo across cases would
    answer those);
  - the pairs: those a loop over every pair would form (entries x entries per search), the
    first operands given to _bounds, the second operands the sorted lookup puts in range
    (derivation_hits.pairs), and the pair tests (allow) they reach.
Nothing here changes a verdict; the engine is not modified on disk.
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from ab_interleaved import caches, real_cases  # noqa: E402

from groundgate.engine import derivation_hits, derivation_pairs, derivations  # noqa: E402
from groundgate.engine.context import operand_rule, operands  # noqa: E402
from groundgate.engine.gates import answer, answer_derivations  # noqa: E402

CPU: collections.Counter[str] = collections.Counter()
CALLS: collections.Counter[str] = collections.Counter()
COUNT: collections.Counter[str] = collections.Counter()


def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            CPU[name] += time.process_time() - start
            CALLS[name] += 1

    return wrapper


def instrument() -> None:
    """Wrap the search's functions where their callers look them up."""
    hits = derivation_hits.hits
    searched: set[tuple[object, ...]] = set()
    alive: list[object] = []  # (the pools' lists stay alive: their ids are not reused)

    def counted_hits(
        operation: str,
        t: float,
        tol: float,
        pool: list[tuple[float, int]],
        keys: list[float],
        both_signs: bool,
        negatives: bool = False,
    ) -> Iterable[int]:
        caller = sys._getframe(2).f_code.co_name  # (searched_hits' caller)
        start = time.process_time()
        found = hits(operation, t, tol, pool, keys, both_signs, negatives)
        spent = time.process_time() - start
        CPU["hits"] += spent
        CPU[f"hits (from {caller})"] += spent
        CALLS["hits"] += 1
        COUNT[f"searches: {operation}"] += 1
        COUNT["entries"] += len(pool)
        COUNT["every pair"] += len(pool) * len(keys)
        COUNT["first operands found"] += len(list(found))
        key = (id(pool), operation, t, tol, both_signs, negatives)
        COUNT["searches repeated from an earlier case"] += key in searched
        searched.add(key)
        alive.append(pool)
        return found

    pairs = derivation_hits.pairs

    def counted_pairs(*args: Any, **kwargs: Any) -> Iterator[int]:
        for index in pairs(*args, **kwargs):
            COUNT["second operands in range"] += 1
            yield index

    bounds = derivations._bounds

    def counted_bounds(*args: Any, **kwargs: Any) -> Any:
        COUNT["first operands given to _bounds"] += 1
        return bounds(*args, **kwargs)

    derivation_hits.hits = counted_hits  # type: ignore[assignment]
    derivations.pairs = counted_pairs
    derivations._bounds = counted_bounds
    derivations.explain = timed("explain", derivations.explain)  # type: ignore[assignment]
    answer_derivations.explain = derivations.explain
    may_pair = timed("may_pair", derivation_pairs.may_pair)
    answer_derivations.may_pair = may_pair  # type: ignore[assignment]
    search = answer_derivations._DerivationSearch
    for name in ("_derive", "_bound_pools", "_aggregate"):
        setattr(search, name, timed(name, getattr(search, name)))
    operands.OperandContext.bind = timed("bind", operands.OperandContext.bind)  # type: ignore[method-assign]
    operand_rule._Rule.allow = timed("allow", operand_rule._Rule.allow)  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    args = parser.parse_args()
    policy = answer.AnswerGatePolicy.model_validate(
        {**answer.PRESETS["default"].model_dump(), "derived_numbers": args.derived}
    )
    cases = [answer.AnswerCase.model_validate_json(line) for line in real_cases(args.source)]
    for case in cases:
        answer.gate_answer(case, policy)
    for cache in caches(answer):
        cache.cache_clear()  # type: ignore[attr-defined]
    instrument()
    gc.collect()
    gc.disable()
    start = time.process_time()
    for case in cases:
        answer.gate_answer(case, policy)
    total = time.process_time() - start
    gc.enable()
    print(
        f"{len(cases)} {args.source} cases, gate {answer.GATE_VERSION}, derived_numbers="
        f"{args.derived}: {total:.2f} s CPU (collector off, caches emptied, counters on)"
    )
    for name, spent in CPU.most_common():
        calls = f"{CALLS[name]:,} calls" if name in CALLS else ""
        print(f"  {name:24s} {spent:6.2f} s {100 * spent / total:5.1f}%  {calls}")
    searches = CALLS["hits"]
    print(f"searches (hits calls): {searches:,}")
    for name, count in sorted(COUNT.items()):
        if name.startswith("searches: "):
            print(f"  {name[10:]:20s} {count:,}")
    if searches:
        print(
            f"  per search: {COUNT['entries'] / searches:.1f} pool entries, "
            f"{COUNT['first operands found'] / searches:.2f} first operands found"
        )
    repeated = COUNT["searches repeated from an earlier case"]
    print(f"  repeated from an earlier case on the same pools: {repeated:,}")
    print(f"pairs a loop over every pair would form: {COUNT['every pair']:,}")
    print(f"first operands given to _bounds: {COUNT['first operands given to _bounds']:,}")
    print(f"second operands in range (pairs formed): {COUNT['second operands in range']:,}")
    print(f"pair tests (allow): {CALLS['allow']:,}")


if __name__ == "__main__":
    main()
