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

from bisect import bisect_left
from dataclasses import dataclass

from groundgate.engine.number_grounding import Located
from groundgate.engine.quantities import Quantity

# Tried in this order; a percentage is explained by percentage operations and differences.
OPERATIONS = ("sum", "difference", "ratio", "percentage", "percentage_change")
_FOR_PERCENT = ("percentage", "percentage_change", "difference")
_FOR_AMOUNT = ("sum", "difference", "ratio")


@dataclass(frozen=True, slots=True)
class Found:
    operation: str
    formula: str
    result: float
    operands: tuple[Located, ...]


def _value(located: Located) -> float | None:
    """An operand's amount: its figure at its written or declared scale."""
    q = located.quantity
    if not q.numeric or q.figure is None:
        return None
    exponent = q.magnitude
    declaration = located.context.declaration
    if not exponent and declaration is not None:
        exponent = declaration.exponent
    return float(q.figure) * 10.0**exponent


def _fmt(located: Located) -> str:
    return located.quantity.value.text.strip()


def explain(
    target: Quantity,
    operands: list[Located],
    *,
    max_operands: int,
    question_exponent: int | None,
    min_significant: int = 2,
) -> Found | None:
    """One derivation of `target` from two of `operands`, or None."""
    if not target.numeric or target.figure is None or target.kind == "range":
        return None
    digits = format(target.figure, "f").replace(".", "").lstrip("0")
    if len(digits) < min_significant:
        return None  # "2" or "0.5" is the result of too many calculations to mean anything
    values: list[tuple[float, int]] = []
    seen: list[Located] = []
    for located in operands:
        if len(seen) >= max_operands:
            break
        v = _value(located)
        if v is None or v == 0:
            continue
        values.append((v, len(seen)))
        seen.append(located)
    if len(values) < 2:
        return None
    values.sort()
    keys = [v for v, _ in values]
    percent = target.unit == "%"
    figure = float(target.figure)
    half = 0.5 * 10.0 ** (-target.decimals)
    targets: list[tuple[float, float]] = []
    if percent:
        targets.append((figure, half))
    else:
        exponent = target.magnitude or (question_exponent or 0)
        scale = 10.0**exponent
        targets.append((figure * scale, half * scale))
        if exponent:
            targets.append((figure, half))  # the answer restates figures as the table writes them

    def pair(lo: float, hi: float, skip: int) -> int | None:
        i = bisect_left(keys, lo)
        while i < len(keys) and keys[i] <= hi:
            if values[i][1] != skip:
                return values[i][1]
            i += 1
        return None

    for t, tol in targets:
        for operation in _FOR_PERCENT if percent else _FOR_AMOUNT:
            for a, ai in values:
                found = _solve(operation, t, tol, a, ai, pair, percent)
                if found is not None:
                    bi, result, formula = found
                    first, second = seen[ai], seen[bi]
                    return Found(
                        operation,
                        formula.format(a=_fmt(first), b=_fmt(second), r=_round(result, target)),
                        result,
                        (first, second),
                    )
    return None


def _solve(operation: str, t: float, tol: float, a: float, ai: int, pair, percent: bool):
    """For operand a, the operand b (by index) with op(a, b) within tol of t."""
    if operation == "sum":
        bi = pair(t - a - tol, t - a + tol, ai)
        if bi is not None:
            return bi, t, "{a} + {b} = {r}"
    elif operation == "difference":
        bi = pair(a - t - tol, a - t + tol, ai)
        if bi is not None and a - t > 0:
            return bi, t, "{a} − {b} = {r}"
    elif operation in ("ratio", "percentage"):
        # a / b (x 100) = t  <=>  b = a (x 100) / t
        factor = 100.0 if operation == "percentage" else 1.0
        if a > 0 and t > tol:
            bi = pair(a * factor / (t + tol), a * factor / (t - tol), ai)
            if bi is not None:
                return bi, t, "{a} / {b} × 100 = {r}" if factor != 1 else "{a} / {b} = {r}"
    elif operation == "percentage_change":
        for signed in (t, -t):
            # (a - b) / b x 100 = t  <=>  b = a / (1 + t/100)
            for bound in (signed - tol, signed + tol):
                if 1 + bound / 100 <= 0:
                    break
            else:
                lo = a / (1 + (signed + tol) / 100)
                hi = a / (1 + (signed - tol) / 100)
                bi = pair(min(lo, hi), max(lo, hi), ai)
                if bi is not None:
                    return bi, signed, "({a} − {b}) / {b} × 100 = {r}"
    return None


def _round(result: float, target: Quantity) -> str:
    text = f"{result:,.{max(target.decimals, 0) + 1}f}" if abs(result) < 1e15 else f"{result:g}"
    if target.unit == "%":
        text += "%"
    return text
