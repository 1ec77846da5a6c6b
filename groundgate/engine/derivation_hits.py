"""Which first operands of the derivation search can find a pair (derivations.explain).

For a target t (within tol) and an operation, derivations._bounds gives each operand a the
ranges where a second operand b makes the result; explain() searches the sorted operands in
each range. Most a have no b in range: hits() finds those that do with _bounds' own tests and
arithmetic, in one comprehension per operation, so explain() calls _bounds and searches pairs
only for them (decision d319; tests/engine/test_derivation_hits.py holds the result unchanged).
searched_hits() keeps the positions a search found for the case's other searches on the same
pools: the pair check (derivation_pairs.may_pair) and the bound search after it search the same
(operation, result, tolerance) on the same pools, and a value searched again (its strong
reading) does too.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator

from groundgate.engine.units import same_unit

# What searched_hits keeps: (operation, result, tolerance, both_signs, negatives) -> positions.
Searched = dict[tuple[str, float, float, bool, bool], Iterable[int]]


def hits(
    operation: str,
    t: float,
    tol: float,
    pool: list[tuple[float, int]],
    keys: list[float],
    both_signs: bool,
    negatives: bool = False,
) -> Iterable[int]:
    """The positions in `pool` of the operands a for which derivations._bounds gives a range
    that holds a key (or a one-operand result): the same tests with the same arithmetic as
    _bounds and the search after it, in one comprehension per operation instead of a call per
    operand (most a have no b in range). Every position that could find a pair is kept (a
    superset: the loop in explain() tests each again), so nothing explain() would find is
    skipped. `negatives`: derivations._bounds' `negatives` (b of either sign, a percentage
    change below -100%)."""
    n = len(keys)
    if negatives and operation in ("sum", "average", "difference", "percentage_points"):
        # b = t - a, 2t - a or a - t, of either sign: only a lost in the rounding and a b that
        # would itself be lost are skipped (_bounds' tests, the sign tests dropped).
        double = operation == "average"
        minus = operation in ("difference", "percentage_points")
        k_t = 2 * t if double else t
        k_tol = 2 * tol if double else tol
        if minus:  # (one comprehension per side: no test of `minus` per operand)
            return [
                k
                for k, (a, _) in enumerate(pool)
                if abs(a) > tol
                and abs(b := a - k_t) > tol
                and (i := bisect_left(keys, b - k_tol)) < n
                and keys[i] <= b + k_tol
            ]
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol
            and abs(b := k_t - a) > tol
            and (i := bisect_left(keys, b - k_tol)) < n
            and keys[i] <= b + k_tol
        ]
    if operation == "sum":
        t2 = 2 * t
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol
            and not a > t2
            and t - a > tol
            and (i := bisect_left(keys, t - a - tol)) < n
            and keys[i] <= t - a + tol
        ]
    if operation == "average":
        t2 = 2 * t
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol
            and not a > t2
            and t2 - a > tol
            and (i := bisect_left(keys, t2 - a - 2 * tol)) < n
            and keys[i] <= t2 - a + 2 * tol
        ]
    if operation in ("difference", "percentage_points"):
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol
            and a - t > tol
            and (i := bisect_left(keys, a - t - tol)) < n
            and keys[i] <= a - t + tol
        ]
    if operation in ("ratio", "percentage"):
        factor = 100.0 if operation == "percentage" else 1.0
        if t > tol:  # a > 0 only (and a < 0 for a negative t, signed: searched whole)
            up, down = t + tol, t - tol
            # up > down > 0 and a > 0: a x factor / up is the lower end of _bounds' range and
            # a x factor / down the upper (division is monotonic, also in floating point).
            return [
                k
                for k, (a, _) in enumerate(pool)
                if a > tol
                and (i := bisect_left(keys, a * factor / up)) < n
                and keys[i] <= a * factor / down
            ]
    if operation == "percentage_change":
        hits: set[int] = set()
        for signed in (t, -t) if both_signs else (t,):
            low, high = 1 + (signed + tol) / 100, 1 + (signed - tol) / 100
            if high <= 0 and not (negatives and low < 0):
                continue
            hits.update(
                k
                for k, (a, _) in enumerate(pool)
                if abs(a) > tol
                and (i := bisect_left(keys, min(a / low, a / high))) < n
                and keys[i] <= max(a / low, a / high)
            )
        return sorted(hits)
    if operation == "percent_of":
        low, high = 100 * (t - tol), 100 * (t + tol)
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol
            and a != 0
            and (i := bisect_left(keys, min(low / a, high / a))) < n
            and keys[i] <= max(low / a, high / a)
        ]
    if operation == "as_percent":
        return [
            k
            for k, (a, _) in enumerate(pool)
            if abs(a) > tol and abs(a * 100 - t) <= tol and a < 10
        ]
    return range(len(pool))


def searched_hits(
    searched: Searched | None,
    operation: str,
    t: float,
    tol: float,
    pool: list[tuple[float, int]],
    keys: list[float],
    both_signs: bool,
    negatives: bool = False,
) -> Iterable[int]:
    """hits(), kept in `searched` (None: not kept), which the caller holds for one pool and its
    keys: the same arguments give the same positions (hits is pure, its result not changed)."""
    if searched is None:
        return hits(operation, t, tol, pool, keys, both_signs, negatives)
    key = (operation, t, tol, both_signs, negatives)
    found = searched.get(key)
    if found is None:
        found = searched[key] = hits(operation, t, tol, pool, keys, both_signs, negatives)
    return found


def units_agree(a: str, b: str) -> bool:
    """Whether two values may be of one unit: the same unit, or one written without any (a
    table's bare figure, whose unit is in its header)."""
    return not a or not b or same_unit(a, b)


def pairs(
    keys: list[float],
    ordered: list[tuple[float, int]],
    i: int,
    hi: float,
    skip: int,
    units: list[str],
    unit: str | None,
    cut: float = 0.0,
) -> Iterator[int]:
    """The indices of the operands other than `skip` whose value lies in [lo, hi] (and, unless
    `unit` is None, whose unit agrees with it; of a size beyond `cut`), in order of value; `i` is
    bisect_left(keys, lo). (derivations.explain's pairs, moved here unchanged but for `cut`.)"""
    while i < len(keys) and keys[i] <= hi:
        index = ordered[i][1]
        if (
            index != skip
            and (unit is None or units_agree(units[index], unit))
            and (not cut or abs(keys[i]) > cut)
        ):
            yield index
        i += 1
