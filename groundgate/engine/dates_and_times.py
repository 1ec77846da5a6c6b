"""What a written date or time of day means: (year, month, day) of "2024年5月1日", "March 5, 2024",
"3/5/2024"; (hour, minute, second) on a 24-hour clock of "9:00 PM", "noon", "晚上9点半". numbers.py
finds them; quantities.py types and compares them. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.number_words import CN_DAY_PARTS

_DIGITS = re.compile(r"[0-9]+")

# A Chinese clock time ends with one of these ("10点", "10点半", "3点15分", "9点钟", "14时").
CN_CLOCK_LAST = frozenset("点时時半分刻钟")
# The unit of a time of day said without its half of the day ("9点": 9:00 or 21:00).
HOURS_12 = "12h"
_CN_MINUTES = {"半": 30, "一刻": 15, "三刻": 45}


def time_of_day(q: str) -> tuple[tuple[int, int, int], bool]:
    """(hour, minute, second) of any time the grammar finds ("9:00 PM", "noon", "21:0",
    "晚上9点半", "下午2:00", "正午"), and whether it says its half of the day (a Chinese "9点"
    does not: it may be 9:00 or 21:00)."""
    if q in _SPECIAL_TIMES or not (q[-1] in CN_CLOCK_LAST or not q[0].isascii()):
        return parse_time(q), True
    return _parse_chinese_time(q)


def _parse_chinese_time(q: str) -> tuple[tuple[int, int, int], bool]:
    """(hour, minute, second) of "晚上9点半" and whether the half of the day was said."""
    numbers = [int(n) for n in _DIGITS.findall(q)]
    hour = numbers[0]
    minute = numbers[1] if len(numbers) > 1 else 0
    for word, extra in _CN_MINUTES.items():
        if word in q:
            minute = extra
    part = next((p for word, p in CN_DAY_PARTS.items() if q.startswith(word)), None)
    if part == "early" and hour == 12:
        hour = 0
    elif part == "noon" and hour < 6:
        hour += 12  # 中午1点 is 13:00
    elif part == "pm" and hour < 12:
        hour += 12
    elif part == "pm" and hour == 12:
        hour = 0  # 晚上12点 is midnight
    return (hour, minute, 0), part is not None or hour > 12 or hour == 0


def other_half_of_day(time: tuple[int, int, int]) -> tuple[int, int, int]:
    """The same clock reading in the other half of the day (9:00 <-> 21:00, 12:00 <-> 0:00)."""
    hour, minute, second = time
    return ((hour + 12) % 24, minute, second)


_SPECIAL_TIMES = {"noon": (12, 0, 0), "midnight": (0, 0, 0), "正午": (12, 0, 0), "午夜": (0, 0, 0)}


def parse_time(q: str) -> tuple[int, int, int]:
    if q in _SPECIAL_TIMES:
        return _SPECIAL_TIMES[q]
    lower = q.lower().replace(".", "")
    parts = [int(n) for n in _DIGITS.findall(lower)] + [0, 0, 0]
    hour, minute, second = parts[0], parts[1], parts[2]
    if lower.endswith("pm") and hour < 12:
        hour += 12
    elif lower.endswith("am") and hour == 12:
        hour = 0
    return (hour, minute, second)
