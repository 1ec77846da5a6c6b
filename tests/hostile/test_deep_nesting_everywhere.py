"""Deep nesting is a 400 naming the one limit (GROUNDGATE_CASE_MAX_DEPTH) on every endpoint and
page that reads JSON, never a 500: the trace import (API body as one JSON document or as JSON
lines, the import page's file, a span attribute that is JSON text), the webhook API, the gate.
Past 1,024 levels orjson gives up, and Python's json recurses until RecursionError."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.models import Case, Role, Webhook
from groundgate.services.datasets import dataset_get_or_create
from tests.api.conftest import api_client
from tests.integrations.test_trace_import import TRACES
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db
TRACE_API = "/api/v1/datasets/team/traces/import"


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.fixture
def team_admin():
    team, _ = dataset_get_or_create(slug="team")
    return api_client("ada", team, Role.ADMIN)


def assert_depth_refusal(response, settings) -> None:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    text = response.content.decode()
    assert "GROUNDGATE_CASE_MAX_DEPTH" in text, text[:500]
    assert str(settings.GROUNDGATE_CASE_LIMITS.max_depth) in text


@pytest.mark.parametrize("levels", [100, 1_100, 50_000])
@pytest.mark.parametrize("fmt", ["openinference", "otlp", "langsmith", "langfuse"])
def test_the_trace_import_api_refuses_a_deep_document(team_admin, settings, levels, fmt):
    body = ('{"spans": ' + deep(levels) + "}").encode()
    response = team_admin.post(
        f"{TRACE_API}?format={fmt}", data=body, content_type="application/json"
    )
    assert_depth_refusal(response, settings)
    assert not Case.objects.exists()


@pytest.mark.parametrize("levels", [100, 1_100, 50_000])
def test_the_trace_import_api_refuses_a_deep_json_line(team_admin, settings, levels):
    lines = (TRACES / "phoenix-spans.jsonl").read_text().splitlines()
    lines.insert(1, '{"attributes": ' + deep(levels) + "}")
    response = team_admin.post(
        TRACE_API, data="\n".join(lines).encode(), content_type="application/x-ndjson"
    )
    assert_depth_refusal(response, settings)
    assert not Case.objects.exists()


@pytest.mark.parametrize(
    ("levels", "expected"), [(100, "GROUNDGATE_CASE_MAX_DEPTH"), (50_000, "not JSON")]
)
def test_a_span_attribute_that_is_deep_json_text_is_a_problem_not_a_500(
    team_admin, levels, expected
):
    """JSON text inside a string is not seen by the file's depth check: the span reader parses
    it without recursion (past 1,024 levels it is not JSON), and the case built from it meets
    the gate's own depth limit."""
    lines = (TRACES / "phoenix-spans.jsonl").read_text().splitlines()
    span = json.loads(lines[1])
    key = "retrieval.documents.0.document.metadata"
    span["attributes"][key] = '{"a": ' * levels + "1" + "}" * levels
    lines[1] = json.dumps(span)
    response = team_admin.post(
        TRACE_API, data="\n".join(lines).encode(), content_type="application/x-ndjson"
    )
    assert response.status_code == 200, response.content[:300]
    messages = [e["message"] for e in response.json()["errors"]]
    assert any(expected in m for m in messages), messages


@pytest.mark.parametrize("levels", [1_100, 50_000])
def test_the_import_page_refuses_a_deep_file(demo_dataset, settings, levels):
    admin = logged_in("ada", demo_dataset, Role.ADMIN)
    file = SimpleUploadedFile("deep.json", ('{"spans": ' + deep(levels) + "}").encode())
    response = admin.post("/d/demo/import/traces", {"format": "otlp", "file": file})
    assert response.status_code in (200, 400), response.status_code
    assert "GROUNDGATE_CASE_MAX_DEPTH" in response.content.decode()


@pytest.mark.parametrize("levels", [100, 1_100, 50_000])
def test_the_webhook_api_refuses_deep_json(team_admin, settings, levels):
    body = '{"url": "https://example.org/hook", "events": ' + deep(levels) + "}"
    response = team_admin.post(
        "/api/v1/datasets/team/webhooks/", data=body.encode(), content_type="application/json"
    )
    assert_depth_refusal(response, settings)
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("levels", [100, 50_000])
def test_the_gate_and_answer_apis_refuse_deep_json(team_admin, settings, levels):
    body = ('{"question": "q", "answer": ' + deep(levels) + "}").encode()
    for url in ("/api/v1/gate/answer", "/api/v1/answer"):
        response = team_admin.post(url, data=body, content_type="application/json")
        assert_depth_refusal(response, settings)


def test_the_import_command_refuses_a_deep_file(tmp_path, settings):
    from django.core.management import CommandError, call_command

    path = tmp_path / "deep.json"
    path.write_text('{"spans": ' + deep(5_000) + "}")
    with pytest.raises(CommandError, match="GROUNDGATE_CASE_MAX_DEPTH"):
        call_command("import_traces", str(path), "--dataset", "deep")
    assert not Case.objects.exists()
