"""Re-chunk stored PDF documents with the current chunker (chunking version 3, d905, d908, d969).

A document ingested before version 2 keeps version 1's chunks: a statement's rows joined into
one line. Re-chunking reads the stored file again (in the isolated child, as ingestion does) and
writes the new text and metadata into the same Chunk rows - the same ids, ordinals, pages,
boxes and lengths: version 2 only turns some spaces into newlines. Append-only where it
matters: a document any stored case cites a chunk of (its payload's raw_chunks or evidences)
is left as it is, since those cases were gated on that text and their reviews quote it; so is
one whose new chunks would not line up one for one with the stored ones (then the ids would
name other text: version 3 moves chunk bounds, so most version 2 documents with statements stay
as they are, d969). Each document reports what was done.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from groundgate.documents.chunking import CHUNKING_VERSION
from groundgate.documents.isolated import extract_pdf_isolated
from groundgate.documents.pdf_text import PdfProblem
from groundgate.documents.text_quality import mark_garbled
from groundgate.models import Case, Chunk, Dataset, Document, DocumentStatus
from groundgate.services.ingestion import pdf_limits


@dataclass(frozen=True)
class RechunkResult:
    document_id: int
    title: str
    # "rechunked", "current" (already this version), "cited" (kept: cases cite its chunks),
    # "moved" (kept: the new chunks do not line up with the stored ones), "skipped" (not a
    # ready PDF with its file), "failed" (the file could not be read again)
    outcome: str
    chunks: int = 0
    changed: int = 0  # chunks whose text or metadata was rewritten
    cited: int = 0  # chunks stored cases cite
    reason: str = ""


def cited_chunk_ids(dataset: Dataset) -> set[str]:
    """The chunk ids the dataset's stored cases cite: their raw chunks and evidences."""
    out: set[str] = set()
    for payload in (
        Case.objects.filter(dataset=dataset).values_list("payload", flat=True).iterator()
    ):
        if not isinstance(payload, dict):
            continue
        said = payload.get("answer")
        answer: dict[str, Any] = said if isinstance(said, dict) else {}
        for item in [*(payload.get("raw_chunks") or []), *(answer.get("evidences") or [])]:
            if isinstance(item, dict) and isinstance(item.get("chunk_id"), str):
                out.add(item["chunk_id"])
    return out


def document_rechunk(document: Document, cited: set[str], dry_run: bool = False) -> RechunkResult:
    """Re-chunk one document (see the module docstring); `cited`: cited_chunk_ids of its
    dataset."""

    def result(outcome: str, chunks: int = 0, changed: int = 0, cited: int = 0,
               reason: str = "") -> RechunkResult:  # fmt: skip
        return RechunkResult(document.pk, document.title, outcome, chunks, changed, cited, reason)

    if document.kind != "pdf" or document.status != DocumentStatus.READY or not document.file:
        return result("skipped", reason="not a ready PDF with its stored file")
    if int(document.metadata.get("chunking", 1)) >= CHUNKING_VERSION:
        return result("current")
    stored = list(Chunk.objects.filter(document=document).order_by("ordinal", "pk"))
    held = sum(1 for c in stored if c.chunk_id in cited)
    if held:
        why = f"{held} chunk(s) cited by stored cases: kept as they were gated"
        return result("cited", chunks=len(stored), cited=held, reason=why)
    with document.file.open("rb") as handle:
        data = handle.read()
    limits, isolation = pdf_limits()
    try:
        extracted = extract_pdf_isolated(data, limits=limits, isolation=isolation)
    except PdfProblem as problem:
        return result("failed", chunks=len(stored), reason=problem.reason)
    fresh, _ = mark_garbled(list(extracted.chunks))
    lined_up = len(fresh) == len(stored) and all(
        new.page_index == old.page_index and len(new.text) == len(old.text)
        for new, old in zip(fresh, stored, strict=True)
    )
    if not lined_up:
        why = f"{len(fresh)} new chunks do not line up with {len(stored)} stored"
        return result("moved", chunks=len(stored), reason=why)
    changes = [
        (old, new.text, json.loads(new.metadata))
        for new, old in zip(fresh, stored, strict=True)
        if new.text != old.text or json.loads(new.metadata) != old.metadata
    ]
    if not dry_run:
        with transaction.atomic():
            for old, text, metadata in changes:
                Chunk.objects.filter(pk=old.pk).update(text=text, metadata=metadata)
            document.metadata = {**document.metadata, "chunking": CHUNKING_VERSION}
            document.save(update_fields=["metadata"])
    return result("rechunked", chunks=len(stored), changed=len(changes))


def documents_rechunk(
    documents: Iterable[Document],
    dry_run: bool = False,
    progress: Callable[[int, int, RechunkResult], None] | None = None,
) -> list[RechunkResult]:
    """Re-chunk each document in turn; `progress(done, total, result)` after each."""
    documents = list(documents)
    cited: dict[int, set[str]] = {}
    out = []
    for done, document in enumerate(documents, start=1):
        if document.dataset_id not in cited:
            cited[document.dataset_id] = cited_chunk_ids(document.dataset)
        found = document_rechunk(document, cited[document.dataset_id], dry_run)
        out.append(found)
        if progress is not None:
            progress(done, len(documents), found)
    return out
