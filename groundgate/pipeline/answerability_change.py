"""answerability-v3's change and duration rules (d375), apart from the check they serve
(pipeline/answerability.py, which applies them from version 3 on).

- A change's clause says what changed: it states every subject term the chunk states, so
  水质优良比例's 同比上升 is no change of 空气优良率.
- "How long does X take" (or last, 需要多长时间, 持续了多久) asks a duration, which an interval
  ("every 90 days", 每隔3天) does not answer: the interval is taken out of the clause before its
  value is looked for.
"""

from __future__ import annotations

import re

# A question about how long something takes or lasts (not how often, not "between")...
_TAKES = re.compile(
    r"\bhow\s+long\s+(?:does|do|did|will|would|is|are|was|were)\b[^?]*?\b(?:take|takes|last|"
    r"lasts|run|runs)\b|\bduration\b|需要多长时间|需要多久|要花多长时间|花了?多长时间|"
    r"持续了?(?:多长时间|多久|多少天|几天)|用时多",
    re.I,
)
# ... is not answered by an interval: "every 2,000 operating hours", 每隔3天.
_INTERVAL = re.compile(
    r"\bevery\s+\d[\d,.]*\s*(?:[a-z]+\s+)?[a-z]+|每隔?\s*[\d一二两三四五六七八九十百千]+\s*个?"
    r"(?:秒|分钟|小时|天|日|周|月|年)",
    re.I,
)


def asks_how_long_it_takes(question: str, version: int, attribute: str | None) -> bool:
    """v3: the question asks how long something takes or lasts (a duration, not how often)."""
    return version >= 3 and attribute == "duration" and bool(_TAKES.search(question))


def without_intervals(clause: str, takes: bool) -> str:
    """The clause as its value is looked for: without its intervals when the question asks how
    long something takes ("every 90 days" says how often, not how long an inspection takes)."""
    return _INTERVAL.sub(" ", clause) if takes else clause


def change_names_every_term(version: int, attribute: str, present: bool) -> bool:
    """v3: a change's clause must state every subject term the chunk states (when it states
    any): the caller then asks that of the clause instead of one tying word."""
    return version >= 3 and attribute == "change" and present
