"""Rendered pages with highlights (cached on disk) and annotated PDFs for cases."""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from pathlib import Path

import pymupdf
from django.conf import settings

from groundgate.documents.render import (
    Annotation,
    Highlight,
    annotated_pdf,
    highlight_key,
    locate_excerpt,
    render_page_png,
    upright_rotation,
)
from groundgate.families import get_family
from groundgate.families.base import chunk_boxes, on_document
from groundgate.models import Case, Chunk, ChunkKind, Document

ZOOM_MIN, ZOOM_MAX = 0.25, 6.0
# The render cache holds these zoom levels only: a requested zoom is served at the nearest one,
# so a client cycling through zoom=1.0001, 1.0002, ... cannot fill the disk or burn the CPU.
ZOOM_LEVELS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0)


def zoom_level(zoom: float) -> float:
    """The cached zoom level nearest to `zoom` (the smaller one on a tie)."""
    return min(ZOOM_LEVELS, key=lambda level: (abs(level - zoom), level))


def render_cache_dir() -> Path:
    return Path(settings.MEDIA_ROOT) / "renders"


def page_render(
    *, document: Document, page_index: int, zoom: float, highlights: list[Highlight]
) -> Path:
    """The PNG of one page with `highlights`, from the disk cache when it is there.

    The cache key is the document's sha256, the page, the zoom and the highlight set, so a cached
    page is served without opening the PDF, and a new highlight set never reuses a stale image.
    """
    if not ZOOM_MIN <= zoom <= ZOOM_MAX:
        raise ValueError(f"zoom must be between {ZOOM_MIN} and {ZOOM_MAX}")
    zoom = zoom_level(zoom)
    if document.page_count is None or not 0 <= page_index < document.page_count:
        raise ValueError(f"page {page_index} is not a page of this document")
    # "upright" (upright_rotation): images cached before pages were turned are never served.
    path = (
        render_cache_dir()
        / document.sha256
        / (f"{page_index}-{zoom:g}-{highlight_key(highlights)}-upright.png")
    )
    if path.exists():
        return path
    with document.file.open("rb") as fh:
        doc = pymupdf.open(stream=fh.read(), filetype="pdf")
    try:
        png = render_page_png(
            doc,
            page_index,
            zoom=zoom,
            highlights=highlights,
            max_side_px=settings.GROUNDGATE_RENDER_MAX_SIDE_PX,
            rotation=upright_rotation(doc[page_index]),
        )
    finally:
        doc.close()
    _write(path, png)
    return path


def page_shown_rotation(*, document: Document, page_index: int) -> int | None:
    """The rotation page images of this page are shown at (upright_rotation), cached on disk
    beside them so the case page does not open the PDF each time. None when there is no such
    page to render (the page image says why)."""
    if document.page_count is None or not 0 <= page_index < document.page_count:
        return None
    path = render_cache_dir() / document.sha256 / f"{page_index}-upright.txt"
    if path.exists():
        return int(path.read_text())
    try:
        with document.file.open("rb") as fh:
            doc = pymupdf.open(stream=fh.read(), filetype="pdf")
    except (OSError, ValueError, RuntimeError):  # a missing or unreadable file: no image either
        return None
    try:
        rotation = upright_rotation(doc[page_index])
    finally:
        doc.close()
    _write(path, str(rotation).encode())
    return rotation


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write then rename: a concurrent reader sees the whole file or none.
    with tempfile.NamedTemporaryFile(dir=path.parent, delete=False, suffix=".tmp") as tmp:
        tmp.write(data)
    os.replace(tmp.name, path)


def case_cited_chunks(*, case: Case) -> dict[str, Chunk]:
    """The stored chunks (with their documents) that the case cites, by chunk_id."""
    ids = set(get_family(case.kind).cited_chunk_ids(case.payload))
    chunks = Chunk.objects.filter(dataset_id=case.dataset_id, chunk_id__in=ids)
    return {
        c.chunk_id: c
        for c in chunks.select_related("document")
        if c.document_id and c.kind == ChunkKind.TEXT
    }


def case_page_highlights(
    *, case: Case, findings: list[dict]
) -> dict[tuple[int, int], list[Highlight]]:
    """(document id, page index) -> the highlight layers for that page of `case`, as its family
    draws them (groundgate/families/<kind>: page_highlights)."""
    chunks = case_cited_chunks(case=case)
    pages = get_family(case.kind).page_highlights(case, chunks, findings)
    return {
        key: sorted(set(value), key=lambda h: (h.layer, h.bbox, h.text))
        for key, value in pages.items()
    }


def case_annotated_pdf(*, case: Case, findings: list[dict]) -> bytes:
    """The cited pages with the excerpts highlighted and the claimed boxes marked; each note
    carries the findings about that evidence (and the case-wide ones)."""
    chunks = case_cited_chunks(case=case)
    evidences = (case.payload.get("answer") or {}).get("evidences") or []
    case_wide = [
        f"{f['code']}: {f['message']}" for f in findings if f.get("evidence_index") is None
    ]
    per_document: dict[int, list[Annotation]] = defaultdict(list)
    opened: dict[int, pymupdf.Document] = {}
    try:
        for index, evidence in enumerate(evidences):
            chunk = chunks.get(evidence.get("chunk_id"))
            if chunk is None:
                continue
            document = chunk.document
            if document.pk not in opened:
                with document.file.open("rb") as fh:
                    opened[document.pk] = pymupdf.open(stream=fh.read(), filetype="pdf")
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
                found = locate_excerpt(
                    opened[document.pk], page_index, evidence.get("excerpt") or "", boxes
                )
                for rect in found or boxes:
                    per_document[document.pk].append(
                        Annotation(page_index, rect, note, "highlight" if found else "box")
                    )
            claimed_page, bbox = evidence.get("page_index"), evidence.get("bbox")
            if on_document(claimed_page, document) and isinstance(bbox, list) and len(bbox) == 4:
                per_document[document.pk].append(
                    Annotation(claimed_page, tuple(bbox), f"Claimed box\n{note}", "box")
                )
        sources = []
        for pk, annotations in per_document.items():
            sources.append((opened[pk].tobytes(), annotations))
        return annotated_pdf(sources)
    finally:
        for doc in opened.values():
            doc.close()
