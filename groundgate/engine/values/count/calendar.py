"""The calendar said to mean "always" ("open 7 days a week", "24 hours a day", "一周七天",
"每天24小时"): a duration that is the whole of the period said around it is no count the
evidence must hold. Asked by the scanner (numbers.py) and the number-word readers (values/number/).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.units import DURATIONS, normalise_unit

# "open 7 days a week", "24 hours a day", "365 days a year", "一周七天", "每天24小时": the
# calendar, said to mean "always", no claim about the evidence (a duration unit -> the unit
# it divides -> the number that makes it the whole of it).
_CALENDAR = {
    ("day", "week"): 7,
    ("hr", "day"): 24,
    ("day", "year"): 365,
    ("week", "year"): 52,
    ("month", "year"): 12,
}
_PER_AFTER = re.compile(
    r"[ \u00a0](?:a|per|each|every)[ \u00a0](week|day|year)(?![A-Za-z])|/(week|day|year)"
)
_PER_BEFORE = {
    "每周": "week", "一周": "week", "每星期": "week",
    "每天": "day", "一天": "day", "全天": "day", "每日": "day", "全日": "day",
    "每年": "year", "一年": "year", "全年": "year",
}  # fmt: skip


def calendar_phrase(text: str, first: int, end: int, number: int, unit: str) -> bool:
    """Whether the duration `number` `unit` at text[first:end] is the whole of the period said
    around it ("7 days a week", "24 hours a day", "一周七天", "每天24小时"): no claim."""
    duration = normalise_unit(unit)  # "days", "天" -> "day"; "hours", "小时" -> "hr"
    if duration not in DURATIONS:
        return False
    per = _PER_AFTER.match(text, end)
    period = (per.group(1) or per.group(2)) if per is not None else None
    if period is None:
        k = first - 1 if first and text[first - 1] in " \u00a0" else first
        period = _PER_BEFORE.get(text[max(0, k - 2) : k]) or _PER_BEFORE.get(
            text[max(0, k - 3) : k]
        )
    return period is not None and _CALENDAR.get((duration, period)) == number
