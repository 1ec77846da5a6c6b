"""The date kind: dates the evidence offers that the grammar does not read as one value.

Filings write dates in two ways that numbers.py, which reads one value at a time, cannot see
whole; the evidence index (number_grounding.py) adds these dates to an excerpt's values:
  - squeezed_dates: PDF text that lost its spaces ("December31,2016");
  - shared_day_dates: a day written once for several years, as every balance sheet's header
    does ("June 30, | 2023 | 2022": June 30, 2023 and June 30, 2022) and as notes do in prose
    ("December 31, 2022 and 2021"). Such a date carries the unit SHARED_DAY, so the answer
    value it grounds is reported with the rule "date_shared_day" (quantities.compare), never
    silently.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from groundgate.engine.values.date.kind import SHARED_DAY
from groundgate.engine.values.date.rules_en import MONTHS
from groundgate.engine.values.date.value import CalendarDate, parse_date
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue

# PDF text that lost its spaces: "December31,2016". The grammar does not read digits glued to a
# word, so the evidence index adds these dates on its own.
_SQUEEZED_DATE = re.compile(
    r"(?<![A-Za-z])("
    + "|".join(sorted((m for m in MONTHS if len(m) > 3), key=len, reverse=True))
    + r")([0-9]{1,2}),\s?([0-9]{4})(?![0-9])"
)


# Searching r"[a-z][0-9]{1,2}," from its comma: a leading literal is searched for in C at memchr
# speed, a leading [a-z] is tried at every letter.
_SQUEEZED_HINT = re.compile(r",(?:(?<=[a-z][0-9],)|(?<=[a-z][0-9]{2},))")


def squeezed_dates(text: str) -> list[Quantity]:
    if _SQUEEZED_HINT.search(text) is None:
        return []
    found = []
    for m in _SQUEEZED_DATE.finditer(text):
        value = NumericValue(m.group(), m.start(), m.end(), "date", m.group())
        found.append(
            Quantity(
                value,
                "date",
                date=CalendarDate(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2))),
            )
        )
    return found


# What may stand between the days and the years of one header: line breaks, table rules ("|"),
# commas, "and", and one parenthesis of the table's own ("(In millions)", "(Dollars in
# thousands, except per share data)"). Anything else - a word, a figure - ends the header.
_HEADER_GAP = re.compile(r"(?:[\s|,]|and\b)*(?:\([^()\n]{0,80}\)(?:[\s|,]|and\b)*)?")
# Years a header writes: four digits, nothing else.
_FIRST_YEAR, _LAST_YEAR = 1900, 2100
# A header with more columns than this is not a header of years.
_MAX_YEARS = 6


def shared_day_dates(
    text: str, values: Sequence[NumericValue], header_lines: int = 0
) -> list[Quantity]:
    """The dates of every day written once for several years in `text`, whose values (as
    numbers.extract_numbers finds them, in order) are `values`:
      - a day without a year, then years: "June 30, | 2023 | 2022" gives both dates (also
        when the day is written over each column: "December 31, | December 31, | 2018 | 2017");
      - several days, then as many years: "January 28, | January 29, | (In thousands) | 2023 |
        2022" pairs them in order (January 28, 2023; January 29, 2022); with another number of
        years, which day goes with which year is unclear, and none is given;
      - a date, then more years: "December 31, 2022 and 2021" gives December 31, 2021;
      - with `header_lines` (shared_days "header_lines", d592): a day without a year that
        ends a header line ("Years Ended December 31,  Increase (Decrease)"), then a line of
        years among column names ("2019  2018  Amount  Percent"), gives the day of each of
        those years (_line_years);
      - with `header_lines` 2 (shared_days "flattened_lines", d677): a header a PDF text
        flattened onto one line, "52 Weeks Ended January 28, January 29, 2023 2022", where the
        last day and the first year read as one date ("January 29, 2023"): the days and the
        years pair in order (January 28, 2023; January 29, 2022), as when they are apart.
    Each date's text and span run from its day to its year, so the review page marks both; its
    quantity is the date as one would write it ("January 29, 2022")."""
    found: list[Quantity] = []
    flattened = header_lines >= 2
    i, count = 0, len(values)
    while i < count:
        first = values[i]
        if first.kind != "date" or not first.text[:1].isalpha():  # "June 30", not "6/30"
            i += 1
            continue
        year, month, day = parse_date(first.quantity)
        if month is None or day is None:
            i += 1
            continue
        days: list[tuple[NumericValue, int, int]] = [(first, month, day)]
        years: list[NumericValue] = []
        j = i + 1
        while j < count and len(years) < _MAX_YEARS:
            value = values[j]
            if _HEADER_GAP.fullmatch(text, values[j - 1].end, value.start) is None:
                break
            if year is None and not years and value.kind == "date":
                more = parse_date(value.quantity)
                if more.month is None or more.day is None:
                    break
                if more.year is None:
                    days.append((value, more.month, more.day))
                elif (split := _flattened(text, value) if flattened else None) is not None:
                    # "January 28, January 29, 2023 2022": the last day read with the first
                    # year; the header is two days, then two years (shared_days
                    # "flattened_lines", d677).
                    days.append((split[0], more.month, more.day))
                    years.append(split[1])
                else:
                    break
            elif _is_year(value):
                years.append(value)
            else:
                break
            j += 1
        if len({(m, d) for _, m, d in days}) == 1:  # one day, however often it is written
            pairs = [(days[0], y) for y in years]
        elif len(days) == len(years):
            pairs = list(zip(days, years, strict=True))
        else:
            pairs = []
        if header_lines and year is None and len(days) == 1:
            paired = {y.quantity for _, y in pairs}
            pairs += [(days[0], y) for y in _line_years(text, first) if y.quantity not in paired]
        for (start_value, m, d), year_value in pairs:
            start, end = start_value.start, year_value.end
            # The text is the header from the day to the year (what the page marks); the
            # quantity is the date it gives ("January 29, 2022").
            reading = f"{start_value.text.rstrip(', ')}, {year_value.text}"
            value = NumericValue(text[start:end], start, end, "date", reading)
            found.append(
                Quantity(
                    value,
                    "date",
                    date=CalendarDate(int(year_value.quantity), m, d),
                    unit=SHARED_DAY,
                )
            )
        i = max(j, i + 1)
    return found


_DATE_YEAR = re.compile(r"(?<![0-9])((?:19|20)[0-9]{2})$")


def _flattened(text: str, value: NumericValue) -> tuple[NumericValue, NumericValue] | None:
    """A date read across a flattened header ("January 29, 2023" of "January 28, January 29,
    2023 2022") as its day ("January 29,") and its year ("2023"), each with its own span; None
    when its text does not end in a year."""
    found = _DATE_YEAR.search(value.text)
    if found is None:
        return None
    day_text = value.text[: found.start()].rstrip()
    if not day_text or not day_text[:1].isalpha():
        return None
    day = NumericValue(day_text, value.start, value.start + len(day_text), "date", day_text)
    at = value.start + found.start()
    return day, NumericValue(found.group(1), at, value.end, "number", found.group(1))


def _is_year(value: NumericValue) -> bool:
    q = value.quantity
    return (
        value.kind == "number"
        and not value.unit
        and len(q) == 4
        and q.isdigit()
        and _FIRST_YEAR <= int(q) <= _LAST_YEAR
    )


# A part of a table's line: text apart from the next by two spaces or more, or a tab.
_LINE_PART = re.compile(r"\S+(?: \S+)*")
_YEAR_TEXT = re.compile(r"(?:19|20)\d\d")
_FOUR_DIGITS = re.compile(r"\d{4}")
# Column names beside the years of a header line ("Amount", "Percent", "(Dollars in millions)").
_MAX_NAME_WORDS = 4


def _line_years(text: str, day: NumericValue) -> list[NumericValue]:
    """The years of the line right under the line a day without a year ends, when that line
    is a header of years among column names ("Years Ended December 31,  Increase (Decrease)"
    over "2019  2018  Amount  Percent": 2019 and 2018). Nothing when the day's line writes a
    year, or the line under it holds any other figure or a part of more than four words:
    prose ("December 31,\n2019 and 2018 ...") gives none."""
    line_start = text.rfind("\n", 0, day.start) + 1
    line_end = text.find("\n", day.end)
    if line_end < 0 or _FOUR_DIGITS.search(text, line_start, day.start):
        return []
    if _FOUR_DIGITS.search(text, day.end, line_end):
        return []
    next_end = text.find("\n", line_end + 1)
    next_end = len(text) if next_end < 0 else next_end
    years: list[NumericValue] = []
    for m in _LINE_PART.finditer(text, line_end + 1, next_end):
        part = m.group()
        if _YEAR_TEXT.fullmatch(part):
            years.append(NumericValue(part, m.start(), m.end(), "number", part))
        elif any(ch.isdigit() for ch in part) or len(part.split()) > _MAX_NAME_WORDS:
            return []
    return years if len(years) <= _MAX_YEARS else []
