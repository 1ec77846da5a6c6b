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

import heapq
import logging
import secrets
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import close_old_connections, connections, transaction
from django.utils import timezone

from groundgate.integrations.webhooks import EVENTS, delivery_headers, event_body
from groundgate.models import Dataset, Webhook, WebhookAttempt, WebhookDelivery
from groundgate.services.links import case_url
from groundgate.services.webhook_targets import TargetRefused, public_opener, webhook_target_check

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


def webhook_url_clean(url: str) -> str:
    """The URL, stripped, or WebhookInputError: an http(s) URL whose host resolves to public
    addresses only (groundgate/services/webhook_targets.py; checked again at each delivery)."""
    url = (url or "").strip()
    if not url.startswith(("http://", "https://")):
        raise WebhookInputError("url", "must be an http:// or https:// URL")
    if len(url) > 2000:
        raise WebhookInputError("url", "at most 2000 characters")
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
    created_by=None,
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
    data: dict


def webhook_events_emit(*, datasets: Iterable[Dataset], event: str, build) -> list[int]:
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


def webhook_event_emit(*, dataset: Dataset, event: str, data: dict) -> list[int]:
    """One event about `dataset` (see webhook_events_emit)."""
    return webhook_events_emit(
        datasets=[dataset], event=event, build=lambda: [Event(dataset.pk, event, data)]
    )


def _delivery(hook: Webhook, event: str, data: dict, now) -> WebhookDelivery:
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
        ids = list(
            WebhookDelivery.objects.filter(
                event_id__in=[d.event_id for d in deliveries]
            ).values_list("id", flat=True)
        )
        transaction.on_commit(lambda: _dispatch(ids))
    return ids


def webhook_test_send(*, webhook: Webhook) -> WebhookDelivery:
    """Send a `test` event to this one webhook (active or not), through the same signed,
    retried, logged path as real events."""
    data = {"message": "a test event from GroundGate", "webhook_id": webhook.pk}
    delivery = _delivery(webhook, "test", data, timezone.now())
    with transaction.atomic():
        delivery.save()
        transaction.on_commit(lambda: _dispatch([delivery.pk]))
    return delivery


def _dispatch(delivery_ids: list[int]) -> None:
    from groundgate.tasks import deliver_webhook_task

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        for delivery_id in delivery_ids:
            deliver_webhook_task.delay(delivery_id)
        return
    _embedded.add(delivery_ids)


class _EmbeddedDeliveries:
    """The deliveries of the embedded mode (no broker: Celery would run the task in the caller's
    thread, so a request would wait for a receiver and its retries). One background thread makes
    every attempt, in the order they are due; a failed attempt is put back with the task's
    backoff (GROUNDGATE_WEBHOOK_EMBEDDED_BACKOFF_MS, doubling, at most the task's
    retry_backoff_max), so a receiver that is down for a moment gets its retries later, not nine
    at once, and no thread ever sleeps on behalf of a request. A retry still waiting when the
    process exits is not made (the delivery and its attempts so far stay in the log)."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, int, int]] = []  # (when, order, delivery id, attempt)
        self._order = 0
        self._running = 0
        self._thread: threading.Thread | None = None
        self._changed = threading.Condition()

    def add(self, delivery_ids: list[int], attempt: int = 1, delay: float = 0.0) -> None:
        with self._changed:
            when = time.monotonic() + delay
            for delivery_id in delivery_ids:
                self._order += 1
                heapq.heappush(self._due, (when, self._order, delivery_id, attempt))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="webhooks", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._changed.wait(self._due[0][0] - time.monotonic() if self._due else None)
                _, _, delivery_id, attempt = heapq.heappop(self._due)
                self._running += 1
            retry_in = None
            try:
                retry_in = self._attempt(delivery_id, attempt)
            finally:
                close_old_connections()
                connections.close_all()
                with self._changed:  # the retry is queued before this one counts as done
                    if retry_in is not None:
                        self.add([delivery_id], attempt + 1, retry_in)
                    self._running -= 1
                    self._changed.notify_all()

    @staticmethod
    def _attempt(delivery_id: int, attempt: int) -> float | None:
        """One attempt; the seconds to wait before the next one, or None when there is none."""
        from groundgate.tasks import deliver_webhook_task

        try:
            webhook_delivery_attempt(delivery_id=delivery_id, attempt=attempt)
        except WebhookDeliveryFailed:
            if attempt > deliver_webhook_task.max_retries:
                return None
            first = settings.GROUNDGATE_WEBHOOK_EMBEDDED_BACKOFF_MS / 1000
            return min(first * 2 ** (attempt - 1), deliver_webhook_task.retry_backoff_max)
        except Exception:  # a broken delivery must not stop the others
            logger.exception("webhook delivery %s, attempt %s", delivery_id, attempt)
        return None

    def wait(self, timeout: float) -> None:
        with self._changed:
            done = self._changed.wait_for(lambda: not self._due and not self._running, timeout)
        if not done:
            raise TimeoutError(f"webhook deliveries still pending after {timeout} s")


_embedded = _EmbeddedDeliveries()


def webhook_dispatch_wait(timeout: float = 30.0) -> None:
    """Wait until the embedded mode's deliveries, their retries included, are done (tests,
    `manage.py` commands that must not exit before their events are sent)."""
    _embedded.wait(timeout)


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
    try:
        with public_opener().open(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
            response.read(ERROR_EXCERPT)
    except TargetRefused as exc:
        refused = True
        error = f"not sent: {exc}"
    except urllib.error.HTTPError as exc:
        status = exc.code
        error = f"HTTP {exc.code}: " + exc.read(ERROR_EXCERPT).decode("utf-8", "replace")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        error = f"{type(exc).__name__}: {reason}"
    duration_ms = int((time.perf_counter() - started) * 1000)
    ok = status is not None and 200 <= status < 300
    logged = WebhookAttempt.objects.create(
        delivery=delivery,
        attempt=attempt,
        status_code=status,
        duration_ms=duration_ms,
        error="" if ok else (error or f"HTTP {status}")[:2000],
        succeeded=ok,
    )
    if not ok and not refused:
        raise WebhookDeliveryFailed(logged.error)
    return logged


def verdict_events(runs) -> list[Event]:
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


def export_ready_emit(*, dataset: Dataset, fmt: str, records: int, filters: dict, by: str) -> None:
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
