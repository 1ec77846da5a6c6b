"""A share's sign and a change's quantity, as the operation makes them (issue 28: "a ratio of
two positive figures is never negative"; a change is of one quantity).

A statement prints a cost, an outflow or a deduction in parentheses - "Total cost of sales
(10,069)", "Prepaid expenses and other assets (7)" - to say how it enters a total, not that the
quantity is below zero. Read as -10,069 it makes "-9.5 times" of an inventory turnover
(10,069 / 1,055) and "-4.2%" of any share. Under the policy's `negative_shares: negative_rows`
(gate 2.56.0, d752) a ratio or a percentage (a share) is negative only through an operand whose
row names a negative quantity itself: a loss, a deficit, a decrease, cash used, an outflow
("Net income (loss)", "Net cash used in investing activities", "净亏损"). A cell with no row
known, or an operand that is no table cell (a sentence's figure, the answer's own step), keeps
its sign as today.

A percentage change is of one quantity over time: "(160 − 167) / 167 ≈ -4.2%" of "Interest
expense" over "Depreciation and amortization" is no change of anything. Under `change_rows:
one_row` (gate 2.56.0, d753) its two operands, where both are table cells with a row known, are
cells of one row (labels alike in letters and digits, case aside).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.operands import OperandContext
from groundgate.engine.evidence_values import Located

# A row label that names a quantity below zero itself (its figure in parentheses is its sign).
NEGATIVE_ROW = re.compile(
    r"\b(?:loss(?:es)?|deficits?|decreases?|declines?|used|outflows?|negative|deficiency)\b"
    r"|损失|亏损|减少|流出|下降",
    re.IGNORECASE,
)


def own_sign(context: OperandContext, located: Located) -> bool:
    """Whether a negative operand of a share has that sign of its own: False only for a table
    cell (printed negative) whose row label names no negative quantity."""
    fact = context.fact(located)
    if fact is None or not fact.in_table:
        return True
    return bool(NEGATIVE_ROW.search(fact.row))


def one_row(context: OperandContext, a: Located, b: Located) -> bool:
    """Whether a percentage change of `a` over `b` may be of one quantity: False only for two
    table cells whose rows are known and differ."""
    first, second = context.fact(a), context.fact(b)
    if first is None or second is None or not (first.in_table and second.in_table):
        return True
    if not first.row or not second.row:
        return True
    return _letters(first.row) == _letters(second.row)


def _letters(label: str) -> str:
    return "".join(ch for ch in label.casefold() if ch.isalnum())
