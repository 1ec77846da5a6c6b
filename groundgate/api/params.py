"""Query parameters the API shares. Who may see a dataset is decided in groundgate.access."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError

from groundgate.access import Action, dataset_default, dataset_for
from groundgate.models import Dataset


def dataset_from_query(request, *, action: Action = Action.GATE) -> Dataset:
    """?dataset=SLUG; may be left out by a caller who is a member of exactly one dataset."""
    slug = request.query_params.get("dataset")
    if slug:
        return dataset_for(user=request.user, slug=slug, action=action)
    dataset = dataset_default(user=request.user)
    if dataset is not None:
        return dataset
    raise ValidationError({"dataset": ["required: the slug of the dataset to store the case in"]})
