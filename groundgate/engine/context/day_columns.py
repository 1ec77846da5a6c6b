"""A column's name with the day its header prints over its year (answer gate 2.81.0, messages
only, d962): Ulta Beauty's statements print "January 28, January 29," over "2023 2022", and
a message named the columns "2023" and "2022" where the reviewer reads "January 28, 2023".
Only Fact.name changes (the words a message says); `column` and the periods the rules read stay
as they were. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
)
# One day without a year, as a header prints it over its year: "January 28,", "Dec. 31".
_DAY = re.compile(_MONTH + r"\s+(?:[1-9]|[12]\d|3[01])\b,?")
_YEAR = re.compile(r"(?:19|20)\d\d")


def days_over_years(header: list[list[str]]) -> dict[str, str]:
    """Each year of the header's last line of years only -> its day and year ("2023" ->
    "January 28, 2023"), where the line above it prints as many days without a year and
    nothing else; {} otherwise, or where one year would be given two days."""
    for i in range(len(header) - 1, 0, -1):
        years = header[i]
        if not years or not all(_YEAR.fullmatch(p) for p in years):
            continue
        above = " ".join(header[i - 1])
        days = [m.group(0).rstrip(",").strip() for m in _DAY.finditer(above)]
        if len(days) != len(years) or _DAY.sub("", above).strip(" \t,"):
            return {}
        named: dict[str, str] = {}
        for day, year in zip(days, years, strict=True):
            if named.setdefault(year, f"{day}, {year}") != f"{day}, {year}":
                return {}
        return named
    return {}


def with_days(name: str, days: dict[str, str]) -> str:
    """`name` with its one year said with its day ("2023" -> "January 28, 2023"); unchanged
    where it holds no year of `days`, or more than one year, or a day already."""
    found = _YEAR.findall(name)
    if len(found) != 1 or found[0] not in days or _DAY.search(name):
        return name
    return re.sub(rf"(?<!\d){found[0]}(?!\d)", days[found[0]], name, count=1)
