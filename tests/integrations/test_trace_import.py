"""Importing traces through the command and the API: the case import path, access checks, and
nothing written for a bad trace."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from groundgate.models import Case, GateRun, Role
from groundgate.services.datasets import dataset_get_or_create
from tests.api.conftest import api_client

TRACES = Path(__file__).resolve().parents[2] / "fixtures" / "traces"
T1 = "6f1d2a3b4c5d6e7f8091a2b3c4d5e6f7"
T2 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        call_command("import_traces", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_the_command_imports_and_gates_one_case_per_trace_and_keeps_the_trace_id():
    code, out, err = run(str(TRACES / "phoenix-spans.jsonl"), "--dataset", "traces")
    assert (code, err) == (0, "")
    assert out.startswith("traces (new dataset): imported 2, unchanged 0, bad 0; gated:")
    cases = {c.external_id: c for c in Case.objects.filter(dataset__slug="traces")}
    assert set(cases) == {T1, T2}
    assert cases[T1].payload["trace"]["trace_id"] == T1
    runs = {r.case.external_id: r for r in GateRun.objects.select_related("case")}
    # the first answer repeats its chunk; the second says 60 seconds where the chunk says 30
    assert runs[T1].passed is True
    assert runs[T2].passed is False
    assert "UNGROUNDED_NUMBER" in json.dumps(runs[T2].verdict)
    # the same file again changes nothing
    code, out, _ = run(str(TRACES / "phoenix-spans.jsonl"), "--dataset", "traces")
    assert "imported 0, unchanged 2" in out and Case.objects.count() == 2


@pytest.mark.django_db
def test_otlp_and_a_custom_pattern_through_the_command(tmp_path):
    source = (TRACES / "otlp-traces.json").read_text().replace("[1]", "<<1>>")
    path = tmp_path / "otlp.json"
    path.write_text(source)
    code, out, _ = run(
        str(path), "--dataset", "otlp", "--format", "otlp", "--citation-pattern", r"<<(\d+)>>"
    )
    assert code == 0 and "imported 1" in out
    case = Case.objects.get(dataset__slug="otlp")
    assert case.payload["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p3-c1"
    assert case.payload["trace"]["format"] == "otlp"


@pytest.mark.django_db
def test_a_bad_span_is_reported_and_its_trace_not_written(tmp_path):
    lines = (TRACES / "phoenix-spans.jsonl").read_text().splitlines()
    span = json.loads(lines[4])
    span["attributes"]["retrieval.documents.0.document.content"] = ""
    lines[4] = json.dumps(span)
    path = tmp_path / "spans.jsonl"
    path.write_text("\n".join(lines))
    code, _, err = run(str(path), "--dataset", "traces")
    assert code == 1
    assert err.strip() == (
        f"{path}: line 5 (trace {T2}, span b000000000000002): "
        "retrieval.documents.0.document.content: the document's text is required"
    )
    assert list(Case.objects.values_list("external_id", flat=True)) == [T1]


@pytest.mark.django_db
def test_case_level_errors_name_the_trace_and_llm_span(tmp_path):
    lines = (TRACES / "phoenix-spans.jsonl").read_text().splitlines()
    span = json.loads(lines[5])
    span["attributes"]["output.value"] = "void if run dry \u0000 [C0]"
    lines[5] = json.dumps(span)
    path = tmp_path / "spans.jsonl"
    path.write_text("\n".join(lines))
    code, _, err = run(str(path), "--dataset", "traces")
    assert code == 1
    assert err.startswith(f"{path}: line 6 (trace {T2}, span b000000000000003): ")
    assert Case.objects.filter(external_id=T2).count() == 0


def test_bad_options_are_refused_before_anything_is_read():
    with pytest.raises(CommandError, match=r"--citation-pattern: not a regular expression"):
        run(str(TRACES / "phoenix-spans.jsonl"), "--dataset", "x", "--citation-pattern", "(")
    with pytest.raises(CommandError, match="cannot read"):
        run("/nonexistent/spans.jsonl", "--dataset", "x")


@pytest.fixture
def team(db):
    dataset, _ = dataset_get_or_create(slug="team")
    return dataset


URL = "/api/v1/datasets/team/traces/import"


def test_the_api_imports_a_phoenix_page_for_an_admin(team):
    admin = api_client("ada", team, Role.ADMIN)
    body = (TRACES / "phoenix-spans.json").read_bytes()
    response = admin.post(URL, data=body, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json() == {"imported": 1, "unchanged": 0, "errors": []}
    response = admin.post(
        URL + "?format=otlp",
        data=(TRACES / "otlp-traces.json").read_bytes(),
        content_type="application/json",
    )
    assert response.json()["imported"] == 1
    assert Case.objects.filter(dataset=team).count() == 2


def test_the_api_reports_bad_spans_by_line_and_span(team):
    admin = api_client("ada", team, Role.ADMIN)
    body = (
        (TRACES / "phoenix-spans.jsonl").read_bytes().replace(b'\\"page\\": 2', b'\\"page\\": -2')
    )
    response = admin.post(URL, data=body, content_type="application/x-ndjson")
    report = response.json()
    assert report["imported"] == 1
    (error,) = report["errors"]
    assert error["line"] == 2 and "span a000000000000002" in error["message"]
    assert error["fields"] == ["retrieval.documents.0.document.metadata.page"]


def test_the_api_asks_access_and_checks_its_parameters(team):
    body = (TRACES / "phoenix-spans.json").read_bytes()
    reviewer = api_client("rex", team, Role.REVIEWER)
    assert reviewer.post(URL, data=body, content_type="application/json").status_code == 403
    outsider = api_client("otto")
    assert outsider.post(URL, data=body, content_type="application/json").status_code == 404
    admin = api_client("ada", team, Role.ADMIN)
    response = admin.post(URL + "?format=zipkin", data=body, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "format"
    response = admin.post(URL + "?citation_pattern=(", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "citation_pattern"
    assert Case.objects.count() == 0
