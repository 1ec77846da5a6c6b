"""Dates side by side one space apart head one column each (policy date_columns "each_date",
gate 2.72.0, d906).

A header line's parts are the text between runs of two spaces or more (header_parts.py), as a
text extraction that pads its cells prints them. PDF ingestion (documents/chunking.py, version
2, d905) keeps a statement's rows but joins the cells of a row by one space, so its header of
dates is one part: "July 29, 2023 July 30, 2022" (Best Buy's 10-Q) or, over a line of years,
"January 28, January 29," (Ulta Beauty's balance sheet). One part over a row of two cells is a
prefix of both columns, so each cell was "July 29, 2023 July 30, 2022" - both periods - and a
figure said of the other period passed; and over "2023  2022" each column read "January 28,
January 29, 2022". Here a header line of one part that holds two dates or more and nothing but
them (commas and spaces between) is read as one part per date: "July 29, 2023" and "July 30,
2022"; "January 28," and "January 29,", each over its year below. A line of dates with words
between ("As of July 29, 2023 and July 30, 2022") is left as it was. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import Line

# What may stand between, before and after the dates: spaces and commas only.
_BETWEEN = re.compile(r"[\s,]*")


def date_parts(line: Line, parts: list[str]) -> list[str]:
    """The header line's parts, each date its own where the line is one part of two dates or
    more side by side ("July 29, 2023 July 30, 2022" -> ["July 29, 2023", "July 30, 2022"];
    "January 28, January 29," -> ["January 28,", "January 29,"]); `parts` otherwise."""
    values = line.values
    if len(parts) != 1 or len(values) < 2:
        return parts
    if not all(v.kind == "date" and any(p[0] == "M" for p in periods_in(v.text)) for v in values):
        return parts
    text = line.text
    ends = [v.start for v in values[1:]] + [len(text)]
    if not _BETWEEN.fullmatch(text[: values[0].start]):
        return parts
    out: list[str] = []
    for v, end in zip(values, ends, strict=True):
        if not _BETWEEN.fullmatch(text[v.end : end]):
            return parts
        out.append(text[v.start : end].strip())
    return out
