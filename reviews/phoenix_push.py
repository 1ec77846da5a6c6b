"""Verdicts and reviews of a dataset's cases pushed to Arize Phoenix as span annotations: the
database side of groundgate/integrations/phoenix (the records are the export's). By the
push_phoenix command, and live: the outbox's `phoenix_push` rows (groundgate/services/
phoenix_outbox.py writes them with each verdict, review and relabel) are run here."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from django.conf import settings

from groundgate.integrations.phoenix import PhoenixError, PushResult, push_span_annotations
from groundgate.models import Dataset
from groundgate.services.links import case_url
from groundgate.services.outbox import OutboxGiveUp, OutboxKind, OutboxRetry
from reviews.export import ExportFilters, export_records

# Phoenix may hang or be away for a while: never run in the writer's request; 9 tries with the
# outbox's doubling backoff (then "gave up", kept, and `manage.py outbox replay` sends it again).
OUTBOX_KIND = OutboxKind(
    run=lambda payload, _secret, _attempt: phoenix_push_row(payload),
    inline_without_broker=False,
    max_attempts=9,
    lease=timedelta(minutes=5),
)


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


def phoenix_push_row(payload: dict[str, Any]) -> None:
    """One outbox row: push the current annotations of its cases to the dataset's Phoenix.
    Phoenix unreachable or refusing, or not (yet) holding a case's span - it stores received
    spans in the background, so a verdict can be faster than its trace - is OutboxRetry: the
    row is tried again later, and pushing again replaces what an earlier try sent."""
    dataset = Dataset.objects.filter(pk=payload["dataset_id"]).first()
    if dataset is None:
        raise OutboxGiveUp("the dataset no longer exists")
    if not dataset.phoenix_url:
        return  # the push was turned off since: nothing to do
    filters = ExportFilters(case_ids=tuple(int(i) for i in payload["case_ids"]))
    try:
        result = phoenix_push(
            dataset=dataset,
            filters=filters,
            base_url=dataset.phoenix_url,
            api_key=settings.GROUNDGATE_PHOENIX_API_KEY,
        )
    except PhoenixError as exc:
        raise OutboxRetry(f"Phoenix: {exc}") from None
    if result.problems:
        raise OutboxRetry(
            f"Phoenix: {len(result.problems)} problems: " + "; ".join(result.problems)
        )
