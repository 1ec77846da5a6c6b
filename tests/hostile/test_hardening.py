"""Hardening: the development key refused with DEBUG off, `check --deploy` clean in a
production-like environment, login throttling, Content-Security-Policy, CSV formula
neutralisation, and gated cases that the admin cannot rewrite."""

from __future__ import annotations

import csv
import io
import json
import os
import secrets
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import Client, RequestFactory

from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.gating import dataset_regate
from tests.api.conftest import api_client
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # Not the test run's own settings (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE).
    skip = ("SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE")
    environment = {k: v for k, v in os.environ.items() if k not in skip}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )


def test_the_development_key_is_refused_when_debug_is_off():
    missing = manage("check")
    assert missing.returncode != 0 and "SECRET_KEY must be set when DEBUG is off" in missing.stderr
    from groundgate.settings import DEVELOPMENT_SECRET_KEY

    explicit = manage("check", SECRET_KEY=DEVELOPMENT_SECRET_KEY)
    assert explicit.returncode != 0 and "development key is refused" in explicit.stderr
    assert manage("check", DEBUG="1").returncode == 0  # development: the key is allowed


def test_check_deploy_is_clean_in_a_production_like_environment():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=secrets.token_urlsafe(50),
        DEBUG="0",
        ALLOWED_HOSTS="groundgate.example",
        GROUNDGATE_HTTPS="1",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.fixture
def login_user(db):
    return get_user_model().objects.create_user("lee", password="the-right-password-1")


def login(client: Client, password: str, address: str = "10.0.0.1"):
    return client.post("/login/", {"username": "lee", "password": password}, REMOTE_ADDR=address)


def test_login_is_throttled_after_five_wrong_passwords(login_user, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, "wrong").status_code == 200  # the form again, with an error
    assert login(client, "wrong").status_code == 429  # the fifth failure locks the pair out
    locked = login(client, "the-right-password-1")
    assert locked.status_code == 429  # even the right password, during the cool-off
    assert "_auth_user_id" not in client.session
    # Another address is another (username, address) pair: a colleague is not locked out.
    elsewhere = Client()
    assert login(elsewhere, "the-right-password-1", address="10.0.0.2").status_code == 302


def test_a_successful_login_resets_the_count(login_user, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, "wrong")
    assert login(client, "the-right-password-1").status_code == 302
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        login(client, "wrong")
    assert login(client, "the-right-password-1").status_code == 302


def test_every_page_has_a_content_security_policy_without_inline_script(client):
    for path in ("/login/", "/api/docs/", "/api/redoc/"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
        assert directives["script-src"] == "'self'", (path, policy)
        assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "'unsafe-inline'" not in client.get("/login/")["Content-Security-Policy"]
    docs = client.get("/api/docs/").content.decode()
    assert "<script>" not in docs and "/api/docs/?script" in docs


def test_the_policy_headers_built_once_are_those_django_csp_builds(client, settings):
    """groundgate.middleware.CSPMiddleware keeps the headers it built; they must be django-csp's
    own, also after the settings change (a report-only policy added here)."""
    from csp.middleware import CSPMiddleware as Upstream

    def upstream(path):
        request = RequestFactory().get(path)
        middleware = Upstream(lambda r: HttpResponse("x"))
        return middleware(request)

    for path in ("/login/", "/api/v1/datasets/"):
        ours = client.get(path)
        assert ours["Content-Security-Policy"] == upstream(path)["Content-Security-Policy"]
        assert "Content-Security-Policy-Report-Only" not in ours
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    ours = client.get("/login/")
    assert ours["Content-Security-Policy-Report-Only"] == "default-src 'none'"
    assert ours["Content-Security-Policy"] == upstream("/login/")["Content-Security-Policy"]


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised():
    dataset, _ = dataset_get_or_create(slug="team")
    admin = api_client("ada", dataset, Role.ADMIN)
    hostile = ['=HYPERLINK("http://x","y")', "@SUM(A1)", "+1+1", "-2+3", "\tcmd", "\rcmd"]
    for n, text in enumerate(hostile):
        body = {
            "case_id": f"{text}-{n}" if not text[0].isspace() else f"c{n}",
            "question": text,
            "raw_chunks": [{"chunk_id": "k", "text": "x"}],
            "answer": {"conclusion": "x", "evidences": [{"chunk_id": "k", "excerpt": "x"}]},
        }
        response = admin.post(
            "/api/v1/gate/answer?dataset=team", json.dumps(body), content_type="application/json"
        )
        assert response.status_code == 201, response.content
    export = admin.get("/api/v1/datasets/team/export?format=csv")
    text = b"".join(export.streaming_content).decode()
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    questions = sorted(row["question"] for row in rows)
    assert questions == sorted("'" + text for text in hostile)
    ids = [row["external_id"] for row in rows if row["external_id"][1:2] in "=@+-"]
    assert ids and all(i.startswith("'") for i in ids)
    assert all(row["answer"].startswith("{") for row in rows)  # JSON cells are untouched
    jsonl = admin.get("/api/v1/datasets/team/export")
    records = [json.loads(line) for line in b"".join(jsonl.streaming_content).splitlines()]
    assert sorted(r["question"] for r in records) == sorted(hostile)


def test_the_admin_cannot_rewrite_a_gated_case():
    dataset, _ = dataset_get_or_create(slug="team")
    payload = {
        "case_id": "audited",
        "question": "What was audited?",
        "raw_chunks": [{"chunk_id": "k", "text": "x"}],
        "answer": {"conclusion": "x", "evidences": [{"chunk_id": "k", "excerpt": "x"}]},
    }
    case = Case.objects.create(
        dataset=dataset,
        kind="answer",
        external_id="audited",
        question=payload["question"],
        payload=payload,
    )
    superuser = get_user_model().objects.create_superuser("root", password="root-password-1")
    membership_grant(dataset=dataset, user=superuser, role=Role.ADMIN)
    client = Client()
    client.force_login(superuser)
    url = f"/admin/groundgate/case/{case.pk}/change/"
    assert b'name="question"' in client.get(url).content  # not gated yet: editable
    dataset_regate(dataset=dataset)
    page = client.get(url).content.decode()
    assert 'name="question"' not in page and 'name="payload"' not in page
    client.post(url, {"question": "Rewritten", "payload": "{}", "external_id": "other"})
    case.refresh_from_db()
    assert (case.question, case.payload, case.external_id) == (
        "What was audited?",
        payload,
        "audited",
    )
    assert client.get(f"/admin/groundgate/case/{case.pk}/delete/").status_code == 403
