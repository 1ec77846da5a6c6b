"""How a message names a value's cell (answer gate 2.41.0, d634; issue 28): by its row and its
column, "Total cost of revenue (2018)", "Capital lease obligations (1-3 Years)", the column
without the table's title or a section's heading over it (Fact.name), their punctuation, or a
footnote mark. Words only: no rule reads them, so no status moves. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.excerpt_index import excerpt_cells
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.context.periods import DAYS, MONTHS

# A heading's punctuation and footnote stars, not its words: "Cost of revenue:", "FY19**".
_HEADING_ENDS = " :;,.*†\t"
# A footnote mark that ends a label or a header part: "Operating leases (1)", "2019 (a)".
_MARK_END = re.compile(r"(?:\s*\((?:\d{1,2}|[a-z])\))+$")
# Also the table's unit after a column's name: "Year Ended December 31, 2017 (In millions)"
# (a row's own unit stays: "Expected term (in years)").
_UNIT_END = re.compile(r"(?:\s*\((?:\d{1,2}|[a-z]|(?i:[a-z ]*\bin [^()]*))\))+$")


# A label longer than this is cut at a word, "…" after it: a message names the row, the page
# shows it whole ("Common stock, $0.05 par value; 12,000 shares authorized; issued: ...").
_MOST_CHARS = 70


def _clean(text: str, end: re.Pattern[str] = _MARK_END) -> str:
    text = end.sub("", " ".join(text.split()).strip(_HEADING_ENDS)).strip(_HEADING_ENDS)
    if len(text) <= _MOST_CHARS:
        return text
    cut = text[: _MOST_CHARS + 1].rsplit(" ", 1)[0] if " " in text[:_MOST_CHARS] else text
    return cut[:_MOST_CHARS].rstrip(_HEADING_ENDS) + "…"


# A label's heading before its own words, where the heading holds a figure: a PDF line read
# with its header's years, "2023 2022 (Unaudited) Assets Current assets: Cash and cash
# equivalents" is the row "Cash and cash equivalents" ("Less: Accumulated depreciation" stays).
_HEADED = re.compile(r"^.*\d.*?:\s+(?=\S)")


# A period's code (context/periods.py) as a message says it (gate 2.68.1): "Q2 2023", not
# "Q2, Y2023"; a kind the message cannot say in words keeps its code.
_RELATIVE = {
    "R0": "the current period",
    "R1": "the prior period",
    "B0": "the period's beginning",
    "B1": "the period's end",
}


def period_names(periods: tuple[str, ...]) -> str:
    """A prose value's periods in words, the year last: ("Q2", "Y2023") -> "Q2 2023"."""
    years = [p for p in periods if p[:1] == "Y" and p[1:].isdigit()]
    others = ", ".join(_said(p) for p in periods if p not in years)
    return " ".join(part for part in (others, ", ".join(y[1:] for y in years)) if part)


def _said(code: str) -> str:
    kind, rest = code[:1], code[1:]
    if kind == "M" and rest.isdigit() and 1 <= int(rest) <= 12:
        return MONTHS[int(rest) - 1].capitalize()
    if kind == "D" and rest.isdigit() and 1 <= int(rest) <= 7:
        return DAYS[int(rest) - 1].capitalize()
    return _RELATIVE.get(code, code)


def cell_name(fact: Fact) -> str:
    """A value's row and column as a message names them: "Total cost of revenue (2018)"; a
    row or a column alone where only one is known; a prose value by its sentence's periods,
    or as of a period its sentence does not name (d961)."""
    row = _clean(_HEADED.sub("", fact.row))
    column = _clean(fact.column if fact.name is None else fact.name, _UNIT_END)
    column = column.replace(": ", ", ")  # "At December 31: 2019": one name, not a heading's
    column = column or period_names(fact.periods)
    if row and column:
        return f"{row} ({column})"
    if not (row or column or fact.in_table):
        # A sentence has no cells: a prose value whose sentence names no period for it is
        # said so ("$10.2 billion" beside "$8.6 billion in fiscal 2021", gate 2.81.0, d961).
        return "a period its sentence does not name"
    return row or column or "another cell"


def table_cell(excerpt: str, span: tuple[int, int], reading: TableReading = PLAIN) -> str | None:
    """The name of the table cell at `span` of `excerpt` (its facts as the context rule reads
    them, read once per text), for a near miss's message: "Land (December 31, 2019)". None
    where the value there is no cell of a known row or column (prose, a header's figure), or
    the excerpt is one line: as for the row rule, a table is two lines at least ("every 90
    days" is no row "every")."""
    if "\n" not in excerpt.strip():
        return None
    for fact in excerpt_cells(excerpt, reading):
        if (fact.start, fact.end) == span:
            if fact.in_table and (fact.row.strip() or fact.column.strip()):
                return cell_name(fact)
            return None
    return None
