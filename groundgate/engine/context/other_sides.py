"""A comparison's other side's period is not this figure's (policy period_phrases "other_sides",
gate 2.73.0, d911; issue 28, d903 item 3).

"Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021": the
sentence gives fiscal 2021 to $8.6 billion alone (phrase_periods), and $10.2 billion no period -
the year it is of (fiscal 2022) is not in the sentence - so a figure of no period contradicted no
named period (d169) and "$10.2 billion in fiscal 2021" passed. Here the figure on one side of a
comparison is recorded as not of the periods the other side's figure has and it lacks a period
of that kind for: two shapes, with no other figure between either figure and the comparison's
words -
  - "<A> compared to|compared with|versus|vs.|than|from <B> <B's periods>";
  - "from <B> <B's periods> to <A>" ("rose from $8.6 billion in fiscal 2021 to $10.2 billion").
A's periods of a kind decide as before where it has one ("In fiscal 2022, ... $10.2 billion
compared to $8.6 billion in fiscal 2021": A is fiscal 2022's, nothing is recorded). English
words only. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from groundgate.engine.context.claim_periods import _period
from groundgate.engine.context.phrase_periods import phrase_periods
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.text_memo import text_memo

# The comparison's words between the two figures (A before, B after), and a "from B ... to A".
_BEFORE_OTHER = re.compile(r"(?i)\b(?:compared\s+(?:to|with)|versus|vs\.?|than|from)(?![A-Za-z])")
_TO = re.compile(r"(?i)\bto\b")
# Between the comparison's words and the other figure: a few lower-case words at most ("an
# increase of", "net sales of"), no number and no name ("from the adoption of IFRS 16 in 2019",
# "compared to 2018, reaching a 30% share": no comparison of two figures).
_NEAR = re.compile(r"[ \t\na-z$€£¥-]{0,30}")
_GAP = 60  # characters at most between a figure and the comparison's words (one clause)
_STOPS = re.compile(r"[.;:!?](?:\s|$)")


def not_of(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """The periods each figure of `text` (by span) is recorded not to be of: the other side's of
    a comparison (the module's doc). A figure not in the map has none."""
    return dict(_not_of(text))


@text_memo(max_bytes=2 * 2**20, item_bytes=120)
def _not_of(text: str) -> tuple[tuple[tuple[int, int], tuple[str, ...]], ...]:
    if _BEFORE_OTHER.search(text) is None:
        return ()
    own = phrase_periods(text)
    figures = _Figures([v for v in extract_numbers(text) if not _period(v)], text)
    out: dict[tuple[int, int], tuple[str, ...]] = {}
    for m in _BEFORE_OTHER.finditer(text):
        before = figures.last_before(m.start())
        after = figures.first_after(m.end())
        if after is None or not _NEAR.fullmatch(text, m.end(), after.start):
            continue
        if before is not None:
            _record(out, own, before, after)
        if m.group().lower() == "from":
            to = _TO.search(text, after.end, after.end + _GAP)
            later = figures.first_after(to.end()) if to is not None else None
            if to is not None and later is not None and not _stop(text, after.end, to.start()):
                _record(out, own, later, after)
    return tuple(out.items())


def _record(
    out: dict[tuple[int, int], tuple[str, ...]],
    own: dict[tuple[int, int], tuple[str, ...]],
    this: NumericValue,
    other: NumericValue,
) -> None:
    mine = own.get((this.start, this.end), ())
    kinds = {p[0] for p in mine}
    theirs = [p for p in own.get((other.start, other.end), ()) if p[0] not in kinds]
    if theirs:
        key = (this.start, this.end)
        out[key] = tuple(dict.fromkeys(out.get(key, ()) + tuple(theirs)))


def _stop(text: str, a: int, b: int) -> bool:
    return b - a > _GAP or _STOPS.search(text, a, b) is not None


class _Figures:
    """A text's figures (values that are no period), in order, looked up by position."""

    def __init__(self, figures: list[NumericValue], text: str) -> None:
        self.figures, self.text = figures, text
        self.starts = [v.start for v in figures]
        self.ends = [v.end for v in figures]  # (figures do not overlap: ends ascend)

    def last_before(self, at: int) -> NumericValue | None:
        """The last figure ending by `at`, with no sentence end between (None: none near)."""
        k = bisect_right(self.ends, at)
        if not k or _stop(self.text, self.ends[k - 1], at):
            return None
        return self.figures[k - 1]

    def first_after(self, at: int) -> NumericValue | None:
        """The first figure starting at or after `at`, with no sentence end between."""
        k = bisect_left(self.starts, at)
        if k == len(self.figures) or _stop(self.text, at, self.starts[k]):
            return None
        return self.figures[k]


# An answer's value said as the end of a change from another figure ("rose from $3.4 billion in
# fiscal 2021 to $4.0 billion"): the period between is the first figure's, which the answer's
# reading gives this one too (claim_periods._own_periods), so its named period decides no
# exclusion here.
_TO_OF_FROM = re.compile(r"(?i)\bfrom\b[^;:]{0,80}?\d[^;:]{0,80}?\bto[ \t]+$")


def to_of_from(before: str) -> bool:
    """Whether the answer's text up to a value ends as "from <figure> ... to " (the value is
    the end of a change from another figure)."""
    return _TO_OF_FROM.search(before[-200:]) is not None


def excluded(named: tuple[str, ...], not_periods: tuple[str, ...]) -> bool:
    """Whether the answer's named periods are, for some kind, all among those the evidence
    figure is recorded not to be of ("$10.2 billion in fiscal 2021" of the figure compared to
    fiscal 2021's)."""
    for k in {p[0] for p in not_periods}:
        mine = {p for p in named if p[0] == k}
        if mine and mine <= set(not_periods):
            return True
    return False
