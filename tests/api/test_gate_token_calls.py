"""The gate service's calls as a RAG system makes them (`Authorization: Token <key>`,
?dataset=, a JSON body), through the whole middleware stack and DRF's GateView: statuses, bodies
and headers, refusals, and that nothing about a token or a membership is kept between calls.
(A plain-view copy of GateView for token calls was deleted: one path per endpoint.)"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from groundgate.models import Case, Membership
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from tests.engine.family_samples import PASSING, failing

pytestmark = pytest.mark.django_db

URL = "/api/v1/gate/answer?dataset="


def send(client, body, *, dataset="team", **extra):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(URL + dataset, data=data, content_type="application/json", **extra)


@pytest.fixture
def second(team, rag_system):
    other, _ = dataset_get_or_create(slug="second")
    membership_grant(dataset=other, user=rag_system.user)
    return other


def test_a_new_case_and_its_resubmissions(rag_system, second):
    first = send(rag_system, PASSING["answer"])
    assert first.status_code == 201
    assert first["Allow"] == "POST, OPTIONS" and first["Content-Type"] == "application/json"
    assert "/d/team/cases/" in first["Location"]  # the stored case's page
    again = send(rag_system, PASSING["answer"])
    assert (again.status_code, again.content) == (200, first.content)
    assert send(rag_system, PASSING["answer"], dataset="second").status_code == 201
    assert Case.objects.filter(external_id=PASSING["answer"]["case_id"]).count() == 2
    conflict = send(rag_system, failing("answer"))
    assert conflict.status_code == 409 and conflict.json()["errors"][0]["field"] == "id"


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"{not json",
        b"[]",
        {"case_id": "x"},
        {"case_id": "x", "answer": {"evidences": [{"chunk_id": "c"}]}},
        json.dumps(PASSING["answer"]).replace("Every", "Every\\u0000"),
        json.dumps(PASSING["answer"] | {"extra": 1}).replace('"extra": 1', '"extra": 1e400'),
        json.dumps(PASSING["answer"] | {"extra": 1}).replace('"extra": 1', '"extra": NaN'),
        "é".encode("latin-1"),
    ],
)
def test_bad_bodies_are_refused_naming_the_field(rag_system, body):
    response = send(rag_system, body)
    assert response.status_code == 400
    assert response.json()["errors"]
    assert not Case.objects.exists()


def test_refusals(rag_system, outsider, team):
    assert send(rag_system, PASSING["answer"], dataset="nope").status_code == 404
    assert send(outsider, PASSING["answer"]).status_code == 404
    unknown = APIClient(HTTP_AUTHORIZATION="Token 0123456789abcdef")  # the form of a key
    response = send(unknown, PASSING["answer"])
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json() == {"detail": "Invalid token."}
    # A membership whose role is no longer one of the roles may do nothing.
    Membership.objects.filter(user=rag_system.user).update(role="retired")
    assert send(rag_system, PASSING["answer"]).status_code == 403
    get_user_model().objects.filter(pk=rag_system.user.pk).update(is_active=False)
    response = send(rag_system, PASSING["answer"])
    assert response.status_code == 401
    assert response.json() == {"detail": "User inactive or deleted."}
    assert not Case.objects.exists()


def test_a_revocation_is_refused_at_the_next_call(rag_system, team, second):
    """Nothing is kept between calls: each change below is refused by the very next one."""

    def post(n, slug="team"):
        body = json.dumps(PASSING["answer"] | {"case_id": f"r-{n}"})
        return rag_system.post(URL + slug, data=body, content_type="application/json")

    assert post(1).status_code == 201
    Membership.objects.filter(user=rag_system.user, dataset=team).delete()
    assert post(2).status_code == 404
    assert post(3, "second").status_code == 201  # the other membership still holds
    get_user_model().objects.filter(pk=rag_system.user.pk).update(is_active=False)
    assert post(4, "second").status_code == 401
    get_user_model().objects.filter(pk=rag_system.user.pk).update(is_active=True)
    assert post(5, "second").status_code == 201
    Token.objects.filter(user=rag_system.user).delete()
    assert post(6, "second").json() == {"detail": "Invalid token."}
    assert sorted(Case.objects.values_list("external_id", flat=True)) == ["r-1", "r-3", "r-5"]


@pytest.mark.parametrize(
    "extra",
    [
        {"HTTP_ACCEPT": "text/html"},  # DRF's 406
        {"HTTP_ACCEPT": "application/json; indent=4"},  # DRF indents its error bodies
        {"HTTP_AUTHORIZATION": "token lower-case-scheme"},
        {"HTTP_AUTHORIZATION": "Token two parts"},
        {"HTTP_AUTHORIZATION": "Token"},
        {"HTTP_AUTHORIZATION": "Bearer x"},
        {"HTTP_AUTHORIZATION": "Token  two-spaces"},
        {"HTTP_AUTHORIZATION": "Token\xa0no-break-space"},  # not a separator for DRF
        {"HTTP_AUTHORIZATION": "Token not-hex"},
    ],
)
def test_other_headers_are_answered_by_drfs_rules(rag_system, extra):
    key = Token.objects.get(user=rag_system.user).key
    headers = {"HTTP_AUTHORIZATION": f"Token {key}"} | extra
    client = APIClient()
    response = client.post(URL + "team", data=b"{}", content_type="application/json", **headers)
    assert response.status_code in (400, 401, 406)


def test_other_content_types_and_methods(rag_system):
    response = rag_system.post(URL + "team", data=b"x", content_type="text/plain")
    assert response.status_code == 415
    assert rag_system.get(URL + "team").status_code == 405
    body = json.dumps(PASSING["answer"])
    # No ?dataset=: a member of one dataset may leave it out (GateView decides).
    response = rag_system.post("/api/v1/gate/answer", data=body, content_type="application/json")
    assert response.status_code == 201


def test_a_session_call_still_needs_its_csrf_token(team):
    """The endpoint is exempt from Django's CSRF check as DRF's views are; a browser session's
    call meets DRF's session authentication, which enforces CSRF."""
    user = get_user_model().objects.create_user("sam", password="pw-for-sam-1")
    membership_grant(dataset=team, user=user)
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(user)
    body = json.dumps(PASSING["answer"])
    response = browser.post(URL + "team", data=body, content_type="application/json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert not Case.objects.exists()
