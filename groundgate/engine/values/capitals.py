"""Evidence written in title case or capitals, read as the same words in lower case where the
case says nothing about the value (policy capital_words, gate 2.47.0, d679): a table header
"Three Months Ended March 31,", "THREE MONTHS ENDED", "3 Months Ended", "52 Weeks Ended", "5.25
Percent" says what "three months ended", "3 months", "52 weeks" and "5.25 percent" say.

The grammar reads units and month names as English prose writes them (units.py: "months", not
"Months"; values/date/rules_en.py: "March", not "MARCH"), which is right for an answer's
sentence - it decides which words are claims - but not for the evidence, which only offers
values. `folded` gives the text with these words alone rewritten, of the same length, so every
value read in it stands where it stands in the text (the evidence index and the table reader
read it so, each value's text as written):
  - "units" (the default): a duration unit or "percent" in title case or capitals ("Months",
    "WEEKS", "Percent") becomes lower case; the number before it (digits, or a number word in
    any case: words_en reads "Three" and "THREE") then carries it as a unit. Only these:
    "Second" is as often an ordinal ("the Second Quarter"), "Points", "Stars", "Miles", "Feet"
    names ("Three Points Capital", "Six Feet Under"), letters of another meaning in capitals
    ("MB", "US", "IT") are no unit read here, and a unit right after a year stays as written
    ("Fiscal 2023 Year");
  - "units_months" (selectable, d680): also a month name in capitals ("MARCH", "DEC.") as its
    usual title case ("March", "Dec."), except "MAY" and "MARCH", also a verb and a noun in a
    text in capitals: they become lower case and are read as a month only where the date ends
    (values/date/rules_en._lower_case_month: "MAY 31," is a date, "YOU MAY 30 TIMES" none).
A month in title case and a number word in any case are read already; nothing else changes.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.date.rules_en import MONTHS

# ("Second" alone is as often an ordinal: "the 2023 Second Quarter".)
_UNITS = (
    "seconds",
    "minute",
    "minutes",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "percent",
)
# Each unit as title case or capitals -> lower case; each month in capitals -> as written.
_UNIT_FOLD = {w: unit for unit in _UNITS for w in (unit.capitalize(), unit.upper())}
_MONTH_FOLD = {
    month.upper(): month.lower() if month in ("May", "March") else month
    for month in MONTHS
    if month.upper() != month
}


def _words(fold: dict[str, str]) -> re.Pattern[str]:
    # A unit right after a year is left as written: "Fiscal 2023 Year" names the year 2023, not
    # a duration of 2,023 years (the lower-case "2023 year" is read so in an answer).
    return re.compile(
        r"(?<![A-Za-z])(?<!(?:19|20)[0-9]{2}[ \u00a0-])(?=[A-Z])(?:"
        + "|".join(sorted(fold, key=len, reverse=True))
        + r")(?![A-Za-z])"
    )


_UNITS_ONLY = (_words(_UNIT_FOLD), _UNIT_FOLD)
_WITH_MONTHS = (_words(_UNIT_FOLD | _MONTH_FOLD), _UNIT_FOLD | _MONTH_FOLD)


def folded(text: str, months: bool = False) -> str:
    """`text` with its units (and, `months`, its months) in title case or capitals written as
    the grammar reads them (the module's docstring); of the same length."""
    words, fold = _WITH_MONTHS if months else _UNITS_ONLY
    return words.sub(lambda m: fold[m.group()], text)
