"""An acronym the answer says names the label words whose initials it is (policy row_acronyms
"initials", gate 2.51.0, d700): "Diluted EPS was $2.47" says "earnings per share" of the row
"Diluted earnings per share", so the Basic row's cell ("Basic earnings per share $ 2.47") is
another row's figure; without it the answer's "EPS" is no word of either label and "diluted"
alone names no row in full. Read from the labels' own letters (initials.py's reading, d506): an
acronym of three to six capitals ("EPS", "COGS", "SG&A") said before the value on its line,
after the previous figure (a claim's own words: "gross PP&E gives $24,873 - $16,135" says
nothing of 16,135), is the initial letters of a run of a row label's words - every word, or
without "and"/"&", or without "and"/"of"/"the" too - and that run's naming words are the
answer's words too. Two-letter acronyms are not read ("US", "IT": too many runs have such
initials). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.initials import _ASIDES, _SKIPS, _WORD, acronyms

_SHORTEST = 3
_UP_TO_FIGURE = re.compile(r"(?s).*\d")


def acronym_words(text: str, rows: Iterable[str]) -> frozenset[str]:
    """The naming words of every run of a row label's words (of `rows`) whose initial letters
    an acronym of `text` is; empty where `text` says none."""
    last = _UP_TO_FIGURE.match(text)  # (the words since the previous figure, as a claim's)
    said = [a for a in acronyms(text[last.end() :] if last else text) if len(a) >= _SHORTEST]
    if not said:
        return frozenset()
    out: set[str] = set()
    for row in dict.fromkeys(rows):
        words = _WORD.findall(_ASIDES.sub(" ", row))
        for skip in _SKIPS:
            kept = [w for w in words if w.lower() not in skip]
            initials = "".join(w[0].lower() for w in kept)
            for a in said:
                at = initials.find(a)
                while at >= 0:
                    out |= naming_words(" ".join(kept[at : at + len(a)]))
                    at = initials.find(a, at + 1)
    return frozenset(out)
