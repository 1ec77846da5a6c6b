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
    under which caller), the pair test (PairRule.allow), the pools (_bound_pools), the
    aggregates;
  - the searches (one hits() call: an operation, a result, a tolerance on one pool) by
    operation, the pool's entries per search, the first operands found, how many of the
    searches repeat one of an earlier case on the same pools (a memo across cases would
    answer those);
  - the pairs: those a loop over every pair would form (entries x entries per search), the
    first operands given to _bounds, the second operands the sorted lookup puts in range
    (derivation_hits.pairs), and the pair tests (allow) they reach.
`--refusals` counts what the binding does with the pairs the search puts to it (s50, d972):
the bound searches (explain) by the binding's test - a rule's allow, a short result's
allow_short (d307), a strong wrapper, none - with their pools' entries and what they found, and
each pair test's outcome, a refusal by its first reason (the operation the sentence names,
a period, a row, the words said, another test of the pair); allow_short's calls apart.
`--sweep` times the scan of first operands against a sweep of the sorted values that jumps
past those with no partner (sweep() here, not the engine's; decision d648) on the pass's
sum, average, difference and points searches, and asserts they find the same positions.
Nothing here changes a verdict; the engine is not modified on disk.
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
import time
from bisect import bisect_left
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
# The searches --sweep times again: (operation, t, tol, pool, keys, both_signs, negatives).
SEARCHES: list[tuple[str, float, float, list[tuple[float, int]], list[float], bool, bool]] = []
_SWEPT = ("sum", "average", "difference", "percentage_points")
_MARGIN = 1e-9  # (relative: far above the floating-point error of the jump's bound)


def sweep(
    operation: str, t: float, tol: float, keys: list[float], order: list[int]
) -> tuple[list[int], int]:
    """hits() of a sum, an average, a difference or points with `negatives` (pool and keys one
    list of values), by one walk of the sorted values that jumps past the first operands with
    no partner: at a first operand a whose range [b - e, b + e] holds no key, the next a that
    can reach the nearest key x beside the range is found by bisect (with a margin), and each a
    landed on gets hits()'s own test. `order`: the pool's positions in key order. Returns the
    positions, sorted, and the bisects made (a scan makes one per first operand)."""
    falling = operation in ("sum", "average")  # b = k - a falls as a rises; a - k rises
    k, e = (2 * t, 2 * tol) if operation == "average" else (t, tol)
    n, found, s, bisects = len(keys), [], 0, 0
    while s < n:
        a = keys[s]
        b = k - a if falling else a - k
        p = bisect_left(keys, b - e)
        bisects += 1
        if p < n and keys[p] <= b + e:
            if abs(a) > tol and abs(b) > tol:
                found.append(order[s])
            s += 1
            continue
        if (p == 0) if falling else (p == n):
            break  # no key left on the side the range moves to
        x = keys[p - 1] if falling else keys[p]
        start = k - e - x if falling else x + k - e  # the least a whose range reaches x
        start -= _MARGIN * (abs(start) + abs(k) + e + abs(x))
        s = max(s + 1, bisect_left(keys, start, s + 1))
        bisects += 1
    found.sort()
    return found, bisects


def time_sweep() -> None:
    """The scan (derivation_hits.hits) and sweep() on the searches kept, alternately, two rounds
    each: the same positions, their CPU and bisects."""
    hits = derivation_hits.hits
    prepared = [
        (op, t, tol, pool, keys, sorted(range(len(pool)), key=pool.__getitem__), signs, neg)
        for op, t, tol, pool, keys, signs, neg in SEARCHES
    ]
    scans, swept, bisects = [], [], 0
    for _ in range(2):
        start = time.process_time()
        expected = [
            list(hits(op, t, tol, pool, keys, signs, neg))
            for op, t, tol, pool, keys, _, signs, neg in prepared
        ]
        scans.append(time.process_time() - start)
        start = time.process_time()
        got = [sweep(op, t, tol, keys, order) for op, t, tol, _, keys, order, _, _ in prepared]
        swept.append(time.process_time() - start)
        assert [g[0] for g in got] == expected, "the sweep differs from the scan"
        bisects = sum(g[1] for g in got)
    scanned = sum(len(p[4]) for p in prepared)
    print(
        f"--sweep, {len(prepared):,} searches ({', '.join(_SWEPT)}, negatives): the same hits; "
        f"scan {scans[0]:.3f} / {scans[1]:.3f} s ({scanned:,} bisects), "
        f"sweep {swept[0]:.3f} / {swept[1]:.3f} s ({bisects:,} bisects)"
    )


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
        if negatives and operation in _SWEPT:
            SEARCHES.append((operation, t, tol, pool, keys, both_signs, negatives))
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
    operand_rule.PairRule.allow = timed("allow", operand_rule.PairRule.allow)  # type: ignore[method-assign]


def count_refusals() -> None:
    """Wrap explain and the rule's tests to count what the binding refuses, and why (--refusals):
    the reasons are read again beside the tests, in PairRule._allow's order."""
    from groundgate.engine.context.periods import contradicts

    rule = operand_rule.PairRule
    allow, inner, short = rule.allow, rule._allow, rule.allow_short
    explain = answer_derivations.explain

    def kind(test: Any) -> str:
        method = getattr(test, "__func__", None)
        if test is None:
            return "none"
        return {rule.allow: "rule", rule.allow_short: "short"}.get(method, "strong")

    def counted_explain(*args: Any, **kwargs: Any) -> Any:
        name = kind(kwargs.get("allow"))
        pools = kwargs.get("pools")
        COUNT[f"explain {name}"] += 1
        COUNT[f"explain {name} entries"] += len(pools.seen) if pools is not None else 0
        found = explain(*args, **kwargs)
        COUNT[f"explain {name} found"] += found is not None
        return found

    def reason(self: Any, operation: str, a: Any, b: Any) -> str:
        if self.operations is not None and operation not in self.operations:
            if a.where != "answer" and (b is None or b.where != "answer"):
                return "the operation the sentence names"
        fa = self.context.fact(a)
        fb = self.context.fact(b) if b is not None else None
        for f, which in ((fa, "a"), (fb, "b")):
            if self.periods and f is not None and contradicts(self.periods, f.periods):
                return f"{which}'s period"
        if self._in_named_row(a, fa) is False:
            return "a in another row"
        return "another test of the pair"

    def counted_allow(self: Any, operation: str, a: Any, b: Any) -> int:
        score = allow(self, operation, a, b)
        if score:
            COUNT[f"allow {score}"] += 1
        elif inner(self, operation, a, b):
            COUNT["allow 0: the words said (derivation_words)"] += 1
        else:
            COUNT[f"allow 0: {reason(self, operation, a, b)}"] += 1
        return score

    def counted_short(self: Any, operation: str, a: Any, b: Any) -> int:
        score = short(self, operation, a, b)
        COUNT[f"allow_short {score}"] += 1
        return score

    answer_derivations.explain = counted_explain
    rule.allow, rule.allow_short = counted_allow, counted_short  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="financebench")
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="time the scan of first operands against a sweep that jumps (not the engine's)",
    )
    parser.add_argument(
        "--refusals",
        action="store_true",
        help="count the bound searches by the binding's test and the pair tests by outcome",
    )
    args = parser.parse_args()
    policy = answer.AnswerGatePolicy.model_validate(
        {**answer.PRESETS["default"].model_dump(), "derived_numbers": args.derived}
    )
    cases = [answer.AnswerCase.model_validate_json(line) for line in real_cases(args.source)]
    for case in cases:
        answer.gate_answer(case, policy)
    for cache in caches(answer):
        cache.cache_clear()  # type: ignore[attr-defined]
    if args.refusals:
        count_refusals()  # (alone: the timing wrappers would time these wrappers too)
    else:
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
    if args.refusals:
        for name, count in sorted(COUNT.items()):
            print(f"  {name}: {count:,}")
        return
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
    if args.sweep:
        time_sweep()


if __name__ == "__main__":
    main()
