"""A page chunk's stored form (moved from documents/chunking.py as it was): the Chunk row's
columns as text, and the view of a stored chunk's text one line a PDF block (d907)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from groundgate.documents.chunking import PageChunk


class StoredChunk(NamedTuple):
    """A chunk as its Chunk row stores it: the JSON columns as the text Django's JSONField
    writes (json.dumps), so rows written without the ORM hold the same bytes."""

    page_index: int
    text: str
    bbox: str  # [x0, top, x1, bottom] of the first rectangle, integers
    position_int: str  # [[page_number, x0, x1, top, bottom], ...]
    # {"lines": [[x0, top, x1, bottom] per line, to 2 decimals]}, and "rows": the offsets of the
    # newlines that start a table's rows (version 2, d907) where there are any
    metadata: str
    word_boxes: str = "[]"  # [[start, end, x0, top, x1, bottom] per word, whole points]


def stored_chunk(chunk: PageChunk) -> StoredChunk:
    position_int = chunk.position_int()
    first = position_int[0]
    lines = [[round(v, 2) for v in line.bbox] for line in chunk.lines]
    return StoredChunk(
        chunk.page_index,
        chunk.text,
        _json_numbers([first[1], first[3], first[2], first[4]]),
        _json_numbers(position_int),
        '{"lines": ' + _json_numbers(lines) + _rows(chunk.row_breaks) + "}",
        repr(chunk.word_boxes()).replace("(", "[").replace(")", "]"),
    )


def _rows(breaks: list[int]) -> str:
    return ', "rows": ' + repr(breaks) if breaks else ""


def block_view(text: str, metadata: dict[str, Any] | None) -> str:
    """A stored chunk's text with its table rows joined by spaces again (its "rows" newlines,
    d907): one line a PDF block, as version 1 wrote every chunk, for a reader whose lines are
    paragraphs. The text itself when the chunk has no rows."""
    breaks = (metadata or {}).get("rows") or []
    if not breaks:
        return text
    chars = list(text)
    for at in breaks:
        if 0 <= at < len(chars) and chars[at] == "\n":
            chars[at] = " "
    return "".join(chars)


def _json_numbers(value: list[Any]) -> str:
    """json.dumps of a (nested) list of ints and finite floats, byte for byte: for those,
    json.dumps writes what repr() writes (", " between items, float.__repr__ for a float), and
    repr of a list is ~3x quicker than the JSON encoder, which ran ~5,000 times for a book. A
    NaN or an infinity (JSON has neither; json.dumps writes NaN / Infinity) goes through
    json.dumps."""
    text = repr(value)
    if "n" in text:  # nan, inf: the only way a letter gets into the repr of such a list
        return json.dumps(value)
    return text
