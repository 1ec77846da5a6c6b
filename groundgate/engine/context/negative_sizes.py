"""Which cells printed negative a derivation may read by their size (policy `negative_sizes`,
gate 2.79.0, d951; issue 28: "the sign that follows from the operation").

A pair of cells printed negative is read both ways since gate 2.15.0 (d380): "(2,085)" and
"(3,343)" give the change 1,258 signed and -1,258 by their sizes, so a derived value's sign
says nothing there, and TAT-QA's flipped signs of such pairs pass (d565, d847). Whether the
size is the quantity depends on what the row is:

  - a cost, a deduction or the negative side named by the row itself - "Interest expense",
    "Cost of sales", "Allowance for doubtful accounts", "Net cash used in ...", "Forfeited" -
    is printed in parentheses to say how it enters a total; its size is the quantity the
    words name (d752 reads such a row the same way for a share's sign), so both readings stay;
  - any other row - a balance, an adjustment, a net change, a benefit, a liability, a row that
    names both sides ("Operating income (loss)", sign_sides.two_sided) - prints a figure below
    zero: its sign is its own, and a sum, a difference or an average of it is of its signed
    figures ("the change in operating income (loss) in 2019 from 2018" of "(2,235)  (6,986)"
    is 4,751, not -4,751; "the average net change in cash balance" of "(16)  (5)" is -10.5,
    not 10.5).

"cost_row_pairs" (the default) reads a pair of cells printed negative by their sizes only
where their rows are of the first kind (a cell whose row is unknown, prose and the answer's own
steps keep both readings); "cost_rows" (selectable) holds a cell printed negative beside any
other operand to it too (it also refused a FinanceBench answer graded correct whose figure a
coincidence of that kind explained: d951); "any_row" (gate 2.76.1's, verbatim's) reads every
such cell both ways.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.negative_shares import NEGATIVE_ROW
from groundgate.engine.context.operands import OperandContext
from groundgate.engine.context.sign_sides import two_sided
from groundgate.engine.evidence_values import Located

# A row label that names a cost, a deduction or an outflow (beyond negative_shares'
# NEGATIVE_ROW: a loss, a decrease, cash used): its figure's size is the quantity.
COST_ROW = re.compile(
    r"\b(?:expenses?|expenditures?|costs?|charges?|allowances?|impairments?|depreciation"
    r"|amortization|amortisation|provisions?|payments?|paid|purchases?|repurchases?"
    r"|repurchased|dividends?|distributions?|write-?(?:downs?|offs?)|written off|reductions?"
    r"|deductions?|less|forfeited|forfeitures?|vested|cancell?ed|expired|exercised"
    r"|redemptions?|redeemed|withdrawals?|settlements?|repayments?|outflows?)\b"
    r"|费用|成本|支出|支付|折旧|摊销|准备|减值|减：",
    re.IGNORECASE,
)
# The operations whose result a cell's sign moves: a sum, a difference, an average.
SIGNED_OPERATIONS = frozenset(("sum", "difference", "average"))


def by_size(context: OperandContext, located: Located) -> bool | None:
    """Whether `located`, a table cell printed negative, may be read by its size: its row
    names a cost, a deduction or the negative side, and not both sides; None for any other
    operand (a cell printed positive, prose, a cell whose row is unknown): no such cell."""
    fact = context.fact(located)
    if fact is None or not fact.in_table or not fact.negative or not fact.row:
        return None
    return cost_row(fact.row)


def cost_row(label: str) -> bool:
    """Whether a row label names a cost, a deduction or the negative side, and not both sides
    ("Operating income (loss)": the sign says which side)."""
    return bool(COST_ROW.search(label) or NEGATIVE_ROW.search(label)) and not two_sided(label)
