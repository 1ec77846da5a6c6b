"""The tests' way to finish the outbox's work before they look at its effects: `outbox_drain`
runs every pending row in this thread, retries and backoffs included. In the app, the worker that
`make run` starts (`manage.py run_outbox`) does this work."""

from __future__ import annotations

import time

from django.utils import timezone

from groundgate.models import OutboxMessage, OutboxState
from groundgate.services.outbox import outbox_run_due


def outbox_drain(*, timeout: float = 30.0) -> None:
    """Run every pending row in this thread until none is left, waiting for backoffs.
    TimeoutError past `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        if outbox_run_due():
            continue
        upcoming = (
            OutboxMessage.objects.filter(state__in=[OutboxState.PENDING, OutboxState.RUNNING])
            .order_by("next_attempt_at")
            .first()
        )
        if upcoming is None:
            return
        due = upcoming.next_attempt_at
        if upcoming.state == OutboxState.RUNNING and upcoming.locked_until:
            due = upcoming.locked_until
        wait = (due - timezone.now()).total_seconds()
        if time.monotonic() + max(wait, 0) > deadline:
            raise TimeoutError(f"outbox work still pending after {timeout} s")
        time.sleep(min(max(wait, 0.0) + 0.005, 1.0))
