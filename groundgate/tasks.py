"""Celery tasks: thin wrappers that take ids and call one service.

Work that must happen after a write is an outbox row (groundgate/services/outbox.py): the
workers get only the row's id (`outbox_run_task`), and the row keeps the attempts, the backoff
and the give-up point, so a broker outage or a worker restart delays work and loses none. Celery
beat runs the relay (`outbox_relay_task`) that hands due rows to the workers again. With no
CELERY_BROKER_URL, tasks run eagerly in-process (the one-command default) and `manage.py
run_outbox` does the outbox's work.
"""

from __future__ import annotations

from typing import TypedDict

from celery import shared_task
from django.db import OperationalError

from groundgate.services.outbox import outbox_message_run, outbox_relay
from groundgate.services.pending_documents import documents_pending_sweep


class Retry(TypedDict):
    """Celery's retry options of every task here (typed, so @shared_task(**RETRY) is checked)."""

    autoretry_for: tuple[type[BaseException], ...]
    retry_backoff: bool
    retry_backoff_max: int
    max_retries: int


RETRY: Retry = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(**RETRY)
def outbox_run_task(message_id: int) -> str | None:
    """One attempt at one outbox row (a no-op when it is not due: done, or claimed by another
    worker). Its failures are the row's state, not Celery retries; a database hiccup before the
    claim is retried here."""
    return outbox_message_run(message_id)


@shared_task(**RETRY)
def outbox_relay_task() -> int:
    """Hand the workers the outbox rows that are due and were not handed over recently."""
    return outbox_relay()


@shared_task(**RETRY)
def sweep_pending_documents_task() -> dict[str, list[int]]:
    """Queue again, or record failed, uploads left pending by a lost ingestion task (run by
    Celery beat: CELERY_BEAT_SCHEDULE in settings). Takes no ids: it looks for them."""
    report = documents_pending_sweep()
    return {"requeued": report.requeued, "failed": report.failed}
