"""A short value that unrelated pairs give alike is ambiguous, bound or not (policy
`slip_neighbours: question_pairs_ambiguous`, answer gate 2.63.0, d808).

Issue 28: a value that several unrelated derivations explain is a coincidence, not a
calculation. The derivation search looks for a second derivation of unrelated operands only
where the answer names nothing to bind operands to (gates/answer_derivations._derive, d545): on
a page of 200 figures a share of two significant digits has several, and the binding was to
tell the answer's own pair from the rest. It does not: FinanceBench's answers whose figures
come from no cited page pass by such pairs ("40%" = 565 / 1,426 of Net income over operating
cash flow, and 195 / 485 too; bench/bound_ambiguity.py, d806). So under derived accept a value
of two significant digits or fewer that the bound search derives is ambiguous where a pair of
operands unrelated to the first gives it alike - unless the answer states every cited operand
of the first pair itself ("0.68 (5,121.3 / 7,491.5)", "Total Current Assets = $5,121.3
million"): then the pair is the answer's own calculation, whatever else coincides. Pure: no
Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from groundgate.engine.derivations import Found
from groundgate.engine.quantities import Quantity

# A value of this many significant digits or fewer: two-digit shares and ratios are what a
# page of figures gives by coincidence (d806: three digits and more kept their pair).
SHORT = 2


def looks_on(value: Quantity) -> bool:
    """Whether the bound search looks on for an unrelated second derivation of `value`."""
    return len(value.digits) <= SHORT


def figure_digits(q: Quantity) -> str:
    """A figure's significant digits, whatever its scale: "$5,121.3 million" and "5,121.3" are
    "51213", "$4.2 billion" and "4,200" are "42"."""
    return q.digits.strip("0")


def stated(found: Found, answer: Sequence[Quantity]) -> bool:
    """Whether the answer states every cited operand of `found` (at any scale): the pair is the
    answer's own calculation. A step of the answer's own takes part as stated."""
    said = {figure_digits(q) for q in answer if q.digits}
    cited = [o for o in found.operands if o.where != "answer"]
    return bool(cited) and all(
        figure_digits(o.quantity) and figure_digits(o.quantity) in said for o in cited
    )


def unambiguous(found: Found) -> Found:
    """`found` without its second derivation: the first stands."""
    return Found(found.operation, found.formula, found.result, found.operands)
