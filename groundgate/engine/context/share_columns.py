"""A column of words repeated after each period column (policy share_columns "period_before",
gate 2.51.0, d702): a 10-K's results table prints each year's amount beside its share, "2023  %
of net sales  2022  % of net sales", so the columns "% of net sales" name no year and a 2022
share grounded a figure said of 2023 ("Gross margin was 39.0% of net sales in 2023" of the
2022 column's 39.0%). A cell of such a column takes the periods of the nearest period column
to its left in its row: its column reads "2022 % of net sales". Only where the row holds two
cells or more under the same words column (the layout repeats it once per period) and a period
column stands before each. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.periods import periods_in

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact


def with_periods_before(row: list[Fact]) -> list[Fact]:
    """`row` (one row's cells, left to right) with each cell of a words column that the row
    repeats named by the period column before it; the same cells where there is none."""
    names = [f.column for f in row]
    repeated = {c for c in names if c and names.count(c) >= 2 and not periods_in(c)}
    if not repeated:
        return row
    out: list[Fact] = []
    before: Fact | None = None
    for fact in row:
        if fact.column in repeated:
            if before is None:
                return row  # a words column with no period column before it: not this layout
            column = f"{before.column} {fact.column}"
            fact = fact._replace(column=column, periods=before.periods)
        elif fact.column and fact.periods:
            before = fact
        out.append(fact)
    return out
