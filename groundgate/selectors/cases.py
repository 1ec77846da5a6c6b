"""Read-side queries. "Current" is always a query over append-only rows, never a stored flag."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from groundgate.models import Case, Dataset, GateRun


def case_stored(*, dataset: Dataset, kind: str, external_id: str) -> Case | None:
    """The case `dataset` stores under (`kind`, `external_id`), if any."""
    return Case.objects.filter(dataset=dataset, kind=kind, external_id=external_id).first()


def case_current_run(*, case: Case) -> GateRun | None:
    return case.gate_runs.order_by("-id").first()


def dataset_current_runs(*, dataset: Dataset) -> list[tuple[str, str, bool, str]]:
    """(kind, status, passed, verdict) of each gated case of `dataset`'s current run."""
    newest = GateRun.objects.filter(case=OuterRef("pk")).order_by("-id")
    rows = (
        Case.objects.filter(dataset=dataset)
        .annotate(
            status=Subquery(newest.values("status")[:1]),
            passed=Subquery(newest.values("passed")[:1]),
            verdict=Subquery(newest.values("verdict")[:1]),
        )
        .exclude(status=None)
        .values_list("kind", "status", "passed", "verdict")
    )
    return list(rows)
