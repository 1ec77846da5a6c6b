"""A change the evidence says in words, said with the other direction word (policy
direction_prose "said_words", gate 2.71.0, d887).

A report's prose gives a change by its size after the word of its direction: "扣除非经常性损益的
净利润11.23亿元，较上年同期下降6.38%", "综合毛利率为35.62%，同比增加1.25个百分点", "Operating
income decreased 6.4%". The figure is printed without a sign, so an answer that says it with
the other direction word ("扣非归母净利润同比增长6.38%", "毛利率同比减少1.25个百分点",
"Operating income increased 6.4%") was grounded: a sign flipped in words. Here an evidence
value of prose (of no table column: a sentence ending in figures is read as a row, d859) whose
direction word stands right before it - a word of a rise
or a fall, then at most a filler ("了", "约", "达", "by", "of", "about"), no "至"/"to" (a level
reached: "增长至123.46亿元" is no change) - is a change of that direction; the answer's value
said right after the other direction's word is out of context (`another_direction`, as a
change column's cell is: change_directions.py, d672). Neither word, or a word right before
only one of them, judges nothing. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from groundgate.engine.context.change_directions import (
    against_direction,
    change_column,
    clause_direction,
)

if TYPE_CHECKING:
    from groundgate.engine.context.excerpt_index import _Seen
    from groundgate.engine.context.facts import Fact

_FALL = (
    r"(?:decreas(?:e|ed|es|ing)|declin(?:e|ed|es|ing)|fell|dropped|reduced|down|lower"
    r"|减少|下降|降低|下滑|下跌|回落|减幅为?|降幅为?)"
)
_RISE = r"(?:increas(?:e|ed|es|ing)|grew|rose|up|higher|增加|增长|上升|提高|上涨|增幅为?)"
_FILLER = r"(?:\s*(?:了|约|达|by|of|about|approximately|nearly|some)\s*)?\s*(?:[$¥￥]\s*)?$"
_FALL_BEFORE = re.compile(rf"(?i)(?<![A-Za-z]){_FALL}{_FILLER}")
_RISE_BEFORE = re.compile(rf"(?i)(?<![A-Za-z]){_RISE}{_FILLER}")


_SAID = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_FALL}|{_RISE})(?:\s*(?:了|约|达|by|of|about)\s*)?\s*[$¥￥]?\s*\d"
)


def says_direction(conclusion: str) -> bool:
    """Whether a figure of the conclusion follows a direction word (a cheap first test)."""
    return _SAID.search(conclusion) is not None


def word_direction(text: str, start: int) -> int:
    """The direction the word right before text[start] says: -1 a fall, 1 a rise, 0 none."""
    before = text[max(0, start - 24) : start]
    if _FALL_BEFORE.search(before):
        return -1
    return 1 if _RISE_BEFORE.search(before) else 0


def direction_detail(text: str, fact: Fact, seen: _Seen, cell: str) -> str:
    """What a near miss of the other direction says: "9.9% is the figure for 营业收入 (环比变动),
    a rise; the sentence says a fall" (d672); of prose (d887), the evidence's own words:
    "6.38% is said as a fall ("下降6.38%"); the sentence says a rise"."""
    negative = fact.negative or fact.value.quantity.startswith("-")
    own = 0 if negative or fact.column else word_direction(seen.text, fact.start)
    fall = negative or own < 0
    said, other = ("a fall", "a rise") if fall else ("a rise", "a fall")
    if own:
        words = _FALL_BEFORE if fall else _RISE_BEFORE
        found = words.search(seen.text[max(0, fact.start - 24) : fact.start])
        quoted = (found.group() if found else "") + seen.text[fact.start : fact.end]
        return f'{text} is said as {said} ("{quoted}"); the sentence says {other}'
    return f"{text} is the figure for {cell}, {said}; the sentence says {other}"


def direction_reasons(
    reasons: list[str | None],
    matches: Sequence[tuple[int, Fact, _Seen]],
    conclusion: str,
    span: tuple[int, int],
    quantity: str,
    prose: bool,
) -> list[str | None]:
    """`reasons` with "another_direction" for each match said with the other direction word
    than it has: a change column's cell (change_directions, d672) and, with `prose`
    (direction_prose "said_words"), a prose change said after its direction's word."""
    if quantity.startswith("-"):
        return reasons
    if any(change_column(f) for _, f, _ in matches):
        # "营业收入环比下降9.9%" of a change column's 9.9%: a fall said of a rise (d672).
        direction = clause_direction(conclusion, *span)
        reasons = [
            "another_direction" if r is None and against_direction(f, direction) else r
            for r, (_, f, _) in zip(reasons, matches, strict=True)
        ]
    if prose and any(not f.column for _, f, _ in matches):
        said = word_direction(conclusion, span[0])
        reasons = [
            "another_direction" if r is None and _against(f, seen, said) else r
            for r, (_, f, seen) in zip(reasons, matches, strict=True)
        ]
    return reasons


def _against(fact: Fact, seen: _Seen, said: int) -> bool:
    if said == 0 or fact.column or fact.negative:
        return False
    own = word_direction(seen.text, fact.start)
    return own != 0 and own != said
