"""Read a Langfuse export as spans.

Shape (Langfuse's public API and SDK types): an observation is `{"id", "traceId",
"parentObservationId", "type" ("SPAN", "GENERATION", "EVENT", and in SDK v4 also "RETRIEVER",
"CHAIN", "TOOL", "AGENT", "EMBEDDING", "EVALUATOR", "GUARDRAIL"), "name", "startTime",
"endTime", "input", "output", "metadata", "model", "level", "statusMessage", ...}`. A file is
`GET /api/public/observations`'s page (`{"data": [...], "meta": {...}}`), one trace from
`GET /api/public/traces/{id}` (`{"id", "input", "output", ..., "observations": [...]}`), a JSON
array of either, or JSON lines of either.

Where it differs from OpenInference, and how it is read:
- the span kind is `type`: GENERATION is the model call, RETRIEVER the retriever; a SPAN whose
  output is a list of LangChain documents (how Langfuse's LangChain handler recorded retrievers
  before typed observations) is a retriever too;
- documents are LangChain `Document`s (`page_content`, `metadata`, `id`?) or `{"content", ...}`;
- the question is the retriever's input (text, or `{"query"}`), else the trace's input;
- the answer is the generation's output: text, a message `{"role", "content"}`, or a chat
  completion.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from groundgate.integrations.langchain_shapes import (
    documents_of,
    question_of,
    retrieval_attributes,
    text_of,
)
from groundgate.integrations.openinference.spans import Span, SpanProblem, export_items

KINDS = {"GENERATION": "LLM", "RETRIEVER": "RETRIEVER", "CHAIN": "CHAIN", "TOOL": "TOOL"}


def langfuse_spans(
    raw: Any, where: str, line: int | None, problems: list[SpanProblem]
) -> Iterator[Span]:
    for item, here in export_items(raw, where, line, page_key="data", list_name="observations"):
        if isinstance(item, dict) and isinstance(item.get("observations"), list):
            yield from _trace(item, here, line, problems)
            continue
        span = _observation_span(item, here, line, problems)
        if span is not None:
            yield span


def _trace(
    trace: dict[str, Any], where: str, line: int | None, problems: list[SpanProblem]
) -> Iterator[Span]:
    """A trace with its observations: the trace itself is the root span (its input is the
    question when no retriever says it)."""
    trace_id = trace.get("id")
    for index, item in enumerate(trace["observations"]):
        if isinstance(item, dict) and "traceId" not in item:
            item = {**item, "traceId": trace_id}
        span = _observation_span(
            item, f"{where}.observations[{index}]", line, problems, root=f"trace:{trace_id}"
        )
        if span is not None:
            yield span
    root = {
        "id": f"trace:{trace_id}",
        "traceId": trace_id,
        "type": "TRACE",
        "name": trace.get("name"),
        "startTime": trace.get("timestamp"),
        "input": trace.get("input"),
    }
    span = _observation_span(root, where, line, problems)
    if span is not None:
        yield span


def _id(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() and len(value) <= 128 else None


def _observation_span(
    item: Any, where: str, line: int | None, problems: list[SpanProblem], root: str | None = None
) -> Span | None:
    """One observation; `root` is the span id of its trace's own span, when the file has it."""
    if not isinstance(item, dict):
        problems.append(SpanProblem(where, line, None, None, "", "an observation is an object"))
        return None
    obs_id, trace_id = _id(item.get("id")), _id(item.get("traceId"))
    for field, value in (("traceId", trace_id), ("id", obs_id)):
        if value is None:
            message = "an id (at most 128 characters) is required"
            problems.append(SpanProblem(where, line, trace_id, obs_id, field, message))
            return None
    assert obs_id is not None and trace_id is not None
    kind_name = str(item.get("type") or "").upper()
    output = item.get("output")
    documents = documents_of(output)
    kind = KINDS.get(kind_name, kind_name)
    if kind == "SPAN" and documents is not None:
        kind = "RETRIEVER"
    attributes: dict[str, Any] = {"langfuse.type": kind_name}
    question = question_of(item.get("input"))
    if question:
        attributes["input.value"] = question
    if kind == "RETRIEVER":
        if documents is None and isinstance(output, list):
            documents = output  # not documents: the case builder says what is wrong with each
        if documents is not None:
            attributes.update(retrieval_attributes(documents))
    elif kind == "LLM":
        answer = text_of(output)
        if answer:
            attributes["output.value"] = answer
    parent = item.get("parentObservationId") or root  # top-level ones hang off the trace
    return Span(
        trace_id=trace_id,
        span_id=obs_id,
        parent_id=parent if isinstance(parent, str) and parent else None,
        name=str(item.get("name") or ""),
        kind=kind,
        start=str(item.get("startTime") or ""),
        end=str(item.get("endTime") or item.get("startTime") or ""),
        attributes=attributes,
        where=where,
        line=line,
        order=0,
    )
