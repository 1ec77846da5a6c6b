"""Verdicts, reviews and relabels leave for Arize Phoenix through the outbox (DESIGN.md rule 13):
the service that writes them calls `phoenix_push_enqueue` in its own transaction, which writes
one `phoenix_push` row per dataset that pushes to Phoenix (Dataset.phoenix_url) and per batch of
its cases imported from a trace; a worker pushes the cases' current annotations from the row
(reviews/phoenix_push.py registers the work). Phoenix or the broker down: the row waits and is
tried again (the outbox's backoff), nothing is lost; pushing again replaces, so a retry or a
duplicate push is harmless."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from groundgate.models import Case
from groundgate.services.outbox import outbox_enqueue

KIND = "phoenix_push"
BATCH = 500  # case ids per row: a row's work stays bounded whatever a write touched


def _from_trace(case: Case) -> bool:
    payload: Any = case.payload
    return isinstance(payload, dict) and isinstance(payload.get("trace"), dict)


def phoenix_push_enqueue(*, cases: Iterable[Case]) -> int:
    """Queue the push of these cases' annotations (datasets and payloads as loaded: no query
    when no dataset pushes to Phoenix); how many rows were written."""
    by_dataset: dict[int, set[int]] = defaultdict(set)
    for case in cases:
        if case.dataset.phoenix_url and _from_trace(case):
            by_dataset[case.dataset_id].add(case.pk)
    rows = 0
    for dataset_id, ids in sorted(by_dataset.items()):
        ordered = sorted(ids)
        for start in range(0, len(ordered), BATCH):
            outbox_enqueue(
                kind=KIND,
                payload={"dataset_id": dataset_id, "case_ids": ordered[start : start + BATCH]},
            )
            rows += 1
    return rows
