"""Gate runs are append-only; the current verdict is the newest; re-gating appends."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from groundgate.engine.gates.answer import AnswerGatePolicy
from groundgate.models import Case, GateRun
from groundgate.models.append_only import AppendOnlyError
from groundgate.selectors.cases import case_current_run
from groundgate.services.gating import case_gate, dataset_regate
from reviews.models import QueueEntry

pytestmark = pytest.mark.django_db


def test_gate_runs_cannot_be_updated_or_deleted_through_the_orm(demo_dataset):
    run = GateRun.objects.first()
    run.status = "ok"
    with pytest.raises(AppendOnlyError):
        run.save()
    with pytest.raises(AppendOnlyError):
        run.delete()
    with pytest.raises(AppendOnlyError):
        GateRun.objects.filter(pk=run.pk).update(status="ok")
    with pytest.raises(AppendOnlyError):
        GateRun.objects.all().delete()


def test_the_database_refuses_an_update_that_bypasses_the_orm(demo_dataset):
    run = GateRun.objects.first()
    # SQLite reports the trigger's refusal as IntegrityError, PostgreSQL as ProgrammingError.
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE groundgate_gaterun SET status = 'ok' WHERE id = %s", [run.pk])


def test_regate_appends_and_the_newest_is_current(demo_dataset):
    case = Case.objects.get(external_id="demo-en-17")
    first = case_current_run(case=case)
    lenient = AnswerGatePolicy(check_numbers=False)
    second = case_gate(case=case, policy=lenient)
    assert case.gate_runs.count() == 2
    assert case_current_run(case=case) == second
    assert (first.status, second.status) == ("citation_insufficient", "ok")
    assert second.policy_sha256 == lenient.sha256 != first.policy_sha256
    assert QueueEntry.objects.get(case=case).gate_status == "ok"  # what the queue shows


def test_dataset_regate_is_deterministic(demo_dataset):
    before = {r.case_id: r.verdict for r in GateRun.objects.all()}
    report = dataset_regate(dataset=demo_dataset, batch_size=7)
    assert report.gated == len(before)
    newest = {}
    for run in GateRun.objects.order_by("id"):
        newest[run.case_id] = run.verdict
    assert newest == before  # same input, same policy: byte-identical verdicts
