"""The outbox (DESIGN.md rule 13): every piece of work that must happen after a write - a webhook
delivery, an ingestion, a gating - is a row written in the same transaction as the write, and a
worker does it from there (groundgate/services/outbox.py). The row holds ids only, never data
or secrets in clear; its state (attempts, next attempt, lease, last error, given up) is the retry
schedule, so a restart or a broker outage delays the work and loses nothing.
"""

from __future__ import annotations

from django.db import models


class OutboxState:
    PENDING = "pending"  # due at next_attempt_at
    RUNNING = "running"  # claimed by a worker until locked_until (then due again)
    DONE = "done"
    GAVE_UP = "gave_up"  # out of attempts, or refused for good; `manage.py outbox replay`
    ALL = (PENDING, RUNNING, DONE, GAVE_UP)


class OutboxMessage(models.Model):
    kind = models.CharField(max_length=32)
    # Ids and flags only (JSON): what the handler needs to find its rows again.
    payload = models.JSONField(default=dict)
    # A secret the work needs (an encrypted PDF's password), sealed with a key derived from
    # SECRET_KEY (groundgate/services/outbox_seal.py); emptied when the work is done.
    sealed = models.BinaryField(null=True, blank=True, editable=False)
    state = models.CharField(
        max_length=16, choices=[(s, s) for s in OutboxState.ALL], default="pending"
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    max_attempts = models.PositiveSmallIntegerField(default=9)
    next_attempt_at = models.DateTimeField()
    locked_until = models.DateTimeField(null=True, blank=True)
    # When a worker on a broker was last asked to run it (the relay re-asks after a while).
    published_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    delivery = models.OneToOneField(
        "groundgate.WebhookDelivery",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="outbox",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["state", "next_attempt_at"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.state}, {self.attempts}/{self.max_attempts})"
