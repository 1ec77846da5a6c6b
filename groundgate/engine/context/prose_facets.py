"""Words of a change name no subject (policy prose_facets "change_words", gate 2.58.0, d774).

prose_bindings binds a prose value to facets of naming words; at 2.50.0 (prose_facets
"as_read") every naming word of a facet could set a subject apart, so a clause whose verbs differ
named two subjects, and a clause saying only how a figure moved named one of its own:
  - "AWS segment sales increased 12% ... Net sales increased 13%": the words that set North
    America's 12% apart from the 13% are "north", "america", "segment"; "increased" is no name
    (nor "rose", "grew", "was", "totaled"), so "Asia Pacific revenue was $3.1 billion" names the
    subject of "Asia Pacific revenue increased 4.8% to $2.2 billion" - $3.1 billion is Europe's;
  - "公司实现营业收入256.79亿元，同比增长12.36%；归属于上市公司股东的净利润18.52亿元，
    同比增长8.41%":
    "同比增长" alone names nothing, so 12.36% is of the figure before it (营业收入), as a clause
    part with no naming words is (d690), and "净利润同比增长12.36%" is said of another subject;
  - "12% year-over-year" is read by the number grammar as a percent with the unit "year"; as an
    attribute it is the plain percent "13%" beside it is (the rule compares values of one
    attribute: kind and unit).
With "count_nouns" (d780) also: a bare count is bound to the noun it counts ("hired 12 engineers
and 4 designers"), so "hired 4 engineers" is said of 12's subject where the excerpt's 4 counts
designers (prose_bindings.bound_elsewhere: the answer's noun is another count's near it, not
this one's). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.counted_constants import NOT_NOUN
from groundgate.engine.numbers import NumericValue

# Stemmed words (claims.naming_words) that say how a figure moved or that it is: a direction,
# a verb of being or reaching, a comparison. None names whose figure it is.
CHANGE_WORDS = frozenset(
    {
        # English (stems as words.stemmed_words gives them)
        "increas",
        "decreas",
        "rise",
        "rose",
        "risen",
        "grew",
        "grow",
        "grown",
        "growth",
        "fell",
        "fall",
        "fallen",
        "declin",
        "climb",
        "jump",
        "drop",
        "gain",
        "reach",
        "total",
        "came",
        "stood",
        "improv",
        "expand",
        "compar",
        "versus",
        "yoy",
        "surg",
        "soar",
        "slid",
        "plung",
        "shrank",
        "contract",
        # Chinese
        "同比",
        "环比",
        "增长",
        "增加",
        "同比增加",
        "同比增长",
        "下降",
        "减少",
        "上升",
        "上涨",
        "下滑",
        "回落",
        "提升",
        "增幅",
        "降幅",
        "增速",
        "较",
        "比",
        "上年",
        "同期",
        "实现",
        "达到",
    }
)


def subject_words(words: frozenset[str]) -> frozenset[str]:
    """A facet's words that may name whose figure it is: without the words of a change."""
    return words - CHANGE_WORDS


def count_noun(text: str, start: int, end: int) -> frozenset[str]:
    """The naming words of the noun a bare count at text[start:end] counts ("hired 12 engineers
    and 4 designers": 4 -> design; prose_facets "count_nouns", d780); empty where none."""
    if not _BARE_COUNT.fullmatch(text, start, end):
        return frozenset()
    m = _NOUN_AFTER.match(text, end)
    if m is None or m.group(1).lower() in NOT_NOUN:
        return frozenset()
    return subject_words(naming_words(m.group(1)))


_BARE_COUNT = re.compile(r"\d{1,3}(?:,\d{3})*")
_NOUN_AFTER = re.compile(
    r"\s+(?:(?:new|additional|more|other|further|full-time|part-time)\s+)?([A-Za-z][a-z-]{2,})\b"
)


def attribute_unit(value: NumericValue) -> str:
    """A value's unit as an attribute: a percent "year-over-year" ("12% year") is a percent."""
    return "" if value.kind == "percent" and value.unit == "year" else value.unit
