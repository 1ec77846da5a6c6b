"""A quarter's months printed beside it (policy quarter_months "said_quarter", gate 2.71.0,
d885): a Chinese report's 分季度主要财务指标 table heads its columns

    项目  第一季度（1-3月份）  第二季度（4-6月份）  第三季度（7-9月份）  第四季度（10-12月份）

The month range in parentheses was read as a value (a range "1-3月", no period), so the line
was no header and its rows' cells had no column: any quarter's cell grounded an answer said of
another quarter. It was read as a period too ("1-3月" as March, M3). Here a parenthesised month
range that is the months of the quarter it follows ("第一季度（1-3月份）", "一季度(1－3月)",
"Q1（1-3月）") is blanked (spaces of its width: every span stays) and its values dropped, so the
part names the quarter alone; so is a line of such ranges only, printed under the quarters'
line ("（1-3月份）  （4-6月份）  ..."): it holds no cell. A range that is not its quarter's
months ("第一季度（1-6月）") is left as printed. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.rows import Line

# The quarter's first and last month, by its number.
_MONTHS = {1: (1, 3), 2: (4, 6), 3: (7, 9), 4: (10, 12)}
_QUARTER_NUMBER = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
# A month range in parentheses: "（1-3月份）", "(1－3月)", "（1~3月）", "（1至3月）".
_RANGE = r"(?P<open>[（(])\s*(?P<a>\d{1,2})\s*(?:[-－—–~～〜]|至)\s*(?P<b>\d{1,2})\s*月份?\s*[）)]"
_SAID = re.compile(rf"(?:第?(?P<zq>[一二三四])季度|[Qq](?P<q>[1-4]))\s*{_RANGE}")
_ALONE = re.compile(rf"(?:(?<=\s)|^){_RANGE}(?=\s|$)")


def _quarter_months(a: str, b: str, quarter: int | None) -> bool:
    months = (int(a), int(b))
    return months == _MONTHS[quarter] if quarter else months in _MONTHS.values()


def _blank(line: Line, spans: list[tuple[int, int]]) -> Line:
    text = line.text
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    values = [v for v in line.values if not any(a <= v.start and v.end <= b for a, b in spans)]
    return Line(line.start, text, values)


def quarter_months(line: Line) -> Line:
    """The line without the month ranges its quarters print (see the module's docstring)."""
    text = line.text
    if "月" not in text or text.isascii():
        return line
    spans: list[tuple[int, int]] = []
    for m in _SAID.finditer(text):
        number = _QUARTER_NUMBER[m.group("zq") or m.group("q")]
        if _quarter_months(m.group("a"), m.group("b"), number):
            spans.append((m.start("open"), m.end()))
    if not spans:
        alone = list(_ALONE.finditer(text))
        if len(alone) >= 2 and all(_quarter_months(m["a"], m["b"], None) for m in alone):
            if not _ALONE.sub("", text).strip():
                spans = [m.span() for m in alone]
    return _blank(line, spans) if spans else line

