"""A prose figure's own period phrase (policy sentence_periods "own_phrases", gate 2.68.0, d855,
d856; issue 28): the periods an excerpt's English prose gives each figure, where the phrase
right after a figure names its period (adjacent_periods.own_phrase: "$1.3 billion in Q2",
"$4.8 billion in 2022", "$812 million for fiscal 2024") or follows an aside about it ("$5.2
billion, or 8% more, in 2023", "$812 million, an increase of 9%, in fiscal 2024").

claims.py reads a prose value's periods by clause: the mentions of its clause with no other
figure between (so "In 2023, revenue was $1.1 billion in Q1, $1.3 billion in Q2" gave $1.3
billion both Q1 and Q2), a period after it unless another of its kind follows with no figure
between ("$4.8 billion in 2022, and in 2023 it was $5.2 billion" gave $4.8 billion none), and a
period in the next clause not at all ("$5.2 billion, or 8% more, in 2023" none). Here a figure
with its own phrase takes the phrase's periods in place of its reading's of the same kinds
(the sentence's year stays: "Q2" and 2023); a figure without one keeps its reading, but for a
period named in parentheses right after it, which is the comparative's ("US$261,518 (2018:
US$283,752)": 2018 is the second figure's). And a sentence's figure that the table
reader took for a row's cell (rows.cells_from reads the short word after a figure - "in",
"and" - as its unit, so a sentence ending in figures is a row of no column) is a prose value:
prose_row says which. English words only. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.adjacent_periods import own_phrase
from groundgate.engine.context.claim_periods import _period
from groundgate.engine.context.claims import value_periods
from groundgate.engine.context.periods import mentions
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.text_memo import text_memo

# An aside between a figure and its period phrase: ", or 8% more,", ", an increase of 9%,",
# ", up 5% year over year," - a change said of the figure, no amount of its own.
_ASIDE = re.compile(
    r"(?i),[ \t]+(?:or|an?|up|down|representing|reflecting)\b[^,.;:$]{0,40}?,"
    r"(?=[ \t]+(?:in|for|during|at|as\s+of|as\s+at)\b)"
)
# A comparative in parentheses right after a figure: "(2018: £12.4 million)", "(2018 $19.6m)".
_COMPARATIVE = re.compile(r"[ \t]*\((?=[^()]{0,40}\d[^()]*\))")
_AMOUNT = re.compile(r"(?i)\b(?:billion|million|thousand|bn|mn)\b")


def phrase_periods(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """claims.value_periods(text) with each English prose figure's own period phrase read
    (the module's doc); spans are of `text`."""
    return dict(_phrase_periods(text))


@text_memo(max_bytes=4 * 2**20, item_bytes=200)
def _phrase_periods(text: str) -> tuple[tuple[tuple[int, int], tuple[str, ...]], ...]:
    read = value_periods(text)
    if " in " not in text and " for " not in text and " at " not in text and "(" not in text:
        return tuple(read.items())
    out = dict(read)
    for sentence in split_sentences(text):
        s = sentence.text
        found = mentions(s)
        if not found:
            continue
        by_start = {a: k for k, (a, _, _) in enumerate(found)}
        s0 = sentence.start
        figures = [v for v in extract_numbers(s) if not _period(v)]
        own: dict[tuple[int, int], tuple[tuple[str, ...], tuple[int, ...]]] = {}
        for v in figures:
            at = v.end
            aside = _ASIDE.match(s, at)
            if aside is not None and _AMOUNT.search(aside.group()) is None:
                at = aside.end()
            phrase = own_phrase(s, found, by_start, at)
            if phrase is not None:
                own[v.start, v.end] = phrase
        for v in figures:
            mine = own.get((v.start, v.end))
            if mine is None:
                continue  # no phrase of its own: its clause's reading stands
            span = (s0 + v.start, s0 + v.end)
            kinds = {p[0] for p in mine[0]}
            periods = mine[0] + tuple(p for p in read.get(span, ()) if p[0] not in kinds)
            out[span] = tuple(dict.fromkeys(periods))
        for v in figures:  # "US$261,518 (2018: US$283,752)": 2018 is the other figure's
            span = (s0 + v.start, s0 + v.end)
            aside = _COMPARATIVE.match(s, v.end)
            if aside is not None and (v.start, v.end) not in own:
                # the comparative's label: "(December 31, 2018: $169)" up to its colon, else
                # up to its figure ("(2018 $19.6m)")
                colon = s.find(":", aside.end(), aside.end() + 30)
                after = [u.start for u in figures if u.start >= aside.end()]
                end = colon if colon >= 0 else (after[0] if after else aside.end())
                named = {p for a, _, p in found if aside.end() <= a < end}
                out[span] = tuple(p for p in out.get(span, ()) if p not in named)
    return tuple(out.items())


# A line of prose, not a table's row: it ends a sentence (".", ";") after its last figure and
# its label is words of a sentence (four or more, one of them in lower case).
_SENTENCE_END = re.compile(r"[.;][\"')\]]?\s*$")
_WORD = re.compile(r"[A-Za-z]+")


def prose_row(text: str, start: int) -> bool:
    """Whether the line of `text` holding position `start` reads as a sentence (the table
    reader took it for a row): it ends as a sentence does and has four or more words before
    `start`, one of them in lower case."""
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", start)
    line = text[a : b if b >= 0 else len(text)]
    if _SENTENCE_END.search(line) is None:
        return False
    words = _WORD.findall(text, a, start)
    return len(words) >= 4 and any(w.islower() for w in words)
