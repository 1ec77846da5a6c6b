from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction

from groundgate.families import outcome_of
from groundgate.models import Dataset, Membership, Role
from groundgate.selectors.cases import dataset_current_runs


@transaction.atomic
def dataset_get_or_create(*, slug: str, name: str = "") -> tuple[Dataset, bool]:
    try:
        validate_slug(slug)
    except ValidationError:
        raise ValueError(
            f"dataset slug {slug!r} must be letters, digits, hyphens or underscores"
        ) from None
    return Dataset.objects.get_or_create(slug=slug, defaults={"name": name or slug})


@transaction.atomic
def membership_grant(*, dataset: Dataset, user: User, role: str = str(Role.REVIEWER)) -> Membership:
    membership, _ = Membership.objects.update_or_create(
        dataset=dataset, user=user, defaults={"role": role}
    )
    return membership


def dataset_outcome_counts(*, dataset: Dataset) -> dict[str, int]:
    """How many gated cases of `dataset` have each queue outcome (groundgate.families.OUTCOMES:
    pass, reject, no evidence, refused), from each case's current verdict: the words and the
    counts the review queue shows."""
    counts: dict[str, int] = {}
    for kind, status, passed, verdict in dataset_current_runs(dataset=dataset):
        # The verdict is read only for a passing run of a family that can refuse.
        outcome = outcome_of(kind=kind, status=status, passed=passed, verdict=verdict)
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts
