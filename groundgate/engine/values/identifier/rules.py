"""How an identifier is written: a phone number ("301-352-1200", "(301) 352-1200",
"+1 301-352-1200", "12.345.6789"), or digits in three or more hyphenated groups
("978-0-13-468599-1") or with a leading zero ("010-12345"). Phone and group forms are branches
of the grammar (numbers._MASTER); the country code written before a phone number is read by
country_code_start. The same rules serve English and Chinese ("+86 138-0013-8000").
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.grammar import D

# Branches of the grammar, each continuing after the value's first digit.
PHONE = rf"(?P<phone>{D}{{2}}(?:\)[ \u00a0]?|[-.]){D}{{3}}[-.]{D}{{4}})(?!{D})"
IDENT = rf"(?P<ident>{D}*(?:-{D}+){{2,}}|(?<=[0０]){D}+-{D}{{3,}})(?![0-9０-９])"


# A country code is at most this many digits, and the phone number's first digit lies at most
# COUNTRY_CODE_REACH characters after the code's first digit ("44 (2": the code's other digits,
# a separator and a bracket): how far back country_code_start can reach.
COUNTRY_CODE_DIGITS = 3
COUNTRY_CODE_REACH = COUNTRY_CODE_DIGITS + 2


def country_code_start(text: str, start: int) -> int:
    """Where a phone number starting at `start` starts with its country code written before it
    ("+1 301-352-1200", "1 (800) 555-0199", "+44 (20) ..."): `start` when there is none."""
    j = start - 1 if start and text[start - 1] in " \u00a0.-" else start
    k = j
    while k and j - k < COUNTRY_CODE_DIGITS and text[k - 1] in "0123456789":
        k -= 1
    if k == j:
        return start
    if k and text[k - 1] == "+":
        return k - 1
    if text[k:j] == "1" and (k == 0 or not (text[k - 1].isalnum() or text[k - 1] in ".,")):
        return k
    return start
