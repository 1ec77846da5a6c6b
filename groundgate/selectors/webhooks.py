"""Webhooks and their delivery log, as a dataset admin sees them (groundgate.access decides who
that is; these take the dataset the access check returned)."""

from __future__ import annotations

from django.db.models import Count, QuerySet
from django.http import Http404

from groundgate.models import Dataset, Webhook, WebhookAttempt


def webhooks_of(*, dataset: Dataset) -> QuerySet[Webhook]:
    return Webhook.objects.filter(dataset=dataset).order_by("id")


def webhook_of(*, dataset: Dataset, webhook_id: int | str) -> Webhook:
    """A webhook of `dataset`, or Http404 (also for another dataset's)."""
    webhook = (
        Webhook.objects.filter(dataset=dataset, pk=int(webhook_id)).first()
        if str(webhook_id).isdigit()
        else None
    )
    if webhook is None:
        raise Http404("no such webhook")
    return webhook


def webhook_attempts(*, webhook: Webhook) -> QuerySet[WebhookAttempt]:
    """The delivery log of a webhook, newest first: one row per attempt."""
    return (
        WebhookAttempt.objects.filter(delivery__webhook=webhook)
        .select_related("delivery", "delivery__outbox")
        .order_by("-id")
    )


def webhook_delivery_counts(*, webhook: Webhook) -> dict[str, int]:
    """How many deliveries were made, and how many have succeeded."""
    deliveries = webhook.deliveries.all()
    delivered = deliveries.filter(attempts__succeeded=True).distinct().count()
    total = deliveries.aggregate(n=Count("id"))["n"]
    return {"deliveries": total, "delivered": delivered}
