"""Read a LangSmith run export as spans.

Shape (LangSmith's documented run data format, docs.langchain.com/langsmith/run-data-format, and
the SDK's `Run` schema): a run is `{"id", "trace_id", "parent_run_id", "name", "run_type"
("llm", "chain", "tool", "retriever", "embedding", "prompt", "parser"), "start_time",
"end_time", "inputs", "outputs", "error", "dotted_order", "extra", "tags", ...}`; the trace id
is the root run's id (UUIDs). A file is a JSON array of runs, the runs query API's page
`{"runs": [...], "cursors": ...}`, or JSON lines (one run a line, as `client.list_runs()` dumped
line by line writes it).

Where it differs from OpenInference, and how it is read:
- the span kind is `run_type` (lower case);
- a retriever's documents are its `outputs.documents`, LangChain `Document`s
  (`page_content`, `metadata`, `id`?) with no score (a `metadata.score` is used when present);
- the question is the retriever's `inputs.query` (else the root run's `inputs`);
- the answer is the LLM run's `outputs`: `generations[[{"text", "message"}]]` (LangChain), a
  chat completion's `choices[].message.content` (wrap_openai), or `output`/`content`.
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

KINDS = {"llm": "LLM", "retriever": "RETRIEVER", "chain": "CHAIN", "tool": "TOOL"}


def langsmith_spans(
    raw: Any, where: str, line: int | None, problems: list[SpanProblem]
) -> Iterator[Span]:
    for item, here in export_items(raw, where, line, page_key="runs", list_name="runs"):
        span = _run_span(item, here, line, problems)
        if span is not None:
            yield span


def _id(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() and len(value) <= 128 else None


def _run_span(item: Any, where: str, line: int | None, problems: list[SpanProblem]) -> Span | None:
    if not isinstance(item, dict):
        problems.append(SpanProblem(where, line, None, None, "", "a run is a JSON object"))
        return None
    run_id, trace_id = _id(item.get("id")), _id(item.get("trace_id"))
    for field, value in (("trace_id", trace_id), ("id", run_id)):
        if value is None:
            message = "a run id (at most 128 characters) is required"
            problems.append(SpanProblem(where, line, trace_id, run_id, field, message))
            return None
    assert run_id is not None and trace_id is not None
    run_type = str(item.get("run_type") or "").lower()
    kind = KINDS.get(run_type, run_type.upper())
    inputs, outputs = item.get("inputs"), item.get("outputs")
    attributes: dict[str, Any] = {"langsmith.run_type": run_type}
    question = question_of(inputs)
    if question:
        attributes["input.value"] = question
    if kind == "RETRIEVER":
        documents = documents_of(outputs)
        if documents is None:
            documents = outputs.get("documents") if isinstance(outputs, dict) else None
        if isinstance(documents, list):
            attributes.update(retrieval_attributes(documents))
    elif kind == "LLM":
        answer = text_of(outputs)
        if answer:
            attributes["output.value"] = answer
    parent = item.get("parent_run_id")
    return Span(
        trace_id=trace_id,
        span_id=run_id,
        parent_id=parent if isinstance(parent, str) and parent else None,
        name=str(item.get("name") or ""),
        kind=kind,
        # dotted_order sorts a trace's runs by start time; ISO start times also compare as text.
        start=str(item.get("dotted_order") or item.get("start_time") or ""),
        end=str(item.get("end_time") or ""),
        attributes=attributes,
        where=where,
        line=line,
        order=0,
    )
