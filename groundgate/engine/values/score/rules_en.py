"""How a score is written: the number, then its scale ("/5", " out of 10", " stars out of 5").
The scanner (values/number/after.py) reads it after the digits. Pure: no Django, no I/O."""

from __future__ import annotations

import re

# A score: "4.5/5", "8/10", "4 out of 5", "4 stars out of 5": the scale belongs to the value, it
# is no claim of its own.
SCORE_AFTER = re.compile(
    r"(?:[ \u00a0]stars?)?(?:/|[ \u00a0]out of[ \u00a0])(?:5|10|100)"
    r"(?![0-9０-９/,A-Za-z]|[.．][0-9０-９])"  # a full stop may end the sentence: "rated 4/5."
    # and a letter makes it a fraction: "4/5ths", and so does "of" after it: "4/5 of the staff"
    r"(?![ \u00a0]of(?![A-Za-z]))"
)
# The scanned quantity without its whitespace: "4.5/5", "4.5outof5", "4starsoutof5".
SCORE_SPLIT = re.compile(r"/|(?:stars?)?outof")
