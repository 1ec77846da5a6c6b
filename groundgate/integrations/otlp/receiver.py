"""OTLP/HTTP trace intake, the pure part: an `ExportTraceServiceRequest` body (protobuf or
JSON, plain or gzip) becomes the OTLP/JSON the `otlp` span reader takes, within limits checked
before the work they bound, or a refusal with the HTTP status the OTLP specification gives.

- The body is at most GROUNDGATE_MAX_REQUEST_BYTES (the middleware), and once unzipped at most
  `max_bytes`: a gzip bomb is cut off there (413), never inflated whole.
- At most `max_spans` spans (413), counted before any span is converted.
- Protobuf is decoded with OpenTelemetry's own generated classes (opentelemetry-proto) and
  written as OTLP/JSON (`MessageToDict`), its ids (bytes, base64 in `MessageToDict`) as the
  lower-case hex OTLP/JSON uses.
- A trace is imported only with its retrieval: a trace of this request with no retriever span
  (OpenInference `openinference.span.kind` RETRIEVER, GenAI `gen_ai.operation.name`
  retrieval) is held out and reported (`partialSuccess`), not turned into a case without its
  evidence. Spans of a trace that arrive in separate requests are not joined (not built).
"""

from __future__ import annotations

import base64
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson

PROTOBUF = "application/x-protobuf"
JSON = "application/json"
RETRIEVER_KINDS = {("openinference.span.kind", "RETRIEVER"), ("gen_ai.operation.name", "retrieval")}


class OtlpRefused(ValueError):
    """The request cannot be taken: `status` (400, 413, 415) and why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


@dataclass
class OtlpRequest:
    """An accepted request: the OTLP/JSON of the traces to import, and what was held out."""

    body: dict[str, Any]
    spans: int
    protobuf: bool
    held_out: dict[str, int] = field(default_factory=dict)  # trace id -> its spans

    @property
    def held_out_spans(self) -> int:
        return sum(self.held_out.values())


def _unzip(body: bytes, encoding: str, max_bytes: int) -> bytes:
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        if len(body) > max_bytes:
            raise OtlpRefused(413, f"the body is over {max_bytes} bytes")
        return body
    if encoding != "gzip":
        raise OtlpRefused(415, f"Content-Encoding {encoding!r}: gzip or none")
    inflater = zlib.decompressobj(wbits=31)
    try:
        data = inflater.decompress(body, max_bytes + 1)
    except zlib.error as exc:
        raise OtlpRefused(400, f"not gzip: {exc}") from None
    if len(data) > max_bytes:
        raise OtlpRefused(413, f"the body unzips to more than {max_bytes} bytes")
    if not inflater.eof:
        raise OtlpRefused(400, "the gzip stream is cut short")
    return data


def _hex(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return base64.b64decode(value, validate=True).hex()
    except ValueError:
        return value


def _from_protobuf(data: bytes, max_spans: int) -> tuple[dict[str, Any], int]:
    from google.protobuf.json_format import MessageToDict
    from google.protobuf.message import DecodeError
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
    )

    message = ExportTraceServiceRequest()
    try:
        message.ParseFromString(data)
    except (DecodeError, ValueError, RecursionError) as exc:
        raise OtlpRefused(400, f"not an OTLP ExportTraceServiceRequest: {exc}") from None
    spans = sum(len(s.spans) for r in message.resource_spans for s in r.scope_spans)
    if spans > max_spans:
        raise OtlpRefused(413, f"{spans} spans: at most {max_spans} per request")
    body = MessageToDict(message)
    for resource in body.get("resourceSpans", []):
        for scope in resource.get("scopeSpans", []):
            for span in scope.get("spans", []):
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in span:
                        span[key] = _hex(span[key])
    return body, spans


def _from_json(data: bytes, max_spans: int) -> tuple[dict[str, Any], int]:
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise OtlpRefused(400, f"not JSON: {exc}") from None
    if not isinstance(body, dict) or not isinstance(body.get("resourceSpans", []), list):
        raise OtlpRefused(400, "not an OTLP/JSON ExportTraceServiceRequest (resourceSpans)")
    spans = sum(
        len(_list(scope.get("spans")))
        for resource in _dicts(body.get("resourceSpans"))
        for scope in _dicts(resource.get("scopeSpans"))
    )
    if spans > max_spans:
        raise OtlpRefused(413, f"{spans} spans: at most {max_spans} per request")
    return body, spans


def _string_attributes(span: dict[str, Any]) -> set[tuple[str, str]]:
    found = set()
    for attribute in span.get("attributes") or []:
        if isinstance(attribute, dict):
            value = attribute.get("value")
            if isinstance(value, dict) and isinstance(value.get("stringValue"), str):
                found.add((str(attribute.get("key")), value["stringValue"]))
    return found


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    return (item for item in _list(value) if isinstance(item, dict))


def iter_spans(body: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(scope, span) of each span dict of an OTLP/JSON request, skipping what is not one."""
    for resource in _dicts(body.get("resourceSpans")):
        for scope in _dicts(resource.get("scopeSpans")):
            for span in _dicts(scope.get("spans")):
                yield scope, span


def _hold_out_without_retrieval(body: dict[str, Any]) -> dict[str, int]:
    """Remove the spans of traces that have no retriever span in this request; per trace id,
    how many spans were removed."""
    counts: Counter[str] = Counter()
    with_retrieval = set()
    for _, span in iter_spans(body):
        trace_id = str(span.get("traceId"))
        counts[trace_id] += 1
        if _string_attributes(span) & RETRIEVER_KINDS:
            with_retrieval.add(trace_id)
    held = {t: n for t, n in counts.items() if t not in with_retrieval}
    if held:
        for resource in _dicts(body.get("resourceSpans")):
            for scope in _dicts(resource.get("scopeSpans")):
                scope["spans"] = [
                    s
                    for s in _list(scope.get("spans"))
                    if not (isinstance(s, dict) and str(s.get("traceId")) in held)
                ]
    return held


def otlp_trace_request(
    body: bytes, *, content_type: str, content_encoding: str, max_bytes: int, max_spans: int
) -> OtlpRequest:
    """The request's traces to import, or OtlpRefused (400 malformed, 413 over a limit, 415 a
    content type or encoding that is not OTLP/HTTP's)."""
    media = content_type.split(";", 1)[0].strip().lower()
    if media not in (PROTOBUF, JSON):
        raise OtlpRefused(415, f"Content-Type {media or 'missing'}: {PROTOBUF} or {JSON}")
    data = _unzip(body, content_encoding, max_bytes)
    parsed, spans = (_from_protobuf if media == PROTOBUF else _from_json)(data, max_spans)
    held = _hold_out_without_retrieval(parsed)
    return OtlpRequest(body=parsed, spans=spans, protobuf=media == PROTOBUF, held_out=held)


def otlp_response(*, protobuf: bool, rejected_spans: int, message: str) -> bytes:
    """An ExportTraceServiceResponse: empty when every span was taken, else `partialSuccess`
    with the rejected spans and why (protobuf or JSON, as the request was)."""
    if protobuf:
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
            ExportTraceServiceResponse,
        )

        response = ExportTraceServiceResponse()
        if rejected_spans or message:
            response.partial_success.rejected_spans = rejected_spans
            response.partial_success.error_message = message
        serialized: bytes = response.SerializeToString()
        return serialized
    if not (rejected_spans or message):
        return b"{}"
    partial = {"rejectedSpans": str(rejected_spans), "errorMessage": message}
    return orjson.dumps({"partialSuccess": partial})
