"""The lines of a page that head a table's columns with their periods ("52 Weeks Ended",
"January 28, January 29,", "2023 2022", "Six Months Ended"), from the page's stored chunks (their
text lines and word boxes kept at ingestion). The case page's page pane opens a box with the
nearest of them above it in view where both fit (static/js/case/pages.js, d1008): at 1366x768 a
boxed row sat centred with its column's period just above the pane's edge, so a reviewer could not
see which period the figure is of."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from groundgate.documents.chunking import span_boxes
from groundgate.families.base import chunk_boxes
from groundgate.models import Chunk, ChunkKind

Box = tuple[float, float, float, float]

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_YEAR = r"(?<!\d)(?:19|20)\d\d(?!\d)"
_SPAN = r"(?:weeks?|months?|quarters?|years?)(?:\s+ended)?"
_COUNT = r"(?:\d{1,2}|one|two|three|four|six|nine|twelve|thirteen|fifty-two|fifty-three)"
# What a period header says: a year, a day of a month, a length of time ended, a fiscal year.
_PERIOD = re.compile(rf"{_YEAR}|\b{_MONTH}\s+\d{{1,2}}\b|\b{_SPAN}\b|\bfiscal\b", re.IGNORECASE)
# Its figures are years, days of months and counts of weeks or months, nothing else.
_NOT_FIGURES = re.compile(
    rf"{_YEAR}年?|\b{_MONTH}\s+\d{{1,2}}\b|\b{_COUNT}\s+{_SPAN}\b|第?[一二三四1-4]季度",
    re.IGNORECASE,
)
# Words a header line holds beside its periods (a sentence naming a date is not one), characters.
_MAX_WORDS = 8
_MAX_CHARS = 160


def is_period_head(line: str) -> bool:
    """Whether a text line heads columns with periods: it names one, holds no figure beside its
    years, days and counts of weeks or months, and is short (not a sentence)."""
    text = line.strip()
    if not text or len(text) > _MAX_CHARS:
        return False
    if not _PERIOD.search(text) and not re.search(r"\d{4}年|季度", text):
        return False
    rest = _NOT_FIGURES.sub(" ", text)
    return not re.search(r"\d", rest) and len(rest.split()) <= _MAX_WORDS


def _lines(text: str) -> Iterable[tuple[int, int]]:
    at = 0
    for line in text.split("\n"):
        yield at, at + len(line)
        at += len(line) + 1


def _on(boxes: list[Box], box: Box) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(
        x0 - 1 <= x <= x1 + 1 and top - 1 <= y <= bottom + 1 for x0, top, x1, bottom in boxes
    )


def chunk_heads(chunk: Chunk, page_index: int) -> list[Box]:
    """The boxes [x0, top, x1, bottom] of `chunk`'s period header lines on page `page_index`
    (0-based): a header carried to a later chunk (d968) is boxed where it is printed, once."""
    if chunk.kind != ChunkKind.TEXT or not chunk.word_boxes or not chunk.position_int:
        return []
    on_page = chunk_boxes(chunk, page_index)
    if not on_page:
        return []
    text = chunk.text or ""
    out: list[Box] = []
    for start, end in _lines(text):
        if not is_period_head(text[start:end]):
            continue
        for box in span_boxes(chunk.word_boxes, start, end):
            if _on(on_page, box):
                out.append(box)
    return out


# A column head's line: a few words and no figure ("Retained Earnings", "Income (Loss) Total").
_HEAD_WORDS = 6


def column_head_lines(text: str) -> list[tuple[int, int]]:
    """The [start, end) of the lines that head `text`'s table columns by name (d1017): the lines
    before its first row of figures that hold no digit and a few words, after its first line
    (the title); a period header line among them (is_period_head) is no row of figures. Best
    Buy's equity statement heads its columns "Common Shares", ..., "Total" and dates its rows
    ("Balances at July 30, 2022"): no period head is over its figures' columns."""
    out: list[tuple[int, int]] = []
    for n, (start, end) in enumerate(_lines(text)):
        line = text[start:end].strip()
        if is_period_head(line):
            continue
        if re.search(r"\d", line):
            break
        if n and line and len(line.split()) <= _HEAD_WORDS:
            out.append((start, end))
    return out


def chunk_column_heads(chunk: Chunk, page_index: int) -> list[Box]:
    """The boxes of `chunk`'s column head lines (column_head_lines) on page `page_index`."""
    if chunk.kind != ChunkKind.TEXT or not chunk.word_boxes or not chunk.position_int:
        return []
    on_page = chunk_boxes(chunk, page_index)
    out: list[Box] = []
    for start, end in column_head_lines(chunk.text or ""):
        out.extend(b for b in span_boxes(chunk.word_boxes, start, end) if _on(on_page, b))
    return out


def page_column_heads(document_id: int, page_index: int) -> list[Box]:
    """The column head lines of a document's page, top to bottom, each box once (d1017)."""
    return _page_boxes(document_id, page_index, chunk_column_heads)


def page_heads(document_id: int, page_index: int) -> list[Box]:
    """The period header lines of a document's page, top to bottom, each box once."""
    return _page_boxes(document_id, page_index, chunk_heads)


def _page_boxes(
    document_id: int, page_index: int, of: Callable[[Chunk, int], list[Box]]
) -> list[Box]:
    chunks = Chunk.objects.filter(
        document_id=document_id, page_index__in=[page_index - 1, page_index]
    ).only("kind", "text", "word_boxes", "position_int")
    seen: dict[tuple[float, ...], Box] = {}
    for chunk in chunks:
        for box in of(chunk, page_index):
            seen.setdefault(tuple(round(v) for v in box), box)
    return sorted(seen.values(), key=lambda b: (b[1], b[0]))


def heads_data(boxes: list[Box]) -> str:
    """The figure's data-heads attribute: "x0,top,x1,bottom;..." in unrotated points."""
    return ";".join(",".join(f"{v:.1f}" for v in box) for box in boxes)
