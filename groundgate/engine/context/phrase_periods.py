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
from groundgate.engine.context.claims import value_periods
from groundgate.engine.context.periods import mentions
from groundgate.engine.text_memo import text_memo

# An aside between a figure and its period phrase: ", or 8% more,", ", an increase of 9%,",
# ", up 5% year over year," - a change said of the figure, no amount of its own.
_ASIDE = re.compile(
    r"(?i),[ \t]+(?:or|an?|up|down|representing|reflecting)\b[^,.;:$]{0,40}?,"
    r"(?=[ \t]+(?:in|for|during|at|as\s+of|as\s+at)\b)"
)
# A comparative in parentheses right after a figure: "(2018: £12.4 million)", "(2018 $19.6m)".
_COMPARATIVE = re.compile(r"[ \t]*\((?=[^()]{0,40}\d[^()]*\))")
# A lead word right after a figure (adjacent_periods._LEAD's first part): a cheap first look.
_LEAD_WORD = re.compile(r"(?i)[ \t]+(?:in|for|during|at|as|on|through)[ \t]")
_WINDOW = 120  # characters after a figure in which its phrase or comparative is read
_AMOUNT = re.compile(r"(?i)\b(?:billion|million|thousand|bn|mn)\b")


def phrase_periods(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """claims.value_periods(text) with each English prose figure's own period phrase read
    (the module's doc); spans are of `text`."""
    return dict(_phrase_periods(text))


@text_memo(max_bytes=4 * 2**20, item_bytes=200)
def _phrase_periods(text: str) -> tuple[tuple[tuple[int, int], tuple[str, ...]], ...]:
    read = value_periods(text)
    out = dict(read)
    # Each value claims.py read (every value of a sentence naming a period) with what follows
    # it: a lead word ("in", "for", "as of") or an aside, else a parenthesis - the periods are
    # read in a short window after the figure, not over the whole text (a phrase, a list of
    # periods and a comparative's label are short).
    spans = sorted(read)
    for k, (a, b) in enumerate(spans):
        lead, aside = _LEAD_WORD.match(text, b), _ASIDE.match(text, b)
        comparative = None if lead or aside else _COMPARATIVE.match(text, b)
        if (lead is None and aside is None and comparative is None) or _period(text, a, b):
            continue
        window = text[b : b + _WINDOW]
        found = mentions(window)
        if comparative is not None:  # "US$261,518 (2018: US$283,752)": the other's 2018
            # the comparative's label: "(December 31, 2018: $169)" up to its colon, else up
            # to its figure ("(2018 $19.6m)")
            start = comparative.end() - b
            colon = window.find(":", start, start + 30)
            after = next((x for x, y in spans[k + 1 :] if not _period(text, x, y)), b + start)
            end = colon if colon >= 0 else after - b
            named = {p for m, _, p in found if start <= m < end}
            out[a, b] = tuple(p for p in out[a, b] if p not in named)
            continue
        at = 0
        if aside is not None and _AMOUNT.search(aside.group()) is None:
            at = aside.end() - b
        phrase = own_phrase(window, found, {m: i for i, (m, _, _) in enumerate(found)}, at)
        if phrase is not None:
            kinds = {p[0] for p in phrase[0]}
            periods = phrase[0] + tuple(p for p in read[a, b] if p[0] not in kinds)
            out[a, b] = tuple(dict.fromkeys(periods))
    return tuple(out.items())


def _period(text: str, a: int, b: int) -> bool:
    """Whether the value at text[a:b] is itself a period (a year, a quarter, a date)."""
    return bool(mentions(text[a:b]))


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
