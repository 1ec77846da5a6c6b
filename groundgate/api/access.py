"""Dataset membership for the API: 404 for datasets the caller is not a member of (no existence
leak), 403 for a member whose role may not do this."""

from __future__ import annotations

from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError

from groundgate.models import Dataset, Membership, Role


def member_dataset(request, slug: str, *, admin: bool = False) -> Dataset:
    membership = (
        Membership.objects.filter(user=request.user, dataset__slug=slug)
        .select_related("dataset")
        .first()
    )
    if membership is None:
        raise NotFound("no such dataset")
    if admin and membership.role != Role.ADMIN:
        raise PermissionDenied("this needs the admin role in the dataset")
    return membership.dataset


def dataset_from_query(request) -> Dataset:
    """?dataset=SLUG; may be left out by a caller who is a member of exactly one dataset."""
    slug = request.query_params.get("dataset")
    if slug:
        return member_dataset(request, slug)
    memberships = list(Membership.objects.filter(user=request.user).select_related("dataset")[:2])
    if len(memberships) == 1:
        return memberships[0].dataset
    raise ValidationError({"dataset": ["required: the slug of the dataset to store the case in"]})
