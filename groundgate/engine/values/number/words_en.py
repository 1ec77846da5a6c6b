"""Numbers written in English words where they make a claim: "three years", "twenty-five
minutes", "four stars", "ten percent", "a two-year warranty", "a three-point advantage".

numbers.py's grammar reads digits; this adds the values written in words, found from the unit
after them (a duration, "percent", "star(s)", "point(s)", a length), since a number word alone
is as often no claim at all ("one of the best", "the two of them"); "one" is left out for the
same reason. Like digits, a span the answer names ("over the three years in question") is a
claim the evidence must state. quantities.typed() reads the quantity through to_int().
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.count.calendar import calendar_phrase
from groundgate.engine.values.scanned import Scanned, scanned

_ONES = ("two three four five six seven eight nine").split()
_TEENS = ("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = ("twenty thirty forty fifty sixty seventy eighty ninety").split()
_VALUES = {w: i for i, w in enumerate(_ONES, start=2)} | {w: i for i, w in enumerate(_TEENS, 10)}
_VALUES |= {w: 10 * i for i, w in enumerate(_TENS, start=2)} | {"one": 1}
# Where a unit that number words may carry starts (the value is then read backwards from it).
# A score's points and the measures of length are units too ("a three-point advantage" is "a
# 3-point lead", "a five-mile run" "a 5-mile run": decision d300).
# Each pattern below starts with a lookahead for the first letters its branches can start
# with: a necessary condition, so it changes no match (tests/engine/test_number_grammar_guards.py),
# but the alternation is no longer tried at every space of a text (every text is read so).
_UNIT_AHEAD = r"(?=[smhdwypfik])"
_UNIT = re.compile(
    r"[ -]" + _UNIT_AHEAD + r"(seconds?|minutes?|hours?|days?|weeks?|months?|years?|percent"
    r"|stars?|points?|miles?|feet|foot|inch(?:es)?|(?:kilo)?met(?:re|er)s?)(?![A-Za-z])"
)
_NUMBER_AHEAD = r"(?=[tfsen])"
_NUMBER_BEFORE = re.compile(
    _NUMBER_AHEAD
    + r"(?<![A-Za-z-])(?:(?:"
    + "|".join(_TENS)
    + r")(?:-(?:one|"
    + "|".join(_ONES)
    + r"))?"
    r"|" + "|".join(_TEENS + _ONES) + r")$",
    re.IGNORECASE,
)
# The units as units.py knows them ("star" and "point" are none: "four stars" and "three points"
# are the counts a table gives, and "3 points" or "a 3-point lead" are read without a unit).
_UNITS = {"star": "", "stars": "", "point": "", "points": ""}


def to_int(words: str) -> int:
    """The value of "twenty-five", "Three", "forty"."""
    total = 0
    for part in words.lower().split("-"):
        total += _VALUES[part]
    return total


def word_values(text: str) -> list[Scanned]:
    """The values `text` writes in English number words with a unit after them."""
    found: list[Scanned] = []
    for unit in _UNIT.finditer(text):
        start = unit.start()
        number = _NUMBER_BEFORE.search(text, max(0, start - 14), start)
        if number is None:
            continue
        word = unit.group(1)
        if calendar_phrase(text, number.start(), unit.end(), to_int(number.group()), word):
            continue  # "seven days a week"
        found.append(
            scanned(number.start(), unit.end(), "number", number.group(), _UNITS.get(word, word))
        )
    return found


def number_word(n: int) -> str | None:
    """The English word for 1-99 ("one", "seven", "twenty-five"); None outside."""
    if not 1 <= n <= 99:
        return None
    if n == 1:
        return "one"
    if n < 10:
        return _ONES[n - 2]
    if n < 20:
        return _TEENS[n - 10]
    tens, ones = divmod(n, 10)
    return _TENS[tens - 2] + ("-" + ("one" if ones == 1 else _ONES[ones - 2]) if ones else "")


_ORDINAL_ONES = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth"
).split()


def ordinal_word(n: int) -> str | None:
    """The English ordinal for 1-99 ("first", "twelfth", "twenty-first", "fortieth")."""
    if not 1 <= n <= 99:
        return None
    if n < 20:
        return _ORDINAL_ONES[n - 1]
    tens, ones = divmod(n, 10)
    if not ones:
        return _TENS[tens - 2][:-1] + "ieth"  # twenty -> twentieth
    return _TENS[tens - 2] + "-" + _ORDINAL_ONES[ones - 1]


# The thing a small count counts, right after it: "2 tablets" -> "tablet".
_NOUN_AFTER = re.compile(r"[ \u00a0]([A-Za-z][a-z]+)")


def counted_noun(text: str, end: int) -> str | None:
    """The word right after a count at text[end] ("2 tablets", "3 stores"), singular and lower
    case, or None."""
    m = _NOUN_AFTER.match(text, end)
    if m is None:
        return None
    noun = m.group(1).lower()
    return noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun


def count_in_words(
    excerpt: str, n: int, noun: str, *, ordinal: bool = False
) -> tuple[int, int] | None:
    """Where `excerpt` writes the count n (or, `ordinal`, the ordinal: "second", "twenty-first")
    in words before the same noun ("two tablets", "Two reportable segments": one word may stand
    between; "second-largest"), as (start, end) of the number word."""
    word = ordinal_word(n) if ordinal else number_word(n)
    if word is None or word not in excerpt.lower():
        return None
    pattern = re.compile(
        rf"(?<![A-Za-z-]){word}(?:[ \u00a0-][A-Za-z-]+)?[ \u00a0-]{re.escape(noun)}s?(?![A-Za-z])",
        re.IGNORECASE,
    )
    m = pattern.search(excerpt)
    return None if m is None else (m.start(), m.start() + len(word))
