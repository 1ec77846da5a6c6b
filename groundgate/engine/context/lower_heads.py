"""A statement's header printed below another statement's rows heads the rows under it (policy
period_spans "printed_heads", gate 2.83.0, d986; issue 28).

An earnings release prints its quarter's and its year's statements one after the other, and
PDF ingestion (documents/chunking.py) may put the end of the first and the start of the second
in one chunk: Ulta Beauty's Exhibit 1 rows ("Net income $ 340,751 10.6% $ 289,366 10.6%"),
then "Exhibit 2", its title lines, "52 Weeks Ended", "January 28, January 29," over "2023
2022" and the year's rows. facts._text_facts starts a new header at the line of years below
rows (d406), but the lines above it were read after rows, so as prose: the year's cells were
headed "2023 (Unaudited)" alone - no length, no day - and "$10,208,580 thousand in the 13
weeks ended January 28, 2023" (the 52 weeks' net sales) passed. Here the run of header lines
just above such a line of years (lines read as prose that are header words: short, no value
but periods and "N weeks ended") heads the new table from its first line naming a period's
length (period_spans.spans_in: "52 Weeks Ended", "Three Months Ended", "Fiscal Year Ended");
a run naming no length is left as prose (a title or a note above a second header of years is
read as before). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.date_columns import date_parts
from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.context.length_parts import length_parts
from groundgate.engine.context.period_spans import spans_in
from groundgate.engine.context.rows import Line


def lower_heads(
    lines: list[Line], at: int, prose_heads: set[int], each_date: bool
) -> list[list[str]]:
    """The header lines over the line of years `lines[at]` that stands below rows: the lines
    right above it whose index is in `prose_heads` (header words read as prose below rows),
    from the first of them naming a length; none where no line of the run names one. With
    `each_date` (date_columns "each_date", d906) a line of dates side by side is a part each."""
    first = at
    while first - 1 in prose_heads:
        first -= 1
    named = [k for k in range(first, at) if spans_in(lines[k].text)]
    if not named:
        return []
    out: list[list[str]] = []
    for k in range(named[0], at):
        parts = header_parts(lines[k].text)
        if each_date:
            parts = date_parts(lines[k], parts)
        parts = length_parts(lines[k].text, parts)
        if parts:
            out.append(parts)
    return out
