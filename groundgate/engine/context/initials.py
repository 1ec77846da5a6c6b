"""Acronyms said against the initial letters of a row label (policy `derivation_words:
"one_said_initials"`, gate 2.27.0, d506).

People name a statement's rows by their initials: "COGS" is "Cost of goods sold", "PP&E"
"Property, plant and equipment, net", "SG&A" "Selling, general and administrative expenses",
"R&D" "Research and development", "EPS" "Earnings per share". Word overlap (derivation_words
"one_said", d479) never relates them: the answer's word is no word of the label. Here an
acronym of the value's sentence or the question - two to six capitals, "&" between them allowed,
a plural "s" after them ("ARs") - names a row when its letters are the initial letters of the
label's first words: every word, or without "and"/"&", or without "and", "of", "the" too (a
label's leading "Total"/"Net" and its asides in brackets aside). No list of names: the reading
is the label's own letters. A statement's name ("P&L", d481) is no row's name.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.operation_words import _DOCUMENT_NAMES
from groundgate.engine.text_memo import text_memo

# Two to six capitals (an "&" between two of them), a plural "s", standing alone.
_ACRONYM = re.compile(r"(?<![\w&])([A-Z](?:&?[A-Z]){1,5})s?(?![\w&])")
_ASIDES = re.compile(r"[(（][^()（）]*[)）]")
_WORD = re.compile(r"[A-Za-z]+|&")
_LEADING = frozenset({"total", "net"})
# The words an acronym may pass over, widest reading last: none, the conjunction, the
# connectives too ("Cost of goods sold" keeps its "of": COGS).
_SKIPS: tuple[frozenset[str], ...] = (
    frozenset(),
    frozenset({"and", "&"}),
    frozenset({"and", "&", "of", "the"}),
)


@text_memo(max_bytes=2**18, item_bytes=64)
def acronyms(text: str) -> frozenset[str]:
    """The acronyms `text` says, in lower case without "&" ("PP&E" -> "ppe"); a statement's
    name ("P&L") is none."""
    if not text:
        return frozenset()
    text = _DOCUMENT_NAMES.sub(" ", text)
    return frozenset(m.group(1).replace("&", "").lower() for m in _ACRONYM.finditer(text))


@text_memo(max_bytes=2**18, item_bytes=64)
def label_initials(label: str) -> tuple[str, ...]:
    """The initial letters of a row label's words, once per reading of _SKIPS ("Cost of
    goods sold": "cogs", "cogs", "cgs")."""
    words = [w.lower() for w in _WORD.findall(_ASIDES.sub(" ", label))]
    while words and words[0] in _LEADING:
        words = words[1:]
    return tuple("".join(w[0] for w in words if w not in skip) for skip in _SKIPS)


def names_row(said: frozenset[str], label: str) -> bool:
    """Whether an acronym of `said` is the initial letters of `label`'s first words."""
    if not said or not label:
        return False
    initials = label_initials(label)
    return any(len(a) >= 2 and any(i.startswith(a) for i in initials) for a in said)
