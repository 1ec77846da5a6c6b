"""Links to the workstation's pages, for what leaves GroundGate (webhooks, API responses).

The case page belongs to the reviews app; it is reached by its URL name, never imported, so
groundgate does not depend on reviews.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse


def case_path(*, dataset_slug: str, case_id: int) -> str:
    """The case page's path, /d/<slug>/cases/<id>/."""
    return reverse("reviews:case", kwargs={"slug": dataset_slug, "case_id": case_id})


def case_url(*, dataset_slug: str, case_id: int) -> str:
    """The case page's URL: absolute under GROUNDGATE_BASE_URL when it is set, else the path."""
    return settings.GROUNDGATE_BASE_URL + case_path(dataset_slug=dataset_slug, case_id=case_id)
