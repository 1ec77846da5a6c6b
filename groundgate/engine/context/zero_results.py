"""A zero result said of a named row's two cells printed alike (policy `zero_results`, d915).

"The percentage change in the amounts owed by members of Peel from 2018 to 2019 is 0%" of the
row "Amounts owed by members of Peel  0.3  0.3"; "the change in the statutory federal income
tax rate from 2018 to 2019 was 0%" of "21.0%  21.0%". A zero has no significant digit, so the
derivation search (derivations.explain) never derives it, not even as short_results' change of
the named row across the two named years (d307), and a right "no change" was refused.

Read here, bound by construction (d870): the value is zero, the answer binds it to a row and
two named years (the binding's short test, operand_rule.PairRule.allow_short: two table cells of
a row the answer names, one in each named year), and those two cells are printed alike - the
same figure, sign and unit. Then the zero is their difference, their percentage points (two
percentages), or, said as a percentage of two amounts, their percentage change. Cells that
merely round alike are not read ("0%" for a change of 0.3% stays a finding), nor a zero of
one named year, nor a sum or a ratio. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from groundgate.engine.derivations import Found
from groundgate.engine.evidence_values import Located
from groundgate.engine.quantities import Quantity
from groundgate.engine.units import same_unit

# The binding's pair test (derivations.Allow): 2 - the named calculation.
_Allow = Callable[[str, Located, Located | None], int]


def is_zero(q: Quantity) -> bool:
    """Whether the answer's value is a zero figure ("0%", "0", "0.0 million", "$0")."""
    return (
        q.numeric
        and q.figure is not None
        and q.figure == 0
        and not q.digits
        and q.kind != "range"
        and not q.is_year()
    )


def _operation(q: Quantity, cell_unit: str) -> str | None:
    """The change a zero of the answer's unit is, of two cells of `cell_unit` (None: none)."""
    if q.unit == "pp":
        return "percentage_points" if cell_unit == "%" else None
    if q.unit == "%":
        return "percentage_points" if cell_unit == "%" else "percentage_change"
    return None if cell_unit == "%" else "difference"


_FORMULAS = {
    "difference": "{a} − {b} = {r}",
    "percentage_points": "{a} − {b} = {r}",
    "percentage_change": "({a} − {b}) / {b} × 100 = {r}",
}


def explain_zero(q: Quantity, operands: Sequence[Located], allow: _Allow) -> Found | None:
    """The change of two cells printed alike, in the row and the two years the answer names,
    that its zero `q` is (None: none). `operands`: the bound search's operands; `allow`: the
    binding's short test (2: a named row's cells, one in each named year). When the binding
    also takes two cells that differ (a row of like words: "Amounts owed by ..." and "Amounts
    owed to ..."), the zero is not read: which row is meant is not known."""
    if not is_zero(q):
        return None
    cells = [c for c in operands if _cell(c)]
    found: Found | None = None
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            qa, qb = a.quantity, b.quantity
            operation = _operation(q, qa.unit) if same_unit(qa.unit, qb.unit) else None
            if operation is None:
                continue
            if allow(operation, a, b) == 2:
                first, second = a, b
            elif allow(operation, b, a) == 2:
                first, second = b, a
            else:
                continue
            if (qa.figure, qa.negative) != (qb.figure, qb.negative):
                return None  # a named pair printed otherwise: no zero
            if found is None:
                formula = _FORMULAS[operation].format(
                    a=first.quantity.value.text.strip(),
                    b=second.quantity.value.text.strip(),
                    r=q.value.text.strip(),
                )
                found = Found(operation, formula, 0.0, (first, second))
    return found


def _cell(located: Located) -> bool:
    """Whether an operand is a nonzero figure of the evidence (no year, no range)."""
    cell = located.quantity
    return (
        located.where == "excerpt"
        and cell.numeric
        and cell.figure is not None
        and cell.figure != 0
        and cell.kind != "range"
        and not cell.is_year()
    )
