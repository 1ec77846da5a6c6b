"""The tests a pair of operands passes before a derivation takes it, beyond the binding's
(derivations.explain's `pair`): built once per search from the policy's readings.

  - both operands at one scale (operand_scales.one_scale; `operand_scales`, d750);
  - a share (a ratio, a percentage) negative only through an operand whose sign is its own
    (context/negative_shares.own_sign; `negative_shares`, d752);
  - a percentage change of one quantity: not of two rows (context/negative_shares.one_row;
    `change_rows`, d753);
  - no share of a cited figure over a cited 1 or 100 (`own_figures: refuse_ones`, d890);
  - a cell printed negative read by its size only where its row names a cost or the negative
    side (context/negative_sizes.by_size; `negative_sizes`, d951) in a sum, a difference or
    an average;
  - no cited operand of the value's own size (`own_figures`, d756; the answer's own steps
    may restate it): "381 − 762 ≈ -381" for a cell
    381 said "-381" is that figure with another sign, a near miss, not a result (b = 2a), and
    "762 − 381 ≈ 381" said of another row or period would pass for the cell the context refuses.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from math import isclose

from groundgate.engine.evidence_values import Located
from groundgate.engine.operand_scales import one_scale

# (operation, result, first operand, its amount, second operand, second's range lo, hi) ->
# whether the pair may give the result.
PairTest = Callable[[str, float, Located, float, Located, float, float], bool]
# Operations whose result is a share of two amounts: negative only by one negative operand.
_SHARES = frozenset(("ratio", "percentage"))
# Operations whose result a cell's sign moves (negative_sizes, d951).
_SIZED = frozenset(("sum", "difference", "average"))


def pair_test(
    scales: bool,
    own_sign: Callable[[Located], bool] | None,
    one_row: Callable[[Located, Located], bool] | None = None,
    own_figures: bool = False,
    ones: bool = False,
    by_size: Callable[[Located], bool | None] | None = None,
    pairs_only: bool = False,
) -> PairTest | None:
    """The pair test of the readings asked for (None: none is)."""
    if not scales and own_sign is None and one_row is None and not own_figures:
        if by_size is None:
            return None

    def test(
        operation: str, t: float, a: Located, amount: float, b: Located, lo: float, hi: float
    ) -> bool:
        if scales and not one_scale(a, amount, b, lo, hi):
            return False  # operands read at two scales (d750)
        if own_sign is not None and t < 0 and operation in _SHARES:
            negative = a if amount < 0 else b if hi < 0 else None
            if negative is not None and not own_sign(negative):
                return False  # a share negative by a cost printed in parentheses (d752)
        if by_size is not None and operation in _SIZED and amount > 0 and hi >= 0:
            sizes = (by_size(a), by_size(b))
            if False in sizes and (not pairs_only or None not in sizes):
                return False  # a figure below zero of its own, read by its size (d951)
        if one_row is not None and operation == "percentage_change" and not one_row(a, b):
            return False  # a change of one row over another (d753)
        if own_figures and t and (_own(a, amount, t) or _offers(b, t, lo, hi)):
            return False  # a cited operand of the value's own size (d756)
        if ones and operation in _SHARES and a.where == "excerpt" and _one(b, operation):
            return False  # a cited figure over a cited 1 (or 100): itself restated (d890)
        return True

    return test


def _one(b: Located, operation: str) -> bool:
    """Whether a share's divisor is a cited 1 (a ratio's) or 100 (a percentage's), no
    magnitude: "-512,345,678.00 / 1 ≈ 5.12亿元" of "1-3月"'s 1 is the cell, its sign dropped."""
    q = b.quantity
    if b.where != "excerpt" or q.figure is None or q.magnitude:
        return False
    return float(q.figure) == (100.0 if operation == "percentage" else 1.0)


def _own(a: Located, amount: float, t: float) -> bool:
    return a.where == "excerpt" and _same_size(amount, t)


def _same_size(amount: float, t: float) -> bool:
    return isclose(abs(amount), abs(t), rel_tol=1e-9)


def _offers(b: Located, t: float, lo: float, hi: float) -> bool:
    """Whether the second operand's amount in [lo, hi] is of the result's size."""
    return any(lo <= v <= hi for v in (abs(t), -abs(t))) and _figure_sizes(b, t)


def _figure_sizes(b: Located, t: float) -> bool:
    q = b.quantity
    if q.figure is None or b.where != "excerpt":
        return False  # (the answer's own earlier figure restated: "$8.4 billion" / 1)
    figure = abs(float(q.figure))
    exponent = q.magnitude
    if not exponent:
        declaration = b.context.declaration
        exponent = declaration.exponent if declaration is not None else 0
    return _same_size(figure, t) or (bool(exponent) and _same_size(figure * 10.0**exponent, t))
