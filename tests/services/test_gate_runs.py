"""Gate runs are append-only; the current verdict is the newest; re-gating appends."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.db import DatabaseError, connection, transaction

from groundgate.engine.gates.answer import AnswerGatePolicy
from groundgate.models import Case, GateRun
from groundgate.models.append_only import AppendOnlyError
from groundgate.selectors.cases import case_current_run
from groundgate.services.gating import dataset_regate
from groundgate.services.signals import cases_changed
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
    dataset_regate(dataset=demo_dataset, kind="answer", policy=lenient)
    assert case.gate_runs.count() == 2
    second = case.gate_runs.order_by("id").last()
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


def test_a_gate_run_and_its_queue_entry_commit_together_or_not_at_all(demo_dataset):
    """The queue is refreshed inside the writer's transaction: if refreshing fails, the run is
    not stored either."""
    case = Case.objects.get(external_id="demo-en-17")
    before = GateRun.objects.filter(case=case).count()

    def broken_queue(sender, case_ids, **kwargs):
        raise RuntimeError("queue refresh failed")

    cases_changed.connect(broken_queue, dispatch_uid="test.broken")
    try:
        # The test runs inside a transaction: a savepoint stands in for the command's own.
        with pytest.raises(RuntimeError), transaction.atomic():
            dataset_regate(dataset=demo_dataset)
    finally:
        cases_changed.disconnect(dispatch_uid="test.broken")
    assert GateRun.objects.filter(case=case).count() == before


def test_only_the_one_writer_stores_gate_runs():
    """House rule 9: gate_runs_record (groundgate/services/gating.py) is the only code that
    stores GateRuns, so no caller can forget to refresh the review queue."""
    root = Path(__file__).resolve().parents[2]
    writes = re.compile(r"GateRun\.objects\.(bulk_create|create|get_or_create)|gate_runs\.create")
    found = []
    for path in sorted([*root.glob("groundgate/**/*.py"), *root.glob("reviews/**/*.py")]):
        if "migrations" in path.parts:
            continue
        for number, text in enumerate(path.read_text().splitlines(), 1):
            if writes.search(text):
                found.append(f"{path.relative_to(root)}:{number}")
    assert len(found) == 1 and found[0].startswith("groundgate/services/gating.py:"), found
    # Nobody saves a built run one by one either.
    for path in [*root.glob("groundgate/**/*.py"), *root.glob("reviews/**/*.py")]:
        assert not re.search(r"\brun\.save\(\)", path.read_text()), path
