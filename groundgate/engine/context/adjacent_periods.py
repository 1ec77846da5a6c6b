"""An English sentence's value followed by its own period phrase (policy sentence_periods
"adjacent", gate 2.64.0, d827, d828; issue 28).

A line of prose such as "Net sales were $5.2 billion in 2023 and $4.8 billion in 2022." is read
by the table reader as a row: the short words after each figure ("in", "and") are taken for its
unit, so the line's last letters end at "were" and its figures are cells of a row of no column,
each of no period - and "Net sales were $5.2 billion in 2022" grounded. Here, in a sentence that
names two or more periods of one kind, a figure directly followed by its period phrase ("$X in
2023", "$X for fiscal 2023", "$X in the fourth quarter of 2023", "$X as of December 31, 2022",
"from $X in 2022", "compared with $X in 2022") takes that phrase's periods. A figure with no
period phrase right after it keeps what it had (none): "In 2023, net sales were $5.2 billion, up
from $4.8 billion in 2022" gives $4.8 billion 2022 and $5.2 billion nothing. English only (the
phrase's words); Chinese prose is read clause by clause already (claims.py). Pure: no Django, no
I/O.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from groundgate.engine.context.facts import Fact
from groundgate.engine.context.periods import mentions
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.text_memo import text_memo

# The words between a figure and its period: "in", "for", "as of", "at", then "the",
# "fiscal", "full year" ("$5.2 billion in the fourth quarter of 2023", "for fiscal year 2023").
_LEAD = re.compile(
    r"(?i)[ \t]+(?:in|for|during|at|as\s+of|as\s+at|on|through)[ \t]+"
    r"(?P<words>(?:(?:the|fiscal|full|year|full-year)[ \t]+)*)"
)
# Between two mentions of one period phrase: "fourth quarter of 2023", "December 31, 2023",
# "Q4 2023", "three months ended December 31, 2023" is not read (no figure before "ended").
_JOIN = re.compile(r"(?i)[ \t]+of[ \t]+|[ \t]*\d{1,2},?[ \t]+|,?[ \t]+")

# Between the phrase and a further period: a list or a span of periods ("2023 and 2022").
_LISTED = re.compile(r"(?i)[ \t]*(?:,|and|or|to|through|-|–)[ \t]*(?:(?:and|or)[ \t]+)?")


def adjacent_periods(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """The periods of each figure of `text` (by span) that its own period phrase follows, in a
    sentence naming two or more periods of one kind; figures without one are absent."""
    return dict(_adjacent(text))


@text_memo(max_bytes=2 * 2**20, item_bytes=200)
def _adjacent(text: str) -> tuple[tuple[tuple[int, int], tuple[str, ...]], ...]:
    out: list[tuple[tuple[int, int], tuple[str, ...]]] = []
    for sentence in split_sentences(text):
        _sentence_phrases(sentence.text, sentence.start, out)
    return tuple(out)


def _sentence_phrases(
    sentence: str, s0: int, out: list[tuple[tuple[int, int], tuple[str, ...]]]
) -> None:
    """adjacent_periods of one sentence starting at `s0` of its text, into `out`."""
    found = mentions(sentence)
    kinds: dict[str, set[str]] = {}
    for _, _, p in found:
        kinds.setdefault(p[0], set()).add(p)
    if not any(len(ps) > 1 for ps in kinds.values()):
        return
    by_start = {s: k for k, (s, _, _) in enumerate(found)}
    for v in extract_numbers(sentence):
        if any(a <= v.start < b for a, b, _ in found):
            continue  # a period's own number
        phrase = own_phrase(sentence, found, by_start, v.end)
        if phrase is not None:
            out.append(((s0 + v.start, s0 + v.end), phrase[0]))


def own_phrase(
    text: str, found: list[tuple[int, int, str]], by_start: dict[int, int], at: int
) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """The periods of the period phrase right after a figure ending at `at` of the sentence
    `text` ("$X in the fourth quarter of 2023"), with the indices of their mentions in `found`
    (the sentence's period mentions; `by_start`: each mention's index by its start), or None:
    no phrase, or a list or span of periods ("in 2023 and 2022") that is no one period's."""
    lead = _LEAD.match(text, at)
    # (the mention may start at one of the words: "fiscal 2024" is one mention)
    starts = [a for a in by_start if lead is not None and lead.start("words") <= a <= lead.end()]
    if not starts:
        return None
    k = first = by_start[min(starts)]
    periods = [found[k][2]]
    while k + 1 < len(found):
        gap = text[found[k][1] : found[k + 1][0]]
        if found[k + 1][0] < found[k][1] or not _JOIN.fullmatch(gap):
            break
        k += 1
        periods.append(found[k][2])
    if k + 1 < len(found) and _LISTED.fullmatch(text[found[k][1] : found[k + 1][0]]):
        return None  # "in 2023 and 2022", "from 2022 to 2023": a list or a span, no one's
    own = tuple(dict.fromkeys(periods))
    if len({p[0] for p in own}) != len(own):  # "in 2023 and 2022": a list, no one's
        return None
    return own, tuple(range(first, k + 1))


def with_adjacent_periods(facts: list[Fact], text: str) -> list[Fact]:
    """The facts with a row cell of no column and no period given its figure's own period
    phrase (adjacent_periods), where its sentence has one; every other fact as it was."""
    starts = sorted(f.start for f in facts if f.in_table and not f.column and not f.periods)
    if not starts:
        return facts
    # Only the sentences holding such a cell are read (d931): a figure's phrase is read in its
    # own sentence, so the others' spans are asked of no fact (adjacent_periods reads them all).
    found: list[tuple[tuple[int, int], tuple[str, ...]]] = []
    for sentence in split_sentences(text):
        k = bisect_left(starts, sentence.start)
        if k < len(starts) and starts[k] < sentence.end:
            _sentence_phrases(sentence.text, sentence.start, found)
    own = dict(found)
    if not own:
        return facts
    return [
        f._replace(periods=own[f.start, f.end])
        if f.in_table and not f.column and not f.periods and (f.start, f.end) in own
        else f
        for f in facts
    ]
