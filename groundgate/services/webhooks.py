"""Webhooks: a dataset's subscribers are told of verdicts, reviews, relabels and finished exports.

How an event travels (docs/integrations.md, "Webhooks"):
1. The service that makes the event calls `webhook_events_emit` inside its own transaction: one
   WebhookDelivery row (the exact body) per active subscriber, so an event exists only if its
   cause committed (an outbox).
2. `transaction.on_commit` hands the delivery ids to the Celery task `deliver_webhook_task`
   (groundgate/tasks.py), which declares its retries and exponential backoff. The request never
   waits for a receiver: with a broker the hand-over is a publish; with no broker (the embedded
   default, tasks eager) the deliveries and their retries run on one background thread, with
   the task's backoff between tries (see `_EmbeddedDeliveries`).
3. `webhook_delivery_attempt` signs and POSTs the body to a public address only (checked on the
   connected socket: groundgate/services/webhook_targets.py), and appends a WebhookAttempt
   (status, duration, error) whatever happens: the delivery log.
"""

from __future__ import annotations

import http.client
import logging
import secrets
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone

from groundgate.integrations.webhooks import EVENTS, delivery_headers, event_body
from groundgate.models import Dataset, GateRun, Webhook, WebhookAttempt, WebhookDelivery
from groundgate.services.links import case_url
from groundgate.services.outbox import (
    OutboxGiveUp,
    OutboxRetry,
    outbox_enqueue_deliveries,
)
from groundgate.services.webhook_targets import (
    TargetRefused,
    attempt_deadline,
    public_opener,
    webhook_target_check,
)

logger = logging.getLogger(__name__)

# A receiver must answer quickly; a slow one is retried rather than holding a worker.
TIMEOUT_SECONDS = 10
USER_AGENT = "GroundGate-Webhooks/1"
# What is kept of a receiver's error answer in the log (it is for a person to read).
ERROR_EXCERPT = 500


class WebhookInputError(ValueError):
    """Bad webhook settings; `field` names what was wrong."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


class WebhookDeliveryFailed(Exception):
    """An attempt did not reach a 2xx answer: the task retries on this (and only this)."""


def webhook_url_problem(url: str) -> str | None:
    """What makes `url` unfit to send to, or None: an absolute http(s) URI (the schema's
    `format: uri`) with a host, and none of the tricks that make two parsers read two targets:
    no whitespace or control character (a CR/LF would start a new header line), no backslash
    (some parsers read it as '/'), no user name or password before the host."""
    if any(ord(c) < 0x21 or ord(c) == 0x7F for c in url):
        return "must not contain spaces or control characters (CR, LF, tab, ...)"
    if "\\" in url:
        return "must not contain a backslash"
    if not url.startswith(("http://", "https://")):
        return "must be an http:// or https:// URL"
    if len(url) > 2000:
        return "at most 2000 characters"
    parts = urlsplit(url)
    if parts.username is not None or parts.password is not None:
        return "must not contain a user name or password (user@host)"
    if not parts.hostname:
        return "no host in the URL"
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number in range
    except ValueError:
        return "the port is not a number from 0 to 65535"
    try:
        URLValidator(schemes=["http", "https"])(url)
    except ValidationError:
        return "is not a valid URL"
    return None


def webhook_url_clean(url: str) -> str:
    """The URL, stripped, or WebhookInputError: a well-formed http(s) URL (webhook_url_problem)
    whose host resolves to public addresses only (groundgate/services/webhook_targets.py;
    checked again at each delivery)."""
    url = (url or "").strip()
    problem = webhook_url_problem(url)
    if problem is not None:
        raise WebhookInputError("url", problem)
    try:
        webhook_target_check(url=url)
    except TargetRefused as exc:
        raise WebhookInputError("url", str(exc)) from None
    return url


def webhook_events_clean(events: Iterable[str] | None) -> list[str]:
    """The events in their canonical order, or WebhookInputError naming the bad one."""
    events = list(events or [])
    if not events:
        raise WebhookInputError("events", f"choose one or more of {', '.join(EVENTS)}")
    for i, event in enumerate(events):
        if event not in EVENTS:
            raise WebhookInputError(f"events[{i}]", f"{event!r} is not one of {', '.join(EVENTS)}")
    # A canonical order, so the stored list does not depend on how it was typed.
    return [e for e in EVENTS if e in events]


@transaction.atomic
def webhook_create(
    *,
    dataset: Dataset,
    url: str,
    events: Iterable[str] | None,
    secret: str = "",
    active: bool = True,
    created_by: User | None = None,
) -> Webhook:
    """A new webhook; a random secret when none is given. The caller shows the secret once."""
    secret = secret or secrets.token_urlsafe(32)
    if len(secret) < 16 or len(secret) > 128:
        raise WebhookInputError("secret", "16 to 128 characters")
    webhook = Webhook.objects.create(
        dataset=dataset,
        url=webhook_url_clean(url),
        events=webhook_events_clean(events),
        secret=secret,
        active=active,
        created_by=created_by,
    )
    dataset_webhooks_refresh(dataset=dataset)
    return webhook


@transaction.atomic
def webhook_update(
    *,
    webhook: Webhook,
    url: str | None = None,
    events: Iterable[str] | None = None,
    active: bool | None = None,
) -> Webhook:
    """Change what is given. The secret is not changed here: make a new webhook to rotate it."""
    if url is not None:
        webhook.url = webhook_url_clean(url)
    if events is not None:
        webhook.events = webhook_events_clean(events)
    if active is not None:
        webhook.active = active
    webhook.save()
    dataset_webhooks_refresh(dataset=webhook.dataset)
    return webhook


def dataset_webhooks_refresh(*, dataset: Dataset) -> None:
    """Set Dataset.webhooks_on from the webhooks (after any change to one)."""
    dataset.webhooks_on = Webhook.objects.filter(dataset=dataset, active=True).exists()
    Dataset.objects.filter(pk=dataset.pk).update(webhooks_on=dataset.webhooks_on)


@dataclass(frozen=True)
class Event:
    """One event about one dataset: its type and its data (JSON-able)."""

    dataset_id: int
    event: str
    data: dict[str, Any]


def webhook_events_emit(
    *, datasets: Iterable[Dataset], event: str, build: Callable[[], Iterable[Event]]
) -> list[int]:
    """Record the `event`s that `build()` makes (a list of Event) for every active webhook of
    their dataset that subscribes to `event`, in the caller's transaction, and deliver them once
    it commits. When no dataset has an active webhook (Dataset.webhooks_on) this makes no query
    and `build` is never called."""
    dataset_ids = {d.pk for d in datasets if d.webhooks_on}
    if not dataset_ids:
        return []
    hooks = [
        hook
        for hook in Webhook.objects.filter(dataset_id__in=dataset_ids, active=True).select_related(
            "dataset"
        )
        if event in hook.events
    ]
    if not hooks:
        return []
    now = timezone.now()
    deliveries = [
        _delivery(hook, item.event, item.data, now)
        for item in build()
        for hook in hooks
        if hook.dataset_id == item.dataset_id
    ]
    return _store_and_dispatch(deliveries)


def webhook_event_emit(*, dataset: Dataset, event: str, data: dict[str, Any]) -> list[int]:
    """One event about `dataset` (see webhook_events_emit)."""
    return webhook_events_emit(
        datasets=[dataset], event=event, build=lambda: [Event(dataset.pk, event, data)]
    )


def _delivery(hook: Webhook, event: str, data: dict[str, Any], now: datetime) -> WebhookDelivery:
    event_id = str(uuid.uuid4())
    body = event_body(
        event_id=event_id,
        event=event,
        dataset=hook.dataset.slug,
        created_at=now.isoformat().replace("+00:00", "Z"),
        data=data,
    )
    return WebhookDelivery(webhook=hook, event_id=event_id, event=event, body=body)


def _store_and_dispatch(deliveries: list[WebhookDelivery]) -> list[int]:
    if not deliveries:
        return []
    with transaction.atomic():
        WebhookDelivery.objects.bulk_create(deliveries)
        # bulk_create sets primary keys on SQLite >= 3.35 and PostgreSQL; read them back by the
        # unique event ids so any backend works.
        stored = list(
            WebhookDelivery.objects.filter(event_id__in=[d.event_id for d in deliveries]).only("id")
        )
        outbox_enqueue_deliveries(stored)
    return [d.pk for d in stored]


def webhook_test_send(*, webhook: Webhook) -> WebhookDelivery:
    """Send a `test` event to this one webhook (active or not), through the same signed,
    retried, logged path as real events."""
    data = {"message": "a test event from GroundGate", "webhook_id": webhook.pk}
    delivery = _delivery(webhook, "test", data, timezone.now())
    with transaction.atomic():
        delivery.save()
        outbox_enqueue_deliveries([delivery])
    return delivery


def webhook_delivery_send(*, delivery_id: int, attempt: int) -> None:
    """The outbox's handler for a `webhook` row: one attempt, and what the row does next -
    OutboxRetry when the receiver did not take it (the backoff follows), OutboxGiveUp when no
    try can succeed (switched off, a target that is not allowed, a URL that cannot be sent)."""
    try:
        logged = webhook_delivery_attempt(delivery_id=delivery_id, attempt=attempt)
    except WebhookDeliveryFailed as exc:
        raise OutboxRetry(str(exc)) from None
    if logged is None:
        raise OutboxGiveUp("not sent: the webhook was switched off")
    if not logged.succeeded:
        raise OutboxGiveUp(logged.error)


def webhook_delivery_attempt(*, delivery_id: int, attempt: int) -> WebhookAttempt | None:
    """POST the delivery once, signed now, and log the attempt. Raises WebhookDeliveryFailed
    when the receiver did not answer 2xx (the task retries), after the attempt is logged. None
    (nothing sent) when the webhook was switched off since the event. A target that is not a
    public address (webhook_targets) is logged as a failed attempt and not retried: another try
    would reach the same address."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None:
        # Deliveries are never deleted (PROTECT, append-only); only an emptied database (a test
        # flushed under a pending delivery) gets here. Nothing to send.
        return None
    hook = delivery.webhook
    if not hook.active and delivery.event != "test":
        return None  # switched off meanwhile (a broken receiver, say): its retries stop too
    problem = webhook_url_problem(hook.url)
    if problem is not None:  # stored before the URL rule; it can never be sent
        return _log(delivery, attempt, None, 0, f"not sent: the URL {problem}")
    body = bytes(delivery.body)
    timestamp = int(time.time())
    request = urllib.request.Request(
        hook.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            **delivery_headers(
                secret=hook.secret,
                event_id=delivery.event_id,
                event=delivery.event,
                attempt=attempt,
                body=body,
                timestamp=timestamp,
            ),
        },
    )
    status: int | None = None
    error = ""
    refused = False
    started = time.perf_counter()
    with attempt_deadline(settings.GROUNDGATE_WEBHOOK_DEADLINE_S) as late:
        try:
            with public_opener().open(request, timeout=TIMEOUT_SECONDS) as response:
                status = response.status
                response.read(ERROR_EXCERPT)
        except TargetRefused as exc:
            refused = True
            error = f"not sent: {exc}"
        except urllib.error.HTTPError as exc:
            status = exc.code
            error = f"HTTP {exc.code}: " + _excerpt(exc)
        except Exception as exc:  # every other way an attempt fails is logged, then retried
            reason = getattr(exc, "reason", exc)
            error = f"{type(exc).__name__}: {reason}"
            if isinstance(exc, http.client.LineTooLong | http.client.HTTPException):
                error = f"bad answer: {error}"
        if late.is_set():
            status = None
            error = (
                f"no complete answer within {settings.GROUNDGATE_WEBHOOK_DEADLINE_S:g} s "
                "(GROUNDGATE_WEBHOOK_DEADLINE_S: connect and the whole answer)"
            )
    duration_ms = int((time.perf_counter() - started) * 1000)
    logged = _log(delivery, attempt, status, duration_ms, error)
    if not logged.succeeded and not refused:
        raise WebhookDeliveryFailed(logged.error)
    return logged


def webhook_attempt_lost(*, delivery_id: int, attempt: int) -> None:
    """Log an attempt whose worker stopped before it could log it (the outbox found its lease
    run out): the delivery log shows every attempt, even one nobody saw end."""
    delivery = WebhookDelivery.objects.filter(pk=delivery_id).first()
    if delivery is None or delivery.attempts.filter(attempt=attempt).exists():
        return
    _log(delivery, attempt, None, 0, "lost: the worker stopped during this attempt")


def _excerpt(exc: urllib.error.HTTPError) -> str:
    try:
        return exc.read(ERROR_EXCERPT).decode("utf-8", "replace")
    except Exception as read_error:  # the error answer itself broke off
        return f"(the answer's body could not be read: {type(read_error).__name__})"


def _log(
    delivery: WebhookDelivery, attempt: int, status: int | None, duration_ms: int, error: str
) -> WebhookAttempt:
    """One row of the delivery log."""
    ok = status is not None and 200 <= status < 300
    return WebhookAttempt.objects.create(
        delivery=delivery,
        attempt=attempt,
        status_code=status,
        duration_ms=duration_ms,
        error="" if ok else (error or f"HTTP {status}")[:2000],
        succeeded=ok,
    )


def verdict_events(runs: Iterable[GateRun]) -> list[Event]:
    """The `verdict` events of newly stored gate runs (cases must be loaded on the runs)."""
    events = []
    for run in runs:
        case = run.case
        trace = case.payload.get("trace") if isinstance(case.payload, dict) else None
        data = {
            "case_id": case.pk,
            "external_id": case.external_id,
            "kind": case.kind,
            "gate_run_id": run.pk,
            "gate": run.gate,
            "gate_version": run.gate_version,
            "status": run.status,
            "passed": run.passed,
            "finding_codes": run.finding_codes.split(),
            "policy_sha256": run.policy_sha256,
            "case_url": case_url(dataset_slug=case.dataset.slug, case_id=case.pk),
        }
        if isinstance(trace, dict) and trace.get("trace_id"):
            data["trace_id"] = trace["trace_id"]
        events.append(Event(case.dataset_id, "verdict", data))
    return events


def export_ready_emit(
    *, dataset: Dataset, fmt: str, records: int, filters: dict[str, Any], by: str
) -> None:
    """Tell subscribers an export of `dataset` is complete (written to a file by `manage.py
    export`, or streamed to its end by the API)."""
    data = {
        "format": fmt,
        "records": records,
        "filters": {k: v for k, v in sorted(filters.items()) if v not in ("", None, False)},
        "by": by,
    }
    with transaction.atomic():
        webhook_event_emit(dataset=dataset, event="export_ready", data=data)
