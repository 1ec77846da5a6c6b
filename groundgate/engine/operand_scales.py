"""The scale an operand's amount is read at, for a derivation's operands read at one scale.

An operand offers a derivation its figure as written and, when its source gives it a scale (a
magnitude word, "$2.3 billion", or a table's declaration, "(in thousands)"), its full size too
(derivations._values). A derivation whose two operands are read at different scales mixes
units: "312,842 − 5,466,312 thousand ≈ -$5,466 million" takes the first cell as written and
the second at its full size (both are thousands), and "175,803 / 3.14 million × 100 ≈ 5.6%"
divides a figure as written by another made a million times its size. Under the policy's
`operand_scales: one_scale` (gate 2.56.0, d750) such a pair explains nothing: each amount is at
the exponent it is read in (0: full size; the scale's exponent: as written; None: a figure its
source gives no scale, which agrees with any), and two known exponents must be equal.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import math

from groundgate.engine.evidence_values import Located


def read_exponent(located: Located, amount: float) -> int | None:
    """The exponent of the unit `amount` is read in: 0 at the operand's full size, its scale's
    exponent as written, None where its source gives the figure no scale."""
    q = located.quantity
    if q.figure is None:
        return None
    exponent = q.magnitude
    if not exponent:
        declaration = located.context.declaration
        exponent = declaration.exponent if declaration is not None else 0
    if not exponent:
        return None
    size, figure = abs(amount), abs(float(q.figure))
    if math.isclose(size, figure * 10.0**exponent, rel_tol=1e-9):
        return 0
    return exponent if math.isclose(size, figure, rel_tol=1e-9) else None


def one_scale(a: Located, a_amount: float, b: Located, lo: float, hi: float) -> bool:
    """Whether the second operand `b` offers an amount in [lo, hi] (its range for the first's
    `a_amount`) read at the first's scale (or with no scale known for either)."""
    first = read_exponent(a, a_amount)
    q = b.quantity
    if q.figure is None:
        return True
    figure = abs(float(q.figure))
    sizes = [figure]
    exponent = q.magnitude
    if not exponent:
        declaration = b.context.declaration
        exponent = declaration.exponent if declaration is not None else 0
    if exponent:
        sizes.append(figure * 10.0**exponent)
    inside = False
    for size in sizes:
        for amount in (size, -size):
            if lo <= amount <= hi:
                inside = True
                second = read_exponent(b, amount)
                if first is None or second is None or first == second:
                    return True
    return not inside  # (no amount of b in the range: not this rule's to refuse)
