"""Query parameters the API shares. Who may see a dataset is decided in groundgate.access."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from groundgate.access import Action, dataset_default, dataset_for
from groundgate.models import Dataset


def dataset_from_query(
    request: Request,
    *,
    action: Action = Action.GATE,
    header: str | None = None,
    slug: str | None = None,
) -> Dataset:
    """`slug` if given (a body's "dataset"), else ?dataset=SLUG (or, if given, this request
    header); may be left out by a caller who is a member of exactly one dataset. Either way the
    caller's role there must allow `action`."""
    slug = slug or request.query_params.get("dataset") or (header and request.headers.get(header))
    if slug:
        return dataset_for(user=request.user, slug=slug, action=action)
    dataset = dataset_default(user=request.user, action=action)
    if dataset is not None:
        return dataset
    raise ValidationError({"dataset": ["required: the slug of the dataset to store the case in"]})
