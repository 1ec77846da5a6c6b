"""The words after a plain number that change what it is, read by the scanner (numbers.py) once
the grammar has found the digits: each branch hands on to the rules of a kind - am/pm
(values/time), an ordinal ("3rd": values/ordinal), a score ("4.5/5", "4 stars out of 5":
values/score), a month after a day ("5 March": values/date), a Chinese clock time ("晚上9点",
"10点半": values/time), a percentage whose sign comes after a partner ("from 10 to 80%") - or
says the digits are no value (a Skip): form names ("10-K", "this 10K report"), list markers
("1. "), "24/7". Reference for humans: docs/number-grammar.md. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.date.rules_en import day_before_month, ordinal_day
from groundgate.engine.values.grammar import WS
from groundgate.engine.values.ordinal.rules_en import ORDINAL_AFTER
from groundgate.engine.values.scanned import NOT_A_VALUE, Scanned, Skip, scanned
from groundgate.engine.values.score.rules_en import SCORE_AFTER
from groundgate.engine.values.time.rules_en import hour_with_ampm
from groundgate.engine.values.time.rules_zh import chinese_time

# Form names of filings: "10-K", "10-Q", "8-K", "20-F", "10-K/A" are names, not the value 10.
_FORM_AFTER = re.compile(r"[-‐][A-Z]{1,3}(?![A-Za-z])")
# The same names written without their hyphen ("the 10K report", "its latest 10Q"): only with a
# word around them that names a filing, since "10K" alone is as often ten thousand.
_FORM_GLUED = re.compile(r"(?:10|8|6|11|20|40)[KQF](?![A-Za-z0-9])")
_FORM_WORD_AFTER = re.compile(r"[ \u00a0](?:reports?|filings?|forms?|documents?|statements?)\b")
_FORM_WORD_BEFORE = re.compile(
    r"\b(?:the|this|that|its|their|latest|annual|quarterly|Form|FY[0-9]{2,4}|[0-9]{4})"
    r"[ \u00a0]$"
)
# After a space, the first two letters of the words special_after reads past a space: "out of",
# "star(s) out of", "to"/"and" (a range of percentages).
_WORDS_PAST_A_SPACE = frozenset(("ou", "st", "to", "an"))
_PERCENT_PARTNER = re.compile(r" (?:to|and) [0-9]+(?:\.[0-9]+)?[ \u00a0]?[%％](?![0-9])")


# A knockout round named by its fraction of the field: "1/8决赛" (the round of 16), "1/4决赛".
_ROUND_AFTER = re.compile(r"/(?:2|4|8|16|32|64)决赛")


def starts_line(text: str, i: int) -> bool:
    """Whether text[i] is the first non-blank character of a line after a line break."""
    j = i - 1
    while j >= 0 and text[j] in " \t\u00a0":
        j -= 1
    return j >= 0 and text[j] == "\n"


def special_after(text: str, first: int, end: int) -> Scanned | Skip | None:
    """A plain number followed by a word that changes what it is (a Skip: no value)."""
    ch = text[end]
    if ch == " " and end - first > 2 and text[end + 1 : end + 3] not in _WORDS_PAST_A_SPACE:
        return None  # the commonest case: a plain word after a space and 3+ characters
    digits = text[first:end]
    if ch == " " and (text.startswith("to ", end + 1) or text.startswith("and ", end + 1)):
        # "from 10 to 80%", "between 5 and 7.5%": the first number is a percentage too - only
        # right after "from"/"between" ("from 24.6% in FY 2021 to 21.6%" has a year there).
        if (
            text[max(0, first - 8) : first].lower().endswith(("from ", "between "))
            and digits.replace(".", "", 1).isdigit()
            and _PERCENT_PARTNER.match(text, end) is not None
        ):
            return scanned(first, end, "percent", digits + "%", "", ())
        return None
    if ch in ".)":
        # "1. " or "2) " opening a line is a list marker, not a value.
        after = text[end + 1 : end + 2]
        if (
            len(digits) <= 2
            and after in (" ", "\t", "")
            and (first == 0 or starts_line(text, first))
        ):
            return NOT_A_VALUE
        return None
    if ch in "-‐":
        if len(digits) <= 2 and _FORM_AFTER.match(text, end):
            return NOT_A_VALUE
        return None
    if ch in "KQF":
        if _FORM_GLUED.match(text, first) and (
            _FORM_WORD_AFTER.match(text, end + 1)
            or _FORM_WORD_BEFORE.search(text, max(0, first - 12), first)
        ):
            return NOT_A_VALUE
        return None
    small = digits.isdigit() and len(digits) <= 2
    if ch in "点时時":
        return chinese_time(text, first, end) if small and int(digits) <= 24 else None
    if ch in "aApP " and small and 1 <= int(digits) <= 12:
        hour = hour_with_ampm(text, first, end)  # "5 pm"
        if hour is not None:
            return hour
    if ch in "stnrd" and digits.isdigit():
        ordinal = ORDINAL_AFTER.match(text, end)
        if ordinal is None:
            return None
        if small and 1 <= int(digits) <= 31:  # "March 3rd, 2024", "the 3rd of March 2024"
            dated = ordinal_day(text, first, end, ordinal.end())
            if dated is not None:
                return dated
        return scanned(first, ordinal.end(), "ordinal", text[first : ordinal.end()], "", ())
    # (A score needs "/", " out of" or " star(s) out of" right here: test that before the regex.)
    if ch == "/" and digits == "1" and (knockout := _ROUND_AFTER.match(text, end)) is not None:
        return Skip(knockout.end())  # "1/8决赛": a round of a tournament, no value (d296)
    if ch == "/" and digits == "24" and text.startswith("/7", end) and not _digit_at(text, end + 2):
        return Skip(end + 2)  # "open 24/7": always, no claim
    if ch == "/" or (
        ch in " \u00a0" and (text.startswith("out of", end + 1) or text.startswith("star", end + 1))
    ):
        score = SCORE_AFTER.match(text, end)
        if score is not None:
            return scanned(
                first, score.end(), "score", WS.sub("", text[first : score.end()]), "", ()
            )
    if ch in " \u00a0" and small and 1 <= int(digits) <= 31:
        return day_before_month(text, first, end)  # "5 March 2024"
    return None


def _digit_at(text: str, i: int) -> bool:
    return i < len(text) and text[i] in "0123456789０１２３４５６７８９"
