"""Sweep Documents left `pending`: an upload whose ingestion task was lost.

An upload is stored as a pending Document and its ingestion task queued on commit
(services/uploads.py). If the broker loses the message, or the worker dies before it records an
outcome (kill -9, out of memory, a deploy), nothing would ever move the Document on: it would stay
`pending` forever with its file stored. The sweep finds Documents pending for longer than
GROUNDGATE_PENDING_STALE_MINUTES and either queues their ingestion again (at most
GROUNDGATE_PENDING_MAX_REQUEUES times) or records them `failed` with the reason, their stored copy
deleted like any failed upload's.

Idempotent: a re-queued Document's clock starts again (metadata["pending_since"]), so a second
sweep right after the first does nothing; each Document is locked and re-checked before it is
changed, so two sweeps at once never act twice; and the ingestion task does nothing for a
Document that is no longer pending, so a late original task and its re-queued copy cannot both
ingest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from groundgate.models import Document, DocumentStatus
from groundgate.services.document_status import document_status_move


@dataclass
class SweepReport:
    requeued: list[int] = field(default_factory=list)  # Document ids queued again
    failed: list[int] = field(default_factory=list)  # Document ids recorded failed


def pending_since(document: Document) -> datetime:
    """When the Document last became pending (set by the upload and by each re-queue); its
    creation time for one stored before this was recorded."""
    raw = (document.metadata or {}).get("pending_since")
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw)
        except ValueError:
            pass
    return document.created_at


def pending_mark(document: Document, *, now: datetime | None = None, requeues: int = 0) -> None:
    """Record on `document` (not saved) that it becomes pending now."""
    document.metadata = {
        **(document.metadata or {}),
        "pending_since": (now or timezone.now()).isoformat(),
        "pending_requeues": requeues,
    }


def documents_pending_sweep(
    *,
    older_than: timedelta | None = None,
    max_requeues: int | None = None,
    now: datetime | None = None,
) -> SweepReport:
    """Queue again, or record failed, every Document pending for longer than `older_than`."""
    if older_than is None:
        older_than = settings.GROUNDGATE_PENDING_STALE
    if max_requeues is None:
        max_requeues = settings.GROUNDGATE_PENDING_MAX_REQUEUES
    now = now or timezone.now()
    report = SweepReport()
    # Pending Documents are few (each is an upload in flight): their age is read in Python,
    # from metadata, which every database stores alike.
    pending = Document.objects.filter(status=DocumentStatus.PENDING).order_by("pk")
    for document in pending:
        if now - pending_since(document) <= older_than:
            continue
        outcome = _sweep_one(document.pk, older_than=older_than, max_requeues=max_requeues, now=now)
        if outcome == "requeued":
            report.requeued.append(document.pk)
        elif outcome == "failed":
            report.failed.append(document.pk)
    return report


@transaction.atomic
def _sweep_one(
    document_id: int, *, older_than: timedelta, max_requeues: int, now: datetime
) -> str | None:
    document = Document.objects.select_for_update().filter(pk=document_id).first()
    # Re-checked under the lock: the task may have finished, or another sweep acted, meanwhile.
    if document is None or document.status != DocumentStatus.PENDING:
        return None
    if now - pending_since(document) <= older_than:
        return None
    requeues = int((document.metadata or {}).get("pending_requeues") or 0)
    minutes = older_than.total_seconds() / 60
    if not document.file or not document.file.storage.exists(document.file.name):
        reason = (
            f"ingestion never finished (pending for more than {minutes:g} minutes, "
            "GROUNDGATE_PENDING_STALE_MINUTES) and the uploaded file is no longer stored; "
            "upload it again"
        )
        _fail(document, reason)
        return "failed"
    if requeues >= max_requeues:
        reason = (
            f"ingestion never finished: still pending after {requeues} re-queue(s) "
            f"(GROUNDGATE_PENDING_MAX_REQUEUES={max_requeues}), each waited "
            f"{minutes:g} minutes (GROUNDGATE_PENDING_STALE_MINUTES); upload it again"
        )
        _fail(document, reason)
        return "failed"
    pending_mark(document, now=now, requeues=requeues + 1)
    document.save(update_fields=["metadata"])
    from groundgate.services.outbox import outbox_enqueue

    # An upload's password lives only on its own outbox row: without it the re-queued
    # ingestion records `needs_password`, a final state the user can act on.
    outbox_enqueue(kind="ingest_document", payload={"document_id": document.pk})
    return "requeued"


def _fail(document: Document, reason: str) -> None:
    stored = document.file.name if document.file else None
    storage = document.file.storage
    document_status_move(document, DocumentStatus.FAILED, error=reason)
    document.file = None  # a failed upload keeps no file (as ingestion does)
    document.save(update_fields=["status", "error", "file"])
    if stored:
        transaction.on_commit(lambda: storage.delete(stored))
