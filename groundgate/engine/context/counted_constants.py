"""A one- or two-digit constant said as a count (policy context_constants "counted", gate 2.58.0,
d776).

The context rule skips a figure of the policy's calculation constants (1, 2, 4, 12, ...) where
it is a constant of the answer's working (d740: "/ 2", "× 100"); the one- and two-digit ones it
skipped everywhere ("in_working"), since "Page 4 of 15" met a table's 4 of another year. Here
such a figure is judged where it counts something: a noun of letters follows it ("opened 4
stores", "12 new branches", "2 segments") and no word before it makes it a part's number
("Page 4", "Note 12", "Item 7", "Tier 1", "Level 2", "Q4"); a word after it that is no noun
("4 of 15", "2 to 3", "1 or higher", "12 x") keeps it skipped. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.numbers import NumericValue

# The noun a count is of: letters, right after the figure (an adjective between allowed).
_NOUN_AFTER = re.compile(
    r"\s+(?:(?:new|additional|more|other|further|separate)\s+)?([A-Za-z][a-z-]{2,})\b"
)
# Words after a figure that make it no count of a noun.
NOT_NOUN = frozenset(
    {
        "of", "to", "and", "or", "the", "in", "on", "at", "for", "per", "by", "from", "than",
        "out", "percent", "times", "basis", "points", "point", "through", "with", "are", "is",
        "was", "were", "has", "have", "had", "will", "would", "million", "billion", "thousand",
        "hundred", "dozen", "then", "that", "which", "where", "when", "but", "nor", "yet",
    }
)  # fmt: skip
# A word before the figure that makes it the number of a part, a page, a tier or a period.
_PART_BEFORE = re.compile(
    r"(?i)\b(?:pages?|p|pp|notes?|items?|parts?|sections?|exhibits?|figures?|fig|tables?|"
    r"chapters?|schedules?|appendix|no|nos|numbers?|steps?|phases?|tiers?|levels?|class|"
    r"series|rules?|articles?|forms?|footnotes?|lines?|rows?|columns?|versions?|options?|"
    r"q|fy|h|week|day|stage|round|grade|type|model|unit|region|zone|group|plan)\s*[.#:]?\s*$"
)


def skipped_short(text: str, value: NumericValue, counted: bool) -> bool:
    """Whether the context rule skips `value`, a constant of the policy's list without a unit,
    for its length: one or two digits, unless (`counted`) it is said as a count of a noun."""
    if len(value.quantity) >= 3:
        return False
    return not (counted and says_count(text, value))


def says_count(text: str, value: NumericValue) -> bool:
    """Whether `value` counts a noun ("opened 4 stores"), not a part's number ("Page 4 of")."""
    m = _NOUN_AFTER.match(text, value.end)
    if m is None or m.group(1).lower() in NOT_NOUN:
        return False
    return _PART_BEFORE.search(text, max(0, value.start - 20), value.start) is None
