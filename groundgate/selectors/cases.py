"""Read-side queries. "Current" is always a query over append-only rows, never a stored flag."""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from groundgate.models import Case, Dataset, GateRun


def case_current_run(*, case: Case) -> GateRun | None:
    return case.gate_runs.order_by("-id").first()


def dataset_passed_counts(*, dataset: Dataset) -> tuple[int, int]:
    """(cases whose current verdict passed, cases whose current verdict did not), over the
    gated cases of `dataset`."""
    newest = GateRun.objects.filter(case=OuterRef("pk")).order_by("-id").values("passed")[:1]
    passed = list(
        Case.objects.filter(dataset=dataset)
        .annotate(current=Subquery(newest))
        .exclude(current=None)
        .values_list("current", flat=True)
    )
    return sum(1 for p in passed if p), sum(1 for p in passed if not p)
