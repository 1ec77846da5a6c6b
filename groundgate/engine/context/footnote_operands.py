"""A footnote mark is no operand, nor a duration column's heading (policy `footnote_operands`,
answer gate 2.75.0, d920: "marks_durations" the default, "marks_aside" the marks only,
"operands" 2.71.1's reading and verbatim's).

Issue 28: under derived accept a wrong value passes as the result of a calculation whose
operand is no figure of the report but a table's footnote mark or a column's heading. "Other
operating expenses in 2019 was 28.0 million" for the cell 27.0 is "1 + 27.0" where the header
reads "2019 (1)  2018  2017 (2)"; "-45 million" for a change of 6 and 41 is "(−4) − 41" of the
label "Other(2)(4)"; "60.0%" is "3 / 5" of the headings "1-3 Years  3-5 Years". The operand
binding takes such a number as a value of no known row, which may pair with the named row's
cell. Rows and headers already read a mark as no cell (context/rows.footnote, table_headers)
and duration headings as columns (d602); this reads the derivation's operands alike. A mark:
one digit in parentheses written right after a word ("assets(1)", "Other assets (1)", "cents)(1)"),
after another mark ("Other(2)(4)") or after a year ("2019 (1)"), one space at most between
them. A one-digit cell printed negative stands two spaces or more from its label ("Other  (1)
5") or after another figure, and stays an operand. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

# What a mark may follow: a letter (one space at most), another mark glued to it, a year.
_BEFORE = re.compile(r"(?:[^\W\d_] ?|\(\d\)|[^\W\d_]\)|(?<![\d,.])(?:19|20)\d\d ?)$")


def footnote_mark(text: str, start: int, end: int) -> bool:
    """Whether the value at text[start:end] is a footnote mark (see the module)."""
    if end - start != 1 or not text[start].isdigit():
        return False
    if text[start - 1 : start] != "(" or text[end : end + 1] != ")":
        return False
    return _BEFORE.search(text[max(0, start - 8) : start - 1]) is not None


# A duration column's heading: "Less than 1 Year", "1-3 Years", "3 to 5 years", "12 months".
_DURATION = re.compile(r"(?i)\d+(?:\s*(?:-|–|to)\s*\d+)?\s*(?:years?|yrs?|months?)\b")


def duration_heading(text: str, start: int, end: int) -> bool:
    """Whether the value at text[start:end] is a number of a header line of duration columns
    ("Less than 1 Year  1-3 Years  3-5 Years  More than 5 Years"): a duration heading (the
    value's span is the heading's, its unit or a range's ends with it) on a line with two such
    headings at least (d602's duration headers)."""
    heading = _DURATION.match(text, start)
    if heading is None or heading.end() < end:
        return False
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    line = text[first : last if last >= 0 else len(text)]
    return len(_DURATION.findall(line)) >= 2
