"""Garbled text (policy `garbled-text/1`): a chunk whose extracted text is not text.

A PDF whose fonts map glyphs to private codes extracts as symbols ("!\\"# $!\\"# &-./012#3%4%56#"
for the bar labels of tracemonkey.pdf's figures). Such a chunk carries no words, yet an
embedding model gives it a cosine of ~0.84 with any question, so it takes candidate places in
retrieval. The measure is general, not a list of known strings: the share of a chunk's
non-space characters that sit in garbled tokens, a token (whitespace-separated) being garbled
when it holds a private-use, unassigned or replacement character, or when it has at least
MIN_TOKEN characters of which at least SYMBOL_SHARE are ASCII punctuation or symbols and, its
edges stripped, it is nothing or still holds two of them (so "$1,050." and "(100mg/L)" are
writing, "&-./012#3%4%56#" is not). Words,
numbers, code (`ebx(748)`, `//`), URLs and e-mail lists stay far below the cut-off (measured on
every shared PDF, see docs/decisions.md, d281); the figures' symbol runs are at or near 1.0.

A chunk at or above GARBLED_SHARE is kept (its boxes still draw) but marked in its metadata
(`"garbled": share`) and left out of retrieval; the document's warnings say which pages.
"""

from __future__ import annotations

import json
import string
import unicodedata

from groundgate.documents.chunking import StoredChunk

POLICY = "garbled-text/1"
GARBLED_SHARE = 0.5
SYMBOL_SHARE = 0.4
MIN_TOKEN = 3
_SYMBOLS = frozenset(string.punctuation)
_EDGES = string.punctuation


def _unreadable(ch: str) -> bool:
    return ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cn")


def _token_garbled(token: str) -> bool:
    if any(_unreadable(ch) for ch in token):
        return True
    if len(token) < MIN_TOKEN or sum(ch in _SYMBOLS for ch in token) < SYMBOL_SHARE * len(token):
        return False
    # Punctuation around a word or number is writing ("$1,050.", "(100mg/L)"); symbols inside
    # it, or nothing but symbols, are not.
    core = token.strip(_EDGES)
    return not core or sum(ch in _SYMBOLS for ch in core) >= 2


def garbled_share(text: str) -> float:
    """The share of non-space characters in garbled tokens, in [0, 1] (0.0 for no text)."""
    total = garbled = 0
    for token in text.split():
        total += len(token)
        if _token_garbled(token):
            garbled += len(token)
    return round(garbled / total, 3) if total else 0.0


def mark_garbled(chunks: list[StoredChunk]) -> tuple[list[StoredChunk], str | None]:
    """The chunks, a garbled one with `"garbled": share` added to its metadata, and the
    document's warning naming the pages (None when no chunk is garbled)."""
    marked: list[StoredChunk] = []
    pages: set[int] = set()
    for chunk in chunks:
        share = garbled_share(chunk.text)
        if share >= GARBLED_SHARE:
            metadata = json.loads(chunk.metadata) if chunk.metadata else {}
            metadata["garbled"] = share
            chunk = chunk._replace(metadata=json.dumps(metadata))
            pages.add(chunk.page_index)
        marked.append(chunk)
    if not pages:
        return marked, None
    count = sum(1 for c in marked if '"garbled"' in c.metadata)
    listed = ", ".join(str(p + 1) for p in sorted(pages))
    warning = (
        f"{count} chunk(s) of unreadable text (a font without a usable encoding; {POLICY}) on "
        f"page(s) {listed}: kept for the page view, left out of retrieval"
    )
    return marked, warning
