"""Ingest PDFs into Documents, Pages and Chunks; import externally produced chunks.

A PDF either lands whole (Document ready + every Page + every Chunk, in one transaction) or not
at all (a Document row with status failed / needs_password / no_text and the reason, and no
pages or chunks). Re-ingesting the same bytes into the same dataset is a no-op.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from groundgate.documents.chunking import (
    CHUNKING_VERSION,
    DEFAULT_CHUNKING,
    ChunkingPolicy,
    StoredChunk,
)
from groundgate.documents.isolated import IsolationLimits, extract_pdf_isolated
from groundgate.documents.pdf_text import ExtractedPdf, PdfLimits, PdfProblem, looks_like_pdf
from groundgate.documents.text_quality import mark_garbled
from groundgate.models import Dataset, Document, DocumentStatus, Page
from groundgate.models.rows import rows_copy
from groundgate.services.chunk_rows import ChunkRow, chunk_rows_write
from groundgate.services.document_status import document_status_move

log = logging.getLogger(__name__)
MB = 1024 * 1024


@dataclass(frozen=True)
class IngestResult:
    document: Document
    status: str
    reason: str
    already: bool
    seconds: float

    @property
    def ok(self) -> bool:
        return self.status == DocumentStatus.READY


def chunk_id_for(sha256: str, ordinal: int) -> str:
    """Stable across re-ingestion: the file's hash and the chunk's place in reading order."""
    return f"{sha256[:12]}-{ordinal:05d}"


def pdf_limits() -> tuple[PdfLimits, IsolationLimits]:
    """The limits of docs/limits.md, read from settings at call time."""
    return (
        PdfLimits(
            max_pages=settings.GROUNDGATE_PDF_MAX_PAGES,
            max_decompressed_bytes=settings.GROUNDGATE_PDF_MAX_DECOMPRESSED_MB * MB,
        ),
        IsolationLimits(
            max_memory_bytes=settings.GROUNDGATE_PDF_MAX_MEMORY_MB * MB,
            timeout_seconds=settings.GROUNDGATE_PDF_TIMEOUT_SECONDS,
        ),
    )


def document_ingest(
    *,
    dataset: Dataset,
    data: bytes,
    filename: str,
    password: str | None = None,
    policy: ChunkingPolicy = DEFAULT_CHUNKING,
    progress: Callable[[int], None] | None = None,
) -> IngestResult:
    started = time.perf_counter()
    sha256 = hashlib.sha256(data).hexdigest()
    existing = Document.objects.filter(dataset=dataset, sha256=sha256).first()
    if existing is not None and existing.status == DocumentStatus.READY:
        return IngestResult(
            existing, existing.status, "already ingested", True, time.perf_counter() - started
        )
    if not looks_like_pdf(data):
        problem = PdfProblem("failed", "not a PDF: the file does not start with %PDF-")
        return _record_problem(dataset, sha256, filename, problem, started)
    limits, isolation = pdf_limits()
    try:
        # MuPDF runs in a child process with memory and time limits (documents/isolated.py):
        # a hostile file costs at most those limits and ends as a PdfProblem.
        extracted = extract_pdf_isolated(
            data,
            password=password,
            policy=policy,
            limits=limits,
            isolation=isolation,
            processes=settings.GROUNDGATE_PDF_PROCESSES,
        )
    except PdfProblem as problem:
        return _record_problem(dataset, sha256, filename, problem, started)
    if progress is not None:
        progress(extracted.page_count)
    document = _store(dataset, extracted, filename, existing, policy.version)
    return IngestResult(document, document.status, "", False, time.perf_counter() - started)


def document_ingest_pending(*, document: Document, password: str | None = None) -> IngestResult:
    """Ingest a Document whose upload is already stored (the API's path: the outbox's
    `ingest_document` row, or the Celery task), and what follows it: when the Document is ready,
    the retrieval index takes its new chunks (incremental, and never fails the ingestion).

    Always leaves the Document in a final state: whatever goes wrong (an unreadable stored file,
    an unexpected error) is recorded as `failed` with the reason, never left `pending`."""
    result = _ingest_stored(document, password)
    if result.ok:
        from groundgate.services.embedding_index import embedding_index_refresh

        embedding_index_refresh(document.dataset)
    return result


def _ingest_stored(document: Document, password: str | None) -> IngestResult:
    started = time.perf_counter()
    document.refresh_from_db()
    if document.status != DocumentStatus.PENDING:
        # Ingested or failed already: a re-queued copy of a task that did run after all (the
        # pending sweep), or a retry. Nothing to do, and an outcome is never overwritten.
        return IngestResult(document, document.status, "not pending", True, 0.0)
    try:
        with document.file.open("rb") as fh:
            data = fh.read()
        name = Path(document.file.name).name
        return document_ingest(
            dataset=document.dataset, data=data, filename=name, password=password
        )
    except Exception as exc:
        log.exception("ingesting document %s failed", document.pk)
        problem = PdfProblem("failed", f"ingestion failed: {type(exc).__name__}: {exc}")
        return _record_problem(document.dataset, document.sha256, document.title, problem, started)


def _record_problem(
    dataset: Dataset, sha256: str, filename: str, problem: PdfProblem, started: float
) -> IngestResult:
    with transaction.atomic():
        document, _ = Document.objects.get_or_create(
            dataset=dataset, sha256=sha256, defaults={"title": filename}
        )
        document_status_move(
            document, problem.status, error=problem.reason, warnings=problem.warnings
        )
        stored = document.file.name if document.file else None
        # A file is kept only for a ready document: a failed upload's copy (maybe a bomb) goes.
        document.file = None
        document.save(update_fields=["status", "error", "warnings", "file"])
        if stored:
            transaction.on_commit(lambda: document.file.storage.delete(stored))
    return IngestResult(
        document, problem.status, problem.reason, False, time.perf_counter() - started
    )


def _store(
    dataset: Dataset,
    extracted: ExtractedPdf[StoredChunk],
    filename: str,
    existing: Document | None,
    chunking: int = CHUNKING_VERSION,
) -> Document:
    document = existing or Document(dataset=dataset, sha256=extracted.sha256, title=filename)
    saved_name = None
    try:
        with transaction.atomic():
            document.title = document.title or filename
            document.kind = "pdf"
            document.page_count = extracted.page_count
            # Which chunker wrote the chunks (d905): a document without it was chunked by 1.
            document.metadata = {**document.metadata, "chunking": chunking}
            chunks, garbled = mark_garbled(list(extracted.chunks))
            extracted.chunks = chunks
            document_status_move(
                document,
                DocumentStatus.READY,
                error="",
                warnings=[*extracted.warnings, *([garbled] if garbled else [])],
            )
            if document.file:
                # A pending upload's stored copy is replaced by what we keep (maybe decrypted).
                document.file.delete(save=False)
            document.file.save(filename, ContentFile(extracted.stored_bytes), save=False)
            saved_name = document.file.name
            document.save()
            _rows_write(dataset, document, extracted)
    except BaseException:
        if saved_name:
            document.file.storage.delete(saved_name)  # no orphan file for rows that never were
        raise
    return document


def _rows_write(dataset: Dataset, document: Document, extracted: ExtractedPdf[StoredChunk]) -> None:
    """The Page and Chunk rows, as plain values (COPY on PostgreSQL): a book has thousands of
    chunks and building a model instance for each was half of the ingestion's time. The values
    are those bulk_create wrote (tests/services/test_chunk_digests.py pins them)."""
    rows_copy(
        Page,
        ("document", "index", "width", "height", "rotation"),
        ((document.pk, p.index, p.width, p.height, p.rotation) for p in extracted.pages),
    )
    sha256, knowledge_id, title = document.sha256, document.sha256[:12], document.title
    chunk_rows_write(
        dataset=dataset,
        document=document,
        rows=(
            ChunkRow(
                chunk_id=chunk_id_for(sha256, ordinal),
                ordinal=ordinal,
                text=chunk.text,
                page_index=chunk.page_index,
                bbox=chunk.bbox,
                position_int=chunk.position_int,
                knowledge_id=knowledge_id,
                knowledge_type="pdf",
                source_reference=title,
                metadata=chunk.metadata,
                word_boxes=chunk.word_boxes,
            )
            for ordinal, chunk in enumerate(extracted.chunks)
        ),
    )
