"""Spans written by the OpenTelemetry SDK itself - its ConsoleSpanExporter output (indented span
JSON back to back, ids as 0x + hex) with OpenInference attributes whose document metadata is
flattened into attributes (`...document.metadata.page`) - import as one case per trace: the
ids without 0x (so the evaluation events join the trace), the page from the flattened keys."""

from __future__ import annotations

import base64
import io
import json

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor

from groundgate.integrations.otel.evaluations import record_events
from groundgate.models import Case
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import trace_file_import
from reviews.export import ExportFilters, export_records

pytestmark = pytest.mark.django_db

CHUNK = "The discharge valve of each pump must be inspected every 90 days."


def console_output() -> tuple[str, str, str]:
    """(what ConsoleSpanExporter printed, the trace id, the LLM span id), both as hex."""
    out = io.StringIO()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=out)))
    tracer = provider.get_tracer("rag-app")
    with tracer.start_as_current_span("rag", attributes={"openinference.span.kind": "CHAIN"}):
        with tracer.start_as_current_span(
            "retrieve",
            attributes={
                "openinference.span.kind": "RETRIEVER",
                "input.value": "How often is the valve inspected?",
                "retrieval.documents.0.document.id": "pump-p3-c1",
                "retrieval.documents.0.document.content": CHUNK,
                "retrieval.documents.0.document.metadata.page": 2,
                "retrieval.documents.0.document.metadata.bbox": [72.0, 118.0, 523.0, 146.0],
            },
        ):
            pass
        with tracer.start_as_current_span(
            "llm",
            attributes={
                "openinference.span.kind": "LLM",
                "output.value": "The valve is inspected every 90 days [pump-p3-c1].",
            },
        ) as llm:
            llm_context = llm.get_span_context()
    provider.shutdown()
    return (
        out.getvalue(),
        format(llm_context.trace_id, "032x"),
        format(llm_context.span_id, "016x"),
    )


def test_console_exporter_output_imports_with_plain_ids_and_flattened_metadata():
    text, trace_id, llm_span_id = console_output()
    assert text.lstrip().startswith("{\n") and '"0x' in text  # what the SDK really writes
    dataset, _ = dataset_get_or_create(slug="sdk")
    report = trace_file_import(dataset=dataset, file=io.BytesIO(text.encode()), fmt="openinference")
    assert not report.errors, [e.one_line() for e in report.errors]
    assert report.imported == 1
    case = Case.objects.get(dataset=dataset)
    assert case.external_id == trace_id
    assert case.payload["trace"]["llm_span_id"] == llm_span_id
    chunk = case.payload["raw_chunks"][0]
    assert chunk["page_index"] == 2 and chunk["position_int"]

    [record] = export_records(dataset=dataset, filters=ExportFilters())
    events = record_events(record)
    assert events and all(e.get("traceId") == trace_id for e in events)
    assert all(e.get("spanId") == llm_span_id for e in events)


def test_broken_console_output_is_still_reported_by_line():
    text, _, _ = console_output()
    broken = text.replace('"name": "llm"', '"name": llm', 1)
    dataset, _ = dataset_get_or_create(slug="sdk-broken")
    report = trace_file_import(
        dataset=dataset, file=io.BytesIO(broken.encode()), fmt="openinference"
    )
    assert report.imported == 0 and report.errors
    assert any("line" in e.one_line() for e in report.errors)
    json.dumps([e.one_line() for e in report.errors])


def phoenix_otlpv1_page() -> tuple[bytes, str]:
    """What Phoenix's `GET /v1/projects/{id}/spans/otlpv1` answers for the SDK's spans: a page
    `{"data": [...], "next_cursor"}` of OTLP spans under their proto field names, ids in hex."""
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("rag-app")
    with tracer.start_as_current_span("rag"):
        with tracer.start_as_current_span(
            "retrieve",
            attributes={
                "openinference.span.kind": "RETRIEVER",
                "input.value": "How often?",
                "retrieval.documents.0.document.id": "c1",
                "retrieval.documents.0.document.content": CHUNK,
            },
        ):
            pass
        with tracer.start_as_current_span(
            "llm",
            attributes={"openinference.span.kind": "LLM", "output.value": "Every 90 days [c1]."},
        ):
            pass
    provider.shutdown()
    spans = memory.get_finished_spans()
    request = MessageToDict(encode_spans(spans), preserving_proto_field_name=True)
    data = []
    for resource in request["resource_spans"]:
        for scope in resource["scope_spans"]:
            for span in scope["spans"]:
                for key in ("trace_id", "span_id", "parent_span_id"):
                    if key in span:
                        span[key] = base64.b64decode(span[key]).hex()
                data.append(span)
    page = {"data": data, "next_cursor": None}
    return json.dumps(page).encode(), format(spans[0].context.trace_id, "032x")


@pytest.mark.parametrize("fmt", ["otlp", "openinference"])
def test_phoenix_otlpv1_page_imports_in_either_format(fmt):
    body, trace_id = phoenix_otlpv1_page()
    assert b'"string_value"' in body and b'"trace_id"' in body  # proto field names
    dataset, _ = dataset_get_or_create(slug=f"phoenix-{fmt}")
    report = trace_file_import(dataset=dataset, file=io.BytesIO(body), fmt=fmt)
    assert not report.errors, [e.one_line() for e in report.errors]
    case = Case.objects.get(dataset=dataset)
    assert case.external_id == trace_id
    assert case.payload["raw_chunks"][0]["chunk_id"] == "c1"
