"""The days a prose value is of (prose_subjects "bound_values", gate 2.50.0, d692; moved out of
prose_bindings.py unchanged): the weekdays its part between conjunctions names, else its comma
part ("Monday to Friday", "weekdays", "on Saturday", "周一至周五", "星期六"), and the text bounds
both readings use. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.comparisons import CLAUSE_MARKS, EVERY_COMMA
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.sentences import SENTENCE_END
from groundgate.engine.text_memo import text_memo


def value_days(text: str, start: int, end: int) -> frozenset[int]:
    """The weekdays of a value: those of its part between conjunctions ("8:00-18:00 on weekdays
    and 9:00-13:00 on Saturdays"), else of its comma part ("open Monday to Friday from 9 am to
    6 pm")."""
    lo = max(0, start - NEAR)
    after = end - 1 if text[end - 1 : end] == "." else end
    part = text[last_end(_COMMA_PART, text, lo, start) : first_start(_COMMA_PART, text, after)]
    if not _ANY_DAY.search(part):
        return frozenset()
    own = text[last_end(_DAY_PART, text, lo, start) : first_start(_DAY_PART, text, after)]
    return weekdays(own) or weekdays(part)


@text_memo(max_bytes=2**20, item_bytes=0)
def may_bind_times(excerpt: str) -> bool:
    """Whether an excerpt names a weekday and holds two times of day (the opening-hours form
    a one-line excerpt must have for the day rule to judge its times): checked before its
    facts are read."""
    if not _ANY_DAY.search(excerpt):
        return False
    return sum(1 for v in extract_numbers(excerpt) if v.kind == "time") >= 2


def weekdays(text: str) -> frozenset[int]:
    """The days of the week a text names: single days, ranges ("Monday to Friday",
    "周一至周五"), "weekdays", "weekends", "工作日", "周末"."""
    if not _ANY_DAY.search(text):
        return frozenset()
    days: set[int] = set()
    for m in _DAY_RANGE.finditer(text):
        a, b = _day(m.group(1) or m.group(3)), _day(m.group(2) or m.group(4))
        days.update(range(a, b + 1) if a <= b else [*range(a, 7), *range(0, b + 1)])
    rest = _DAY_RANGE.sub(" ", text)
    for m in _DAY.finditer(rest):
        days.add(_day(m.group(0)))
    if _WEEKDAYS.search(rest):
        days.update(range(5))
    if _WEEKENDS.search(rest):
        days.update((5, 6))
    return frozenset(days)


def _day(word: str) -> int:
    w = word.lower()
    if w[0] in "周星礼":
        return min(_ZH_DAYS.index(w[-1]), 6)
    return _EN_DAYS.index(w[:3])


def last_end(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> int:
    end = lo
    for m in pattern.finditer(text, lo, hi):
        end = m.end()
    return end


def first_start(pattern: re.Pattern[str], text: str, lo: int) -> int:
    hi = min(len(text), lo + NEAR)
    m = pattern.search(text, lo, hi)
    return m.start() if m else hi


NEAR = 400
# The clause marks, a colon between two digits aside (a time of day, "8:00").
MARKS = "".join(m for m in CLAUSE_MARKS if m != ":")
COLON = r"(?<!\d):|:(?!\d)"
# A part of a comma part between conjunctions (not "to", "from": "Monday to Friday").
_DAY_PART = re.compile(
    rf"[{MARKS}{EVERY_COMMA}\n]|{COLON}|{SENTENCE_END}"
    r"|(?i:\s(?:and|while|whereas|but)\s)|[和及；]"
)
_COMMA_PART = re.compile(rf"[{MARKS}{EVERY_COMMA}\n]|{COLON}|{SENTENCE_END}")
_EN_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ZH_DAYS = "一二三四五六日天"
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_EN_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_ZH_DAY = r"(?:周|星期|礼拜)[一二三四五六日天]"
_DAY = re.compile(rf"(?i)\b{_EN_DAY}\b|{_ZH_DAY}")
_DAY_RANGE = re.compile(
    rf"(?i)\b({_EN_DAY})\s*(?:to|through|thru|-|–|until)\s*({_EN_DAY})\b"
    rf"|({_ZH_DAY})\s*(?:至|到|-|–|~)\s*({_ZH_DAY})"
)
_WEEKDAYS = re.compile(r"(?i)\bweekdays?\b|工作日")
_WEEKENDS = re.compile(r"(?i)\bweekends?\b|周末")
_ANY_DAY = re.compile(rf"(?i){_EN_DAY}|{_ZH_DAY}|weekday|weekend|工作日|周末")
