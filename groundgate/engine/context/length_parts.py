"""Lengths side by side one space apart head one run of columns each (policy period_spans
"printed_heads", gate 2.83.0, d986; issue 28).

PDF ingestion (documents/chunking.py) joins the cells of a header line by one space, so Best
Buy's 10-Q income statement prints "Three Months Ended Six Months Ended" over "July 29, 2023 July
30, 2022 July 29, 2023 July 30, 2022". One part over four columns is a prefix of each (every
column both lengths, period_spans.spans_in: S3 and S6), so the six months' cell passed for
"revenue in the three months ended July 29, 2023" and the reverse. A line that is two length
phrases or more and nothing else ("N Months/Weeks Ended", "Year Ended", "Fiscal Year Ended",
"Quarter Ended") is read as a part each; the runs of repeated dates below take them in order
(table_headers.group_span, header_groups "repeated_periods"). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_LENGTH = (
    r"(?:(?:three|six|nine|twelve|thirteen|twenty[\s-]+six|thirty[\s-]+nine|fifty[\s-]+(?:two|three)"
    r"|\d{1,2})[\s-]+(?:months?|weeks?)|(?:fiscal[\s-]+)?years?|(?:fiscal[\s-]+)?quarters?)"
    r"[\s-]+end(?:ed|ing)"
)
_ONE = re.compile(rf"(?i){_LENGTH}")
_LINE = re.compile(rf"(?i)\s*{_LENGTH}(?:[ \t]+{_LENGTH})+\s*")


def length_parts(text: str, parts: list[str]) -> list[str]:
    """The header line's parts, each length phrase its own where the line is one part of two
    length phrases or more side by side ("Three Months Ended Six Months Ended" -> ["Three Months
    Ended", "Six Months Ended"]); `parts` otherwise."""
    if len(parts) != 1 or _LINE.fullmatch(text) is None:
        return parts
    return [m.group(0) for m in _ONE.finditer(text)]


def length_line(parts: list[str]) -> bool:
    """A header line that is one length phrase and nothing else ("52 Weeks Ended"): a column's
    length, not a table's title, in the column's name a message says (period_words
    "cell_headers", d1012)."""
    return len(parts) == 1 and _ONE.fullmatch(parts[0].strip()) is not None
