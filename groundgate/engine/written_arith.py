"""The arithmetic of a written calculation (engine/written.py): an expression's value over the
answer's own values, and whether a computed value is written as a result at its precision.
Moved out of written.py as it is (its 500-line limit). Pure: no Django, no I/O.
"""

from __future__ import annotations

import math

from groundgate.engine.quantities import Quantity

# The fewest significant digits a result has for written_slips "last_digit" (d840).
SLIP_DIGITS = 4


def agrees(computed: float, result: float, unit: float, short: bool, slip: bool = False) -> bool:
    """`computed` written as `result` at its precision: rounded, or (two significant digits
    and more) cut towards zero; with `slip`, also one unit off the rounded figure, the sign
    kept ("0.5404" for 0.54032: d840)."""
    if abs(computed - result) <= unit / 2 * (1 + 1e-9):
        return True
    if (
        slip
        and (computed < 0) == (result < 0)
        and abs(computed - result) <= unit * 1.5 * (1 + 1e-9)
    ):
        return True
    if short or (computed < 0) != (result < 0):
        return False
    return abs(result) <= abs(computed) < abs(result) + unit * (1 - 1e-9)


def evaluate(
    tokens: list[object], quantities: list[Quantity], *, magnitudes: bool, fractions: bool
) -> float | None:
    """The expression's value (brackets, unary minus, * / before + -), or None."""
    pos = 0

    def amount(k: int) -> float:
        q = quantities[k]
        x = float(q.figure or 0)
        if magnitudes and q.magnitude:
            x *= 10.0**q.magnitude
        if fractions and q.unit == "%":
            x /= 100
        return -x if q.negative else x

    def atom() -> float | None:
        nonlocal pos
        if pos >= len(tokens):
            return None
        t = tokens[pos]
        if t == "-":
            pos += 1
            inner = atom()
            return None if inner is None else -inner
        if t == "(":
            pos += 1
            inner = expr()
            if inner is None or pos >= len(tokens) or tokens[pos] != ")":
                return None
            pos += 1
            return inner
        if isinstance(t, int):
            pos += 1
            return amount(t)
        return None

    def term() -> float | None:
        nonlocal pos
        x = atom()
        while x is not None and pos < len(tokens) and tokens[pos] in ("*", "/"):
            op = tokens[pos]
            pos += 1
            y = atom()
            if y is None or (op == "/" and y == 0):
                return None
            x = x * y if op == "*" else x / y
        return x

    def expr() -> float | None:
        nonlocal pos
        x = term()
        while x is not None and pos < len(tokens) and tokens[pos] in ("+", "-"):
            op = tokens[pos]
            pos += 1
            y = term()
            if y is None:
                return None
            x = x + y if op == "+" else x - y
        return x

    # Brackets opened before the run and never closed in this segment are not its own.
    while tokens and tokens[0] == "(" and tokens.count("(") > tokens.count(")"):
        tokens = tokens[1:]
    value = expr()
    if value is None or pos != len(tokens) or not math.isfinite(value):
        return None
    return value
