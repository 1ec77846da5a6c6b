"""A short result of named rows where the answer names no two years (answer gate 2.84.0, d994;
policy `short_named`, issue 28).

A result shorter than the policy's significant digits ("-0.1 million", "0.7", "3", "0.6%") is a
coincidence of almost any pair of cells, so explain() derives one only as short_results' change or
average of a row the answer names across the two years it names (d307; operand_rule.allow_short).
Answers that name their rows but not two years say such results too:

  - "The change in the amount for Ireland was -0.1 million" of the row "Ireland  0.4  0.5" under
    "2019  2018": one named row, the answer naming no year - its two cells of two years, the later
    year's minus the earlier's for a change (an average in either order);
  - "The ratio of Data Center Group to Mobileye goodwill amount in 2019 is 0.7" of 7,155 and
    10,290 in the column "Dec 28, 2019"; "the difference in the Weighted-Average Useful Lives
    between Trademarks and tradenames and Other ... was 3" (5.0 - 2.0): two named rows, one
    column - a share or a difference of the two, in the year the answer names if it names one.

A result stated at a magnitude ("0.5 million") is read so only where the cited evidence declares
that scale ("£m"): of cells of no declared scale, "0.5 billion" would pass alike (`scaled`).

Both are bound by construction (d870): every operand is a table cell of a row the answer names
(the rule's allow gives 2), of one excerpt; a row's cells are its periods' in time order, two
rows' cells one column's. `allow` is PairRule.allow_short_named's test, the Binding's `short` where
the answer names other than two years (context/operands.bind); the gate asks it only under
`short_named: named_rows` (gates/answer_derivations).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.operation_words import CHANGES, SHARES

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operand_rule import PairRule
    from groundgate.engine.evidence_values import Located

# One row's two cells: a change or an average of its two periods.
_ONE_ROW = CHANGES | {"average"}
# Two rows' cells of one column: a share of one in the other, or their difference.
_TWO_ROWS = SHARES | {"difference"}


def _year(fact: Fact) -> int | None:
    """The one year of a cell's column (None: none, or several)."""
    years = [p for p in fact.periods if p[0] == "Y"]
    return int(years[0][1:]) if len(years) == 1 and years[0][1:].isdigit() else None


def scaled(reading: str, magnitude: int, declared: frozenset[int]) -> bool:
    """Whether the gate reads a short result where the answer names other than two years:
    under "named_rows", a value of no magnitude word or of a scale the evidence declares."""
    return reading == "named_rows" and (not magnitude or magnitude in declared)


def allow(rule: PairRule, operation: str, a: Located, b: Located | None) -> int:
    """2 when a short result's pair is two cells of named rows the answer's words bind as the
    module says: one named row's cells of two years (the later first for a change), the answer
    naming no year; or two named rows' cells of one column (of the year named, if one is);
    else 0."""
    if b is None or a.evidence_index is None or a.evidence_index != b.evidence_index:
        return 0
    fa, fb = rule.context.fact(a), rule.context.fact(b)
    if fa is None or fb is None or not (fa.in_table and fb.in_table and fa.row and fb.row):
        return 0
    if fa.row == fb.row:
        if rule.years or operation not in _ONE_ROW:
            return 0
        ya, yb = _year(fa), _year(fb)
        if ya is None or yb is None or ya == yb:
            return 0
        if operation in CHANGES and ya < yb:
            return 0  # (a change goes forward in time: the later year's cell first)
    else:
        if operation not in _TWO_ROWS or (fa.column, fa.periods) != (fb.column, fb.periods):
            return 0
        if len(rule.years) > 1 or (rule.years and rule.years[0] not in fa.periods):
            return 0
    if not (rule.maybe_named(a, surely=True) and rule.maybe_named(b, surely=True)):
        return 0
    return 2 if rule.allow(operation, a, b) == 2 else 0
