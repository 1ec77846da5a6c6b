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

_SPACE = r"[ \u00a0]"
# Odds, a ratio or a split, not a clock: "3:1 odds", "a 2:1 ratio", "a 3:1 stock split" - its
# numbers are read as two counts, as "比分3:1" is (decision d296).
NOT_A_CLOCK_BEFORE = r"(?![ \u00a0](?:odds|ratio|(?:stock[ \u00a0])?split)(?![A-Za-z]))"
# ... and odds or a ratio named before it: "the odds were 3:1", "odds of 5:2", "a ratio of 2:1"
# (decision d302). Lookbehinds (one per phrase and width) before the clock's colon, written after
# the value's first digit, as rules_zh.NOT_A_CLOCK_AFTER (a space is written [ \u00a0]: the
# grammar is verbose).
NOT_A_CLOCK_AFTER_EN = "".join(
    rf"(?<!{word}{link}[0-9]{{{digits}}})"
    for word in ("odds", "Odds", "ratio", "Ratio")
    for link in (
        _SPACE,
        ":" + _SPACE,
        *(_SPACE + verb + _SPACE for verb in ("of", "at", "is", "was", "are", "were")),
    )
    for digits in (1, 2)
)
# A branch of the grammar, continuing after the value's first digit; no clock after a match's
# score word ("比分3:1", "赔率为3:1": rules_zh.NOT_A_CLOCK_AFTER) or odds ("the odds were 3:1":
# NOT_A_CLOCK_AFTER_EN), nor before odds (NOT_A_CLOCK_BEFORE).
CLOCK = (
    rf"(?P<time>{D}?{NOT_A_CLOCK_AFTER}{NOT_A_CLOCK_AFTER_EN}:{D}{{1,2}}(?::{D}{{2}})?(?!{D})"
    rf"{NOT_A_CLOCK_BEFORE}{AMPM}?)"
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
