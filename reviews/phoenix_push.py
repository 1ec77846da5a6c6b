"""Verdicts and reviews of a dataset's cases pushed to Arize Phoenix as span annotations: the
database side of groundgate/integrations/phoenix (the records are the export's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from groundgate.integrations.phoenix import PushResult, push_span_annotations
from groundgate.models import Dataset
from groundgate.services.links import case_url
from reviews.export import ExportFilters, export_records


def phoenix_push(
    *, dataset: Dataset, filters: ExportFilters, base_url: str, api_key: str = ""
) -> PushResult:
    """Push the annotations of `dataset`'s cases (those `filters` select) to the Phoenix at
    `base_url`. Raises PhoenixError when Phoenix cannot be reached or refuses the key."""

    def pairs() -> Iterator[tuple[dict[str, Any], str]]:
        for record in export_records(dataset=dataset, filters=filters):
            url = case_url(dataset_slug=dataset.slug, case_id=record["case"]["id"])
            yield record, url

    return push_span_annotations(base_url, pairs(), api_key=api_key)
