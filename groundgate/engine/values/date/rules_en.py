"""How English writes a date: digit forms ("2024-05-01", "2024.5.1", "5/1/2024") and month names
("August 2014", "March 5", "March 5, 2024", "Dec. 31", "3rd of March", "5 March 2024").
The digit forms are branches of the grammar (numbers._MASTER); month_before and ordinal_day are
read by the scanner around a plain number (numbers._raw, values/number/after.special_after).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.grammar import WS, D
from groundgate.engine.values.scanned import Scanned, scanned

# Branches of the grammar, each continuing after the value's first digit (numbers._MASTER).
ISO_DATE = (
    rf"(?P<iso>{D}{{3}}(?:[-/]{D}{{1,2}}[-/]|[.．]{D}{{1,2}}[.．]){D}{{1,2}})(?!{D}|[.．]{D})"
)
US_DATE = rf"(?P<usdate>{D}?/{D}{{1,2}}/{D}{{4}})(?!{D})"

# Each month's full name, then its short forms.
_MONTH_NAMES = (
    ("January", "Jan"),
    ("February", "Feb"),
    ("March", "Mar"),
    ("April", "Apr"),
    ("May",),
    ("June", "Jun"),
    ("July", "Jul"),
    ("August", "Aug"),
    ("September", "Sept", "Sep"),
    ("October", "Oct"),
    ("November", "Nov"),
    ("December", "Dec"),
)
MONTHS = {name: number for number, names in enumerate(_MONTH_NAMES, start=1) for name in names}
# The short forms take a full stop ("Dec. 31"); after a full name one ends a sentence.
MONTH_ABBREVIATIONS = frozenset(name for names in _MONTH_NAMES for name in names[1:])
_MONTH = "(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
# Capitalised month names only: "may 5" is a verb and a number.
MONTH_AFTER = re.compile(rf"[ \u00a0]{_MONTH}(?![a-z])\.?(?:,?[ \u00a0]{D}{{4}}(?![0-9０-９]))?")
_YEAR_AFTER = re.compile(rf",?[ \u00a0]{D}{{4}}(?![0-9０-９])")
_OF_MONTH_AFTER = re.compile(rf"(?:[ \u00a0]of)?{MONTH_AFTER.pattern}")


def day_before_month(text: str, first: int, end: int) -> Scanned | None:
    """ "5 March", "5 March 2024": a day (text[first:end]) before a month name."""
    month = MONTH_AFTER.match(text, end)
    if month is None:
        return None
    surface = text[first : month.end()]
    year = surface[-4:] if surface[-1].isdigit() else ""
    return scanned(first, month.end(), "date", WS.sub(" ", surface), "", (year,) if year else ())


def ordinal_day(text: str, first: int, end: int, suffix_end: int) -> Scanned | None:
    """A day written as an ordinal in a date: after its month ("March 3rd", "March 3rd, 2024")
    or before it ("3rd of March", "1st July 2022"); None when no month is there."""
    stop = None
    if first >= 4 and text[first - 1] in " \u00a0":
        dated = month_before(text, first, end)
        if dated is not None:
            start, stop = dated.start, suffix_end
            year = _YEAR_AFTER.match(text, stop)
            if year is not None:
                stop = year.end()
    if stop is None:
        month = _OF_MONTH_AFTER.match(text, suffix_end)
        if month is None:
            return None
        start, stop = first, month.end()
    surface = WS.sub(" ", text[start:stop])
    year_text = surface[-4:] if surface[-1].isdigit() and surface[-5:-4] in (" ", ",") else ""
    return scanned(start, stop, "date", surface, "", (year_text,) if year_text else ())


# Full month names in lower case ("may 30", "november 1980": decision d296); "may" and "march"
# are also a verb and a noun, read as a month only when the date ends there ("on may 30, 2020",
# "until march 2019.") - not before a unit or word ("you may 30 times", "march 5 miles").
_LOWER_MONTHS = frozenset(names[0].lower() for names in _MONTH_NAMES)
_VERBS = frozenset(("may", "march"))
_DATE_ENDS = re.compile(rf"(?:,?[ \u00a0]{D}{{4}}(?![0-9０-９]))?(?:[,.;:)!?\n]|$)")


def _lower_case_month(text: str, word: str, digits: str, end: int) -> bool:
    """Whether `word` before the digits text[..end] is a month name in lower case that starts a
    date (see _LOWER_MONTHS)."""
    if word not in _LOWER_MONTHS:
        return False
    return word not in _VERBS or _DATE_ENDS.match(text, end) is not None


def month_before(text: str, first: int, end: int) -> Scanned | None:
    """A date that starts with a month name: "August 2014", "March 5", "March 5, 2024"."""
    digits = text[first:end]
    if not digits.isdigit() or len(digits) not in (1, 2, 4):
        return None
    # The word before (and its full stop: "Aug. 2014"), looked up in MONTHS - no regex.
    k = first - 2
    abbreviated = text[k] == "."
    if abbreviated:
        k -= 1
    stop_word = k + 1
    while k >= 0 and ("A" <= text[k] <= "Z" or "a" <= text[k] <= "z"):
        k -= 1
    word = text[k + 1 : stop_word]
    if word not in (MONTH_ABBREVIATIONS if abbreviated else MONTHS):
        # (A full name before a full stop ends a sentence: "in June. 30 stores opened".)
        if abbreviated or not _lower_case_month(text, word, digits, end):
            return None
    start, stop = k + 1, end
    if len(digits) <= 2:
        if not 1 <= int(digits) <= 31:
            return None
        year = _YEAR_AFTER.match(text, end)
        if year is not None:
            stop = year.end()
    # A date also offers its year ("2014" is grounded by "May 2014" and "May 1, 2024").
    offers = (digits,) if len(digits) == 4 else ((text[stop - 4 : stop],) if stop > end else ())
    return scanned(start, stop, "date", WS.sub(" ", text[start:stop]), "", offers)
