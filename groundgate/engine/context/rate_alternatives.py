"""The near miss of a rate said of another column's cell (gate 2.76.0, d926): a change or a
percent the answer says ("白酒营业收入同比增长10.12%", "Revenue grew 4.1%") whose cell is another
column's is offered the same row's cell of a change or percent column the answer names, never a
level column's ("营业收入  1,234,567.89" is no growth rate the answer could have meant).

A table of several change columns ("营业收入比上年增减（%）", "营业成本比上年增减（%）",
"毛利率比上年增减（%）") names each by the words it does not share with the others (营业收入,
营业成本, 毛利率): the shared ones ("比", "上年", "增减") are the change's, which the answer
says in its own words ("同比增长"). Percentage points are a rate's change: "毛利率同比增加10.12个
百分点" is offered 毛利率比上年增减's "增加0.37个百分点" before 毛利率（%）'s 92.00. A row with one
other rate cell offers it. Otherwise no near
miss: the reviewer is offered nothing rather than a figure of another kind. Moves only the
near miss and its message (the finding is VALUE_OUT_OF_CONTEXT, another_column, either way).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.change_directions import change_column
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.point_units import declares_points, says_points
from groundgate.engine.declarations import declares_percent
from groundgate.engine.numbers import NumericValue


def rate_said(value: NumericValue) -> bool:
    """Whether the answer's value is a rate: a percent or percentage points (d926)."""
    return value.kind == "percent" or says_points(value)


def rate_cell(fact: Fact) -> bool:
    """Whether a table cell is a rate: written with "%", or under a column that declares a
    percent or points, or of a change column ("同比", "增减", "Change")."""
    if fact.value.kind == "percent":
        return True
    column = fact.name if fact.name is not None else fact.column
    return declares_percent(column) or declares_points(column) or change_column(fact)


def rate_alternative(
    value: NumericValue,
    said: frozenset[str],
    fact: Fact,
    facts: list[Fact],
    headers: dict[str, frozenset[str]],
) -> Fact | None:
    """The same row's rate cell the answer names (`said`: its naming words; `headers`: column
    -> naming words): one whose header it says whole, else one whose own words (those the
    table's change columns do not all share) it says, else the row's only other rate cell.
    Percentage points (`value`) are a rate's change: change columns' cells are asked first."""
    cells = [
        f
        for f in facts
        if f.in_table and f.row == fact.row and f is not fact and f.column and rate_cell(f)
    ]
    changes = {f.column for f in facts if f.in_table and f.column and change_column(f)}
    shared = (
        frozenset.intersection(*(headers.get(c, frozenset()) for c in changes))
        if len(changes) > 1
        else frozenset()
    )
    asked = [[f for f in cells if f.column in changes], cells] if says_points(value) else [cells]
    for some in asked:
        named = [f for f in some if headers.get(f.column) and headers[f.column] <= said]
        if named:
            return named[0]
        own = [f for f in some if (w := headers.get(f.column, frozenset()) - shared) and w <= said]
        if own:
            return own[0]
    return cells[0] if len({f.column for f in cells}) == 1 else None
