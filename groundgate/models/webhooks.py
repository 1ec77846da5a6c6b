from __future__ import annotations

from django.conf import settings
from django.db import models

from groundgate.models.append_only import AppendOnlyModel
from groundgate.models.datasets import Dataset


class Webhook(models.Model):
    """A subscriber of a dataset's events (groundgate.integrations.webhooks.EVENTS). Admins of
    the dataset manage it; it is switched off, never deleted, so its delivery log stays."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=2000)
    # Kept in clear: the HMAC needs it at every delivery. Shown once, when the webhook is made.
    secret = models.CharField(max_length=128)
    events = models.JSONField(default=list)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["dataset", "active"], name="webhook_dataset_active")]

    def __str__(self) -> str:
        return f"{self.dataset} → {self.url}"


class WebhookDelivery(AppendOnlyModel):
    """One event for one webhook: the exact body that is signed and sent (again on a retry).
    Written in the transaction that made the event, so an event exists only if its cause does."""

    webhook = models.ForeignKey(Webhook, on_delete=models.PROTECT, related_name="deliveries")
    event_id = models.CharField(max_length=36, unique=True)
    event = models.CharField(max_length=32)
    body = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class WebhookAttempt(AppendOnlyModel):
    """One try at sending a delivery: the delivery log. status_code is None when no answer came
    (refused, timed out); error says why an attempt failed."""

    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.PROTECT, related_name="attempts")
    attempt = models.PositiveSmallIntegerField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField()
    error = models.TextField(blank=True)
    succeeded = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["delivery", "attempt"], name="one_row_per_attempt")
        ]
