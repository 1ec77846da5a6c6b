"""Percent and percentage points (policy point_units "unit_headers", gate 2.58.0, d775).

A bare cell is read in the unit its header states: "增减变动幅度（%）" over "12.36" is a percent
change, "Change (ppt)" over "1.27" a change in percentage points. The number rule grounds
"营业总收入同比增长12.36个百分点" by the bare 12.36 (a unit said by the answer beside a figure
that states none); the value is of another unit than the column says, a near miss of its own
(reason another_column): 12.36% is a growth rate, 12.36 percentage points a change of a rate.
Judged only where the column's header says one of the two units and the row does not name a
rate (a rate row's change cell, "毛利率（%）  23.45  22.18  1.27", may be printed in points
under a percent header). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.facts import Fact
from groundgate.engine.context.segment_columns import rate_column
from groundgate.engine.numbers import NumericValue

# An answer's unit of percentage points: "个百分点", "percentage points", "pp", "ppt".
_POINTS_UNIT = re.compile(r"(?i)百分点|percentage[- ]points?|^p\.?p\.?t?s?$")
# A header that states percent ("（%）", "(%)", "% change", "Percent"), or points.
_PERCENT_HEADER = re.compile(r"(?i)[%％]|\bper ?cent(?:age)?\b(?![- ]?points?)|百分比")
_POINTS_HEADER = re.compile(r"(?i)百分点|percentage[- ]points?|\bp\.?p\.?t?s?\b|\bbps?\b")
# A row that names a rate: its change may be printed in points under a percent header.
_RATE_ROW = re.compile(r"(?i)[%％]|率|比例|比重|占比|\b(?:rate|ratio|margin|yield|percent)")


def declares_points(column: str) -> bool:
    """Whether a column's header declares percentage points ("百分点", "pp", "bps")."""
    return _POINTS_HEADER.search(column) is not None


def says_points(value: NumericValue) -> bool:
    """Whether an answer's value is said in percentage points ("1.27个百分点", "1.2 pp")."""
    return value.kind == "number" and bool(_POINTS_UNIT.search(value.unit))


def unit_detail(value: NumericValue, cell: str) -> str:
    """What a near miss of the other unit says, in plain words (d788): "1.27% is a percent;
    毛利率 (增减（百分点）) is in percentage points, not percent", or the reverse."""
    if says_points(value):
        return f"{value.text} is in percentage points; {cell} is a percent, not points"
    return f"{value.text} is a percent; {cell} is in percentage points, not percent"


def of_another_unit(value: NumericValue, fact: Fact, rate_columns: bool = False) -> bool:
    """Whether the answer's `value` (percentage points or a percent) is said of a bare table
    cell `fact` whose column's header states the other unit (points said of a percent column:
    in a row that names no rate; with `rate_columns`, segment_columns "metric_heads" (d886),
    nor under a column of a rate's change, "毛利率比上年增减（%）")."""
    cell = fact.value
    if not (fact.in_table and fact.column) or cell.unit or cell.kind != "number":
        return False
    # The column's own name, without the title lines over every column (d634):
    # "(In millions, except percentages)" states no column's unit.
    column = fact.name if fact.name is not None else fact.column
    if says_points(value):
        if _RATE_ROW.search(fact.row) or (rate_columns and rate_column(column)):
            return False  # a rate's change may be printed in points under "（%）"
        return bool(_PERCENT_HEADER.search(column)) and not _POINTS_HEADER.search(column)
    if value.kind == "percent":
        return bool(_POINTS_HEADER.search(column))
    return False
