"""Gate as a service over HTTP: same verdict as the CLI, idempotent, conflicts, errors."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from groundgate.engine.registry import get_gate
from groundgate.engine.runner import gate_text
from groundgate.models import Case, GateRun
from reviews.models import QueueCode, QueueCount, QueueEntry
from reviews.queue import queue_refresh
from tests.engine.family_samples import PASSING, failing

pytestmark = pytest.mark.django_db


def post(client, kind: str, body, dataset: str | None = "team"):
    url = f"/api/v1/gate/{kind}" + (f"?dataset={dataset}" if dataset else "")
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


@pytest.mark.parametrize("kind", sorted(PASSING))
def test_the_verdict_is_byte_identical_to_the_cli(rag_system, kind):
    body = json.dumps(failing(kind))
    response = post(rag_system, kind, body)
    assert response.status_code == 201, response.content
    spec = get_gate(kind)
    assert response.content == gate_text(spec, body, spec.default_policy).to_json()


def test_a_failing_case_is_in_the_review_queue_at_once(rag_system, team):
    response = post(rag_system, "answer", failing("answer"))
    case = Case.objects.get(dataset=team, external_id="a-1")
    entry = QueueEntry.objects.get(case=case)
    assert (entry.passed, entry.gate_status, entry.review_state) == (
        False,
        "citation_insufficient",
        "unreviewed",
    )
    assert response.json()["status"] == "citation_insufficient"


@pytest.mark.parametrize("kind", sorted(PASSING))
def test_the_queue_rows_written_with_a_new_case_are_those_a_refresh_computes(rag_system, kind):
    """The write path adds the queue rows from the run in hand; recomputing them from the
    records must change nothing."""
    failing_case = failing(kind)
    key = "request_id" if "request_id" in failing_case else "case_id"
    assert post(rag_system, kind, failing_case).status_code == 201
    assert post(rag_system, kind, PASSING[kind] | {key: "other"}).status_code == 201

    def rows():
        return (
            sorted(QueueEntry.objects.values_list()),
            sorted(QueueCode.objects.values_list("dataset_id", "case_id", "code")),
        )

    written = rows()
    assert len(written[0]) == 2 and written[1]
    queue_refresh(Case.objects.values_list("id", flat=True))
    assert rows() == written


def test_a_new_case_is_stored_in_a_few_statements(rag_system):
    """The token with its user, the membership with its dataset (two reads), then the write: the
    case, the policy record (if new), the run, its queue row, queue codes and counts, its search
    text, one INSERT each in one transaction. Nothing is read back or re-derived."""
    post(rag_system, "answer", PASSING["answer"])  # the policy record exists from here on
    with CaptureQueriesContext(connection) as captured:
        response = post(rag_system, "answer", failing("answer") | {"case_id": "a-2"})
    assert response.status_code == 201
    statements = [q["sql"] for q in captured.captured_queries]
    # The test's own transaction adds a savepoint and its release around the write.
    reads = [s for s in statements if s.startswith("SELECT")]
    writes = [s for s in statements if not s.startswith(("SELECT", "SAVEPOINT", "RELEASE"))]
    assert len(reads) == 2, reads  # the token with its user, the membership with its dataset
    assert len(writes) == 7 and all(s.startswith("INSERT") for s in writes), writes
    assert len(statements) <= 11
    case = Case.objects.get(external_id="a-2")
    assert QueueEntry.objects.get(case=case).gate_status == response.json()["status"]


def test_on_postgresql_the_write_and_the_token_read_are_prepared(rag_system):
    """From their fifth run on a connection, PostgreSQL keeps the gate service's statements
    prepared (decision 155): no parsing and planning per request."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    for number in range(6):
        case = failing("answer") | {"case_id": f"p-{number}"}
        assert post(rag_system, "answer", case).status_code == 201
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any(s.startswith('INSERT INTO "groundgate_case"') for s in prepared), prepared
    assert any('FROM "authtoken_token"' in s for s in prepared), prepared


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_taken_id_writes_nothing(rag_system, team):
    """The gate service's requests run in autocommit: on PostgreSQL the new case's rows are
    one statement with no transaction around it, so a refused one must leave nothing."""
    assert post(rag_system, "answer", PASSING["answer"]).status_code == 201
    refused = post(rag_system, "answer", failing("answer"))
    again = post(rag_system, "answer", PASSING["answer"])
    assert (refused.status_code, again.status_code) == (409, 200)
    assert (Case.objects.count(), GateRun.objects.count(), QueueEntry.objects.count()) == (1, 1, 1)
    assert QueueCount.objects.get(dataset=team, code="").n == 1
    assert again.json()["case_id"] == PASSING["answer"]["case_id"]


def test_a_token_call_keeps_every_check_and_header_and_no_session(rag_system, team):
    """A token API call: the token and the membership are checked (a bad token is a 401, an
    outsider's dataset a 404), the security headers are all there, and a session cookie sent
    along is not read or renewed (DRF's token authentication decides alone)."""
    rag_system.cookies["sessionid"] = "not-a-session"
    response = post(rag_system, "answer", PASSING["answer"])
    assert response.status_code == 201
    assert "sessionid" not in response.cookies and "Vary" not in response
    for header in (
        "Content-Security-Policy",
        "X-Frame-Options",
        "X-Content-Type-Options",
        "Referrer-Policy",
        "Content-Length",
    ):
        assert header in response, header
    bad = APIClient(HTTP_AUTHORIZATION="Token not-a-token")
    assert post(bad, "answer", PASSING["answer"]).json() == {"detail": "Invalid token."}
    assert post(rag_system, "answer", PASSING["answer"], dataset="nope").status_code == 404


def test_same_id_same_body_returns_the_stored_verdict(rag_system):
    first = post(rag_system, "answer", PASSING["answer"])
    again = post(rag_system, "answer", PASSING["answer"])
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.content == again.content
    assert Case.objects.count() == 1


def test_same_id_other_body_is_a_409_and_changes_nothing(rag_system):
    post(rag_system, "answer", PASSING["answer"])
    response = post(rag_system, "answer", failing("answer"))
    assert response.status_code == 409
    assert "different content" in response.json()["detail"]
    assert Case.objects.get().payload == PASSING["answer"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("{not json", "(root)"),
        ({"case_id": "x"}, "answer"),
        ({"case_id": 5, "answer": {}}, "case_id"),
        (
            {"case_id": "x", "answer": {"evidences": [{"chunk_id": "c"}]}},
            "answer.evidences[0].excerpt",
        ),
        (  # policy input-numbers/1: was gated as page 1
            {
                "case_id": "x",
                "answer": {"evidences": [{"chunk_id": "c", "excerpt": "e", "page_index": True}]},
            },
            "answer.evidences[0].page_index",
        ),
    ],
)
def test_bad_bodies_get_400_with_field_paths(rag_system, body, field):
    response = post(rag_system, "answer", body)
    assert response.status_code == 400
    assert field in [e["field"] for e in response.json()["errors"]]


def test_unauthenticated_is_401_outsider_is_404(team, outsider):
    assert post(APIClient(), "answer", PASSING["answer"]).status_code == 401
    assert post(outsider, "answer", PASSING["answer"]).status_code == 404
    assert post(outsider, "answer", PASSING["answer"], dataset="nope").status_code == 404


def test_the_dataset_may_be_left_out_by_a_member_of_one_dataset(rag_system):
    assert post(rag_system, "answer", PASSING["answer"], dataset=None).status_code == 201
    from groundgate.services.datasets import dataset_get_or_create, membership_grant

    other, _ = dataset_get_or_create(slug="other")
    membership_grant(dataset=other, user=rag_system.user)
    response = post(rag_system, "answer", PASSING["answer"], dataset=None)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "dataset"


def test_batch_gates_each_case_and_reports_each_problem(rag_system, settings):
    cases = [PASSING["answer"], {"case_id": "b"}, failing("answer") | {"case_id": "a-9"}]
    url = "/api/v1/gate/answer/batch?dataset=team"
    body = json.dumps({"cases": cases})
    results = rag_system.post(url, data=body, content_type="application/json").json()["results"]
    assert [r["status"] for r in results] == [201, 400, 201]
    assert results[0]["verdict"]["status"] == "ok"
    assert results[1]["errors"][0]["field"] == "cases[1].answer"
    settings.GROUNDGATE_GATE_BATCH_MAX = 2
    assert rag_system.post(url, data=body, content_type="application/json").status_code == 413


def test_nul_characters_are_refused_with_the_field(rag_system):
    body = json.loads(json.dumps(PASSING["answer"]))
    body["answer"]["conclusion"] = "Every 90\x00 days."
    response = post(rag_system, "answer", body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "answer.conclusion"


def test_a_nul_in_a_keys_name_is_refused_and_the_written_escape_is_text(rag_system):
    """The service and the imports share one storable check (services.untrusted): a NUL
    anywhere, a key's name included, is named; the six characters \\u0000 are only text."""
    in_key = json.dumps(PASSING["answer"] | {"case_id": "k"}).replace(
        '"question"', '"x\\u0000": 1, "question"'
    )
    response = rag_system.post(
        "/api/v1/gate/answer?dataset=team", data=in_key, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "x\\u0000"
    written = json.loads(json.dumps(PASSING["answer"]))
    written["case_id"], written["question"] = "w", "See \\u0000, the escape."
    assert post(rag_system, "answer", written).status_code == 201
    assert Case.objects.get(external_id="w").question == "See \\u0000, the escape."
    assert not Case.objects.filter(external_id="k").exists()


def test_a_nul_in_the_url_is_bad_input_not_a_server_error(rag_system):
    response = rag_system.get("/api/v1/datasets/?page_size=1%00")
    assert response.status_code == 400 and "NUL" in response.json()["detail"]
    assert post(rag_system, "answer", PASSING["answer"], dataset="team%00").status_code == 400


def test_a_revoked_token_or_membership_is_refused_at_the_next_request(rag_system, team):
    """Token and membership are read on every request, never cached."""
    assert post(rag_system, "answer", PASSING["answer"]).status_code == 201
    rag_system.user.memberships.filter(dataset=team).delete()
    assert post(rag_system, "answer", failing("answer") | {"case_id": "a-2"}).status_code == 404
    Token.objects.filter(user=rag_system.user).delete()
    response = post(rag_system, "answer", failing("answer") | {"case_id": "a-3"})
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid token."


def test_an_inactive_user_is_refused_with_drfs_message(rag_system):
    type(rag_system.user).objects.filter(pk=rag_system.user.pk).update(is_active=False)
    response = post(rag_system, "answer", PASSING["answer"])
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."
    assert not Case.objects.exists()


def test_a_number_past_the_double_range_is_bad_input_naming_the_field(rag_system):
    # Anywhere in the case, even in a key the gate ignores: a 400 naming it, never a 500.
    body = json.dumps(PASSING["answer"] | {"case_id": "huge"})[:-1] + ', "extra": [1e400]}'
    response = rag_system.post(
        "/api/v1/gate/answer?dataset=team", data=body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "extra[0]"
    assert not Case.objects.filter(external_id="huge").exists()
