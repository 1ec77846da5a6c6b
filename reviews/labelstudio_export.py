"""Label Studio tasks from export records: the database side of
groundgate/integrations/labelstudio (each cited chunk's text and own boxes, the page images
inlined as PNG data URLs). docs/integrations.md, decisions.md d226-d228."""

from __future__ import annotations

import base64
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import islice
from typing import Any

import orjson

from groundgate.documents.chunking import span_boxes
from groundgate.documents.render import message_png
from groundgate.families import get_family
from groundgate.families.base import evaluation_view
from groundgate.integrations.labelstudio import Evidence, PageImage, PageSize, record_task
from groundgate.models import Chunk, Dataset, Document, Page
from groundgate.services.rendering import (
    PageNotRendered,
    page_not_rendered_png,
    page_render,
    page_shown_rotation,
)

TASK_BLOCK = 1000
# The page images' zoom (1.5: 918 px across a Letter page, table figures readable in Label
# Studio's editor; one of the render cache's levels, so the workstation's cache serves it).
IMAGE_ZOOM = 1.5
# Page images held in memory during an export (a few MB; the render cache keeps the rest).
IMAGES_HELD = 32
NO_PAGE_MESSAGE = (
    "No page image: this case's evidence is text only. Its text is shown above, under Evidence."
)

Row = tuple[int | None, str, list[Any], list[Any]]  # document id, text, position_int, word_boxes


@cache
def no_page_image() -> str:
    png = message_png(NO_PAGE_MESSAGE, width=480, height=80)
    return data_url(png)


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _excerpts(payload: Any) -> dict[str, str]:
    """The first excerpt quoted from each chunk (answer cases: answer.evidences[].excerpt)."""
    answer = payload.get("answer") if isinstance(payload, dict) else None
    evidences = answer.get("evidences") if isinstance(answer, dict) else None
    out: dict[str, str] = {}
    for evidence in evidences if isinstance(evidences, list) else []:
        if not isinstance(evidence, dict):
            continue
        chunk_id, excerpt = evidence.get("chunk_id"), evidence.get("excerpt")
        if isinstance(chunk_id, str) and isinstance(excerpt, str) and excerpt.strip():
            out.setdefault(chunk_id, excerpt)
    return out


def _overlap(a: Sequence[float], b: Sequence[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _union(boxes: Sequence[Sequence[float]]) -> tuple[float, float, float, float]:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def evidence_boxes(
    position_int: list[Any], word_boxes: list[Any], text: str, excerpt: str | None
) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Where a cited chunk's evidence is, one box per page: the excerpt's lines where the
    chunk's words are known and the excerpt is in its text, else the chunk's rectangles."""
    rects = [(int(p[0]) - 1, (p[1], p[3], p[2], p[4])) for p in position_int if len(p) == 5]
    if not rects:
        return []
    lines: list[tuple[float, float, float, float]] = []
    start = text.find(excerpt) if excerpt else -1
    if excerpt and start >= 0 and word_boxes:
        lines = span_boxes(word_boxes, start, start + len(excerpt))
    by_page: dict[int, list[Sequence[float]]] = {}
    if lines:
        for line in lines:  # each line on the page of the chunk rectangle it lies in
            page = max(rects, key=lambda r: _overlap(r[1], line))[0]
            by_page.setdefault(page, []).append(line)
    else:
        for page, rect in rects:
            by_page.setdefault(page, []).append(rect)
    return [(page, _union(boxes)) for page, boxes in sorted(by_page.items())]


def record_evidences(
    record: Mapping[str, Any], rows: Mapping[str, Row], inline: Mapping[str, dict[str, Any]]
) -> list[Evidence]:
    """Each cited chunk of `record` as a task shows it."""
    payload = getattr(record, "payload", None)
    excerpts = _excerpts(payload)
    out = []
    for chunk in record["cited_chunks"]:
        chunk_id = chunk["chunk_id"]
        excerpt = excerpts.get(chunk_id)
        row = rows.get(chunk_id)
        if row is not None:
            document_id, text, positions, words = row
            boxes = evidence_boxes(positions, words, text, excerpt) if document_id else []
            out.append(Evidence(chunk_id, text, document_id, boxes, excerpt or ""))
            continue
        carried = inline.get(chunk_id) or {}
        given = carried.get("text")
        out.append(
            Evidence(chunk_id, given if isinstance(given, str) else "", excerpt=excerpt or "")
        )
    return out


class PageImages:
    """Page images as data URLs: rendered once (the render cache on disk), the pages last used
    held in memory."""

    def __init__(self, dataset: Dataset):
        self.dataset = dataset
        self.documents: dict[int, Document] = {}
        self.sizes: dict[tuple[int, int], tuple[float, float, int]] = {}
        self.images: dict[tuple[int, int], PageImage] = {}

    def prepare(self, keys: set[tuple[int, int]]) -> None:
        wanted = {document for document, _ in keys} - set(self.documents)
        found = Document.objects.filter(dataset=self.dataset, pk__in=wanted)
        self.documents |= {d.pk: d for d in found}
        pages = Page.objects.filter(
            document__dataset=self.dataset,
            document_id__in={document for document, _ in keys},
            index__in={index for _, index in keys},
        ).values_list("document_id", "index", "width", "height", "rotation")
        self.sizes |= {(d, i): (w, h, r) for d, i, w, h, r in pages if (d, i) in keys}

    def __call__(self, document_id: int, page_index: int) -> PageImage:
        key = (document_id, page_index)
        image = self.images.pop(key, None) or self._image(document_id, page_index)
        self.images[key] = image  # the newest last; the least recently used goes first
        if len(self.images) > IMAGES_HELD:
            del self.images[next(iter(self.images))]
        return image

    def _image(self, document_id: int, page_index: int) -> PageImage:
        document, size = self.documents.get(document_id), self.sizes.get((document_id, page_index))
        if document is None or size is None:
            return PageImage(data_url(message_png("This page is not stored.")), None)
        try:
            rendered = page_render(
                document=document, page_index=page_index, zoom=IMAGE_ZOOM, highlights=[]
            )
        except PageNotRendered as problem:
            return PageImage(data_url(page_not_rendered_png(problem)), None)
        shown = page_shown_rotation(document=document, page_index=page_index)
        width, height, rotation = size
        turn = shown if shown is not None else rotation
        # The cached file, or the image itself when the cache could not be written.
        png = rendered if isinstance(rendered, bytes) else rendered.read_bytes()
        return PageImage(data_url(png), PageSize(width, height, turn))


def labelstudio_stream(
    records: Iterator[dict[str, Any]], *, dataset: Dataset, **_: Any
) -> Iterator[bytes]:
    """A JSON array of Label Studio tasks (what its import takes), a block of tasks at a time;
    chunks and page sizes are read once per block, each page image made once per export."""
    images = PageImages(dataset)
    yield b"["
    first = True
    while block := list(islice(records, TASK_BLOCK)):
        wanted = {chunk["chunk_id"] for record in block for chunk in record["cited_chunks"]}
        rows: dict[str, Row] = {
            chunk_id: (document_id, text, positions or [], words or [])
            for chunk_id, document_id, text, positions, words in Chunk.objects.filter(
                dataset=dataset, chunk_id__in=wanted
            ).values_list("chunk_id", "document_id", "text", "position_int", "word_boxes")
        }
        parts = []
        evidences_of = []
        for record in block:
            inline: dict[str, dict[str, Any]] = {}
            if any(chunk["chunk_id"] not in rows for chunk in record["cited_chunks"]):
                payload = getattr(record, "payload", None)
                if isinstance(payload, dict):
                    inline = get_family(record["case"]["kind"]).inline_chunks(payload)
            evidences_of.append(record_evidences(record, rows, inline))
        images.prepare(
            {
                (e.document_id, page)
                for evidences in evidences_of
                for e in evidences
                if e.document_id is not None
                for page, _ in e.boxes
            }
        )
        for record, evidences in zip(block, evidences_of, strict=True):
            family = get_family(record["case"]["kind"])
            contexts, response = evaluation_view(family, getattr(record, "payload", None))[:2]
            task = record_task(
                record,
                evidences=evidences,
                page_image=images,
                no_page=no_page_image(),
                answer_text=response,
                contexts=contexts,
            )
            parts.append(orjson.dumps(task))
        yield (b"\n" if first else b",\n") + b",\n".join(parts)
        first = False
    yield b"]\n"
