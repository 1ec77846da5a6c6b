"""Gate stored cases and record the verdicts (append-only GateRuns).

gate_runs_record is the one writer of GateRuns (house rule 9): it stores them and sends
cases_changed in the same transaction, so the review queue (reviews.queue, a receiver) is
refreshed with them or not at all; the `verdict` webhook events are recorded with them too.
Every caller, here, in imports, the API, tasks and the answering pipeline, goes through it;
tests/services/test_gate_runs.py checks nobody else writes GateRuns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from pydantic import BaseModel

from groundgate.engine.canonical import canonical_json_of_dump, sha256_of
from groundgate.engine.policy import GatePolicy
from groundgate.engine.registry import GateSpec, get_gate
from groundgate.models import Case, Dataset, GatePolicyRecord, GateRun
from groundgate.services.phoenix_outbox import phoenix_push_enqueue
from groundgate.services.signals import cases_changed
from groundgate.services.webhooks import verdict_events, webhook_events_emit


def policy_record_build(*, spec: GateSpec, policy: GatePolicy) -> GatePolicyRecord:
    """The record of `policy`, unsaved (keyed by its content hash)."""
    body = _policy_bodies.get(policy.sha256)
    if body is None:
        # The body is a function of the hash (it is its content): made once per process.
        body = _policy_bodies[policy.sha256] = policy.model_dump(mode="json")
    return GatePolicyRecord(
        sha256=policy.sha256, gate=spec.kind, policy_version=policy.policy_version, body=body
    )


_policy_bodies: dict[str, dict[str, Any]] = {}


def policy_record_for(*, spec: GateSpec, policy: GatePolicy) -> GatePolicyRecord:
    """The stored record of `policy`, stored now if it is new. One INSERT that does nothing when
    the record exists (it is keyed by its content hash, so the stored one is identical): no read
    first, and no in-process cache that a rolled-back transaction could leave pointing at a
    record the database no longer has."""
    record = policy_record_build(spec=spec, policy=policy)
    GatePolicyRecord.objects.bulk_create([record], ignore_conflicts=True)
    return record


def gaterun_build(
    *, case: Case, spec: GateSpec, verdict: BaseModel, policy_record: GatePolicyRecord
) -> GateRun:
    """An unsaved GateRun for `verdict` (the import service saves them in bulk)."""
    return gaterun_from_values(
        case=case, values=gaterun_values(spec=spec, verdict=verdict), policy_record=policy_record
    )


def gaterun_values(*, spec: GateSpec, verdict: BaseModel) -> dict[str, Any]:
    """The fields of a verdict's GateRun that depend on the verdict alone: plain values, which
    the trace import's reader processes compute and send (docs/decisions.md 153)."""
    data = verdict.model_dump(mode="json")
    findings = data.get("findings", [])
    codes = sorted({f["code"] for f in findings})
    counts = Counter(f["code"] for f in findings)
    return {
        "gate": spec.kind,
        "gate_version": spec.gate_version,
        "status": spec.status(verdict),
        "passed": spec.passed(verdict),
        "findings": findings,
        "finding_codes": (" " + " ".join(codes) + " ") if codes else "",
        "metrics": {
            "finding_count": len(findings),
            "findings_by_code": dict(sorted(counts.items())),
        },
        "verdict": canonical_json_of_dump(data),
    }


def gaterun_from_values(
    *, case: Case, values: dict[str, Any], policy_record: GatePolicyRecord
) -> GateRun:
    return GateRun(case=case, policy=policy_record, policy_sha256=policy_record.sha256, **values)


def gate_runs_record(*, runs: Sequence[GateRun], new_cases: bool = False) -> None:
    """Store new gate runs (built by gaterun_build) and keep the review queue in step, in one
    transaction.

    new_cases=True is the caller's promise that every case was created in this transaction with
    this run as its only one (no earlier run, no review): the queue then adds their rows from the
    runs in hand instead of re-reading the cases' records."""
    if not runs:
        return
    with transaction.atomic(savepoint=False):
        # No savepoint when nested: an error here aborts the caller's transaction anyway.
        GateRun.objects.bulk_create(runs)
        _runs_announce(runs, new_cases=new_cases)


def _runs_announce(runs: Sequence[GateRun], *, new_cases: bool) -> None:
    cases_changed.send(
        sender=GateRun,
        case_ids=[run.case_id for run in runs],
        runs=runs if new_cases else None,
    )
    _webhooks_emit(runs)
    phoenix_push_enqueue(cases=[run.case for run in runs])


def _webhooks_emit(runs: Sequence[GateRun]) -> None:
    # Subscribers hear of the verdicts once this transaction commits (nothing if it rolls back).
    webhook_events_emit(
        datasets={run.case.dataset for run in runs},
        event="verdict",
        build=lambda: verdict_events(runs),
    )


@dataclass(frozen=True)
class GatedCase:
    """A stored case and the gate run stored with it."""

    case: Case
    run: GateRun


def case_create_gated(
    *,
    dataset: Dataset,
    kind: str,
    external_id: str,
    question: str,
    payload: dict[str, Any],
    verdict: BaseModel,
    policy: GatePolicy,
    payload_sha256: str | None = None,
) -> GatedCase:
    """Store a new case with the verdict already made for it, in one transaction, and put it in
    the review queue. Raises IntegrityError if the external id is taken (callers decide): the
    INSERT itself is the existence check, and nothing is written then.

    The verdict is made before anything is written: on SQLite the write lock (taken at BEGIN
    IMMEDIATE) is held for the few INSERTs (the case, the policy record if new, the run and its
    queue rows), never for gating."""
    spec = get_gate(kind)
    case = Case(
        dataset=dataset,
        kind=kind,
        external_id=external_id,
        question=question,
        payload=payload,
        payload_sha256=payload_sha256 or sha256_of(payload),  # the caller's, if it has it
    )
    record = policy_record_build(spec=spec, policy=policy)
    with transaction.atomic():
        Case.objects.bulk_create([case])
        GatePolicyRecord.objects.bulk_create([record], ignore_conflicts=True)
        run = gaterun_build(case=case, spec=spec, verdict=verdict, policy_record=record)
        gate_runs_record(runs=[run], new_cases=True)
    return GatedCase(case, run)


@dataclass
class RegateReport:
    gated: int = 0
    by_status: Counter[str] = field(default_factory=Counter)


def dataset_regate(
    *,
    dataset: Dataset,
    kind: str | None = None,
    policy: GatePolicy | None = None,
    batch_size: int = 500,
    progress: Callable[[int], object] | None = None,
) -> RegateReport:
    """Gate every case of a dataset again (optionally one kind), appending new GateRuns.

    Written in batches, a transaction per batch: an interrupted run leaves whole batches.
    """
    report = RegateReport()
    cases = Case.objects.filter(dataset=dataset).select_related("dataset").order_by("id")
    if kind is not None:
        cases = cases.filter(kind=kind)
    records: dict[str, GatePolicyRecord] = {}
    batch: list[GateRun] = []
    for case in cases.iterator(chunk_size=batch_size):
        spec = get_gate(case.kind)
        case_policy = policy if policy is not None and kind is not None else spec.default_policy
        if case.kind not in records:
            records[case.kind] = policy_record_for(spec=spec, policy=case_policy)
        verdict = spec.run(spec.input_model.model_validate(case.payload), case_policy)
        batch.append(
            gaterun_build(case=case, spec=spec, verdict=verdict, policy_record=records[case.kind])
        )
        report.by_status[spec.status(verdict)] += 1
        if len(batch) >= batch_size:
            _flush(batch, report, progress)
    _flush(batch, report, progress)
    return report


def _flush(
    batch: list[GateRun], report: RegateReport, progress: Callable[[int], object] | None
) -> None:
    if not batch:
        return
    gate_runs_record(runs=batch)
    report.gated += len(batch)
    if progress is not None:
        progress(len(batch))
    batch.clear()
