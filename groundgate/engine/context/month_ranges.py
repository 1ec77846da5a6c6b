"""A column's months printed beside its period (policy month_ranges "period_heads", gate 2.71.0,
d885): a Chinese report's 分季度主要财务指标 table heads its columns

    项目  第一季度（1-3月份）  第二季度（4-6月份）  第三季度（7-9月份）
          第四季度（10-12月份）   (one line)

and a 半年度报告's key figures "主要会计数据  本报告期（1-6月）  上年同期  本报告期比上年
同期增减(%)".
The month range in parentheses was read as a value (a range "1-3月", no period), so the line
was no header and its rows' cells had no column: any quarter's cell grounded an answer said of
another quarter, the prior period's of the current one. It was read as a period too ("1-3月" as
March, M3). Here a parenthesised month range right after a period's words is blanked (spaces
of its width: every span stays) and its values dropped, so the part names the period alone:
after a quarter ("第一季度", "一季度", "Q1"), the quarter's own months only
("第一季度（1-6月）" is left as printed); after "报告期", "报告期末" ("年初至报告期末
（1-9月）"), "本期", "同期", "年度", "半年度", "上半年", "下半年" or a year ("2023年"),
months from January ("1-3月", "1-6月", "1-9月", "1-12月"), the second half's ("7-12月") or
a quarter's ("本报告期（7-9月）"). So is a line of quarters' ranges only, printed under the
quarters' line ("（1-3月份）  （4-6月份）  ..."): it holds no cell. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.rows import Line

# The quarter's first and last month, by its number.
_MONTHS = {1: (1, 3), 2: (4, 6), 3: (7, 9), 4: (10, 12)}
_QUARTER_NUMBER = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
# A period's months from January, the second half's, or a quarter's.
_SPANS = frozenset({(1, 3), (1, 6), (1, 9), (1, 12), (7, 12), (4, 6), (7, 9), (10, 12)})
# A month range in parentheses: "（1-3月份）", "(1－3月)", "（1~3月）", "（1至3月）".
_RANGE = r"(?P<open>[（(])\s*(?P<a>\d{1,2})\s*(?:[-－—–~～〜]|至)\s*(?P<b>\d{1,2})\s*月份?\s*[）)]"
_SAID = re.compile(
    rf"(?:第?(?P<zq>[一二三四])季度|[Qq](?P<q>[1-4])|(?P<p>报告期末?|本期|同期|年度|半年度?|\d{{4}}年))"
    rf"\s*{_RANGE}"
)
_ALONE = re.compile(rf"(?:(?<=\s)|^){_RANGE}(?=\s|$)")


def _own_months(months: tuple[int, int], quarter: int | None) -> bool:
    return months == _MONTHS[quarter] if quarter else months in _SPANS


def month_ranges(line: Line) -> Line:
    """The line without the month ranges its periods print (see the module's docstring)."""
    text = line.text
    if "月" not in text or text.isascii():
        return line
    spans: list[tuple[int, int]] = []
    for m in _SAID.finditer(text):
        months = (int(m.group("a")), int(m.group("b")))
        number = m.group("zq") or m.group("q")
        if _own_months(months, _QUARTER_NUMBER[number] if number else None):
            spans.append((m.start("open"), m.end()))
    if not spans:
        alone = list(_ALONE.finditer(text))
        quarters = set(_MONTHS.values())
        if len(alone) >= 2 and all((int(m["a"]), int(m["b"])) in quarters for m in alone):
            if not _ALONE.sub("", text).strip():
                spans = [m.span() for m in alone]
    if not spans:
        return line
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    values = [v for v in line.values if not any(a <= v.start and v.end <= b for a, b in spans)]
    return Line(line.start, text, values)
