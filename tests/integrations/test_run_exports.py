"""LangSmith run exports and Langfuse observation exports read as traces: the fixtures
(fixtures/traces/README.md says where each shape comes from) describe the same two RAG answers
as phoenix-spans.jsonl, so the cases must match the Phoenix ones wherever the tools carry the
same facts; broken variants are reported naming the run or observation."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from groundgate.models import Case
from tests.integrations.test_openinference_parse import T1 as PHOENIX_T1
from tests.integrations.test_openinference_parse import T2 as PHOENIX_T2
from tests.integrations.test_openinference_parse import TRACES, by_id, convert

LS_T1 = "1e6f3c2a-5b4d-4e8f-9a01-23456789abcd"
LS_T2 = "2f7a4d3b-6c5e-4f90-8b12-3456789abcde"
LF_T1 = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
LF_T2 = "b2c3d4e5f60718293a4b5c6d7e8f90a1"


def phoenix():
    return by_id(convert((TRACES / "phoenix-spans.jsonl").read_bytes())[0])


def test_langsmith_runs_give_the_cases_the_phoenix_export_of_the_same_answers_gives():
    cases, problems = convert((TRACES / "langsmith-runs.jsonl").read_bytes(), "langsmith")
    assert problems == []
    got, want = by_id(cases), phoenix()
    assert list(got) == [LS_T1, LS_T2]
    first = got[LS_T1]
    assert first["question"] == want[PHOENIX_T1]["question"]
    assert first["answer"] == want[PHOENIX_T1]["answer"]  # LangChain generations[[...]].text
    assert [c["chunk_id"] for c in first["raw_chunks"]] == [
        "pump-manual-p3-c1",
        "pump-manual-p3-c2",
    ]
    assert first["raw_chunks"][0]["position_int"] == [[3, 72, 523, 118, 160]]
    assert first["trace"]["llm_span_id"] == "1e6f3c2a-0000-4000-8000-000000000003"
    assert first["trace"]["format"] == "langsmith"
    # a chat completion (wrap_openai), a document id from metadata.chunk_id, a score from
    # metadata, the question from the retriever's inputs.query
    second = got[LS_T2]
    assert second["answer"] == want[PHOENIX_T2]["answer"]
    assert second["question"] == "What voids the warranty?"
    assert second["raw_chunks"][0]["chunk_id"] == "pump-manual-p12-c3"
    assert second["raw_chunks"][0]["score"] == 0.88


def test_a_langfuse_trace_and_an_observations_page_read_the_same_way():
    trace_cases, problems = convert((TRACES / "langfuse-trace.json").read_bytes(), "langfuse")
    assert problems == []
    page_cases, problems = convert((TRACES / "langfuse-observations.json").read_bytes(), "langfuse")
    assert problems == []
    want = phoenix()
    (first,) = [c.case for c in trace_cases]
    assert first["case_id"] == LF_T1
    # a SPAN whose output is LangChain documents is the retriever (the LangChain handler)
    assert first["raw_chunks"][0]["chunk_id"] == "pump-manual-p3-c1"
    assert first["raw_chunks"][0]["page_index"] == 2
    assert first["answer"] == want[PHOENIX_T1]["answer"]  # the output message's content
    assert first["question"] == want[PHOENIX_T1]["question"]  # the retriever's input text
    assert first["trace"]["llm_span_id"] == "obs-generate-1"
    (second,) = [c.case for c in page_cases]
    assert second["case_id"] == LF_T2
    assert second["answer"] == want[PHOENIX_T2]["answer"]  # a RETRIEVER with {"documents"}
    assert second["question"] == "What voids the warranty?"


def test_a_run_without_a_trace_id_is_reported_and_its_trace_is_not_guessed():
    runs = [json.loads(line) for line in (TRACES / "langsmith-runs.jsonl").read_text().splitlines()]
    del runs[4]["trace_id"]
    cases, problems = convert("\n".join(json.dumps(r) for r in runs).encode(), "langsmith")
    assert cases == []  # a run of unknown trace may belong to any trace: nothing is imported
    (problem,) = problems
    assert (problem.line, problem.field) == (5, "trace_id")


def test_a_document_without_text_rejects_its_trace_naming_the_observation():
    page = json.loads((TRACES / "langfuse-observations.json").read_text())
    page["data"][1]["output"]["documents"][0]["content"] = ""
    cases, problems = convert(json.dumps(page).encode(), "langfuse")
    assert cases == []
    (problem,) = problems
    assert problem.where == "data[1]" and problem.span_id == "obs-retrieve-2"
    assert problem.field == "retrieval.documents.0.document.content"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, fmt, ids",
    [
        ("langsmith-runs.jsonl", "langsmith", {LS_T1, LS_T2}),
        ("langfuse-trace.json", "langfuse", {LF_T1}),
    ],
)
def test_the_command_imports_and_gates_them(name, fmt, ids):
    out = io.StringIO()
    call_command(
        "import_traces", str(TRACES / name), "--dataset", "runs", "--format", fmt, stdout=out
    )
    assert f"imported {len(ids)}, unchanged 0, bad 0" in out.getvalue()
    cases = Case.objects.filter(dataset__slug="runs")
    assert {c.external_id for c in cases} == ids
    assert all(c.gate_runs.count() == 1 for c in cases)
