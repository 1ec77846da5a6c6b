"""Read spans from the two files a tracing tool gives: an Arize Phoenix span export and OTLP JSON.

Pure (no Django). Both become `Span`s with the same flat view of their attributes, so the case
builder (cases.py) does not care where a span came from.

Shapes (docs/integrations.md says where each comes from):
- `openinference`: Phoenix's span JSON, as its REST API (`GET /v1/projects/{id}/spans` gives
  `{"data": [...]}`) and the OpenTelemetry SDK's JSON span dump write it: `{"name", "context":
  {"trace_id", "span_id"}, "parent_id", "span_kind", "start_time", "end_time", "attributes"}`.
  A file is a JSON array of spans, `{"data": [...]}`, or JSON Lines (one span a line).
  Attributes may be flat (`"retrieval.documents.0.document.id"`) or nested
  (`{"retrieval": {"documents": [{"document": {"id": ...}}]}}`); both are read.
- `otlp`: OTLP/JSON `ExportTraceServiceRequest` (`{"resourceSpans": [{"scopeSpans": [{"spans":
  [...]}]}]}`), ids as hex strings and attributes as `[{"key", "value": AnyValue}]` (the
  protobuf JSON mapping: 64-bit integers are strings). A file is one request, or JSON Lines of
  requests (the OpenTelemetry Collector's file exporter).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import orjson

FORMATS = ("openinference", "otlp", "langsmith", "langfuse")
_HEX_TRACE = re.compile(r"[0-9a-fA-F]{32}")
_HEX_SPAN = re.compile(r"[0-9a-fA-F]{16}")
_HEX = re.compile(r"[0-9a-fA-F]{1,64}")
# Phoenix writes ids as hex with or without a 0x prefix; OTLP/JSON as plain hex.
_PHOENIX_ID = re.compile(r"(?:0x)?[0-9a-zA-Z_\-]{1,128}")


@dataclass(frozen=True)
class SpanProblem:
    """A span (or a line) that could not be read: where it is, its ids when known, and why."""

    where: str  # "line 4", "spans[2]", "resourceSpans[0].scopeSpans[0].spans[3]"
    line: int | None
    trace_id: str | None
    span_id: str | None
    field: str
    message: str


# Not frozen: a frozen dataclass sets each of its 11 fields through object.__setattr__, and a
# trace import builds every span twice (1.7 µs a span frozen, 1.1 µs like this). Nothing
# changes a span after it is read but its `order`, set once where it is read.
@dataclass(slots=True)
class Span:
    trace_id: str
    span_id: str
    parent_id: str | None
    name: str
    kind: str  # the OpenInference span kind (LLM, RETRIEVER, ...), upper case; "" if none
    start: int | str  # for ordering within a trace only
    end: int | str
    attributes: dict[str, Any]
    where: str
    line: int | None
    order: int  # position in the file


def attr(attributes: dict[str, Any], dotted: str) -> Any:
    """The attribute `dotted` whether it was written flat, nested, or half of each
    (`{"output.value": ...}`, `{"output": {"value": ...}}`); None when absent."""
    if dotted in attributes:
        return attributes[dotted]
    parts = dotted.split(".")
    node: Any = attributes
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            key = ".".join(parts[i:j])
            if isinstance(node, dict) and key in node:
                node, i = node[key], j
                break
            if isinstance(node, list) and key.isdigit() and int(key) < len(node):
                node, i = node[int(key)], j
                break
        else:
            return None
    return node


def read_spans(data: bytes, fmt: str) -> tuple[list[Span], list[SpanProblem]]:
    """Every span in `data`, in file order, and the problems of those that could not be read."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    spans: list[Span] = []
    problems: list[SpanProblem] = []
    reader = reader_for(fmt)
    for where, line, raw in _documents(data, problems):
        for item in reader(raw, where, line, problems):
            spans.append(replace(item, order=len(spans)))
    if not spans and not problems:
        problems.append(SpanProblem("file", None, None, None, "", "no spans in it"))
    return spans, problems


def reader_for(fmt: str) -> Callable[[Any, str, int | None, list[SpanProblem]], Iterator[Span]]:
    """The function that turns one parsed JSON value of a `fmt` file into spans."""
    if fmt == "openinference":
        return _phoenix_spans
    if fmt == "otlp":
        return _otlp_spans
    # LangSmith runs and Langfuse observations are read into the same Span (imported here: they
    # import Span from this module).
    if fmt == "langsmith":
        from groundgate.integrations.langsmith import langsmith_spans

        return langsmith_spans
    from groundgate.integrations.langfuse import langfuse_spans

    return langfuse_spans


def _documents(data: bytes, problems: list[SpanProblem]) -> Iterator[tuple[str, int | None, Any]]:
    """(where, line, JSON value) for the whole file when it is one JSON value, else per line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(SpanProblem("file", None, None, None, "", f"not UTF-8 ({exc.reason})"))
        return
    try:
        yield "file", None, orjson.loads(data)
        return
    except orjson.JSONDecodeError:
        pass  # JSON Lines, or broken: read line by line so the error names its line
    values = _concatenated(text)
    if values is not None:  # JSON values back to back (the SDK's ConsoleSpanExporter)
        for index, (number, value) in enumerate(values):
            yield f"object {index + 1} (line {number})", number, value
        return
    for number, line_text in enumerate(text.splitlines(), start=1):
        if not line_text.strip():
            continue
        try:
            yield f"line {number}", number, orjson.loads(line_text)
        except orjson.JSONDecodeError:
            problems.append(
                SpanProblem(f"line {number}", number, None, None, "", why_not_json(line_text))
            )


def _concatenated(text: str) -> list[tuple[int, Any]] | None:
    """The JSON values of a text that holds several back to back, each with the line it starts
    on (OpenTelemetry's ConsoleSpanExporter writes each span as indented JSON, one after
    another); None when the text is not that (JSON Lines, whose first line is a whole value,
    or broken JSON: read line by line then, so an error names its line)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        orjson.loads(first)
        return None  # the first line is a whole value: JSON Lines
    except orjson.JSONDecodeError:
        pass
    decoder = json.JSONDecoder()
    values: list[tuple[int, Any]] = []
    position, line, counted = 0, 1, 0
    while True:
        while position < len(text) and text[position] in " \t\r\n":
            position += 1
        if position >= len(text):
            break
        line += text.count("\n", counted, position)
        counted = position
        try:
            value, position = decoder.raw_decode(text, position)
        except (json.JSONDecodeError, RecursionError):
            return None
        values.append((line, value))
    return values if len(values) > 1 else None


def why_not_json(text: str) -> str:
    """Python's description of why a line is not JSON (it names the column)."""
    try:
        # Without its line break: a line cut inside a string is "unterminated", not a control
        # character. Some of Python's messages end in "at" ("Invalid control character at").
        json.loads(text.rstrip("\r\n"))
    except json.JSONDecodeError as exc:
        return f"not JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}"
    return "not JSON (NaN or Infinity, or a number out of range)"


# --- Phoenix / OpenInference span JSON ---------------------------------------------------------


def export_items(
    raw: Any, where: str, line: int | None, *, page_key: str, list_name: str
) -> Iterator[tuple[Any, str]]:
    """The items of a tool's export, each with the place an error names: a page of them
    (`{page_key: [...]}`), a bare list, or one object. In a file that is one JSON document the
    place is the item's index (`data[3]`); in JSON Lines it is the line's own place `where`."""
    if isinstance(raw, dict) and isinstance(raw.get(page_key), list):
        items, prefix = raw[page_key], page_key
    elif isinstance(raw, list):
        items, prefix = raw, list_name
    else:
        items, prefix = [raw], ""
    for index, item in enumerate(items):
        yield item, (f"{prefix}[{index}]" if prefix and line is None else where)


def _phoenix_spans(
    raw: Any, where: str, line: int | None, problems: list[SpanProblem]
) -> Iterator[Span]:
    if isinstance(raw, dict) and "resourceSpans" in raw:
        problems.append(
            SpanProblem(
                where, line, None, None, "resourceSpans", "this is OTLP JSON: use --format otlp"
            )
        )
        return
    for item, here in export_items(raw, where, line, page_key="data", list_name="spans"):
        span = _phoenix_span(item, here, line, problems)
        if span is not None:
            yield span


def _phoenix_span(
    item: Any, where: str, line: int | None, problems: list[SpanProblem]
) -> Span | None:
    if not isinstance(item, dict):
        problems.append(SpanProblem(where, line, None, None, "", "a span is a JSON object"))
        return None
    if isinstance(item.get("attributes"), list) and "context" not in item:
        # An OTLP span (attributes as key/value pairs): Phoenix's `spans/otlpv1` page.
        return _otlp_span(item, where, line, problems)
    raw_context = item.get("context")
    context: dict[str, Any] = raw_context if isinstance(raw_context, dict) else {}
    trace_id = context.get("trace_id", item.get("trace_id"))
    span_id = context.get("span_id", item.get("span_id"))
    tid = trace_id if isinstance(trace_id, str) else None
    sid = span_id if isinstance(span_id, str) else None
    for name, value in (("context.trace_id", tid), ("context.span_id", sid)):
        if value is None or not _PHOENIX_ID.fullmatch(value):
            message = "an id of letters, digits, '-' or '_' (at most 128) is required"
            problems.append(SpanProblem(where, line, tid, sid, name, message))
            return None
    # The SDK's own span JSON (ConsoleSpanExporter, span.to_json()) writes ids as 0x + hex:
    # the plain hex is the id (what OTLP and the evaluation events carry).
    trace_id, span_id = _without_0x(trace_id), _without_0x(span_id)
    attributes = item.get("attributes", {})
    if isinstance(attributes, str):  # some exports keep the attributes as JSON text
        try:  # orjson: no recursion, so deep JSON text is "not JSON", never a RecursionError
            attributes = orjson.loads(attributes)
        except orjson.JSONDecodeError:
            attributes = None
    if not isinstance(attributes, dict):
        problems.append(
            SpanProblem(where, line, trace_id, span_id, "attributes", "an object is required")
        )
        return None
    kind = attr(attributes, "openinference.span.kind") or item.get("span_kind") or ""
    parent = _without_0x(item.get("parent_id"))
    return Span(
        trace_id=str(trace_id),
        span_id=str(span_id),
        parent_id=parent if isinstance(parent, str) and parent else None,
        name=str(item.get("name") or ""),
        kind=str(kind).upper() or genai_kind(attributes),
        start=_time(item.get("start_time")),
        end=_time(item.get("end_time")),
        attributes=attributes,
        where=where,
        line=line,
        order=0,
    )


def _without_0x(value: Any) -> Any:
    """`0x` + hex digits as the hex digits (lower case); anything else as it is."""
    if isinstance(value, str) and value[:2] in ("0x", "0X") and _HEX.fullmatch(value[2:]):
        return value[2:].lower()
    return value


def _time(value: Any) -> int | str:
    # ISO 8601 strings of one export compare correctly as text; numbers are nanoseconds.
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    return ""


# --- OTLP JSON -----------------------------------------------------------------------------------


def _otlp_spans(
    raw: Any, where: str, line: int | None, problems: list[SpanProblem]
) -> Iterator[Span]:
    base = "" if line is None else f"{where}: "
    page = raw.get("data") if isinstance(raw, dict) and not _resource_spans(raw) else None
    if isinstance(page, list) and not any(isinstance(i, dict) and "context" in i for i in page):
        # Phoenix's `GET /v1/projects/{id}/spans/otlpv1` page: {"data": [OTLP spans]}.
        for i, item in enumerate(raw["data"]):
            span = _otlp_span(item, f"{base}data[{i}]", line, problems)
            if span is not None:
                yield span
        return
    resource_spans = _resource_spans(raw)
    if resource_spans is None:
        problems.append(
            SpanProblem(where, line, None, None, "resourceSpans", "OTLP JSON needs resourceSpans")
        )
        return
    for r, resource in enumerate(resource_spans):
        scopes = _field(resource, "scopeSpans") if isinstance(resource, dict) else None
        for s, scope in enumerate(scopes if isinstance(scopes, list) else []):
            spans = scope.get("spans") if isinstance(scope, dict) else None
            for i, item in enumerate(spans if isinstance(spans, list) else []):
                here = f"{base}resourceSpans[{r}].scopeSpans[{s}].spans[{i}]"
                span = _otlp_span(item, here, line, problems)
                if span is not None:
                    yield span


# The proto3 JSON mapping lets a field be written under its proto name too (`trace_id` for
# `traceId`): Phoenix's OTLP pages and downloads do.
_PROTO_NAMES = {
    "resourceSpans": "resource_spans",
    "scopeSpans": "scope_spans",
    "traceId": "trace_id",
    "spanId": "span_id",
    "parentSpanId": "parent_span_id",
    "startTimeUnixNano": "start_time_unix_nano",
    "endTimeUnixNano": "end_time_unix_nano",
}
_VALUE_NAMES = {
    "string_value": "stringValue",
    "bool_value": "boolValue",
    "int_value": "intValue",
    "double_value": "doubleValue",
    "array_value": "arrayValue",
    "kvlist_value": "kvlistValue",
    "bytes_value": "bytesValue",
}


def _field(item: dict[str, Any], name: str) -> Any:
    """`item`'s field by its JSON name, else by its proto name."""
    value = item.get(name)
    return item.get(_PROTO_NAMES.get(name, name)) if value is None else value


def _resource_spans(raw: Any) -> list[Any] | None:
    if not isinstance(raw, dict):
        return None
    found = _field(raw, "resourceSpans")
    return found if isinstance(found, list) else None


def _otlp_span(item: Any, where: str, line: int | None, problems: list[SpanProblem]) -> Span | None:
    if not isinstance(item, dict):
        problems.append(SpanProblem(where, line, None, None, "", "a span is a JSON object"))
        return None
    trace_id, span_id = _field(item, "traceId"), _field(item, "spanId")
    tid = trace_id if isinstance(trace_id, str) else None
    sid = span_id if isinstance(span_id, str) else None
    if not isinstance(trace_id, str) or not _HEX_TRACE.fullmatch(trace_id):
        problems.append(SpanProblem(where, line, tid, sid, "traceId", "32 hex digits"))
        return None
    if not isinstance(span_id, str) or not _HEX_SPAN.fullmatch(span_id):
        problems.append(SpanProblem(where, line, tid, sid, "spanId", "16 hex digits"))
        return None
    attributes: dict[str, Any] = {}
    raw_attributes = item.get("attributes", [])
    if not isinstance(raw_attributes, list):
        problems.append(SpanProblem(where, line, tid, sid, "attributes", "a list of key/value"))
        return None
    for a, pair in enumerate(raw_attributes):
        try:
            key = pair["key"]
            if not isinstance(key, str):
                raise ValueError("key must be a string")
            attributes[key] = any_value(pair.get("value", {}))
        except (KeyError, TypeError, ValueError) as exc:
            message = f"not an OTLP KeyValue ({exc})"
            problems.append(SpanProblem(where, line, tid, sid, f"attributes[{a}]", message))
            return None
    parent = _field(item, "parentSpanId")
    return Span(
        trace_id=trace_id.lower(),
        span_id=span_id.lower(),
        parent_id=parent.lower() if isinstance(parent, str) and parent else None,
        name=str(item.get("name") or ""),
        kind=str(attributes.get("openinference.span.kind") or "").upper() or genai_kind(attributes),
        start=_nanos(_field(item, "startTimeUnixNano")),
        end=_nanos(_field(item, "endTimeUnixNano")),
        attributes=attributes,
        where=where,
        line=line,
        order=0,
    )


# OpenTelemetry GenAI semantic conventions: `gen_ai.operation.name` says what a span is.
GENAI_KINDS = {
    "chat": "LLM",
    "text_completion": "LLM",
    "generate_content": "LLM",
    "retrieval": "RETRIEVER",
}


def genai_kind(attributes: dict[str, Any]) -> str:
    """The OpenInference kind of a span written with the GenAI conventions ("" if none)."""
    operation = attr(attributes, "gen_ai.operation.name")
    return GENAI_KINDS.get(operation, "") if isinstance(operation, str) else ""


def _nanos(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def any_value(value: Any) -> Any:
    """An OTLP/JSON AnyValue as a plain value (the proto3 JSON mapping of common.proto)."""
    if not isinstance(value, dict):
        raise ValueError("value must be an AnyValue object")
    if not value:
        return None
    if any(name in value for name in _VALUE_NAMES):
        value = {_VALUE_NAMES.get(k, k): v for k, v in value.items()}
    if "stringValue" in value:
        return str(value["stringValue"])
    if "boolValue" in value:
        return bool(value["boolValue"])
    if "intValue" in value:
        return int(value["intValue"])  # a string in JSON (int64)
    if "doubleValue" in value:
        return float(value["doubleValue"])
    if "arrayValue" in value:
        return [any_value(v) for v in (value["arrayValue"] or {}).get("values", [])]
    if "kvlistValue" in value:
        return {kv["key"]: any_value(kv["value"]) for kv in value["kvlistValue"].get("values", [])}
    if "bytesValue" in value:
        return base64.b64decode(value["bytesValue"]).hex()
    raise ValueError(f"unknown AnyValue {sorted(value)}")
