"""A line of working that rewrites the step before it with a part worked out (policy
`written_steps`, gate 2.70.0, d877).

People work a formula out a step at a time, each line the one before with a part of it
computed: "Quick Ratio = ($4,835 + $1,020 + $4,126) / $6,369" then "Quick Ratio = $9,981 /
$6,369"; "(3.06% + 2.27% + 3.12%) / 3" then "= 8.45% / 3"; "[($1,493,602 - $903,095) /
$903,095] * 100" then "[$590,507 / $903,095] * 100". The new figure of the later line
($9,981, 8.45%, $590,507) is no figure of the evidence and no result after "=" either: it is a
part of the earlier line worked out. It holds when the later line keeps at least one operand
of the earlier one, brings one or two figures of its own, and has the earlier line's value
with those figures read at their precision (rounded, or cut towards zero from two significant
digits: written.py's reading of a result). "365 * $43,762.5 / $374,133" then "$15,963,312.5 /
$374,133" (365 * 43,762.5 is 15,973,312.5) does not hold. The earlier line's operands are
checked as values on their own, so the chain holds only where its first operands ground.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection
from decimal import Decimal

from groundgate.engine.quantities import Quantity
from groundgate.engine.written_arith import evaluate

# At most this many figures of its own in a rewritten line (2**n corners are evaluated).
_NEW_FIGURES = 2


def rewritten_operands(
    left: list[object], right: list[object], quantities: list[Quantity], no_operand: Collection[str]
) -> list[int]:
    """The operands of `right` (a segment after a relation, evaluated on its own) that are a
    part of `left` worked out: `right` keeps an operand of `left`, brings one or two figures of
    its own, and has `left`'s value at their precision. Indices into `quantities`; [] when
    `right` is no rewriting of `left`."""
    mine = [t for t in right if isinstance(t, int)]
    theirs = [t for t in left if isinstance(t, int)]
    if len(mine) < 2 or not theirs:
        return []
    if any(
        quantities[k].figure is None or quantities[k].kind in no_operand or quantities[k].is_year()
        for k in (*mine, *theirs)
    ):
        return []
    kept = {quantities[k].figure for k in theirs}
    new = [k for k in mine if quantities[k].figure not in kept]
    if not new or len(new) > _NEW_FIGURES or len(new) == len(mine):
        return []
    for magnitudes in (True, False):
        for fractions in (False, True):
            target = evaluate(left, quantities, magnitudes=magnitudes, fractions=fractions)
            if target is None:
                continue
            seen = _span(right, quantities, new, magnitudes=magnitudes, fractions=fractions)
            if seen is None:
                continue
            low, high = seen
            slack = 1e-9 * max(abs(target), 1.0)
            if low - slack <= target <= high + slack:
                return new
    return []


def _span(
    tokens: list[object],
    quantities: list[Quantity],
    new: list[int],
    *,
    magnitudes: bool,
    fractions: bool,
) -> tuple[float, float] | None:
    """The least and greatest values of `tokens` as each figure of `new` runs over what its
    written figure may stand for (the corners of that box: one occurrence of each figure in
    + - * / is monotone in it)."""
    ranges = []
    for k in new:
        q = quantities[k]
        assert q.figure is not None
        unit = 10.0 ** (-q.decimals)
        figure = float(q.figure)
        # Rounded: half a unit either way; cut towards zero (two significant digits or more):
        # up to a unit more in size (the figure is kept apart from its sign).
        up = unit if len(q.significant_digits) >= 2 else unit / 2
        ranges.append((max(figure - unit / 2, 0.0), figure + up * (1 - 1e-9)))
    found: list[float] = []
    for corner in itertools.product(*ranges):
        changed = list(quantities)
        for k, figure in zip(new, corner, strict=True):
            changed[k] = quantities[k]._replace(figure=Decimal(repr(figure)))
        value = evaluate(tokens, changed, magnitudes=magnitudes, fractions=fractions)
        if value is None:
            return None
        found.append(value)
    return min(found), max(found)
