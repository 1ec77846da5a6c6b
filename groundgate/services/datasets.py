from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction

from groundgate.models import Dataset, Membership, Role


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
def membership_grant(*, dataset: Dataset, user, role: str = str(Role.REVIEWER)) -> Membership:
    membership, _ = Membership.objects.update_or_create(
        dataset=dataset, user=user, defaults={"role": role}
    )
    return membership
