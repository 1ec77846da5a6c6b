"""OTLP/HTTP intake at /v1/traces, over real HTTP (gunicorn on 127.0.0.1, a fresh seeded
database): the OpenTelemetry SDK's own OTLP/HTTP exporter (protobuf, gzip) sends a RAG app's
OpenInference spans, and the trace becomes a gated case with its page; sent again, nothing
changes. Hostile intake - garbage protobuf, a wrong content type, a gzip bomb, a flood of spans,
an LLM span without its retrieval, no token - is a 4xx or a reported partial result."""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request

import pytest
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from groundgate.client import GroundGate
from tests.hostile.live_server import free_port, live_server, token

QUESTION = "How often must the discharge valve be inspected?"
CHUNK = "The discharge valve of each pump must be inspected every 90 days."
MAX_SPANS = 50


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    port = free_port()
    var_dir = tmp_path_factory.mktemp("otlp-server")
    with live_server(
        var_dir,
        port=port,
        postgres_name="groundgate_otlp",
        GROUNDGATE_OTLP_MAX_BYTES=str(1024 * 1024),
        GROUNDGATE_OTLP_MAX_SPANS=str(MAX_SPANS),
    ):
        yield f"http://127.0.0.1:{port}"


def rag_spans(*, with_retrieval: bool = True):
    """The spans of one RAG call, made by the OpenTelemetry SDK with OpenInference attributes."""
    memory = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("rag-app")
    with tracer.start_as_current_span(
        "rag", attributes={"openinference.span.kind": "CHAIN", "input.value": QUESTION}
    ):
        if with_retrieval:
            with tracer.start_as_current_span(
                "retrieve",
                attributes={
                    "openinference.span.kind": "RETRIEVER",
                    "input.value": QUESTION,
                    "retrieval.documents.0.document.id": "pump-p3-c1",
                    "retrieval.documents.0.document.content": CHUNK,
                    "retrieval.documents.0.document.score": 0.91,
                    "retrieval.documents.0.document.metadata": json.dumps({"page": 2}),
                },
            ):
                pass
        with tracer.start_as_current_span(
            "llm",
            attributes={
                "openinference.span.kind": "LLM",
                "output.value": "The valve must be inspected every 90 days [pump-p3-c1].",
            },
        ):
            pass
    provider.shutdown()
    return memory.get_finished_spans()


def exporter(base_url: str, user: str = "ada") -> OTLPSpanExporter:
    return OTLPSpanExporter(
        endpoint=f"{base_url}/v1/traces?dataset=team",
        headers={"Authorization": f"Token {token(user)}"},
        compression=Compression.Gzip,
        timeout=30,
    )


def post(base_url, body: bytes, content_type: str, encoding: str = "", user: str = "ada"):
    headers = {"Content-Type": content_type, "Authorization": f"Token {token(user)}"}
    if encoding:
        headers["Content-Encoding"] = encoding
    request = urllib.request.Request(
        f"{base_url}/v1/traces?dataset=team", data=body, headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_the_sdk_exporter_sends_a_trace_that_becomes_a_gated_case_once(base_url):
    spans = rag_spans()
    sent = exporter(base_url)
    assert sent.export(spans) == SpanExportResult.SUCCESS
    trace_id = format(spans[0].context.trace_id, "032x")
    gg = GroundGate(base_url, token=token("ada"), dataset="team")
    [case] = [c for c in gg.cases() if c["external_id"] == trace_id]
    assert case["current"]["gate_status"] == "ok"
    detail = gg.case(case["id"])
    chunk = detail["payload"]["raw_chunks"][0]
    assert (chunk["chunk_id"], chunk["page_index"]) == ("pump-p3-c1", 2)

    assert sent.export(spans) == SpanExportResult.SUCCESS  # again: the same case, unchanged
    assert [c["external_id"] for c in gg.cases()].count(trace_id) == 1


def test_an_llm_span_without_its_retrieval_is_reported_not_imported(base_url):
    spans = rag_spans(with_retrieval=False)
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    status, body = post(base_url, encode_spans(spans).SerializeToString(), "application/x-protobuf")
    assert status == 200
    answer = ExportTraceServiceResponse.FromString(body)
    assert answer.partial_success.rejected_spans == len(spans)
    assert "no retriever span" in answer.partial_success.error_message
    trace_id = format(spans[0].context.trace_id, "032x")
    gg = GroundGate(base_url, token=token("ada"), dataset="team")
    assert trace_id not in {c["external_id"] for c in gg.cases()}


def test_hostile_bodies_are_refused_with_4xx(base_url):
    assert post(base_url, b"\xff\xff\xff\xff garbage", "application/x-protobuf")[0] == 400
    assert post(base_url, b"{not json", "application/json")[0] == 400
    assert post(base_url, b"<spans/>", "text/xml")[0] == 415
    assert post(base_url, b"{}", "application/json", encoding="br")[0] == 415
    bomb = gzip.compress(b"\0" * (16 * 1024 * 1024))  # ~16 KB that unzips to 16 MB
    status, body = post(base_url, bomb, "application/x-protobuf", encoding="gzip")
    assert status == 413 and b"unzips" in body
    assert post(base_url, bomb[:-20], "application/json", encoding="gzip")[0] in (400, 413)

    flood = ExportTraceServiceRequest()
    scope = flood.resource_spans.add().scope_spans.add()
    for i in range(20_000):  # under the byte limit: the span limit refuses it
        span = scope.spans.add()
        span.trace_id = i.to_bytes(16, "big")
        span.span_id = (i + 1).to_bytes(8, "big")
    status, body = post(
        base_url, gzip.compress(flood.SerializeToString()), "application/x-protobuf", "gzip"
    )
    assert status == 413 and b"20000 spans" in body

    json_flood = {"resourceSpans": [{"scopeSpans": [{"spans": [{}] * (MAX_SPANS + 1)}]}]}
    assert post(base_url, json.dumps(json_flood).encode(), "application/json")[0] == 413


def test_the_token_of_an_admin_is_needed(base_url):
    spans = rag_spans()
    assert exporter(base_url, user="rita").export(spans) == SpanExportResult.FAILURE  # 403
    request = urllib.request.Request(
        f"{base_url}/v1/traces?dataset=team",
        data=b"{}",
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 401
