"""Counts about the answer itself: its own words ("a summary in 84 words", meta_counts_exempt)
and the years it names (policy `period_counts` "named_years", gate 2.57.0, d759).

"Comparing the two years: in FY2022 ... in FY2021 ...", "an improving trend over the three-year
period ending in FY2022" after the margins of 2020, 2021 and 2022: the count is of the years the
answer (or its question) names, how the answer frames its own comparison, no figure of the
evidence - no excerpt says "three-year" of it. A count of years ("two years", "three-year", "2
years") is such a count where the answer and the question together name at least two years and
the count is how many they name, or the years from the first named to the last (2020 to 2022:
three years, or the two between them). Any other count of years is checked as before ("has
served for 8 years"). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from groundgate.engine.declarations import about_the_answer
from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import Quantity, typed

# A year as a period is named: "2022", "FY2022", "FY 2022", "fiscal 2022" (its four digits), or
# "FY22" (two digits after FY).
_YEAR = re.compile(
    r"(?<![\d$])(?<!\d[.,])(?:19|20)\d\d(?![\d%]|[.,]\d)|(?i:\bFY\s?)(\d\d)(?![\d%]|[.,]\d)"
)
_WORDS = "counts the answer's own words"
_YEARS = "counts the years the answer names"


def answer_count(
    conclusion: str,
    question: str,
    value: NumericValue,
    *,
    words: bool,
    years: Callable[[Quantity], bool] | None,
    q: Quantity | None = None,
) -> str | None:
    """What a count of `value` is about when it is about the answer itself (its own words with
    `words`, meta_counts_exempt; the years it names with `years`, period_counts), or None.
    `years` says whether the question states the count: then it is the question's value, as
    before (NUMBER_FROM_QUESTION), not this rule's."""
    if words and about_the_answer(conclusion, value):
        return _WORDS
    if years is not None and _counts_named_years(conclusion, question, value, years, q):
        return _YEARS
    return None


def _counts_named_years(
    conclusion: str,
    question: str,
    value: NumericValue,
    stated: Callable[[Quantity], bool],
    q: Quantity | None = None,
) -> bool:
    q = typed(value) if q is None else q  # (`q`: typed(value), made by the caller, d933)
    if q.kind != "count" or q.unit != "year" or q.figure is None or q.decimals or q.negative:
        return False
    named = _named_years(conclusion) | _named_years(question)
    if len(named) < 2:
        return False
    count = int(q.figure)
    first, last = min(named), max(named)
    return count in (len(named), last - first + 1, last - first) and not stated(q)


def _named_years(text: str) -> set[int]:
    years = set()
    for m in _YEAR.finditer(text):
        short = m.group(1)
        years.add(2000 + int(short) if short is not None else int(m.group(0)))
    return years
