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
- A key-figures table prints words in cells: "不适用" (not applicable) where a figure is blank,
  "减少0.62个百分点" / "增加0.32个百分点" in a change column. The words ended the row's label
  past them ("加权平均净资产收益率  10.25%  10.87%  减少" was a label), so the row's cells had no
  column. `word_cells` prints a blank cell as a dash, and a direction word before its figure as
  the figure's sign ("减少0.62" as "－0.62", read as negative by facts._negative).
- A statement's row prints how its sign is written: "投资收益（损失以“－”号填列）", "四、净利润
  （净亏损以“－”号填列）". The note is no part of the row's name (`without_sign_note`), so an
  answer saying "营业利润" says the row "三、营业利润（亏损以“－”号填列）" whole; nor is its
  outline's mark ("三、", "（一）", "其中：", "加：", "减：").
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


# A blank cell printed in words, a whole part of a row line.
_BLANK_WORD = re.compile(r"(?:(?<=\s\s)|(?<=\t))(?:不适用|无|不适用。)(?=\s\s|\t|$)")
# A direction word glued to its figure at a part's start: "减少0.62个百分点", "增加1.5%".
_DIRECTION = re.compile(r"(?:(?<=\s\s)|(?<=\t))(增加|上升|提高|减少|下降|降低)(?=[\d.])")
_FALLS = frozenset({"减少", "下降", "降低"})


# "（损失以“－”号填列）", "(亏损以"-"号填列)", "（减少以“-”号填列）": how the row's sign is printed.
_QUOTE = "[\"“”'‘’]?"
_SIGN_NOTE = re.compile(
    rf"\s*[（(][^（）()]{{0,8}}以\s*{_QUOTE}\s*[－\-—–]\s*{_QUOTE}\s*号?填列[）)]"
)


# An outline's marks before a statement's label: "三、", "（一）", "(二)", "其中：", "加：", "减：".
_OUTLINE = re.compile(
    rf"^(?:[{_NUMERAL}]{{1,3}}、|[（(][{_NUMERAL}]{{1,3}}[)）]|[其加减]中?[:：])+"
)


def without_sign_note(label: str) -> str:
    """The row label without its sign note and outline marks ("三、营业利润（亏损以“－”号填列）"
    -> "营业利润"); the label itself where nothing is left."""
    if label.isascii():
        return label
    bare = _OUTLINE.sub("", _SIGN_NOTE.sub("", label) if "填列" in label else label).strip()
    return bare or label


def word_cells(line: Line) -> Line:
    """The line with its blank words printed as dashes and its cells' direction words as
    their signs (spans kept: each replacement has the width of what it replaces)."""
    text = line.text
    if not line.values or text.isascii():
        return line
    text = _BLANK_WORD.sub(lambda m: "—".ljust(len(m.group())), text)
    text = _DIRECTION.sub(
        lambda m: " " * (len(m.group()) - 1) + ("－" if m.group() in _FALLS else " "), text
    )
    return line if text == line.text else line._replace(text=text)


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
