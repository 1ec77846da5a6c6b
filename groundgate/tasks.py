"""Celery tasks: thin wrappers that take ids and call one service.

With no CELERY_BROKER_URL they run eagerly in the caller's process (the one-command default).
Retries are declared here, on the task: only for database hiccups (and, for webhook deliveries,
a receiver that did not answer 2xx), never for bad input.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from groundgate.models import Case, Dataset
from groundgate.services.gating import case_gate, dataset_regate
from groundgate.services.webhooks import WebhookDeliveryFailed, webhook_delivery_attempt

RETRY = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(**RETRY)
def gate_case_task(case_id: int) -> str:
    run = case_gate(case=Case.objects.get(pk=case_id))
    return run.status


@shared_task(**RETRY)
def regate_dataset_task(dataset_id: int, kind: str | None = None) -> int:
    report = dataset_regate(dataset=Dataset.objects.get(pk=dataset_id), kind=kind)
    return report.gated


@shared_task(**RETRY)
def ingest_document_task(document_id: int, password: str | None = None) -> str:
    from groundgate.models import Document
    from groundgate.services.ingestion import document_ingest_pending

    document = Document.objects.get(pk=document_id)
    result = document_ingest_pending(document=document, password=password)
    if result.ok:  # the retrieval index follows ingestion (incremental)
        from groundgate.services.embedding_index import embedding_index_refresh

        embedding_index_refresh(document.dataset)
    return result.status


@shared_task(**RETRY)
def sweep_pending_documents_task() -> dict:
    """Queue again, or record failed, uploads left pending by a lost ingestion task (run by
    Celery beat: CELERY_BEAT_SCHEDULE in settings). Takes no ids: it looks for them."""
    from groundgate.services.pending_documents import documents_pending_sweep

    report = documents_pending_sweep()
    return {"requeued": report.requeued, "failed": report.failed}


# A receiver that is down is tried again after about 1, 2, 4, ... s (with jitter, at most 10
# minutes apart), 8 tries after the first; each try is a row in the delivery log.
@shared_task(
    bind=True,
    autoretry_for=(WebhookDeliveryFailed,),
    retry_backoff=True,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=8,
)
def deliver_webhook_task(self, delivery_id: int) -> int | None:
    attempt = webhook_delivery_attempt(delivery_id=delivery_id, attempt=self.request.retries + 1)
    return attempt.status_code if attempt is not None else None
