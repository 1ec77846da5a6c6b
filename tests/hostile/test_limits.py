"""Limits enforced before work starts, named in the error, on every surface: the request body
(413 on every endpoint, raw-body parsers included), the size and shape of one case (gate API,
batch, import API, import_cases, the groundgate CLI, which all agree), and the findings cap."""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.request

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from groundgate.engine.findings_cap import FINDINGS_TRUNCATED, MAX_FINDINGS
from groundgate.engine.limits import CaseLimits
from groundgate.engine.registry import get_gate
from groundgate.models import Case, GateRun
from groundgate.services.datasets import dataset_get_or_create
from tests.api.conftest import api_client
from tests.conftest import DEMO_CASES, run_groundgate, settings_module

pytestmark = pytest.mark.django_db

GOOD = {
    "case_id": "good-1",
    "question": "How heavy?",
    "raw_chunks": [{"chunk_id": "c1", "text": "The box weighs 2 kg.", "page_index": 0}],
    "answer": {
        "conclusion": "The box weighs 2 kg.",
        "evidences": [{"chunk_id": "c1", "excerpt": "The box weighs 2 kg."}],
    },
}


def with_(case_id: str, **changes) -> dict:
    case = json.loads(json.dumps(GOOD))
    case["case_id"] = case_id
    for path, value in changes.items():
        target = case
        *parents, last = path.split("__")
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[last] = value
    return case


LIMITS = CaseLimits()
# (case, the field named, words the message must contain). NaN is written by json.dumps as NaN.
HOSTILE = {
    "long-text": (
        with_("long-text", answer__conclusion="1.5 kg " * (LIMITS.max_text_chars // 7 + 1)),
        "answer.conclusion",
        "GROUNDGATE_CASE_MAX_TEXT_CHARS",
    ),
    "many-chunks": (
        with_("many-chunks", raw_chunks=[GOOD["raw_chunks"][0]] * (LIMITS.max_items + 1)),
        "raw_chunks",
        "GROUNDGATE_CASE_MAX_ITEMS",
    ),
    "many-evidences": (
        with_(
            "many-evidences",
            answer__evidences=[GOOD["answer"]["evidences"][0]] * (LIMITS.max_items + 1),
        ),
        "answer.evidences",
        "GROUNDGATE_CASE_MAX_ITEMS",
    ),
    "nan-in-ignored-key": (
        with_("nan-in-ignored-key", raw_chunks__0__score=float("nan")),
        "raw_chunks[0].score",
        "NaN is not a number JSON allows",
    ),
    "infinity": (
        with_("infinity", answer__evidences__0__confidence=float("-inf")),
        "answer.evidences[0].confidence",
        "-Infinity is not a number JSON allows",
    ),
    "deep": (
        with_("deep", extra=json.loads("[" * 40 + "]" * 40)),
        "extra" + "[0]" * 31,
        "GROUNDGATE_CASE_MAX_DEPTH",
    ),
    "huge-case": (
        with_("huge-case", raw_chunks=[GOOD["raw_chunks"][0] | {"text": "x" * 40_000}] * 60),
        "(root)",
        "GROUNDGATE_CASE_MAX_BYTES",
    ),
}


def line(case: dict) -> str:
    return json.dumps(case)  # allow_nan: writes NaN / -Infinity as a careless producer does


@pytest.fixture
def team():
    dataset, _ = dataset_get_or_create(slug="team")
    return dataset


@pytest.fixture
def admin(team):
    return api_client("ada", team, "admin")


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_gate_api_refuses_each_hostile_case_naming_field_and_limit(admin, name):
    case, field, words = HOSTILE[name]
    response = admin.post("/api/v1/gate/answer", line(case), content_type="application/json")
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    assert error["field"] == field and words in error["message"]
    assert not Case.objects.exists()


def test_batch_refuses_the_hostile_items_and_gates_the_rest(admin):
    cases = [GOOD] + [HOSTILE[name][0] for name in ("nan-in-ignored-key", "many-chunks")]
    body = '{"cases": [' + ", ".join(line(c) for c in cases) + "]}"
    response = admin.post("/api/v1/gate/answer/batch", body, content_type="application/json")
    assert response.status_code == 200, response.content
    results = response.json()["results"]
    assert [r["status"] for r in results] == [201, 400, 400]
    assert results[1]["errors"][0]["field"] == "cases[1].raw_chunks[0].score"
    assert results[2]["errors"][0]["field"] == "cases[2].raw_chunks"
    assert list(Case.objects.values_list("external_id", flat=True)) == ["good-1"]


def hostile_jsonl() -> str:
    names = sorted(HOSTILE)
    lines = [line(GOOD)] + [line(HOSTILE[n][0]) for n in names] + [line(with_("good-2"))]
    return "\n".join(lines) + "\n"


def expected_lines() -> list[tuple[int, str]]:
    return [(i + 2, HOSTILE[name][1]) for i, name in enumerate(sorted(HOSTILE))]


def test_import_api_reports_each_bad_line_and_imports_the_rest(admin):
    response = admin.post(
        "/api/v1/datasets/team/cases/import?kind=answer",
        hostile_jsonl(),
        content_type="application/x-ndjson",
    )
    assert response.status_code == 200, response.content
    report = response.json()
    assert report["imported"] == 2
    assert [(e["line"], e["fields"][0]) for e in report["errors"]] == expected_lines()
    assert sorted(Case.objects.values_list("external_id", flat=True)) == ["good-1", "good-2"]
    assert GateRun.objects.count() == 2


def test_import_cases_command_never_stops_at_a_bad_line(tmp_path, team):
    path = tmp_path / "cases.jsonl"
    path.write_text(hostile_jsonl())
    out, err = io.StringIO(), io.StringIO()
    for _ in range(2):  # a re-run reports the same lines and imports nothing twice
        with pytest.raises(SystemExit):
            call_command("import_cases", str(path), "--dataset", "team", stdout=out, stderr=err)
    messages = err.getvalue().splitlines()
    assert len(messages) == 2 * len(HOSTILE)
    for message, (number, field) in zip(messages, expected_lines(), strict=False):
        assert message.startswith(f"{path}: line {number}: {field}: ")
    assert "imported 2, unchanged 0" in out.getvalue().splitlines()[0]
    assert "imported 0, unchanged 2" in out.getvalue().splitlines()[1]
    assert Case.objects.count() == 2


def test_the_cli_and_the_api_give_the_same_error_for_each_hostile_case(admin, tmp_path):
    for name, (case, _field, _words) in sorted(HOSTILE.items()):
        path = tmp_path / f"{name}.json"
        path.write_text(line(case))
        cli = run_groundgate("gate", "answer", str(path))
        assert cli.returncode == 2, (name, cli.stderr)
        api = admin.post("/api/v1/gate/answer", line(case), content_type="application/json")
        error = api.json()["errors"][0]
        assert cli.stderr.strip() == f"groundgate: {path}: {error['field']}: {error['message']}"


def test_the_cli_reads_the_same_limit_variables(tmp_path, monkeypatch):
    path = tmp_path / "case.json"
    path.write_text(line(GOOD))
    monkeypatch.setenv("GROUNDGATE_CASE_MAX_TEXT_CHARS", "10")
    cli = run_groundgate("gate", "answer", str(path))
    assert cli.returncode == 2
    assert "question: 10 characters; at most 10" not in cli.stderr  # 10 is allowed
    assert "20 characters; at most 10 (GROUNDGATE_CASE_MAX_TEXT_CHARS)" in cli.stderr
    monkeypatch.setenv("GROUNDGATE_CASE_MAX_TEXT_CHARS", "many")
    cli = run_groundgate("gate", "answer", str(path))
    assert cli.returncode == 2
    assert "GROUNDGATE_CASE_MAX_TEXT_CHARS must be an integer" in cli.stderr


def test_settings_refuse_a_bad_limit_at_start():
    """The settings module run afresh (tests/conftest.py: settings_module) with each bad limit."""
    for variable, value in [
        ("GROUNDGATE_CASE_MAX_ITEMS", "0"),
        ("GROUNDGATE_MAX_REQUEST_BYTES", "lots"),
        ("GROUNDGATE_PDF_MAX_DECOMPRESSED_MB", "-1"),
    ]:
        with pytest.raises(ImproperlyConfigured, match=variable):
            settings_module(**{variable: value})


# ---- request bodies -----------------------------------------------------------------------------

BODY_ENDPOINTS = [
    ("/api/v1/gate/answer", "application/json"),
    ("/api/v1/gate/answer/batch", "application/json"),
    ("/api/v1/answer", "application/json"),
    ("/api/v1/answer", "application/x-www-form-urlencoded"),
    ("/api/v1/datasets/team/cases/import?kind=answer", "application/x-ndjson"),
    ("/api/v1/datasets/team/documents/1/chunks/import", "text/plain"),
    ("/api/v1/datasets/team/documents/upload", "multipart/form-data; boundary=x"),
]


@pytest.mark.parametrize(("url", "content_type"), BODY_ENDPOINTS)
def test_every_endpoint_refuses_a_body_over_the_limit_with_413(admin, settings, url, content_type):
    settings.GROUNDGATE_MAX_REQUEST_BYTES = 4096
    settings.GROUNDGATE_MAX_UPLOAD_BYTES = 8192
    response = admin.post(url, "x" * 100_000, content_type=content_type)
    assert response.status_code == 413, response.content
    detail = response.json()["detail"]
    assert "the request body is 100000 bytes" in detail
    limit = "GROUNDGATE_MAX_UPLOAD_BYTES" if "upload" in url else "GROUNDGATE_MAX_REQUEST_BYTES"
    assert limit in detail


def test_pages_and_the_admin_get_a_plain_413(client, settings):
    settings.GROUNDGATE_MAX_REQUEST_BYTES = 4096
    response = client.post("/login/", {"username": "x" * 10_000, "password": "y"})
    assert response.status_code == 413
    assert b"GROUNDGATE_MAX_REQUEST_BYTES" in response.content


def test_django_form_guards_are_a_413_not_a_500(admin, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024  # below the body limit: Django's guard trips
    body = "question=" + "x" * 2000
    response = admin.post("/api/v1/answer", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413, response.content
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000_000
    many = "&".join(f"f{i}=1" for i in range(1200))  # DATA_UPLOAD_MAX_NUMBER_FIELDS is 1000
    response = admin.post("/api/v1/answer", many, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413, response.content


@pytest.mark.django_db(transaction=True)
def test_a_live_server_answers_413_to_big_bodies_over_http(live_server, settings):
    """Real HTTP: the body is refused from its Content-Length, before a view reads it."""
    settings.GROUNDGATE_MAX_REQUEST_BYTES = 64 * 1024
    dataset, _ = dataset_get_or_create(slug="team")
    api_client("ada", dataset, "admin")
    key = Token.objects.get(user__username="ada").key
    body = b'{"question": "' + b"x" * (1024 * 1024) + b'"}'
    for path in ("/api/v1/answer", "/api/v1/gate/answer"):
        request = urllib.request.Request(
            live_server.url + path,
            data=body,
            headers={"Content-Type": "application/json", "Authorization": f"Token {key}"},
        )
        with pytest.raises(urllib.error.HTTPError) as failure:
            urllib.request.urlopen(request, timeout=30)
        assert failure.value.code == 413
        assert "GROUNDGATE_MAX_REQUEST_BYTES" in json.loads(failure.value.read())["detail"]


# ---- the findings cap ---------------------------------------------------------------------------


def many_findings_case(case_id: str = "many-findings") -> dict:
    """Every number in the conclusion is ungrounded: one finding each, 2500 in all."""
    return with_(case_id, answer__conclusion="It weighs 1.5 kg. " * 2500)


def test_a_verdict_lists_at_most_max_findings_and_summarises_the_rest():
    spec = get_gate("answer")
    case = spec.input_model.model_validate(many_findings_case())
    verdict = spec.run(case, spec.default_policy)
    uncapped = spec.run.__wrapped__(case, spec.default_policy)
    assert len(uncapped.findings) > MAX_FINDINGS
    assert len(verdict.findings) == MAX_FINDINGS
    assert verdict.findings[:-1] == uncapped.findings[: MAX_FINDINGS - 1]
    summary = verdict.findings[-1]
    rest = len(uncapped.findings) - (MAX_FINDINGS - 1)
    assert summary.code == FINDINGS_TRUNCATED
    assert summary.message.startswith(f"{rest} more findings are not listed")
    assert verdict.status == uncapped.status == "citation_insufficient"


def test_the_stored_verdict_is_capped_through_the_api(admin):
    response = admin.post(
        "/api/v1/gate/answer", line(many_findings_case()), content_type="application/json"
    )
    assert response.status_code == 201
    assert len(response.content) < 1_000_000
    run = GateRun.objects.get()
    assert len(run.findings) == MAX_FINDINGS and run.findings[-1]["code"] == FINDINGS_TRUNCATED


@pytest.mark.django_db(transaction=True)
def test_a_chunked_body_is_refused_with_411_never_read_as_empty(live_server):
    """Before: `Transfer-Encoding: chunked` to the case import answered 200 {"imported": 0}
    (Django reads a body by its Content-Length only) and the streaming client lost its data."""
    import socket
    from urllib.parse import urlsplit

    dataset, _ = dataset_get_or_create(slug="team")
    api_client("ada", dataset, "admin")
    key = Token.objects.get(user__username="ada").key
    line = DEMO_CASES.read_bytes().splitlines()[0] + b"\n"
    chunked = b"%x\r\n" % len(line) + line + b"\r\n0\r\n\r\n"
    where = urlsplit(live_server.url)
    request = (
        b"POST /api/v1/datasets/team/cases/import HTTP/1.1\r\n"
        b"Host: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\n"
        b"Authorization: Token " + key.encode() + b"\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunked
    )
    with socket.create_connection((where.hostname, where.port), timeout=30) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 411"), answer[:200]
    assert b"Transfer-Encoding: chunked is not read" in answer
    assert not dataset.cases.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("levels", [33, 950, 5000])
def test_deep_nesting_is_a_400_naming_the_gate_s_limit_on_the_api(levels, settings):
    """Before: ~950 levels (1.9 KB) on POST /api/v1/answer and the webhook API answered 500."""
    dataset, _ = dataset_get_or_create(slug="team")
    ada = api_client("ada", dataset, "admin")
    deep = "[" * levels + "]" * levels
    bodies = {
        "/api/v1/answer": '{"question": ' + deep + "}",
        "/api/v1/datasets/team/webhooks/": '{"url": "http://127.0.0.1:9/", "events": ' + deep + "}",
    }
    for path, body in bodies.items():
        answer = ada.post(path, body, content_type="application/json")
        assert answer.status_code == 400, (path, answer.content[:200])
        assert "GROUNDGATE_CASE_MAX_DEPTH" in answer.content.decode(), path
    # Brackets inside strings are text, not nesting.
    text = ada.post(
        "/api/v1/datasets/team/webhooks/",
        '{"url": "http://127.0.0.1:9/' + "[" * 40 + '", "events": ["verdict"]}',
        content_type="application/json",
    )
    assert "GROUNDGATE_CASE_MAX_DEPTH" not in text.content.decode()
