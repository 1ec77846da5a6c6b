"""How a time of day is written with a colon or in English: "9:00 PM", "21:0", "9:30:15", "5 pm",
"noon", "midnight". The clock form is a branch of the grammar (numbers._MASTER); "5 pm" is read
after a plain number (values/number/after.py); "noon" and "midnight" by the scanner's word
pass. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.grammar import AMPM, WS, D
from groundgate.engine.values.scanned import Scanned, scanned
from groundgate.engine.values.time.rules_zh import NOT_A_CLOCK_AFTER

# Odds, a ratio or a split, not a clock: "3:1 odds", "a 2:1 ratio", "a 3:1 stock split" - its
# numbers are read as two counts, as "比分3:1" is (decision d296).
NOT_A_CLOCK_BEFORE = r"(?![ \u00a0](?:odds|ratio|(?:stock[ \u00a0])?split)(?![A-Za-z]))"
# A branch of the grammar, continuing after the value's first digit; no clock after a match's
# score word ("比分3:1": rules_zh.NOT_A_CLOCK_AFTER) nor before odds (NOT_A_CLOCK_BEFORE).
CLOCK = (
    rf"(?P<time>{D}?{NOT_A_CLOCK_AFTER}:{D}{{1,2}}(?::{D}{{2}})?(?!{D}){NOT_A_CLOCK_BEFORE}{AMPM}?)"
)
# Times of day in words (the Chinese ones are in rules_zh.py).
WORD_TIMES_EN = r"(?<![A-Za-z])(?:noon|midnight)(?![A-Za-z])"

_AMPM_AFTER = re.compile(AMPM)


def hour_with_ampm(text: str, first: int, end: int) -> Scanned | None:
    """ "5 pm", "11am", "9 a.m.": an hour (text[first:end], 1-12) with am/pm after it."""
    ampm = _AMPM_AFTER.match(text, end)
    if ampm is None:
        return None
    return scanned(first, ampm.end(), "time", WS.sub("", text[first : ampm.end()]))
