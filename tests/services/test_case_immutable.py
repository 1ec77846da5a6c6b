"""A gated case cannot be rewritten: its question and payload are what its verdicts were made
on. Refused by the ORM (save and queryset update) and by a database trigger (raw SQL, any
client), on SQLite and PostgreSQL. A case not gated yet may still change; a gated one that is
saved unchanged is fine."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from groundgate.models import Case, GateRun
from groundgate.models.cases import GatedCaseImmutable
from groundgate.services.datasets import dataset_get_or_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def gated(demo_cases) -> Case:
    demo_cases("demo-en-01")
    case = Case.objects.get(external_id="demo-en-01")
    assert GateRun.objects.filter(case=case).exists()
    return case


def test_the_orm_refuses_to_rewrite_a_gated_case(gated):
    sha, question = gated.payload_sha256, gated.question
    gated.question = "What did the answer really say?"
    with pytest.raises(GatedCaseImmutable, match=f"case {gated.pk} has been gated"):
        gated.save()
    changed_payload = dict(gated.payload, question="rewritten")
    for update in ({"question": "rewritten"}, {"payload": changed_payload}, {"external_id": "x"}):
        with pytest.raises(GatedCaseImmutable):
            Case.objects.filter(pk=gated.pk).update(**update)
    gated.refresh_from_db()
    assert (gated.payload_sha256, gated.question) == (sha, question)
    gated.save()  # unchanged: fine


@pytest.mark.parametrize(
    "assignment",
    ["question = 'rewritten'", "payload = '{}'", "payload_sha256 = 'x'", "external_id = 'x'"],
)
def test_the_database_refuses_it_when_the_orm_is_bypassed(gated, assignment):
    # SQLite reports the trigger's refusal as IntegrityError, PostgreSQL as an internal error.
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE groundgate_case SET {assignment} WHERE id = %s", [gated.pk])
    gated.refresh_from_db()
    assert gated.question != "rewritten" and gated.payload_sha256 != "x"


def test_a_case_not_gated_yet_may_still_change():
    dataset, _ = dataset_get_or_create(slug="fresh")
    case = Case.objects.create(
        dataset=dataset, external_id="c1", question="q", payload={}, payload_sha256="a"
    )
    case.question = "q2"
    case.save()
    assert Case.objects.filter(pk=case.pk).update(question="q3") == 1
    with connection.cursor() as cursor:
        cursor.execute("UPDATE groundgate_case SET question = 'q4' WHERE id = %s", [case.pk])
    case.refresh_from_db()
    assert case.question == "q4"
