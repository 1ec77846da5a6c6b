"""Ranges in English the scanner reads around its digits: "5-10pm", "11-2pm", a range of hours
with one am/pm after it (numbers.py asks time_range() when a range's second end is followed by
am/pm); a span of years whose end gives its last two digits, "2007–11", "2007 -- 11" (a tokenised
dash: TOKENISED_YEAR_DASH, a separator of the grammar; year_span_end). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.grammar import AMPM, WS
from groundgate.engine.values.scanned import Scanned, scanned

_AMPM_AFTER = re.compile(AMPM)

# A dash written " -- " by a tokeniser, read as a range's separator only between a year and two
# or four digits ("2007 -- 11", "2007 -- 2011"); elsewhere it is a dash in a sentence ("pages
# 10 -- 11", "in 2007 -- 1,200 units"): decision d299.
TOKENISED_YEAR_DASH = (
    r"(?<=[12][0-9]{3})(?<![0-9.,．][12][0-9]{3})[ \u00a0]--[ \u00a0]"
    r"(?=[0-9]{2}(?:[0-9]{2})?(?![0-9]|[.,][0-9]))"
)
# The separators after which a two-digit end abbreviates a year: dashes, not a hyphen ("2007-11"
# may be November 2007) nor a tilde.
_YEAR_DASHES = ("–", "—", "--")
_YEAR = re.compile(r"[12][0-9]{3}")


def year_span_end(quantity: str, lo: str, hi: str) -> str | None:
    """ "2007–11", "2007--11" (the range's quantity, whitespace gone) -> "2011": the end of a span
    of years written with its last two digits, in the start's century and after the start, as
    careful writers abbreviate (not "1998–02", not "2010–05"); None otherwise."""
    if len(hi) != 2 or not hi.isdigit() or _YEAR.fullmatch(lo) is None:
        return None
    if quantity[len(lo) : len(quantity) - len(hi)] not in _YEAR_DASHES:
        return None
    return lo[:2] + hi if hi > lo[2:] else None


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
