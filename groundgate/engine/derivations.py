"""Derived numbers explained: a short calculation from cited values that gives an answer's value.

"12.3%" is in no excerpt, but (1,577 - 1,404) / 1,404 is; "$8.4 billion" is 4.2 + 4.2 billion.
For a value that no excerpt grounds, this looks for one operation on two cited values - sum,
difference, ratio, percentage, percentage change - whose result rounds to the answer's value at
the answer's own precision. Whether a found derivation grounds the value is the policy's choice
(`derived_numbers`); by default it stays a finding, and the derivation is its hint.

Bounded: at most `max_operands` values take part, and each operation is one pass over them with
a binary search (n log n), so an excerpt full of numbers cannot make the gate slow.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from groundgate.engine.derivation_hits import Searched, pairs, searched_hits, units_agree
from groundgate.engine.derivation_rules import PairTest
from groundgate.engine.evidence_values import Located
from groundgate.engine.quantities import Quantity
from groundgate.engine.values.registry import NOT_DERIVABLE

# Tried in this order. A percentage is explained by a ratio x 100, a change, a difference of
# percentages (points) or a ratio the answer wrote as a decimal; an amount by a sum, a difference,
# an average or a ratio.
OPERATIONS = (
    "sum",
    "difference",
    "average",
    "ratio",
    "percentage",
    "percentage_change",
    "percentage_points",
    "as_percent",
    "percent_of",
)
_FOR_PERCENT = ("as_percent", "percentage", "percentage_change", "percentage_points")
_FOR_AMOUNT = ("sum", "difference", "average", "ratio", "percent_of")
_FOR_POINTS = ("percentage_points",)
# Operations whose result is in its operands' unit: dollars and years are never added, and a
# sum in dollars is not made of euros.
_SAME_UNIT_RESULT = frozenset(("sum", "difference", "average", "percentage_points"))
# ... and percent_of, whose result is in the unit of its amount (a percentage of it).
_RESULT_IN_UNIT_OF_A = _SAME_UNIT_RESULT | {"percent_of"}
# Operations whose two operands are of one unit: the above, and a share or a change of one
# quantity ("net income / revenue", "(2023 - 2022) / 2022"); their result has its own unit.
_SAME_UNIT_OPERANDS = _SAME_UNIT_RESULT | {"ratio", "percentage", "percentage_change"}


@dataclass(frozen=True, slots=True)
class Found:
    operation: str
    formula: str
    result: float
    operands: tuple[Located, ...]
    # Another derivation of unrelated operands (no operand value in common) that gives the
    # same figure: the value is ambiguous, a coincidence rather than the calculation.
    ambiguous: Found | None = None


# (operation, first operand, second operand or None) -> 0: the pair is not the calculation;
# 1: it may be; 2: it is the one the answer names, taken at once (engine/context/operands.py
# binds operands to the answer's rows and periods).
Allow = Callable[[str, Located, Located | None], int]
# Operations whose result's sign is the direction of a change ("a decrease of 13" is -13).
_CHANGES = frozenset(("difference", "percentage_change", "percentage_points"))
# Percentages whose results beyond 100 a pair that may be must pass `results` for (d548).
_PERCENTAGES = frozenset(("percentage", "percentage_change"))
# An operand's size the result's rounding loses, in tolerances (explain's `lost`).
_LOST = {"sum": 1.0, "difference": 1.0, "percentage_points": 1.0, "average": 2.0}
# How many more accepted derivations are looked at for an unrelated one (ambiguity).
_AMBIGUITY_LOOKS = 64


def _values(located: Located) -> list[float]:
    """An operand's amounts: its figure at its written scale and, when a scale is declared for
    it or written with it, the other way too (an answer may restate a figure either way). None
    of a year, a date or a score."""
    q = located.quantity
    if q.figure is None or q.kind in _NO_AMOUNT or (q.kind == "count" and q.is_year()):
        return []
    figure = float(q.figure)
    if q.magnitude:  # "12.50 million" also as the figure "12.50" (working restates figures)
        sizes = [figure * 10.0**q.magnitude, figure]
    else:
        declaration = located.context.declaration
        if declaration is not None and declaration.exponent:
            sizes = [figure, figure * 10.0**declaration.exponent]
        else:
            sizes = [figure]
    if q.negative and located.where == "answer":
        # The answer's own negative step ("-$686"), signed and as its size: the ratios and
        # shares of the solver are of sizes ("-$686 / $6,887" ≈ -0.0996 is found as 0.0996).
        return [-v for v in sizes] + sizes
    return sizes


# Values that are no amounts (q.numeric is False for the first three).
_NO_AMOUNT = NOT_DERIVABLE  # the kinds of values/registry.py that take no part


def operand_amounts(located: Located) -> list[float]:
    """The amounts an operand offers a derivation (the nonzero ones of _values). The evidence
    index keeps them for its excerpt values, so each answer value does not compute them again."""
    return [v for v in _values(located) if v]


def _fmt(located: Located) -> str:
    return located.quantity.value.text.strip()


def _signed(located: Located, negative: bool) -> str:
    """An operand as the formula shows it: with a minus sign where its amount is negative and
    its text shows none (a cell printed "(1,421)" is read without its parentheses)."""
    text = _fmt(located)
    if negative and not text.startswith(("-", "−", "(")):
        return f"(−{text})"
    return text


class Pools:
    """The operands of explain, split into amounts and percentages and sorted by value: built
    once for all the values of a case that search the same operands (the caller keeps them)."""

    __slots__ = (
        "amount_keys",
        "amount_range",
        "amounts",
        "percent_keys",
        "percent_range",
        "percents",
        "seen",
        "sorted_amounts",
        "sorted_percents",
        "two_signed",
        "units",
    )
    seen: list[Located]
    units: list[str]
    two_signed: frozenset[int]

    def __init__(
        self,
        operands: Iterable[tuple[Located, list[float]]],
        max_operands: int,
        base: Pools | None = None,
    ) -> None:
        """`base`: pools of the operands before these (the excerpt values, before the answer's
        steps): the result is Pools(base's operands + operands), with base's sorting kept."""
        amounts: list[tuple[float, int]] = []  # (value, index in seen)
        percents: list[tuple[float, int]] = []
        seen: list[Located] = [] if base is None else list(base.seen)
        units: list[str] = [] if base is None else list(base.units)  # each operand's unit
        # Operands offering an amount of each sign (a cell printed "(1,421)": -1,421 and its size)
        two_signed: set[int] = set() if base is None else set(base.two_signed)
        for located, found in operands:
            if len(seen) >= max_operands:
                break
            if not found:
                continue
            index = len(seen)
            if located.quantity.unit == "%":
                percents.extend([(v, index) for v in found])
            else:
                amounts.extend([(v, index) for v in found])
            seen.append(located)
            units.append(located.quantity.unit)
            if min(found) < 0 < max(found):
                two_signed.add(index)
        self.seen, self.units = seen, units
        self.two_signed = frozenset(two_signed)
        if base is None:
            self.amounts, self.percents = amounts, percents
            self.sorted_amounts, self.sorted_percents = sorted(amounts), sorted(percents)
        else:  # a sorted run and a few more: one merge (the same order as sorting them all)
            self.amounts, self.percents = base.amounts + amounts, base.percents + percents
            self.sorted_amounts = (
                sorted(base.sorted_amounts + amounts) if amounts else base.sorted_amounts
            )
            self.sorted_percents = (
                sorted(base.sorted_percents + percents) if percents else base.sorted_percents
            )
        self.amount_keys = [v for v, _ in self.sorted_amounts]
        self.percent_keys = [v for v, _ in self.sorted_percents]
        self.amount_range = _Range(self.amount_keys)
        self.percent_range = _Range(self.percent_keys)


def explain(
    target: Quantity,
    operands: Iterable[tuple[Located, list[float]]],
    *,
    max_operands: int,
    question_exponent: int | None,
    min_significant: int = 2,
    allow: Allow | None = None,
    signed: bool = False,
    down: bool = False,
    ambiguity: bool = False,
    pools: Pools | None = None,
    restate: bool = True,
    negatives: bool = False,
    both_negative: bool = True,
    empty: AbstractSet[tuple[str, float, float]] = frozenset(),
    searched: Searched | None = None,
    results: Callable[[str, float, Located, Located | None], bool] | None = None,
    lost: bool = False,
    pair: PairTest | None = None,
    full_ratios: bool = False,
) -> Found | None:
    """One derivation of `target` from one or two of `operands` (each with its
    operand_amounts), or None.

    `allow`: the test of an operand pair (None: any pair). `signed`: the sign follows the
    operation - a negative value is explained only as a negative result, a positive one only
    as a positive result, except a change the answer says is `down` in words. Without
    `signed` (the literal reading) a value is also explained by its size. `ambiguity`: look on
    for a derivation of unrelated operands; if one is found it is the result's `ambiguous`.
    `pools`: Pools(operands, max_operands) when the caller keeps them for several targets
    (`operands` is not read then). `restate`: whether a value with a magnitude word may also
    be the figure as the table writes it ("73 million" as 592 − 519; engine/context/scales.py
    says when not). `negatives`: a negative operand may stand on either side of any operation
    ("(1,421) − (78,816)", "(-2,935 − 1,758) / 1,758" below -100%); without it a sum or a
    difference is searched with a positive second operand only (gate 2.14.1, d380). `empty`:
    searches (operation, result, tolerance) known to hold no pair (derivation_pairs.may_pair).
    `searched`: the first operands found by searches on these `pools` (derivation_hits).
    `results` (negative_results d546, large_percentages d548): the test a pair that may be
    (allow's 1) must pass for a result below zero or a percentage beyond 100 (None: none).
    `lost` (lost_operands "either", d617): an operand the result's rounding loses takes no
    part in a sum, a difference, points or an average, the second as the first never does
    (_bounds): "($509 + 10,892) / 2 ≈ 5,446 thousand" is half of one figure, no average.
    `pair`: the readings' test of a pair (derivation_rules.pair_test: one scale, d750; a
    share's own sign, d752). `full_ratios` (ratio_restates "full_size", d751): a ratio
    explains a value given with a scale only at its full size, never as the figure restated
    ("45,101 / 17,208 ≈ 2.6" is no "$2.6 billion": a ratio of two amounts is a pure number)."""
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant:
        return None  # "2" or "0.5" is the result of too many calculations to mean anything
    # A percentage, or percentage points: a difference of two percentages ("2.7 percentage
    # points", "2.3个百分点"), computed like a percentage and only as that difference.
    points = target.unit == "pp"
    percent = points or target.unit == "%"
    result_unit = "%" if points else target.unit
    if pools is None:
        pools = Pools(operands, max_operands)
    amounts, percents, seen, units = pools.amounts, pools.percents, pools.seen, pools.units
    two_signed = pools.two_signed
    # The pairs only `negatives` finds (a negative b, a change below -100%) are taken only as the
    # calculation the answer names (allow's 2), never as one that may be (d380).
    strong_only = negatives and allow is not None
    targets = _targets(target, percent, question_exponent, restate)
    # The figure restated (without its scale), which a ratio does not explain (full_ratios).
    restated = float(target.figure) if full_ratios and len(targets) > 1 else None
    negated = [(-t, tol) for t, tol in targets]
    if target.negative:
        # "-$686" is 6,201 − 6,887 first (the answer's own signed steps, "-$686 / $6,887", then
        # compute); its size alone as before, when only that is found (not when `signed`).
        targets = negated if signed else negated + targets
    both_signs = not signed
    first: Found | None = None  # the first derivation found, and one of unrelated operands
    other: Found | None = None
    looks = 0
    sorted_amounts, sorted_percents = pools.sorted_amounts, pools.sorted_percents
    amount_keys, percent_keys = pools.amount_keys, pools.percent_keys
    amount_range, percent_range = pools.amount_range, pools.percent_range
    for operation in _FOR_POINTS if points else _FOR_PERCENT if percent else _FOR_AMOUNT:
        # b comes from the percentages for percent_of and percentage points, else the amounts;
        # a from the percentages for percentage points, else the amounts.
        b_from_percents = operation in ("percentage_points", "percent_of")
        pool = percents if operation == "percentage_points" else amounts
        ordered = sorted_percents if b_from_percents else sorted_amounts
        keys = percent_keys if b_from_percents else amount_keys
        if not pool or not ordered:
            continue
        a_range = percent_range if operation == "percentage_points" else amount_range
        b_range = percent_range if b_from_percents else amount_range
        in_unit_of_a = operation in _RESULT_IN_UNIT_OF_A
        same_unit_result = operation in _SAME_UNIT_RESULT
        same_unit_operands = operation in _SAME_UNIT_OPERANDS
        n_keys = len(keys)
        op_targets = targets
        if signed and down and not target.negative and operation in _CHANGES:
            op_targets = negated  # "a decrease of 13": the change -13
        for t, tol in op_targets:
            cut = tol * _LOST.get(operation, 0.0) if lost else 0.0  # (amounts are nonzero)
            if (operation, t, tol) in empty or not _may_solve(operation, t, tol, a_range, b_range):
                continue
            if restated is not None and operation == "ratio" and abs(t) == restated:
                continue  # (d751)
            # Only the operands a whose bounds hold a b (a list comprehension over the pool,
            # _hits) go on to _bounds and the pair search below, in pool order as before.
            for k in searched_hits(searched, operation, t, tol, pool, keys, both_signs, negatives):
                a, ai = pool[k]
                if cut and abs(a) <= cut:
                    continue  # (an average's a: _bounds holds the others' first operand)
                for lo, hi, formula in _bounds(operation, t, tol, a, both_signs, negatives):
                    if lo is not None:
                        i = bisect_left(keys, lo)
                        if i == n_keys or keys[i] > hi:
                            continue  # no b in range (most a): no pair to look at
                    # The unit operand b must agree with (None: any; units_agree). (Agreeing is not
                    # transitive - a bare figure agrees with every unit - so b is held to a's
                    # unit, or to the result's when a has none.)
                    a_unit, unit = units[ai], None
                    if in_unit_of_a and not units_agree(a_unit, result_unit):
                        break  # no result of this a is in the answer's unit
                    if same_unit_result:
                        unit = a_unit or result_unit
                    elif same_unit_operands:
                        unit = a_unit
                    found_b: Iterable[int | None] = (
                        (None,) if lo is None else pairs(keys, ordered, i, hi, ai, units, unit, cut)
                    )
                    b_neg = lo is not None and hi < 0
                    for bi in found_b:
                        if negatives and bi in two_signed and ai in two_signed:
                            if (a < 0) != b_neg or (both_negative is False and a < 0):
                                continue  # two cells printed negative read alike (d380)
                        second = None if bi is None else seen[bi]
                        score = 1 if allow is None else allow(operation, seen[ai], second)
                        if not score or (
                            strong_only and score < 2 and _beyond(operation, t, b_neg)
                        ):
                            continue
                        if (
                            results is not None
                            and score < 2
                            and (t < 0 or (t > 100 and operation in _PERCENTAGES))
                            and not results(operation, t, seen[ai], second)
                        ):
                            continue  # a negative or a large result of a pair that may be
                        if pair is not None and second is not None and lo is not None:
                            if not pair(operation, t, seen[ai], a, second, lo, hi):
                                continue  # (derivation_rules: after allow, which refuses most)
                        used = (seen[ai],) if second is None else (seen[ai], second)
                        # A negative amount shows its sign ("−1,421 − (−78,816)"), d380.
                        text = formula.format(
                            a=_signed(used[0], a < 0),
                            b=_signed(used[-1], a < 0 if second is None else b_neg),
                            r=_show(t, target),
                        )
                        candidate = Found(operation, text, t, used)
                        if not ambiguity or score >= 2:
                            return candidate
                        if first is None:
                            first = candidate
                        elif other is None and _unrelated(first, candidate):
                            other = candidate
                        else:
                            looks += 1
                            if looks > _AMBIGUITY_LOOKS:
                                return _settled(first, other)
    return _settled(first, other)


def _targets(
    target: Quantity, percent: bool, question_exponent: int | None, restate: bool
) -> list[tuple[float, float]]:
    """The results (value, tolerance) that explain() searches for `target`, before its sign."""
    figure = float(target.figure or 0)
    half = 0.5 * 10.0 ** (-target.decimals)
    if percent:
        return [(figure, half)]
    exponent = target.magnitude or (question_exponent or 0)
    scale = 10.0**exponent
    targets = [(figure * scale, half * scale)]
    if exponent and (restate or not target.magnitude):
        targets.append((figure, half))  # the answer restates figures as the table writes them
    return targets


def _beyond(operation: str, t: float, b_negative: bool) -> bool:
    """Whether a pair lies where only explain's `negatives` searches: a negative second operand
    of a sum, a difference or an average, or a percentage change below -100%."""
    if operation == "percentage_change":
        return t <= -100
    return b_negative and operation in ("sum", "difference", "average", "percentage_points")


def _settled(first: Found | None, other: Found | None) -> Found | None:
    if first is None or other is None:
        return first
    return Found(first.operation, first.formula, first.result, first.operands, other)


def _unrelated(one: Found, other: Found) -> bool:
    """Whether two derivations share no operand value (the same figure cited twice counts as
    one operand). A step of the answer's own calculation relates to every derivation: it is
    itself derived from cited values ("0.3973 × 100" and "15,357 / 38,655 × 100")."""
    if any(o.where == "answer" for o in one.operands + other.operands):
        return False
    mine = {o.quantity.value.quantity for o in one.operands}
    return not any(o.quantity.value.quantity in mine for o in other.operands)


class _Range:
    """The extremes of a set of operand values (sorted), for _may_solve."""

    __slots__ = ("big", "hi", "lo", "max_pos", "min_pos")

    def __init__(self, ordered: list[float]) -> None:
        self.lo, self.hi = (ordered[0], ordered[-1]) if ordered else (0.0, 0.0)
        self.big = max(abs(self.lo), abs(self.hi))
        i = bisect_right(ordered, 0.0)
        self.min_pos, self.max_pos = (ordered[i], ordered[-1]) if i < len(ordered) else (0.0, 0.0)


def _may_solve(operation: str, t: float, tol: float, a: _Range, b: _Range) -> bool:
    """False only when no operand a and b can give t under `operation` (what _solve would find
    pair by pair), so that the search is skipped: most answer values are far from any sum,
    difference or ratio of the cited values. Necessary conditions only, with a margin (1e-9,
    relative) far above the floating-point error of _solve's bounds, so nothing _solve would
    find is ever skipped; with an infinite operand nothing is skipped."""
    margin = 1e-9 * (abs(t) + tol + a.big + b.big)
    if not math.isfinite(margin):
        return True
    if operation == "sum":  # a + b within tol of t
        return a.hi + b.hi >= t - tol - margin and a.lo + b.lo <= t + tol + margin
    if operation == "average":  # a + b within 2 tol of 2 t
        return a.hi + b.hi >= 2 * (t - tol - margin) and a.lo + b.lo <= 2 * (t + tol + margin)
    if operation in ("difference", "percentage_points"):  # a - b within tol of t
        return a.hi - b.lo >= t - tol - margin and a.lo - b.hi <= t + tol + margin
    if operation in ("ratio", "percentage"):  # a / b (x 100) within tol of t, a and b > 0
        if t < 0:
            return True  # a negative step of the answer over a figure (signed): searched
        if a.max_pos <= 0 or b.min_pos <= 0:
            return False
        factor = 100.0 if operation == "percentage" else 1.0
        return a.max_pos * factor / b.min_pos >= (t - tol) * (
            1 - 1e-9
        ) and a.min_pos * factor / b.max_pos <= (t + tol) * (1 + 1e-9)
    if operation == "percent_of":  # a x b / 100 within tol of t
        return t - tol <= 0 or a.big * b.big / 100 >= (t - tol) * (1 - 1e-9)
    return True  # percentage_change, as_percent: searched every time


def _bounds(
    operation: str, t: float, tol: float, a: float, both_signs: bool = True, negatives: bool = False
) -> tuple[tuple[float | None, float, str], ...]:
    """For operand a, the ranges [lo, hi] where an operand b gives op(a, b) within tol of t,
    each with its formula; (None, 0, formula) for a one-operand operation that a alone solves.
    `both_signs`: a percentage change may be of either sign (its size only; the literal
    reading). `negatives`: b may be negative in a sum, a difference or an average, and a
    percentage change may be below -100% (explain's `negatives`). (The pairs themselves:
    derivation_hits.pairs, over the operands sorted by value.)"""
    if abs(a) <= tol:
        return ()  # an operand lost in the rounding explains nothing
    if operation in ("sum", "average") and a > 2 * t and not negatives:
        return ()
    if operation == "sum":
        if t - a > tol or (negatives and t - a < -tol):
            return ((t - a - tol, t - a + tol, "{a} + {b} ≈ {r}"),)
    elif operation == "average":
        if 2 * t - a > tol or (negatives and 2 * t - a < -tol):
            return ((2 * t - a - 2 * tol, 2 * t - a + 2 * tol, "({a} + {b}) / 2 ≈ {r}"),)
    elif operation in ("difference", "percentage_points"):
        if a - t > tol or (negatives and a - t < -tol):
            return ((a - t - tol, a - t + tol, "{a} − {b} ≈ {r}"),)
    elif operation in ("ratio", "percentage"):
        # a / b (x 100) = t  <=>  b = a (x 100) / t
        factor = 100.0 if operation == "percentage" else 1.0
        # Signed (not both_signs): a negative step over a positive figure is a negative ratio.
        if (a > 0 and t > tol) or (not both_signs and a < 0 and t < -tol):
            formula = "{a} / {b} × 100 ≈ {r}" if factor != 1 else "{a} / {b} ≈ {r}"
            lo, hi = sorted((a * factor / (t + tol), a * factor / (t - tol)))
            return ((lo, hi, formula),)
    elif operation == "percentage_change":
        out = []
        for signed in (t, -t) if both_signs else (t,):
            # (a - b) / b x 100 = t  <=>  b = a / (1 + t/100); below -100% b is of a's other
            # sign (with `negatives`: "(-2,935 - 1,758) / 1,758" is -266.95%)
            if 1 + (signed - tol) / 100 <= 0 and not (negatives and 1 + (signed + tol) / 100 < 0):
                continue
            lo = a / (1 + (signed + tol) / 100)
            hi = a / (1 + (signed - tol) / 100)
            out.append((min(lo, hi), max(lo, hi), "({a} − {b}) / {b} × 100 ≈ {r}"))
        return tuple(out)
    elif operation == "percent_of":
        # a x b / 100 = t  <=>  b = 100 t / a
        if a != 0:
            lo, hi = 100 * (t - tol) / a, 100 * (t + tol) / a
            return ((min(lo, hi), max(lo, hi), "{a} × {b} ≈ {r}"),)
    elif operation == "as_percent":
        if abs(a * 100 - t) <= tol and a < 10:
            return ((None, 0.0, "{a} × 100 ≈ {r}"),)
    return ()


def _show(result: float, target: Quantity) -> str:
    return target.value.text.strip()
