"""How an ordinal is written in digits: "1st", "2nd", "3rd", "4th". The scanner
(values/number/after.special_after) reads it after the digits. Pure: no Django, no I/O."""

from __future__ import annotations

import re

ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])")
