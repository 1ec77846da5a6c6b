"""A date's typed value and what a written date means. Pure: no Django, no I/O."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from groundgate.engine.values.date.rules_en import MONTHS


@dataclass(frozen=True, slots=True)
class CalendarDate:
    """A date as precise as it is written: "2024" has no month or day, "May 2014" no day, "May 5"
    no year. Iterates as (year, month, day)."""

    year: int | None
    month: int | None
    day: int | None

    def __iter__(self) -> Iterator[int | None]:
        return iter((self.year, self.month, self.day))


_DIGITS = re.compile(r"[0-9]+")
_CDATE = re.compile(r"(?:(\d{4})年)?(?:(\d{1,2})月)?(?:(\d{1,2})[日号])?")
_WORDS = re.compile(r"[A-Za-z][a-z]+")  # (a month name in lower case too: "may 30")


def parse_date(q: str) -> CalendarDate:
    """The date of a quantity the grammar read as a date (ASCII digits)."""
    if "年" in q or "月" in q:
        m = _CDATE.match(q)
        assert m is not None  # the pattern matches every string (all parts optional)
        y, mo, d = (int(g) if g else None for g in m.groups())
        return CalendarDate(y, mo, d)
    month = next(
        (MONTHS[w.capitalize()] for w in _WORDS.findall(q) if w.capitalize() in MONTHS), None
    )
    numbers = [int(n) for n in _DIGITS.findall(q)]
    if month is not None:
        year = next((n for n in numbers if n >= 1000), None)
        day = next((n for n in numbers if n < 1000), None)
        return CalendarDate(year, month, day)
    if len(numbers) == 3:
        if numbers[0] >= 1000:  # 2024-03-05, 2024/3/5
            return CalendarDate(numbers[0], numbers[1], numbers[2])
        return CalendarDate(numbers[2], numbers[0], numbers[1])  # 3/5/2024 (month first, US)
    return CalendarDate(numbers[0] if numbers else None, None, None)
