"""Rendered pages with highlights (cached on disk) and annotated PDFs for cases."""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pymupdf
from django.conf import settings

from groundgate.documents.highlights import Highlight, Layer
from groundgate.documents.isolated import (
    IsolationLimits,
    page_words_isolated,
    render_page_isolated,
    upright_rotation_isolated,
)
from groundgate.documents.pdf_text import PdfProblem
from groundgate.documents.render import (
    Annotation,
    AnnotationKind,
    annotated_pdf,
    highlight_key,
    locate_excerpt,
    message_png,
)
from groundgate.families import get_family
from groundgate.families.base import chunk_boxes, on_document
from groundgate.families.value_boxes import finding_value_boxes
from groundgate.models import Case, Chunk, ChunkKind, Document
from groundgate.services.stored_files import document_file_bytes

log = logging.getLogger(__name__)

ZOOM_MIN, ZOOM_MAX = 0.25, 6.0
# The render cache holds these zoom levels only: a requested zoom is served at the nearest one,
# so a client cycling through zoom=1.0001, 1.0002, ... cannot fill the disk or burn the CPU.
ZOOM_LEVELS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0)


def zoom_level(zoom: float) -> float:
    """The cached zoom level nearest to `zoom` (the smaller one on a tie)."""
    return min(ZOOM_LEVELS, key=lambda level: (abs(level - zoom), level))


MB = 1024 * 1024


class PageNotRendered(Exception):
    """The page image could not be made within the render limits; the reason names the limit."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def page_not_rendered_png(problem: PageNotRendered) -> bytes:
    """The image served in place of a page past the render limits: it says why."""
    return message_png(f"This page was not drawn. {problem.reason}")


def render_cache_dir() -> Path:
    return Path(settings.MEDIA_ROOT) / "renders"


def render_isolation() -> IsolationLimits:
    """The render child's limits (docs/limits.md), read from settings at call time."""
    return IsolationLimits(
        max_memory_bytes=settings.GROUNDGATE_RENDER_MAX_MEMORY_MB * MB,
        timeout_seconds=settings.GROUNDGATE_RENDER_TIMEOUT_SECONDS,
        memory_setting="GROUNDGATE_RENDER_MAX_MEMORY_MB",
        timeout_setting="GROUNDGATE_RENDER_TIMEOUT_SECONDS",
        work="rendering the page",
        outcome="no image was made",
    )


def page_render(
    *, document: Document, page_index: int, zoom: float, highlights: list[Highlight]
) -> Path | bytes:
    """The PNG of one page with `highlights`, from the disk cache when it is there: its path, or
    the image itself when the cache could not be written (a full or read-only disk: the page is
    served uncached rather than failing).

    The cache key is the document's sha256, the page, the zoom and the highlight set, so a cached
    page is served without opening the PDF, and a new highlight set never reuses a stale image.
    A new image is rendered in a child process with memory and time limits (render_isolation):
    a page past them raises PageNotRendered, and that outcome is cached too (under the limits
    it was tried with), so a hostile page costs its limits once, not on every request.
    """
    if not ZOOM_MIN <= zoom <= ZOOM_MAX:
        raise ValueError(f"zoom must be between {ZOOM_MIN} and {ZOOM_MAX}")
    zoom = zoom_level(zoom)
    if document.page_count is None or not 0 <= page_index < document.page_count:
        raise ValueError(f"page {page_index} is not a page of this document")
    # "upright" (upright_rotation): images cached before pages were turned are never served.
    stem = f"{page_index}-{zoom:g}-{highlight_key(highlights)}-upright"
    folder = render_cache_dir() / document.sha256
    path = folder / f"{stem}.png"
    if _cache_hit(path):
        return path
    isolation = render_isolation()
    failed = folder / (
        f"{stem}-{settings.GROUNDGATE_RENDER_MAX_MEMORY_MB}mb-"
        f"{settings.GROUNDGATE_RENDER_TIMEOUT_SECONDS}s.failed"
    )
    if _cache_hit(failed):
        raise PageNotRendered(failed.read_text())
    data = document_file_bytes(document)  # DocumentFileMissing: a 410, not a 500
    # A heavy page's picture without highlights (render.HEAVY_PAGE_PIXELS): drawn once, then
    # every zoom level and highlight set of the page is drawn over it.
    base = folder / f"{page_index}-base-{settings.GROUNDGATE_RENDER_MAX_SIDE_PX}px.png"
    try:
        png, rotation, made_base = render_page_isolated(
            data,
            page_index,
            zoom=zoom,
            highlights=highlights,
            max_side_px=settings.GROUNDGATE_RENDER_MAX_SIDE_PX,
            isolation=isolation,
            base=base if _cache_hit(base) else None,
            max_zoom=ZOOM_MAX,
        )
    except PdfProblem as problem:
        if _write(failed, problem.reason.encode()):
            render_cache_trim()
        raise PageNotRendered(problem.reason) from None
    if made_base:
        _write(base, made_base)
    if not _write(path, png):
        return png
    _write(folder / f"{page_index}-upright.txt", str(rotation).encode())
    render_cache_trim()
    return path


def page_words_in_box(*, document: Document, page_index: int, bbox: list[float]) -> list[str]:
    """The words of a page inside a box a reviewer drew (unrotated PDF points), read in the
    render child under its limits. Raises PageNotRendered when the page cannot be read."""
    if document.page_count is None or not 0 <= page_index < document.page_count:
        raise ValueError(f"page {page_index} is not a page of this document")
    data = document_file_bytes(document)  # DocumentFileMissing: a 410, not a 500
    try:
        return page_words_isolated(data, page_index, bbox, isolation=render_isolation())
    except PdfProblem as problem:
        raise PageNotRendered(problem.reason) from None


def page_shown_rotation(*, document: Document, page_index: int) -> int | None:
    """The rotation page images of this page are shown at (upright_rotation), cached on disk
    beside them so the case page does not open the PDF each time. None when there is no such
    page to render, or it cannot be read within the render limits (the page image says why)."""
    if document.page_count is None or not 0 <= page_index < document.page_count:
        return None
    path = render_cache_dir() / document.sha256 / f"{page_index}-upright.txt"
    if _cache_hit(path):
        text = path.read_text()
        return int(text) if text.lstrip("-").isdigit() else None
    try:
        with document.file.open("rb") as fh:
            data = fh.read()
    except (OSError, ValueError):  # a missing or unreadable file: no image either
        return None
    try:
        # The text of the page decides (upright_rotation): read in the render child, as a
        # page with a hostile text layer must not be parsed in the web worker.
        rotation: int | None = upright_rotation_isolated(
            data, page_index, isolation=render_isolation()
        )
    except PdfProblem:
        rotation = None
    _write(path, b"none" if rotation is None else str(rotation).encode())
    return rotation


def _cache_hit(path: Path) -> bool:
    """Whether `path` is cached; a hit is marked as used now (the trim drops the least recently
    used files first)."""
    try:
        os.utime(path)
    except FileNotFoundError:
        return False
    except OSError:  # a read-only cache: served as it is, not marked
        return path.exists()
    return True


def render_cache_trim(*, max_bytes: int | None = None) -> int:
    """Delete the least recently used files of the render cache until it holds at most
    `max_bytes` (GROUNDGATE_RENDER_CACHE_MB by default). Returns the number of files deleted.

    Safe with several workers at once: a file another worker deleted first is skipped, and a
    file being written (still *.tmp) is never counted or touched. A page being served while it
    is deleted is still read whole (an open file outlives its name)."""
    if max_bytes is None:
        max_bytes = settings.GROUNDGATE_RENDER_CACHE_MB * MB
    files = []
    for path in render_cache_dir().rglob("*"):
        if path.suffix == ".tmp":
            continue
        try:
            stat = path.stat()
        except FileNotFoundError:
            continue
        if path.is_file():
            files.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in files)
    deleted = 0
    for _, size, path in sorted(files, key=lambda f: (f[0], str(f[2]))):
        if total <= max_bytes:
            break
        path.unlink(missing_ok=True)
        total -= size
        deleted += 1
    return deleted


def _write(path: Path, data: bytes) -> bool:
    """Cache `data` at `path`; False (logged, nothing left behind) when the disk refuses it (full,
    read-only, no permission): the cache is an optimisation, never a reason to fail a page."""
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename: a concurrent reader sees the whole file or none.
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".tmp") as tmp:
            tmp_name = tmp.name
            tmp.write(data)
        os.replace(tmp.name, path)
    except OSError as exc:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        log.warning("render cache not written (%s): %s", path.name, exc)
        return False
    return True


def case_cited_chunks(*, case: Case) -> dict[str, Chunk]:
    """The stored chunks (with their documents) that the case cites, by chunk_id."""
    ids = set(get_family(case.kind).cited_chunk_ids(case.payload))
    chunks = Chunk.objects.filter(dataset_id=case.dataset_id, chunk_id__in=ids)
    return {
        c.chunk_id: c
        for c in chunks.select_related("document")
        if c.document_id and c.kind == ChunkKind.TEXT
    }


# The values drawn on the page image in their own box (the source pane's marks): the near miss
# the gate reports, the value that grounded an answer value and a derivation's operands (a
# calculation's figures; a header's date's day and year, 2.41.0, d635), green as the source
# pane marks them. The finding's own value is the selected finding's blue box (case/pages.js), drawn
# over the image, not into it.
PAGE_VALUE_LAYERS: dict[str, Layer] = {
    "near_miss": "near_miss",
    "grounded_by": "grounded",
    "operand": "grounded",
}


def case_page_highlights(
    *, case: Case, findings: list[dict[str, Any]]
) -> dict[tuple[int, int], list[Highlight]]:
    """(document id, page index) -> the highlight layers for that page of `case`, as its family
    draws them (groundgate/families/<kind>: page_highlights)."""
    chunks = case_cited_chunks(case=case)
    pages = get_family(case.kind).page_highlights(case, chunks, findings)
    for f in findings:
        for box in finding_value_boxes(case, f, chunks):
            layer = PAGE_VALUE_LAYERS.get(box.role)
            if layer is not None and box.document_id is not None:
                pages.setdefault((box.document_id, box.page_index), []).append(
                    Highlight(layer, box.bbox)
                )
    return {
        key: sorted(set(value), key=lambda h: (h.layer, h.bbox, h.text))
        for key, value in pages.items()
    }


def case_annotated_pdf(*, case: Case, findings: list[dict[str, Any]]) -> bytes:
    """The cited pages with the excerpts highlighted and the claimed boxes marked; each note
    carries the findings about that evidence (and the case-wide ones). The values the findings
    name are boxed where they are on the page (families/value_boxes.py, as the case page draws
    them): the value, its near miss, what grounded it and a derivation's operands."""
    chunks = case_cited_chunks(case=case)
    evidences = (case.payload.get("answer") or {}).get("evidences") or []
    case_wide = [
        f"{f['code']}: {f['message']}" for f in findings if f.get("evidence_index") is None
    ]
    per_document: dict[int, list[Annotation]] = defaultdict(list)
    opened: dict[int, pymupdf.Document] = {}

    def open_document(document: Document) -> pymupdf.Document:
        if document.pk not in opened:
            data = document_file_bytes(document)
            opened[document.pk] = pymupdf.open(stream=data, filetype="pdf")
        return opened[document.pk]

    try:
        for index, evidence in enumerate(evidences):
            chunk = chunks.get(evidence.get("chunk_id"))
            if chunk is None:
                continue
            document = chunk.document
            if document is None:  # case_cited_chunks keeps chunks of documents only
                continue
            pdf = open_document(document)
            about = [
                f"{f['code']}: {f['message']}" for f in findings if f.get("evidence_index") == index
            ]
            note = "\n".join(
                [
                    f"Evidence {index} ({chunk.chunk_id})",
                    *(about or ["accepted by the gate"]),
                    *case_wide,
                ]
            )
            for page_index in sorted({p[0] - 1 for p in chunk.position_int}):
                boxes = chunk_boxes(chunk, page_index)
                found = locate_excerpt(pdf, page_index, evidence.get("excerpt") or "", boxes)
                for rect in found or boxes:
                    per_document[document.pk].append(
                        Annotation(page_index, rect, note, "highlight" if found else "box")
                    )
            claimed_page, bbox = evidence.get("page_index"), evidence.get("bbox")
            if on_document(claimed_page, document) and isinstance(bbox, list) and len(bbox) == 4:
                per_document[document.pk].append(
                    Annotation(claimed_page, tuple(bbox), f"Claimed box\n{note}", "box")
                )
        documents = {c.document_id: c.document for c in chunks.values() if c.document}
        for pk, annotation in _value_annotations(case, findings, chunks):
            if pk in documents:
                open_document(documents[pk])
                per_document[pk].append(annotation)
        sources = []
        for pk, annotations in per_document.items():
            sources.append((opened[pk].tobytes(), annotations))
        return annotated_pdf(sources)
    finally:
        for doc in opened.values():
            doc.close()


VALUE_NOTES: dict[str, tuple[AnnotationKind, str]] = {
    "value": ("value", "Value {text!r}"),
    "near_miss": ("near_miss", "Near miss {text!r}"),
    "grounded_by": ("grounded", "Grounded by {text!r}"),
    "operand": ("grounded", "Operand {text!r}"),
}


def _value_annotations(
    case: Case, findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[tuple[int, Annotation]]:
    """(document id, annotation) for each value the findings name, one mark per place and role
    (several findings about one figure share it; the note lists them all)."""
    notes: dict[tuple[int, int, tuple[float, ...], AnnotationKind], list[str]] = defaultdict(list)
    for f in findings:
        for box in finding_value_boxes(case, f, chunks):
            if box.document_id is None:
                continue
            kind, label = VALUE_NOTES[box.role]
            near = f.get("near_match") if box.role == "near_miss" else None
            why = f" ({near.get('detail') or near.get('reason')})" if isinstance(near, dict) else ""
            line = f"{label.format(text=box.text)}{why}\n{f['code']}: {f['message']}"
            key = (box.document_id, box.page_index, box.bbox, kind)
            if line not in notes[key]:
                notes[key].append(line)
    return [
        (pk, Annotation(page, (bbox[0], bbox[1], bbox[2], bbox[3]), "\n".join(lines), kind))
        for (pk, page, bbox, kind), lines in notes.items()
    ]
