"""Where on its page an answer's cited excerpt is, for an evidence that claims no box (d963): the
words of the excerpt's characters in its chunk (the word boxes kept at ingestion), enclosed in
one box on the page of its first line; a chunk cited whole, or an excerpt not found in its
chunk's text, the chunk's own box on its first page. The case page opens its page pane there
(static/js/case/pages.js), and the evidence row's click goes there."""

from __future__ import annotations

import re
from typing import NamedTuple

from groundgate.documents.chunking import span_boxes
from groundgate.families.base import chunk_boxes
from groundgate.models import Chunk, ChunkKind

Box = tuple[float, float, float, float]


class ExcerptPlace(NamedTuple):
    """An excerpt's place: its chunk's document, the page (from 0) and [x0, top, x1, bottom]."""

    document_id: int
    page_index: int
    bbox: Box

    @property
    def key(self) -> str:
        """The case page's key of the page: "document id:page index"."""
        return f"{self.document_id}:{self.page_index}"


def _enclosing(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def excerpt_place(chunk: Chunk, excerpt: str) -> ExcerptPlace | None:
    """Where `excerpt` of `chunk` is on its page; None for a chunk of no document's page."""
    if chunk.document_id is None or chunk.kind != ChunkKind.TEXT or not chunk.position_int:
        return None
    text, quoted = chunk.text or "", (excerpt or "").strip()
    at = text.find(quoted) if quoted else -1
    whole = at < 0 or (at <= 0 and len(quoted) >= len(text.strip()))
    words = [] if whole else span_boxes(chunk.word_boxes or [], at, at + len(quoted))
    first_page = min(p[0] for p in chunk.position_int) - 1
    if not words:
        return ExcerptPlace(
            chunk.document_id, first_page, _enclosing(chunk_boxes(chunk, first_page))
        )
    # The page of the excerpt's first line: the chunk's line that holds its middle.
    x, y = (words[0][0] + words[0][2]) / 2, (words[0][1] + words[0][3]) / 2
    page = next(
        (
            number - 1
            for number, x0, x1, top, bottom in chunk.position_int
            if x0 - 1 <= x <= x1 + 1 and top - 1 <= y <= bottom + 1
        ),
        first_page,
    )
    # The words on that page only: a chunk over two pages has boxes of each page's points.
    on_page = [b for b in words if _on(chunk, page, b)] or words[:1]
    return ExcerptPlace(chunk.document_id, page, _enclosing(on_page))


def _on(chunk: Chunk, page_index: int, box: Box) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(
        x0 - 1 <= x <= x1 + 1 and top - 1 <= y <= bottom + 1
        for x0, top, x1, bottom in chunk_boxes(chunk, page_index)
    )


_FIGURE = re.compile(r"(?<![\d.,])\d[\d,.]*\d(?![\d])")


def figure_focus(chunk: Chunk, excerpt: str, conclusion: str, shown: ExcerptPlace) -> Box | None:
    """Where, inside an evidence's shown box (its claimed box, or its excerpt's), the figure of
    the answer is, for a box taller than the page pane (d1007): the words of the first of the
    answer's figures (two digits or more) that the excerpt holds, else the excerpt's own words
    where the shown box is the claimed one; None where that is the shown box or not in it."""
    place = excerpt_place(chunk, excerpt)
    if place is None or place.key != shown.key:
        return None
    text, quoted = chunk.text or "", (excerpt or "").strip()
    at = text.find(quoted) if quoted else -1
    found: Box | None = None
    for figure in _FIGURE.findall(conclusion or "") if at >= 0 else []:
        hit = re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d])", quoted)
        words = span_boxes(chunk.word_boxes or [], at + hit.start(), at + hit.end()) if hit else []
        on_page = [b for b in words if _on(chunk, shown.page_index, b)]
        if on_page:
            found = _enclosing(on_page)
            break
    box = found or place.bbox
    x0, top, x1, bottom = shown.bbox
    inside = x0 - 1 <= box[0] and top - 1 <= box[1] and box[2] <= x1 + 1 and box[3] <= bottom + 1
    same = all(abs(a - b) <= 1 for a, b in zip(box, shown.bbox, strict=True))
    return None if same or not inside else box
