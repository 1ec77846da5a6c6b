"""The import page's trace import (admins of the dataset), with named actors: Ada (admin),
Rita (reviewer), Otto (outsider). The files are the trace fixtures of fixtures/traces (their
README says which tool's documented schema each shape comes from) and broken copies of them."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.models import Case, GateRun, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import trace_file_import
from tests.integrations.test_trace_import import T1, T2, TRACES
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db

URL = "/d/demo/import/traces"


def upload(name: str, data: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data if data is not None else (TRACES / name).read_bytes())


def phoenix_with(line_index: int, replacement: str) -> bytes:
    lines = (TRACES / "phoenix-spans.jsonl").read_text().splitlines()
    lines[line_index] = replacement
    return "\n".join(lines).encode()


def trace_cases() -> set[str]:
    return set(Case.objects.filter(external_id__in=[T1, T2]).values_list("external_id", flat=True))


def test_outsiders_and_reviewers_get_the_same_answers_as_on_the_other_admin_pages(
    reviewer, outsider, admin
):
    form = {"format": "openinference", "file": upload("phoenix-spans.jsonl")}
    assert outsider.get(URL).status_code == 404
    refused = outsider.post(URL, form)
    assert (
        refused.status_code == 404 and "There is nothing here for you" in refused.content.decode()
    )
    form["file"] = upload("phoenix-spans.jsonl")
    assert reviewer.get(URL).status_code == 403
    refused = reviewer.post(URL, form)
    assert refused.status_code == 403
    assert "Your role does not allow this" in refused.content.decode()
    assert trace_cases() == set()
    # Ada sees both forms; a GET of the trace form's address lands on the page.
    page = admin.get("/d/demo/import").content.decode()
    assert 'id="import-traces"' in page and f'action="{URL}"' in page
    assert admin.get(URL)["Location"] == "/d/demo/import#traces"


def test_an_admin_imports_a_phoenix_file_and_sees_the_result(admin):
    response = admin.post(URL, {"format": "openinference", "file": upload("phoenix-spans.jsonl")})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Imported 2 cases from phoenix-spans.jsonl" in page
    assert 'href="/d/demo/?kind=answer"' in page
    assert trace_cases() == {T1, T2}
    runs = {r.case.external_id: r for r in GateRun.objects.filter(case__external_id__in=[T1, T2])}
    assert (runs[T1].passed, runs[T2].passed) == (True, False)
    # The result names both new cases (the trace id is the case id) with their gate status.
    listed = page.split('id="imported-cases"')[1].split("</table>")[0]
    assert "The new cases" in listed
    for trace_id in (T1, T2):
        run = runs[trace_id]
        assert f'href="/d/demo/cases/{run.case_id}/"><code>{trace_id}</code></a>' in listed
        assert f"<code>{run.status}</code>" in listed
    assert Case.objects.get(external_id=T1).payload["trace"]["trace_id"] == T1
    # The queue lists them (the trace id is the case id), and each case page opens.
    queue = admin.get("/d/demo/?kind=answer").content.decode()
    for trace_id in (T1, T2):
        assert trace_id in queue
        case = Case.objects.get(external_id=trace_id)
        assert admin.get(f"/d/demo/cases/{case.pk}/").status_code == 200
    again = admin.post(URL, {"format": "openinference", "file": upload("phoenix-spans.jsonl")})
    assert "Imported 0 cases" in again.content.decode()
    assert again.context["report"].unchanged == 2


@pytest.mark.parametrize(
    ("name", "fmt", "count"),
    [
        ("phoenix-spans.json", "openinference", 1),
        ("otlp-traces.json", "otlp", 1),
        ("otel-genai.json", "otlp", 2),
        ("langsmith-runs.jsonl", "langsmith", 2),
        ("langfuse-trace.json", "langfuse", 1),
        ("langfuse-observations.json", "langfuse", 1),
    ],
)
def test_every_format_the_cli_and_the_api_take_imports_from_the_page(admin, name, fmt, count):
    response = admin.post(URL, {"format": fmt, "file": upload(name)})
    assert response.status_code == 200, response.context["errors"]
    assert response.context["report"].imported == count
    assert f"Imported {count} case" in response.content.decode()


def test_a_line_that_is_not_json_is_named_and_nothing_is_written(admin):
    data = phoenix_with(2, '{"name": "cut off')
    response = admin.post(
        URL,
        {
            "format": "openinference",
            "citation_pattern": r"\[([^\]]+)\]",
            "file": upload("p.jsonl", data),
        },
    )
    assert response.status_code == 400
    ((line, message),) = response.context["errors"]
    assert line == 3 and message.startswith("not JSON: Unterminated string starting at column")
    page = response.content.decode()
    assert "Nothing imported: 1 problem in p.jsonl" in page
    assert trace_cases() == set()
    # The choices are kept; the file must be chosen again, and the page says so.
    assert '<option value="openinference" selected>' in page
    assert 'value="\\[([^\\]]+)\\]"' in page
    assert "choose the file again" in page


def test_one_bad_span_keeps_every_trace_of_the_file_out_and_names_trace_and_span(admin):
    span = json.loads((TRACES / "phoenix-spans.jsonl").read_text().splitlines()[4])
    span["attributes"]["retrieval.documents.0.document.content"] = ""
    data = phoenix_with(4, json.dumps(span))
    response = admin.post(URL, {"format": "langsmith", "file": upload("bad.jsonl", data)})
    # In the wrong format every line is a problem, and the page says which format it looks like.
    assert response.status_code == 400
    assert "Arize Phoenix / OpenInference spans" in response.context["format_hint"]
    assert '<option value="langsmith" selected>' in response.content.decode()
    response = admin.post(URL, {"format": "openinference", "file": upload("bad.jsonl", data)})
    assert response.status_code == 400 and "format_hint" not in response.context
    assert response.context["errors"] == [
        (
            5,
            f"(trace {T2}, span b000000000000002): "
            "retrieval.documents.0.document.content: the document's text is required",
        )
    ]
    # The service alone would keep the other trace (the CLI and API skip bad traces); the page
    # imports the file whole or not at all, like its JSONL import.
    assert trace_cases() == set()
    other, _ = dataset_get_or_create(slug="other")
    report = trace_file_import(dataset=other, file=io.BytesIO(data), fmt="openinference")
    assert report.imported == 1


def test_a_custom_citation_pattern_reaches_the_import(admin):
    data = (TRACES / "otlp-traces.json").read_text().replace("[1]", "<<1>>").encode()
    response = admin.post(
        URL, {"format": "otlp", "citation_pattern": r"<<(\d+)>>", "file": upload("o.json", data)}
    )
    assert response.status_code == 200
    case = Case.objects.get(external_id=T1)
    assert case.payload["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p3-c1"


def test_bad_choices_are_refused_by_name_before_the_file_is_read(admin):
    cases = [
        ({"format": "jaeger"}, "format: one of openinference, otlp, langsmith, langfuse"),
        ({"format": "otlp", "citation_pattern": "("}, "citation pattern: not a regular expression"),
        ({"format": "otlp", "citation_pattern": "(a)(b)"}, "citation pattern: at most one group"),
    ]
    for form, failure in cases:
        response = admin.post(URL, form | {"file": upload("otlp-traces.json")})
        assert response.status_code == 400
        assert response.context["failure"].startswith(failure), response.context["failure"]
        assert "Not imported: " + failure.split(":")[0] in response.content.decode()
    missing = admin.post(URL, {"format": "langfuse", "citation_pattern": r"\[(\d+)\]"})
    assert missing.context["failure"] == "file: choose a trace export file"
    page = missing.content.decode()
    assert '<option value="langfuse" selected>' in page and 'value="\\[(\\d+)\\]"' in page
    assert trace_cases() == set()


def test_an_admin_of_another_dataset_is_an_outsider_here(demo_dataset):
    elsewhere, _ = dataset_get_or_create(slug="elsewhere")
    admin_elsewhere = logged_in("eve", elsewhere, Role.ADMIN)
    form = {"format": "openinference", "file": upload("phoenix-spans.jsonl")}
    assert admin_elsewhere.post(URL, form).status_code == 404
    assert trace_cases() == set()
