"""The note column of a Chinese financial statement, and the statement's title date (policy
statement_headers "note_columns", gate 2.52.0, d707).

A statement as a report prints it (合并资产负债表, 合并利润表, 现金流量表):

    合并资产负债表
    2023年12月31日
    编制单位：某某股份有限公司  单位：元  币种：人民币
    项目  附注  2023年12月31日  2022年12月31日
    货币资金  七、1  3,456,789,012.34  2,987,654,321.09
    流动资产合计    8,390,122,234.55  7,616,050,494.05

- The 附注 column holds a reference to the notes ("七、1": part 七, note 1), no figure: its "1"
  was read as the row's first cell, "七、" as part of the label (so "货币资金" no longer said the
  row whole), and a row with no note had one cell fewer than the rows with one, so its cells
  had no column. Here a reference part ("七、1", "五、(一)", "附注七、5", "六.3") before a row's
  amounts is blanked, its number no value, and the header's "附注" / "注释" part is dropped, so
  every row's cells line up with the period columns.
- The title's date line ("2023年12月31日", "2023年1-12月", "2023年度") spans every column: its
  year was given to the 2022 column too, so "2023年末应收账款为..." with the 2022 cell passed.
  A column whose own header names a year keeps its own (`own_years`).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import Line

_NUMERAL = "一二三四五六七八九十"
# "七、1", "七、(1)", "五、(一)", "五(一)1", "附注七、5", "六.3", "七、10(2)": one part of a row
# line (a gap of two spaces or a tab on each side), before the row's amounts.
_REFERENCE = re.compile(
    rf"(?:(?<=\s\s)|(?<=\t))(?:附注)?[{_NUMERAL}]{{1,3}}\s?(?:[、.．]\s?)?"
    rf"(?:[(（][{_NUMERAL}\d]{{1,3}}[)）])?\d{{0,3}}(?:[(（]\d{{1,2}}[)）])?(?=\s\s|\t)"
)
# The header's note column: "附注", "注释", "附注编号" as a part of its own.
_NOTE_HEAD = re.compile(r"(?:(?<=\s\s)|(?<=\t)|^)(?:附注|注释|附注编号)(?=\s\s|\t)")


def note_column(line: Line) -> Line:
    """The line without its note reference: the reference part blanked (spaces of its width,
    so every span stays) and its number no value; a header line without its "附注" part."""
    text = line.text
    if text.isascii():
        return line
    found = _REFERENCE.search(text)
    if found is not None and found.group() and _before_amounts(line, found.end()):
        a, b = found.span()
        values = [v for v in line.values if not (a <= v.start and v.end <= b)]
        return Line(line.start, text[:a] + " " * (b - a) + text[b:], values)
    head = _NOTE_HEAD.search(text)
    if head is not None and any(periods_in(p) for p in re.split(r"\s{2,}|\t", text)):
        a, b = head.span()
        return line._replace(text=text[:a] + " " * (b - a) + text[b:])
    return line


def _before_amounts(line: Line, end: int) -> bool:
    """Whether a value follows the reference and none but its own stands before it."""
    return any(v.start >= end for v in line.values)


def own_years(periods: tuple[str, ...], spanning: frozenset[str]) -> tuple[str, ...]:
    """A column's periods without the years of a title line over every column (`spanning`)
    when the column names a year of its own: "2023年12月31日" above "2022年12月31日"."""
    if not spanning or all(p in spanning for p in periods if p[0] == "Y"):
        return periods
    return tuple(p for p in periods if not (p[0] == "Y" and p in spanning))


def spanning_years(heads: list[list[str]]) -> frozenset[str]:
    """The years of the header lines of one part (a statement's title date)."""
    return frozenset(
        p for parts in heads if len(parts) == 1 for p in periods_in(parts[0]) if p[0] == "Y"
    )
