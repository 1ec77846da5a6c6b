"""The periods a value of an answer's sentence names (claims.py's reading, moved here whole):
its own clause's mentions, a comparison's other side, "respectively", and the periods leading its
sentence. Private helpers keep their names (_own_periods, _leading_periods, _Mentions, _period).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from groundgate.engine.context.comparisons import CHANGE, COMPARED_TO, EARLIER, word_starts
from groundgate.engine.numbers import NumericValue
from groundgate.engine.values.registry import PERIODS

# A comparison between a period and a value's clause: the period is the other side's
# ("revenue was 5 in 2019, up from 4"; "... than the previous year"). Word starts, English.
_COMPARING = re.compile("(?i)" + word_starts(COMPARED_TO + EARLIER + CHANGE))


_RESPECTIVELY = re.compile(r"(?i)\brespectively\b|分别")


class _Mentions:
    """A sentence's period mentions (left to right, none overlapping: starts and ends both
    ascend) with, for each, the start of the next mention of its kind: looked up by
    _own_periods, never rescanned per value."""

    __slots__ = ("ends", "following", "found", "starts")

    def __init__(self, found: list[tuple[int, int, str]]) -> None:
        self.found = found
        self.starts = [s for s, _, _ in found]
        self.ends = [e for _, e, _ in found]
        self.following: list[int | None] = [None] * len(found)
        later: dict[str, int] = {}
        for k in range(len(found) - 1, -1, -1):
            kind = found[k][2][0]
            self.following[k] = later.get(kind)
            later[kind] = found[k][0]


def _own_periods(
    v: NumericValue,
    figure_starts: list[int],
    mentioned: _Mentions,
    c0: int,
    c1: int,
) -> tuple[str, ...]:
    """The periods of the value's clause that are its own: no other figure between the period
    and the value, and not the first of a list of periods after it ("as of 2021 and 2020").
    `figure_starts`: the sorted starts of the sentence's figures (values that are no period).

    Only the mentions between the figures either side of the value can be its own (one ending
    before the last figure that starts before the value has that figure between them; one
    starting after the first figure from the value's end, likewise): those are found by
    bisection, so a sentence of many values and periods is read in n log n."""

    def figure_between(a: int, b: int) -> bool:
        # v's own start is never inside the intervals asked about, so it needs no exclusion.
        k = bisect_left(figure_starts, a)
        return k < len(figure_starts) and figure_starts[k] < b

    found, starts = mentioned.found, mentioned.starts
    k = bisect_left(figure_starts, v.start)
    lo = bisect_right(mentioned.ends, figure_starts[k - 1]) if k else 0
    lo = max(lo, bisect_left(starts, c0))
    g = bisect_left(figure_starts, v.end)
    hi = bisect_right(starts, figure_starts[g]) if g < len(figure_starts) else len(found)
    hi = min(hi, bisect_left(starts, c1))
    out: list[str] = []
    for k in range(lo, hi):
        start, end, period = found[k]
        if not c0 <= start < c1 or period in out:
            continue
        if end <= v.start:
            if figure_between(end, v.start):
                continue
        elif start >= v.end:
            if figure_between(v.end, start):
                continue
            following = mentioned.following[k]
            if following is not None and not figure_between(end, following):
                continue
        out.append(period)
    return tuple(out)


def _leading_periods(
    before: str, own: tuple[str, ...], sentence_mentions: list[tuple[int, int, str]]
) -> tuple[str, ...]:
    """Periods the sentence names before the value's clause and that carry over to it ("In
    2019, revenue was 5 and costs were 3"): one of a kind the clause does not name, with no
    comparison between it and the value ("revenue was 5 in 2019, up from 4": 4 is not 2019's).
    `before` is the sentence up to the clause; `sentence_mentions` the whole sentence's period
    mentions, of which those ending by the clause's start are the ones `before` names (a clause
    starts after its separator, which no period mention contains or ends at)."""
    kinds = {p[0] for p in own}
    cut = len(before)
    found = [m for m in sentence_mentions if m[1] <= cut]
    out: list[str] = []
    for k in "YQHMD":
        of_kind = [(end, p) for _, end, p in found if p[0] == k]
        if k in kinds or len({p for _, p in of_kind}) != 1:
            continue
        end, period = of_kind[-1]
        if not _COMPARING.search(before[end:]):
            out.append(period)
    return tuple(out)


# A period's length before its end ("six months ended", "52 weeks ended", "three-month period
# ending"): policy period_phrases (d910).
_LENGTH_UNITS = frozenset({"month", "months", "week", "weeks"})
_ENDED = re.compile(r"(?i)[ \t]+(?:period[ \t]+)?(?:ended|ending)\b")


def without_lengths(text: str, figures: list[NumericValue]) -> list[int]:
    """The sorted starts of `figures` (values of the sentence `text` that are no period) less
    those of a period's length before its end ("$453 million in the six months ended July 29,
    2023": "six months" is the period phrase's, no figure between $453 million and its date;
    policy period_phrases "ended_lengths", d910)."""
    return sorted(
        u.start
        for u in figures
        if u.unit.lower() not in _LENGTH_UNITS or _ENDED.match(text, u.end) is None
    )


def _period(v: NumericValue) -> bool:
    return v.kind in PERIODS or (
        len(v.quantity) == 4 and v.quantity.isdigit() and v.quantity[:2] in ("19", "20")
    )
