"""Units in a table's header (policy `header_units: "label_and_unit_lines"`, gate 2.25.0).

A table's header often states its unit where a column's name could stand, and a text extraction
cannot tell the two apart by position alone:
  - the label column's own header is the unit: "(In millions)  As Reported  Balances Without
    Adoption  Effect of Change" over rows of three cells - four parts, the first the label
    column's, as "Items" or a header naming a period is (table_headers._column);
  - a line of units only under the column names: "30 June 2019  30 June 2018  Change" over
    "$'000  $'000  %" - a header line (each part the unit of its column), not a row of the
    values "000" the line above would be the label of.
Both read only what the unit cells and phrases of scales.py read as units. Pure: no Django.
"""

from __future__ import annotations

import re

from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.scales import unit_cell_exponents, unit_word_exponents
from groundgate.engine.declarations import declarations

# What may stand beside a unit in the label column's header: "(In millions, except per share
# data)", "(Dollars in thousands)", "(in thousand NT dollars)", "$ MILLION".
_UNIT_ASIDE = re.compile(
    r"(?i)\b(?:in|of|except|for|per|share|shares|data|amounts?|percentages?|ratios?|and|"
    r"otherwise|noted|stated|indicated|dollars?|us|usd|eur|euros?|rmb|nt|gbp|aud|cad|hk)\b"
    r"|[$€£¥(),.:%'’‘\s]|人民币|单位|[：（）]"
)
_SCALE_WORD = re.compile(
    r"(?i)\b(?:thousands?|millions?|billions?)\b|['’]000s?|\b\$?m\b|千元|万元|百万元|亿元"
)


def unit_part(part: str) -> bool:
    """Whether a header part states only a unit: "(In millions)", "(Dollars in thousands)",
    "(In millions, except per share data)", "$'000", "RMB’Million", "$ MILLION", "（人民币千元）",
    "单位：万元"; not a period
    or a column's name ("Revenue (in millions)", "2019 $'000")."""
    if len(part) > 60 or periods_in(part):
        return False
    if not (declarations(part, "") or unit_cell_exponents(part) or unit_word_exponents(part)):
        return False
    rest = _UNIT_ASIDE.sub("", _SCALE_WORD.sub("", part))
    return not rest.strip()


def label_unit(parts: list[str]) -> bool:
    """A header line whose first part is the label column's unit and whose others name
    columns: "(In millions)  As Reported  Without Adoption  Effect of Change" (not a line of
    units only, "RMB’Million  RMB’Million  RMB’Million")."""
    return unit_part(parts[0]) and not any(map(unit_part, parts[1:]))


# One unit part of a line of units: a unit cell ("$'000", "£m", "RMB’Million", "US$’000"), a
# bare mark of thousands ("’000", "'000s"), or a percent or currency sign alone.
_UNIT_ONLY = re.compile(r"(?i)^[$€£¥]?\s*['’‘]000s?$|^[%％$€£¥]$")
_LETTER = re.compile(r"[^\W\d_]")  # a letter
# What every line of units holds: a mark of thousands, a magnitude word or letter, a percent.
_MAY_BE_UNITS = re.compile(r"(?i)000|illion|m\b|%|％|元")


def unit_line(text: str) -> bool:
    """Whether a line is a header's line of units only: two or more parts, each a unit
    ("$'000  $'000  %", "RMB'000  RMB'000", "£m  £m"), one at least with a scale."""
    if len(text) > 200 or not _MAY_BE_UNITS.search(text):
        return False
    if _LETTER.search(_UNIT_ASIDE.sub("", _SCALE_WORD.sub("", text))):
        return False  # a word that is no unit's: a row, a prose line or column names
    parts = header_parts(text)
    if len(parts) < 2:
        return False
    scaled = False
    for part in parts:
        if _UNIT_ONLY.match(part):
            scaled = scaled or "000" in part
            continue
        if not unit_part(part):
            return False
        scaled = True
    return scaled


def add_units(header: list[list[str]], parts: list[str]) -> None:
    """A line of units added to a header: the line of column names right above it that has
    one part more heads the label column with its first part, as table_headers._column reads a first
    part that names a period ("30 June 2019  Current  0 to 30 days past due ... Total" over
    "$'000" five times): that part is each column's then, and no column's else."""
    above = header[-1] if header else None
    if above is not None and len(above) == len(parts) + 1:
        head = above[0]
        header[-1] = [f"{head} {p}" if periods_in(head) else p for p in above[1:]]
    header.append(parts)


# A mark of thousands glued to its currency: "$’000", "RMB'000", "£’000s" (a unit, no cell).
_THOUSANDS_MARK = re.compile(r"(?i)(?:[$€£¥]|\b[a-z]{1,3}\$?)\s*['’‘]000s?\b")
_YEAR_PART = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def dated_unit_parts(text: str, years: list[str]) -> list[str] | None:
    """The column names of a header line that prints each year with its unit (header_unit_parts
    "aside", d595): "2019 $’000  2018 $’000", "2019  $’000  2018 $’000 RESTATED3  CHANGE" -
    a unit part alone joins the part before it, so the line heads "2019 $’000", "2018 $’000
    RESTATED3", "CHANGE" (the "000"s are no cells). `years`: the texts of the line's values
    that are not such marks; every one must be a year and two at least. None for any other
    line (a row, "Revenue $’000  2,000", a line of units only)."""
    marks = list(_THOUSANDS_MARK.finditer(text))
    if not marks or len(years) < 2 or not all(_YEAR_PART.fullmatch(y) for y in years):
        return None
    parts: list[str] = []
    for part in header_parts(text):
        if parts and (_UNIT_ONLY.match(part) or unit_part(part)):
            parts[-1] = f"{parts[-1]} {part}"
        else:
            parts.append(part)
    dated = sum(1 for p in parts if _YEAR_PART.search(p))
    if dated < 2 or any(
        _LETTER.search(p) and not _YEAR_PART.search(p) and len(p) > 30 for p in parts
    ):
        return None
    return parts


def thousands_mark(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] (a value "000") is the thousands of a unit mark ("$’000")."""
    return any(m.start() <= start and end <= m.end() for m in _THOUSANDS_MARK.finditer(text))
