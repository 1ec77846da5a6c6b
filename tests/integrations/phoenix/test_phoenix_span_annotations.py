"""Verdicts pushed back to a real Arize Phoenix (issue 31): one RAG trace, made by the
OpenTelemetry SDK with OpenInference attributes, is exported to Phoenix (its OTLP/HTTP
endpoint) and to GroundGate (the OTLP receiver's own path); GroundGate gates it, a reviewer
reviews it, and `push_phoenix` puts the verdict and the review on the LLM span in Phoenix,
read back through Phoenix's REST API. Pushed again, Phoenix holds the same annotations, updated."""

from __future__ import annotations

import io
import json
import time
import urllib.request

import pytest
from django.core.management import call_command
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace.export import SpanExportResult

from groundgate.integrations.otlp import otlp_trace_request
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.otlp_intake import otlp_traces_receive
from reviews.services import review_submit
from tests.api.conftest import api_client
from tests.integrations.phoenix.conftest import URL
from tests.integrations.test_otlp_intake import rag_spans

pytestmark = pytest.mark.django_db


def phoenix(path: str) -> dict:
    with urllib.request.urlopen(URL + path, timeout=60) as response:
        return json.loads(response.read())


def span_annotations(span_id: str) -> dict[str, dict]:
    """Phoenix's annotations of one span (default project), by name and identifier."""
    body = phoenix(f"/v1/projects/default/span_annotations?span_ids={span_id}&limit=100")
    return {(a["name"], a.get("identifier") or ""): a for a in body["data"]}


def wait_for_span(span_id: str) -> None:
    for _ in range(120):  # Phoenix writes received spans in the background
        spans = phoenix("/v1/projects/default/spans?limit=100")["data"]
        if any(s["context"]["span_id"] == span_id for s in spans):
            return
        time.sleep(0.5)
    raise AssertionError(f"Phoenix never stored span {span_id}")


def test_verdicts_and_reviews_land_on_the_llm_span_in_phoenix():
    dataset, _ = dataset_get_or_create(slug="team")
    ada = api_client("ada", dataset, Role.ADMIN).user
    spans = rag_spans()
    # To Phoenix, as the app's exporter sends it ...
    to_phoenix = OTLPSpanExporter(endpoint=f"{URL}/v1/traces", timeout=30)
    assert to_phoenix.export(spans) == SpanExportResult.SUCCESS
    # ... and to GroundGate's receiver (the path POST /v1/traces takes)
    request = otlp_trace_request(
        encode_spans(spans).SerializeToString(),
        content_type="application/x-protobuf",
        content_encoding="",
        max_bytes=1 << 20,
        max_spans=100,
    )
    assert otlp_traces_receive(dataset=dataset, request=request).rejected_spans == 0
    trace_id = format(spans[0].context.trace_id, "032x")
    case = Case.objects.get(dataset=dataset, external_id=trace_id)
    llm = next(s for s in spans if s.name == "llm")
    span_id = format(llm.context.span_id, "016x")
    assert case.payload["trace"]["llm_span_id"] == span_id
    wait_for_span(span_id)

    review_submit(case=case, reviewer=ada, label="not_grounded", comment="wrong valve")
    out = io.StringIO()
    call_command("push_phoenix", "--dataset", "team", "--phoenix", URL, stdout=out)
    assert out.getvalue().startswith("2 annotations on the spans of 1 cases")
    got = span_annotations(span_id)
    verdict = got[("groundgate.answer", "groundgate")]
    assert verdict["annotator_kind"] == "CODE"
    assert verdict["result"] == {"label": "ok", "score": 1.0, "explanation": "no findings"}
    assert verdict["metadata"]["groundgate.case.id"] == case.pk
    assert verdict["metadata"]["groundgate.case_url"].endswith(f"/d/team/cases/{case.pk}/")
    review = got[("groundgate.review", "groundgate-reviewer-ada")]
    assert review["annotator_kind"] == "HUMAN"
    assert review["result"] == {"label": "not_grounded", "score": 0.0, "explanation": "wrong valve"}

    # The reviewer changes their mind; pushed again, Phoenix's annotation is replaced, not doubled
    review_submit(case=case, reviewer=ada, label="grounded", comment="right after all", force=True)
    call_command("push_phoenix", "--dataset", "team", "--phoenix", URL, stdout=io.StringIO())
    again = span_annotations(span_id)
    assert len(again) == len(got) == 2
    assert again[("groundgate.review", "groundgate-reviewer-ada")]["result"]["label"] == "grounded"

    # A case whose span Phoenix never received is reported, and the rest still lands
    other = rag_spans()
    request = otlp_trace_request(
        encode_spans(other).SerializeToString(),
        content_type="application/x-protobuf",
        content_encoding="",
        max_bytes=1 << 20,
        max_spans=100,
    )
    otlp_traces_receive(dataset=dataset, request=request)
    out, err = io.StringIO(), io.StringIO()
    call_command("push_phoenix", "--dataset", "team", "--phoenix", URL, stdout=out, stderr=err)
    assert out.getvalue().startswith("2 annotations on the spans of 2 cases"), out.getvalue()
    missing = format(next(s for s in other if s.name == "llm").context.span_id, "016x")
    assert missing in err.getvalue()
