"""Accept an uploaded PDF for ingestion in the background (the API's upload endpoint).

The bytes are stored on a pending Document in one transaction and the ingestion task is queued
when it commits; the task runs groundgate.services.ingestion.document_ingest_pending, the same
ingestion the `ingest` command runs. Uploading bytes a dataset already holds ready is a no-op.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import PurePath

from django.db import transaction

from groundgate.documents.pdf_text import looks_like_pdf
from groundgate.models import Dataset, Document, DocumentStatus
from groundgate.services.document_status import document_status_move
from groundgate.services.outbox import outbox_enqueue
from groundgate.services.pending_documents import pending_mark
from groundgate.services.stored_files import document_file_exists, document_file_store


class NotAPdf(ValueError):
    pass


@dataclass(frozen=True)
class UploadAccepted:
    document: Document
    # The outbox row that ingests it; None: the same bytes were ingested already (nothing queued)
    task_id: str | None

    @property
    def already(self) -> bool:
        return self.task_id is None


def document_upload_accept(
    *, dataset: Dataset, data: bytes, filename: str, password: str | None = None
) -> UploadAccepted:
    if not looks_like_pdf(data):
        raise NotAPdf("file: not a PDF (the file does not start with %PDF-)")
    sha256 = hashlib.sha256(data).hexdigest()
    existing = Document.objects.filter(dataset=dataset, sha256=sha256).first()
    name = PurePath(filename or "upload.pdf").name[:200] or "upload.pdf"
    if existing is not None and existing.status == DocumentStatus.READY:
        if not document_file_exists(existing):
            # Its stored file was lost (a restore, a deletion): the same bytes put it back; the
            # pages and chunks read from them are still right, so nothing is ingested again.
            with transaction.atomic():
                document_file_store(existing, name, data)
                existing.save(update_fields=["file"])
        return UploadAccepted(existing, None)
    with transaction.atomic():
        document = existing or Document(dataset=dataset, sha256=sha256, title=name)
        document_status_move(document, DocumentStatus.PENDING)
        # When it became pending: the sweep (services/pending_documents.py) acts on old ones.
        pending_mark(document)
        if not document.file:
            # A full disk: StorageFull (507), this transaction rolls back, no partial file.
            document_file_store(document, name, data)
        document.save()
        # The ingestion is an outbox row of this transaction; an encrypted PDF's password is
        # sealed on it (never a task argument, never in the broker) and dropped when done.
        message = outbox_enqueue(
            kind="ingest_document", payload={"document_id": document.pk}, secret=password
        )
    document.refresh_from_db()
    return UploadAccepted(document, str(message.pk))
