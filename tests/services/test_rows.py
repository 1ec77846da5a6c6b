"""groundgate.models.rows writes and reads rows as the ORM does (the gate service's write path
and the API's token and membership reads use it)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from groundgate.access import dataset_access
from groundgate.engine.registry import get_gate
from groundgate.models import Case, Dataset, GateRun
from groundgate.models.rows import MAX_ROWS, RowPlan, row_insert, rows_insert, rows_insert_keyed
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.gating import gaterun_build, policy_record_build, policy_record_for
from reviews.models import QueueCode
from tests.engine.family_samples import failing

pytestmark = pytest.mark.django_db

PAYLOAD = {"case_id": "x", "text": "净利润 330,435.30万元", "nested": [1, 2.5, None, True]}


def stored(model, pk, *exclude):
    """The row as the database holds it, column by column (raw values, no conversion)."""
    columns = [f.column for f in model._meta.concrete_fields if f.column not in exclude]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {', '.join(columns)} FROM {model._meta.db_table} WHERE id = %s", [pk]
        )
        return cursor.fetchone()


def test_a_row_inserted_without_the_orm_is_stored_as_the_orm_stores_it():
    dataset, _ = dataset_get_or_create(slug="team")
    fields = dict(dataset=dataset, kind="answer", question="q?", payload=PAYLOAD)
    by_orm = Case.objects.create(external_id="a", payload_sha256="s", **fields)
    by_rows = row_insert(Case(external_id="b", payload_sha256="s", **fields))
    assert by_rows.pk == by_orm.pk + 1 and not by_rows._state.adding
    assert stored(Case, by_rows.pk, "id", "external_id", "created_at") == stored(
        Case, by_orm.pk, "id", "external_id", "created_at"
    )
    again = Case.objects.get(pk=by_rows.pk)
    assert (again.payload, again.created_at) == (PAYLOAD, by_rows.created_at)

    spec = get_gate("answer")
    verdict = spec.run(spec.input_model.model_validate(failing("answer")), spec.default_policy)
    record = policy_record_for(spec=spec, policy=spec.default_policy)
    runs = [
        gaterun_build(case=case, spec=spec, verdict=verdict, policy_record=record)
        for case in (by_orm, by_rows)
    ]
    GateRun.objects.bulk_create(runs[:1])
    row_insert(runs[1])
    assert stored(GateRun, runs[1].pk, "id", "case_id", "created_at") == stored(
        GateRun, runs[0].pk, "id", "case_id", "created_at"
    )


def test_a_taken_key_raises_or_is_skipped_and_many_rows_go_in_batches():
    dataset, _ = dataset_get_or_create(slug="team")
    case = row_insert(Case(dataset=dataset, kind="answer", external_id="a", payload={}))
    with pytest.raises(IntegrityError), transaction.atomic():
        row_insert(Case(dataset=dataset, kind="answer", external_id="a", payload={}))
    spec = get_gate("answer")
    policy_record_for(spec=spec, policy=spec.default_policy)
    policy_record_for(spec=spec, policy=spec.default_policy)  # already stored: skipped
    codes = [
        QueueCode(dataset_id=dataset.pk, case_id=case.pk, code=f"C{i}")
        for i in range(2 * MAX_ROWS + 1)
    ]
    rows_insert(codes)
    assert QueueCode.objects.filter(case=case).count() == 2 * MAX_ROWS + 1


def test_the_dataset_read_with_a_membership_is_the_stored_one(django_user_model):
    dataset = Dataset.objects.create(slug="team", name="Team", description="d", reviews_required=2)
    user = django_user_model.objects.create_user("ada")
    membership_grant(dataset=dataset, user=user, role="admin")
    access = dataset_access(user=user, slug="team")
    expected = Dataset.objects.get(pk=dataset.pk)
    assert access.role == "admin"
    assert [getattr(access.dataset, f.attname) for f in Dataset._meta.concrete_fields] == [
        getattr(expected, f.attname) for f in Dataset._meta.concrete_fields
    ]
    assert access.dataset.created_at.tzinfo is not None


def test_a_plan_writes_new_rows_that_point_at_each_other_as_the_orm_would():
    """RowPlan: one statement on PostgreSQL, one per INSERT on SQLite; either way the rows are
    those the ORM stores, and the rows planned after the new case carry its new key."""
    dataset, _ = dataset_get_or_create(slug="team")
    fields = dict(dataset=dataset, kind="answer", question="q?", payload=PAYLOAD)
    by_orm = Case.objects.create(external_id="a", payload_sha256="s", **fields)
    spec = get_gate("answer")
    verdict = spec.run(spec.input_model.model_validate(failing("answer")), spec.default_policy)
    record = policy_record_build(spec=spec, policy=spec.default_policy)
    by_plan = Case(external_id="b", payload_sha256="s", **fields)
    run = gaterun_build(case=by_plan, spec=spec, verdict=verdict, policy_record=record)
    codes = [QueueCode(dataset_id=dataset.pk, case=by_plan, code=c) for c in ("X", "Y")]
    plan = RowPlan()
    plan.insert([by_plan], key=True)
    plan.insert([record], ignore_conflicts=True)
    plan.insert([run], key=True)
    plan.insert(codes)
    with CaptureQueriesContext(connection) as captured:
        plan.execute()
    assert len(captured) == (1 if connection.vendor == "postgresql" else 4)
    assert by_plan.pk == by_orm.pk + 1 and not by_plan._state.adding
    assert run.case_id == by_plan.pk and run.case is by_plan  # the case object is kept
    assert stored(Case, by_plan.pk, "id", "external_id", "created_at") == stored(
        Case, by_orm.pk, "id", "external_id", "created_at"
    )
    orm_run = gaterun_build(case=by_orm, spec=spec, verdict=verdict, policy_record=record)
    GateRun.objects.bulk_create([orm_run])
    assert stored(GateRun, run.pk, "id", "case_id", "created_at") == stored(
        GateRun, orm_run.pk, "id", "case_id", "created_at"
    )
    assert sorted(QueueCode.objects.filter(case=by_plan).values_list("code", flat=True)) == [
        "X",
        "Y",
    ]
    again = RowPlan()  # the policy record is stored now: skipped, and the taken id refuses all
    again.insert([record], ignore_conflicts=True)
    again.insert([Case(external_id="b", payload_sha256="s", **fields)], key=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        again.execute()
    assert Case.objects.count() == 2


def test_keyed_rows_get_their_own_ids_and_a_taken_key_is_skipped():
    dataset, _ = dataset_get_or_create(slug="team")
    taken = row_insert(Case(dataset=dataset, kind="answer", external_id="b", payload={}))
    cases = [
        Case(dataset=dataset, kind="answer", external_id=name, payload={"n": name})
        for name in ("c", "b", "a", *(f"x{i}" for i in range(MAX_ROWS)))
    ]
    inserted = rows_insert_keyed(cases, key="external_id", ignore_conflicts=True)
    assert [c.external_id for c in inserted] == [c.external_id for c in cases if c is not cases[1]]
    assert cases[1].pk is None and cases[1]._state.adding
    for case in inserted:  # each id is the row holding that case, across statements
        assert Case.objects.get(pk=case.pk).payload == {"n": case.external_id}
    assert Case.objects.get(external_id="b").pk == taken.pk
    # One statement's rows share one timestamp, set on the objects as a save would.
    first = inserted[: MAX_ROWS - 1]  # the first statement: MAX_ROWS rows, one skipped
    assert len({c.created_at for c in first}) == 1
    assert Case.objects.get(pk=first[0].pk).created_at == first[0].created_at
    with pytest.raises(ValueError, match="share a external_id"):
        rows_insert_keyed(cases[:1] * 2, key="external_id")
