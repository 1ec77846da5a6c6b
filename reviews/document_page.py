"""What a document's page shows: its pages (thumbnails, each with its chunk count) and the chunks
of the chosen one, or - for a document without pages (code, text) - its chunks in reading
order; and one page by itself, full size (the thumbnails' "full size": a page of the app, so the
page image is an <img> in it, not a bare PNG that the browser shows in a document of its own,
with inline styles a strict style-src refuses). A selector: reads only; reviews.manage_views
asks groundgate.access for the document and renders."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Count

from groundgate.models import Chunk, Document, DocumentStatus

CHUNKS_SHOWN = 500  # a document page lists this many chunks; the API pages through the rest
THUMB_ZOOM = 0.25
# The zoom levels a page shown by itself offers (the render cache's levels); 1.5 as the case page.
PAGE_ZOOMS = (1.0, 1.5, 2.0, 3.0)
PAGE_ZOOM = 1.5


def plural(n: int, word: str) -> str:
    """'1 chunk', '1,919 chunks': a count as a person reads it."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def document_summary(*, pages: int, chunks: int) -> str:
    """The document's size in words: "14 pages · 1,234 chunks", or "text only, 1,919 chunks"
    for a document without pages (a code repository, a text)."""
    if not pages:
        return f"text only, {plural(chunks, 'chunk')}"
    return f"{plural(pages, 'page')} · {plural(chunks, 'chunk')}"


# MuPDF writes a warning once, then "... repeated N times..." (N: every time it was given).
_REPEATED = re.compile(r"^\.\.\. repeated (\d+) times\.\.\.$")


def reading_warnings(warnings: list[str]) -> list[str]:
    """The PDF reader's warnings as a person reads them: each once, with how many times it was
    given ("ActualText with no position. ... (8 times)"), in the order first given; not a
    warning and then "... repeated 6 times..." as a warning of its own."""
    counts: dict[str, int] = {}
    last: str | None = None
    for warning in warnings:
        repeated = _REPEATED.match(warning.strip())
        if repeated and last is not None:
            counts[last] += int(repeated[1]) - 1  # the first time is counted already
            continue
        last = warning
        counts[warning] = counts.get(warning, 0) + 1
    return [w if n == 1 else f"{w} ({n:,} times)" for w, n in counts.items()]


def chosen_page(shown: str | None, page_total: int) -> int:
    """The 1-based page number asked for (?page=N), the first page when it is none or out of
    range."""
    text = shown or "1"
    return int(text) if text.isdigit() and 1 <= int(text) <= max(page_total, 1) else 1


def document_page_context(*, document: Document, shown: str | None) -> dict[str, Any]:
    """The document page's context: `shown` is the ?page= asked for (1-based)."""
    per_page: dict[int | None, int] = dict(
        Chunk.objects.filter(document=document)
        .values_list("page_index")
        .annotate(n=Count("id"))
        .order_by()
    )
    pages = [
        {"index": p.index, "number": p.index + 1, "chunks": per_page.get(p.index, 0)}
        for p in document.pages.order_by("index")
    ]
    chunk_count = sum(per_page.values())
    number = chosen_page(shown, len(pages))
    chunks = Chunk.objects.filter(document=document).order_by("ordinal", "id")
    if pages:
        # The chunks of one page at a time, so a long document's page stays short.
        chunks = chunks.filter(page_index=number - 1)
        listed = per_page.get(number - 1, 0)
        title = f"Chunks of page {number}"
        note = f"{listed:,} of the document's {chunk_count:,}"
        whose = "this page's"
    else:
        # No pages (a code repository, a text): its chunks in reading order.
        listed = chunk_count
        title = "Chunks"
        note = (
            f"the first {CHUNKS_SHOWN:,} of {chunk_count:,}"
            if chunk_count > CHUNKS_SHOWN
            else f"all {chunk_count:,}"
        )
        whose = "the document's"
    more = (
        f"The first {CHUNKS_SHOWN:,} of {whose} {listed:,} chunks; the API lists them all."
        if listed > CHUNKS_SHOWN
        else ""
    )
    return {
        "dataset": document.dataset,
        "document": document,
        "warnings": reading_warnings(list(document.warnings or [])),
        "pending": document.status == DocumentStatus.PENDING,
        "ready": document.status == DocumentStatus.READY,
        "summary": document_summary(pages=len(pages), chunks=chunk_count),
        "pages": pages,
        "chunks": chunks[:CHUNKS_SHOWN],
        "chunk_count": chunk_count,
        "page_number": number,
        "page_chunk_count": listed,
        "chunks_title": title,
        "chunks_note": note,
        "chunks_more": more,
        "thumb_zoom": THUMB_ZOOM,
    }


def page_view_context(
    *, document: Document, page_index: int, zoom: str | None
) -> dict[str, Any] | None:
    """One page of a document by itself, at `zoom` (one of PAGE_ZOOMS, else 1.5), with its
    neighbours and its chunk count: None if the document has no such page (a 404)."""
    page = document.pages.filter(index=page_index).first()
    if page is None:
        return None
    total = document.pages.count()
    chosen = next((z for z in PAGE_ZOOMS if zoom is not None and f"{z:g}" == zoom), PAGE_ZOOM)
    return {
        "dataset": document.dataset,
        "document": document,
        "page": page,
        "number": page_index + 1,
        "page_total": total,
        "previous": page_index - 1 if page_index > 0 else None,
        "following": page_index + 1 if page_index + 1 < total else None,
        "chunks": Chunk.objects.filter(document=document, page_index=page_index).count(),
        "zoom": f"{chosen:g}",
        "zooms": [(f"{z:g}", z == chosen) for z in PAGE_ZOOMS],
    }
