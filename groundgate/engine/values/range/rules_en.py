"""Ranges in English the scanner reads around its digits: "5-10pm", "11-2pm", a range of hours
with one am/pm after it (numbers.py asks time_range() when a range's second end is followed by
am/pm). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.grammar import AMPM, WS
from groundgate.engine.values.scanned import Scanned, scanned

_AMPM_AFTER = re.compile(AMPM)


def time_range(text: str, start: int, lo: str, hi: str, end: int) -> Scanned | None:
    """ "5-10pm", "11-2pm": a range of hours with one am/pm after it, as a range of two times.
    The first hour takes the same half of the day unless that would put it after the second
    ("11-2pm" is 11 am to 2 pm; "10-12pm" is 10 am to noon)."""
    ampm = _AMPM_AFTER.match(text, end)
    if ampm is None or not (lo.isdigit() and hi.isdigit()):
        return None
    first, last = int(lo), int(hi)
    if not (1 <= first <= 12 and 1 <= last <= 12):
        return None
    suffix = WS.sub("", ampm.group()).lower().replace(".", "")
    other = "am" if suffix == "pm" else "pm"
    same = first < last and last != 12
    stop = ampm.end()
    quantity = WS.sub("", text[start:stop])
    return scanned(
        start, stop, "range", quantity, "", (lo + (suffix if same else other), hi + suffix)
    )
