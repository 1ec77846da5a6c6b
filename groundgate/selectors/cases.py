"""Read-side queries. "Current" is always a query over append-only rows, never a stored flag."""

from __future__ import annotations

from groundgate.models import Case, GateRun


def case_current_run(*, case: Case) -> GateRun | None:
    return case.gate_runs.order_by("-id").first()
