"""The gate service's token fast path (groundgate.api.gate_views.make_gate_endpoint) answers
every call exactly as GateView, DRF's view behind it, answers the same call: same status, same
body bytes, same headers. Each case is sent twice, once as the fast path takes it and once with
the fast path turned off, through the whole middleware stack."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from groundgate.api import gate_views
from groundgate.models import Case, Membership
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from tests.engine.family_samples import PASSING, failing

pytestmark = pytest.mark.django_db

URL = "/api/v1/gate/answer?dataset="


def both(monkeypatch, client, body, *, dataset="team", slow_dataset=None, **extra):
    """(fast response, GateView's response) to the same call; `slow_dataset`: send GateView's
    to another dataset (a new case is new in each)."""
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)

    def send(slug):
        return client.post(URL + slug, data=data, content_type="application/json", **extra)

    taken = []
    real = gate_views._fast_token
    monkeypatch.setattr(gate_views, "_fast_token", lambda r: taken.append(real(r)) or taken[-1])
    fast = send(dataset)
    assert taken and taken[0], "the fast path did not take the call"
    monkeypatch.setattr(gate_views, "_fast_token", lambda request: None)
    slow = send(slow_dataset or dataset)
    monkeypatch.setattr(gate_views, "_fast_token", real)
    return fast, slow


def assert_same(fast, slow, status, *, slow_dataset=None):
    assert (fast.status_code, slow.status_code) == (status, status)
    assert fast.content == slow.content
    fast_headers, slow_headers = dict(fast.items()), dict(slow.items())
    if slow_dataset:  # a new case in each dataset: each response links its own case page
        assert "/d/team/cases/" in fast_headers.pop("Location")
        assert f"/d/{slow_dataset}/cases/" in slow_headers.pop("Location")
    assert fast_headers == slow_headers


@pytest.fixture
def second(team, rag_system):
    other, _ = dataset_get_or_create(slug="second")
    membership_grant(dataset=other, user=rag_system.user)
    return other


def test_a_new_case_and_its_resubmissions_are_answered_alike(monkeypatch, rag_system, second):
    fast, slow = both(monkeypatch, rag_system, PASSING["answer"], slow_dataset="second")
    assert_same(fast, slow, 201, slow_dataset="second")
    assert fast["Allow"] == "POST, OPTIONS" and fast["Content-Type"] == "application/json"
    assert Case.objects.filter(external_id=PASSING["answer"]["case_id"]).count() == 2
    assert_same(*both(monkeypatch, rag_system, PASSING["answer"]), 200)
    assert_same(*both(monkeypatch, rag_system, failing("answer")), 409)


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
def test_bad_bodies_are_answered_alike(monkeypatch, rag_system, body):
    fast, slow = both(monkeypatch, rag_system, body)
    assert_same(fast, slow, 400)
    assert fast.json()["errors"]
    assert not Case.objects.exists()


def test_refusals_are_answered_alike(monkeypatch, rag_system, outsider, team):
    assert_same(*both(monkeypatch, rag_system, PASSING["answer"], dataset="nope"), 404)
    assert_same(*both(monkeypatch, outsider, PASSING["answer"]), 404)
    unknown = APIClient(HTTP_AUTHORIZATION="Token 0123456789abcdef")  # the form of a key
    fast, slow = both(monkeypatch, unknown, PASSING["answer"])
    assert_same(fast, slow, 401)
    assert fast["WWW-Authenticate"] == "Token"
    assert fast.json() == {"detail": "Invalid token."}
    # A membership whose role is no longer one of the roles may do nothing.
    Membership.objects.filter(user=rag_system.user).update(role="retired")
    fast, slow = both(monkeypatch, rag_system, PASSING["answer"])
    assert_same(fast, slow, 403)
    get_user_model().objects.filter(pk=rag_system.user.pk).update(is_active=False)
    fast, slow = both(monkeypatch, rag_system, PASSING["answer"])
    assert_same(fast, slow, 401)
    assert fast.json() == {"detail": "User inactive or deleted."}
    assert not Case.objects.exists()


def test_a_revocation_is_refused_at_the_next_fast_call(monkeypatch, rag_system, team, second):
    """Nothing is kept between calls: each change below is refused by the very next one."""
    calls = []
    real = gate_views._fast_token
    monkeypatch.setattr(gate_views, "_fast_token", lambda r: calls.append(real(r)) or calls[-1])

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
    assert all(calls), "every call above took the fast path"
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
def test_other_calls_go_to_drfs_view(monkeypatch, rag_system, extra):
    """Calls the fast path would not answer byte for byte as DRF does are DRF's."""
    key = Token.objects.get(user=rag_system.user).key
    headers = {"HTTP_AUTHORIZATION": f"Token {key}"} | extra
    client = APIClient()
    response = client.post(URL + "team", data=b"{}", content_type="application/json", **headers)
    assert gate_views._fast_token(response.wsgi_request) is None
    assert response.status_code in (400, 401, 406)


def test_other_content_types_and_methods_go_to_drfs_view(rag_system):
    response = rag_system.post(URL + "team", data=b"x", content_type="text/plain")
    assert response.status_code == 415
    assert rag_system.get(URL + "team").status_code == 405
    body = json.dumps(PASSING["answer"])
    # No ?dataset=: a member of one dataset may leave it out (GateView decides).
    response = rag_system.post("/api/v1/gate/answer", data=body, content_type="application/json")
    assert response.status_code == 201


def test_a_session_call_still_needs_its_csrf_token(team):
    """The endpoint is exempt from Django's CSRF check as DRF's views are; a browser session's
    call goes to GateView, whose session authentication enforces CSRF."""
    user = get_user_model().objects.create_user("sam", password="pw-for-sam-1")
    membership_grant(dataset=team, user=user)
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(user)
    body = json.dumps(PASSING["answer"])
    response = browser.post(URL + "team", data=body, content_type="application/json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert not Case.objects.exists()
