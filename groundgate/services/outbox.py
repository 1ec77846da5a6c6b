"""The outbox (DESIGN.md rule 13; docs/operations.md): work that must happen after a write is an
OutboxMessage row written in the writer's transaction, and is done from that row.

- `outbox_enqueue` writes the row (ids only; a secret sealed) and, once the transaction commits,
  hands it on: with a broker (CELERY_BROKER_URL) it publishes the row's id to the Celery task
  `outbox_run_task`, and a broker that is down only logs a warning (the row waits for the relay);
  with no broker, kinds that used to run in the request (ingestion) run at once in the
  writer's process unless GROUNDGATE_OUTBOX_WORKER says a worker runs beside it (`make run`
  sets it: the upload answers at once, d1041), and the others (webhook deliveries: a receiver
  may hang) wait for the worker that `make run` starts (`manage.py run_outbox`).
- `outbox_message_run` claims a due row with one conditional UPDATE (a lease: `locked_until`),
  runs its handler and records the outcome on the row: done, or the error and the next attempt
  (a doubling backoff from GROUNDGATE_OUTBOX_BACKOFF_MS, at most GROUNDGATE_OUTBOX_BACKOFF_MAX_S),
  or given up after `max_attempts`. A worker killed mid-run leaves a lease that expires; the row
  is then due again. Two workers never run the same attempt: the claim is atomic.
- `outbox_relay` (Celery beat, and `run_outbox` when a broker is set) publishes rows that are due
  and were not published recently: after a broker outage, a lost message or a restart.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from groundgate.celery_app import app as celery_app
from groundgate.models import OutboxMessage, OutboxState, WebhookDelivery
from groundgate.services.outbox_seal import seal, unseal

logger = logging.getLogger(__name__)

ERROR_CHARS = 2000
# The Celery task that runs one row (groundgate/tasks.py), published by name.
RUN_TASK = "groundgate.tasks.outbox_run_task"


class OutboxRetry(Exception):
    """The work did not happen this time; try again after the backoff (if attempts are left)."""


class OutboxGiveUp(Exception):
    """The work cannot happen (another try would fail the same way): stop, keep the reason."""


@dataclass(frozen=True)
class OutboxKind:
    """How one kind of work is done: `run(payload, secret, attempt)`; whether it runs in the
    writer's process when there is no broker; how many tries; how long a claim holds."""

    run: Callable[[dict[str, Any], str | None, int], None]
    inline_without_broker: bool
    max_attempts: int
    lease: timedelta
    # Told of an attempt whose worker stopped before it reported (its lease ran out).
    lost: Callable[[dict[str, Any], int], None] | None = None

    def lease_now(self) -> timedelta:
        override = settings.GROUNDGATE_OUTBOX_LEASE_S
        return timedelta(seconds=override) if override else self.lease


def _deliver_webhook(payload: dict[str, Any], _secret: str | None, attempt: int) -> None:
    from groundgate.services.webhooks import webhook_delivery_send

    webhook_delivery_send(delivery_id=payload["delivery_id"], attempt=attempt)


def _webhook_attempt_lost(payload: dict[str, Any], attempt: int) -> None:
    from groundgate.services.webhooks import webhook_attempt_lost

    webhook_attempt_lost(delivery_id=payload["delivery_id"], attempt=attempt)


def _ingest_document(payload: dict[str, Any], secret: str | None, _attempt: int) -> None:
    from groundgate.models import Document
    from groundgate.services.ingestion import document_ingest_pending

    document = Document.objects.filter(pk=payload["document_id"]).first()
    if document is None:
        raise OutboxGiveUp("the document no longer exists")
    document_ingest_pending(document=document, password=secret)


KINDS: dict[str, OutboxKind] = {
    "webhook": OutboxKind(
        _deliver_webhook, False, 9, timedelta(seconds=120), lost=_webhook_attempt_lost
    ),
    "ingest_document": OutboxKind(_ingest_document, True, 6, timedelta(minutes=15)),
}


def outbox_kind_register(name: str, kind: OutboxKind) -> None:
    """A kind whose work lives in another app: reviews registers `phoenix_push` when it is
    ready (groundgate never imports reviews; the rows are written by groundgate's services)."""
    KINDS[name] = kind


def broker_configured() -> bool:
    return not settings.CELERY_TASK_ALWAYS_EAGER


def outbox_enqueue(
    *,
    kind: str,
    payload: dict[str, Any],
    secret: str | None = None,
    delivery: WebhookDelivery | None = None,
) -> OutboxMessage:
    """Write the row in the caller's transaction; hand it on once that commits (see above)."""
    spec = KINDS[kind]
    with transaction.atomic():
        message = OutboxMessage.objects.create(
            kind=kind,
            payload=payload,
            sealed=seal(secret) if secret else None,
            max_attempts=spec.max_attempts,
            next_attempt_at=timezone.now(),
            delivery=delivery,
        )
        transaction.on_commit(lambda: _after_commit([message.pk], kind, secret))
    return message


def outbox_enqueue_deliveries(deliveries: list[WebhookDelivery]) -> None:
    """One `webhook` row per delivery (already saved), in the caller's transaction."""
    if not deliveries:
        return
    now = timezone.now()
    spec = KINDS["webhook"]
    rows = [
        OutboxMessage(
            kind="webhook",
            payload={"delivery_id": d.pk},
            max_attempts=spec.max_attempts,
            next_attempt_at=now,
            delivery=d,
        )
        for d in deliveries
    ]
    with transaction.atomic():
        OutboxMessage.objects.bulk_create(rows)
        ids = list(
            OutboxMessage.objects.filter(delivery__in=[d.pk for d in deliveries]).values_list(
                "pk", flat=True
            )
        )
        transaction.on_commit(lambda: _after_commit(ids, "webhook", None))


def _after_commit(ids: list[int], kind: str, secret: str | None) -> None:
    if broker_configured():
        outbox_publish(ids)
    elif KINDS[kind].inline_without_broker and not settings.GROUNDGATE_OUTBOX_WORKER:
        # No worker beside this process (GROUNDGATE_OUTBOX_WORKER off): the work happens here,
        # after the commit. With one, the row is the worker's, and the request answers now (d1041).
        for message_id in ids:
            outbox_message_run(message_id, secret=secret)


def outbox_publish(ids: list[int], countdown: float | None = None) -> int:
    """Ask the Celery workers to run these rows; how many were handed to the broker. A broker
    that cannot be reached stops the hand-over with a warning and fails nothing: the rows stay
    due and the relay publishes them later."""
    published: list[int] = []
    try:
        for message_id in ids:
            # By name: the tasks module builds on the services, never the other way round.
            celery_app.send_task(RUN_TASK, args=(message_id,), countdown=countdown, retry=False)
            published.append(message_id)
    except Exception as exc:  # kombu's errors vary by transport; any failure means "later"
        logger.warning(
            "outbox: broker unavailable, %d message(s) wait for the relay: %s",
            len(ids) - len(published),
            exc,
        )
    if published:
        when = timezone.now() + timedelta(seconds=countdown or 0)
        OutboxMessage.objects.filter(pk__in=published).update(published_at=when)
    return len(published)


def _due(now: datetime) -> Q:
    return Q(state=OutboxState.PENDING, next_attempt_at__lte=now) | Q(
        state=OutboxState.RUNNING, locked_until__lt=now
    )


def backoff_seconds(attempt: int) -> float:
    """The wait after failed attempt `attempt` (1-based): first, 2x first, 4x first, ..."""
    first = settings.GROUNDGATE_OUTBOX_BACKOFF_MS / 1000
    return float(min(first * 2 ** (attempt - 1), settings.GROUNDGATE_OUTBOX_BACKOFF_MAX_S))


def outbox_message_run(message_id: int, *, secret: str | None = None) -> str | None:
    """Claim the row if it is due, run it once and record the outcome; the new state, or None
    when the row was not due (done, running elsewhere, waiting for its backoff)."""
    now = timezone.now()
    message = OutboxMessage.objects.filter(pk=message_id).first()
    if message is None or message.kind not in KINDS:
        return None
    spec = KINDS[message.kind]
    claimed = OutboxMessage.objects.filter(
        _due(now), pk=message_id, attempts=message.attempts
    ).update(
        state=OutboxState.RUNNING,
        locked_until=now + spec.lease_now(),
        attempts=F("attempts") + 1,
        updated_at=now,
    )
    if not claimed:
        return None
    attempt = message.attempts + 1
    mine = OutboxMessage.objects.filter(pk=message_id, attempts=attempt)
    if message.state == OutboxState.RUNNING:  # its worker stopped mid-attempt (kill -9, crash)
        lost = f"attempt {message.attempts}: the worker stopped before it finished (lease expired)"
        mine.update(last_error=lost)
        message.last_error = lost
        if spec.lost is not None:
            spec.lost(message.payload, message.attempts)
    if attempt > message.max_attempts:  # a worker died during the last allowed attempt
        return _finish(mine, OutboxState.GAVE_UP, message.last_error)
    if secret is None:
        secret = unseal(message.sealed)
    try:
        spec.run(message.payload, secret, attempt)
    except OutboxGiveUp as exc:
        return _finish(mine, OutboxState.GAVE_UP, str(exc))
    except Exception as exc:
        if not isinstance(exc, OutboxRetry):
            logger.exception("outbox: %s #%s, attempt %s", message.kind, message_id, attempt)
        reason = str(exc) if isinstance(exc, OutboxRetry) else f"{type(exc).__name__}: {exc}"
        if attempt >= message.max_attempts:
            return _finish(mine, OutboxState.GAVE_UP, reason)
        delay = backoff_seconds(attempt)
        mine.update(
            state=OutboxState.PENDING,
            next_attempt_at=timezone.now() + timedelta(seconds=delay),
            locked_until=None,
            last_error=reason[:ERROR_CHARS],
        )
        if broker_configured():
            outbox_publish([message_id], countdown=delay)
        return OutboxState.PENDING
    return _finish(mine, OutboxState.DONE, "")


def _finish(mine: QuerySet[OutboxMessage], state: str, error: str) -> str:
    now = timezone.now()
    mine.update(
        state=state,
        locked_until=None,
        last_error=error[:ERROR_CHARS],
        done_at=now,
        sealed=None,  # the secret is not kept past the work
    )
    return state


def outbox_due_ids(*, now: datetime | None = None, limit: int = 100) -> list[int]:
    now = now or timezone.now()
    return list(
        OutboxMessage.objects.filter(_due(now))
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )


def outbox_run_due(*, limit: int = 100) -> int:
    """Run the rows due now (no broker: the worker's loop); how many were run."""
    ran = 0
    for message_id in outbox_due_ids(limit=limit):
        if outbox_message_run(message_id) is not None:
            ran += 1
    return ran


def outbox_relay(*, limit: int = 1000) -> int:
    """Publish rows that are due and were not handed to the broker within
    GROUNDGATE_OUTBOX_REPUBLISH_S (Celery beat; `run_outbox` with a broker)."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.GROUNDGATE_OUTBOX_REPUBLISH_S)
    ids = list(
        OutboxMessage.objects.filter(_due(now))
        .filter(Q(published_at__isnull=True) | Q(published_at__lt=stale))
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )
    return outbox_publish(ids) if ids else 0


def outbox_worker_loop(*, stop: Callable[[], bool], poll: float | None = None) -> None:
    """`manage.py run_outbox`: with no broker, run due rows; with one, relay them to the Celery
    workers. Every state is in the rows, so stopping and starting again loses nothing."""
    poll = settings.GROUNDGATE_OUTBOX_POLL_MS / 1000 if poll is None else poll
    while not stop():
        try:
            busy = outbox_relay() if broker_configured() else outbox_run_due()
        except Exception:  # the database went away for a moment: wait and try again
            logger.exception("outbox worker: a round failed")
            busy = 0
        close_old_connections()
        if not busy:
            time.sleep(poll)


def outbox_replay(*, ids: list[int] | None = None, gave_up: bool = False) -> int:
    """Make given-up rows (all of them, or these ids) due again with fresh attempts; how many."""
    rows = OutboxMessage.objects.filter(state=OutboxState.GAVE_UP)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    elif not gave_up:
        return 0
    replayed = 0
    # Attempts keep counting (the delivery log numbers them); the row gets its tries again.
    for kind, spec in KINDS.items():
        replayed += rows.filter(kind=kind).update(
            state=OutboxState.PENDING,
            max_attempts=F("attempts") + spec.max_attempts,
            next_attempt_at=timezone.now(),
            published_at=None,
            done_at=None,
        )
    return replayed
