from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.core.validators import validate_slug
from django.db import models

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class Role(models.TextChoices):
    REVIEWER = "reviewer", "Reviewer"
    ADMIN = "admin", "Admin"


class Dataset(models.Model):
    """A body of documents and cases that one team audits. Everything hangs off a dataset, and
    every page and endpoint checks that the user is a member of it."""

    slug = models.SlugField(max_length=64, unique=True, validators=[validate_slug])
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    # Issue 5: a dataset may require two independent reviews per case.
    reviews_required = models.PositiveSmallIntegerField(default=1)
    # True while the dataset has an active webhook (kept by groundgate.services.webhooks): the
    # gate's write path reads it from the dataset in hand instead of querying the webhooks.
    webhooks_on = models.BooleanField(default=False, editable=False)
    # Arize Phoenix to push verdicts and reviews to, as span annotations on the traced LLM span
    # (reviews/phoenix_push.py, through the outbox; its key is PHOENIX_API_KEY). Blank: no push.
    phoenix_url = models.URLField(
        max_length=500,
        blank=True,
        help_text="Arize Phoenix's address (http://host:6006): each verdict, review and relabel "
        "of a case imported from a trace is pushed there as a span annotation.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    members: models.ManyToManyField[User, Membership] = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="datasets"
    )

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class Membership(models.Model):
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.REVIEWER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dataset", "user"], name="one_membership_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.dataset} as {self.role}"
