"""The outbox as an operator sees it (`manage.py outbox`, the delivery log)."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from groundgate.models import OutboxMessage, OutboxState


def outbox_counts() -> dict[str, int]:
    """Rows per state, every state named (0 when none)."""
    found = dict(
        OutboxMessage.objects.values_list("state").annotate(n=Count("id")).values_list("state", "n")
    )
    return {state: found.get(state, 0) for state in OutboxState.ALL}


def outbox_rows(*, state: str | None = None, kind: str | None = None) -> QuerySet[OutboxMessage]:
    """Newest first, filtered."""
    rows = OutboxMessage.objects.order_by("-id")
    if state:
        rows = rows.filter(state=state)
    if kind:
        rows = rows.filter(kind=kind)
    return rows
