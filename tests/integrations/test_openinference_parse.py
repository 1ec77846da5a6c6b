"""The pure trace reader: fixtures in fixtures/traces/ (their README says where each shape comes
from), and broken variants of them built here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundgate.integrations.openinference import read_spans, traces_to_cases
from groundgate.integrations.openinference.cases import cited_answer, compile_citation_pattern

TRACES = Path(__file__).resolve().parents[2] / "fixtures" / "traces"
T1 = "6f1d2a3b4c5d6e7f8091a2b3c4d5e6f7"
T2 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"


def convert(data: bytes, fmt: str = "openinference", pattern: str | None = None):
    spans, problems = read_spans(data, fmt)
    return traces_to_cases(
        spans, problems, fmt=fmt, citation_pattern=compile_citation_pattern(pattern)
    )


def by_id(cases):
    return {c.trace_id: c.case for c in cases}


def test_phoenix_jsonl_gives_one_case_per_trace_with_chunks_answer_and_evidences():
    cases, problems = convert((TRACES / "phoenix-spans.jsonl").read_bytes())
    assert problems == []
    got = by_id(cases)
    assert list(got) == [T1, T2]
    first = got[T1]
    assert first["case_id"] == T1 and first["trace"]["trace_id"] == T1
    assert first["trace"]["llm_span_id"] == "a000000000000003"
    assert first["question"].startswith("How often must the discharge valve")
    assert [c["chunk_id"] for c in first["raw_chunks"]] == [
        "pump-manual-p3-c1",
        "pump-manual-p3-c2",
    ]
    # metadata "page" is 0-based (LangChain), "page_number" 1-based (Unstructured)
    assert first["raw_chunks"][0]["page_index"] == 2
    assert first["raw_chunks"][0]["position_int"] == [[3, 72, 523, 118, 160]]
    assert first["raw_chunks"][1]["page_index"] == 2
    # markers are not part of the claim; [1] twice is one evidence: the first document
    assert first["answer"]["conclusion"] == (
        "The discharge valve must be inspected every 90 days. "
        "During inspection the pressure must stay between 4.5 and 6.0 bar."
    )
    (evidence,) = first["answer"]["evidences"]
    assert evidence["chunk_id"] == "pump-manual-p3-c1"
    assert evidence["excerpt"] == first["raw_chunks"][0]["text"]
    assert evidence["claim"] == "The discharge valve must be inspected every 90 days."
    assert evidence["page_index"] == 2 and evidence["bbox"] == [72, 118, 523, 160]
    # [C0] is the first retrieved document, 0-based
    assert got[T2]["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p12-c3"


def test_phoenix_rest_page_with_nested_attributes_reads_the_same_way():
    cases, problems = convert((TRACES / "phoenix-spans.json").read_bytes())
    assert problems == []
    (case,) = [c.case for c in cases]
    assert case["question"] == "What is the maximum bearing temperature?"
    # the output message wins over a JSON output.value; [doc_id] cites by document id
    assert case["answer"]["conclusion"] == "The bearing temperature must not exceed 85 °C."
    assert case["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p3-c2"
    assert case["raw_chunks"][0]["position_int"] == [[3, 72, 523, 172, 200]]


def test_otlp_json_gives_the_same_case_as_the_phoenix_export_of_the_same_trace():
    otlp, problems = convert((TRACES / "otlp-traces.json").read_bytes(), "otlp")
    assert problems == []
    phoenix, _ = convert((TRACES / "phoenix-spans.jsonl").read_bytes())
    a, b = by_id(otlp)[T1], by_id(phoenix)[T1]
    assert a["answer"] == b["answer"]
    assert a["raw_chunks"][0] == b["raw_chunks"][0]
    assert a["trace"]["format"] == "otlp"


def test_a_custom_citation_pattern_is_used():
    spans = (TRACES / "phoenix-spans.jsonl").read_text().replace("[1]", "(source 1)")
    cases, _ = convert(spans.encode(), pattern=r"\(source (\d+)\)")
    case = by_id(cases)[T1]
    assert case["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p3-c1"
    assert "source" not in case["answer"]["conclusion"]


def test_a_citation_of_something_never_retrieved_stays_an_evidence_for_the_gate_to_flag():
    text = (TRACES / "phoenix-spans.jsonl").read_text().replace("[C0]", "[C7]")
    case = by_id(convert(text.encode())[0])[T2]
    (evidence,) = case["answer"]["evidences"]
    assert evidence["chunk_id"] == "C7" and "60 seconds" in evidence["excerpt"]


@pytest.mark.parametrize(
    "pattern, reason",
    [("[", "not a regular expression"), ("(a)(b)", "at most one group"), ("x" * 501, "at most")],
)
def test_a_bad_citation_pattern_is_refused(pattern, reason):
    with pytest.raises(ValueError, match=reason):
        compile_citation_pattern(pattern)


def _lines(path="phoenix-spans.jsonl"):
    return [json.loads(line) for line in (TRACES / path).read_text().splitlines()]


def _jsonl(spans) -> bytes:
    return "\n".join(json.dumps(s) for s in spans).encode()


def test_a_bad_span_rejects_its_whole_trace_and_names_line_and_span():
    spans = _lines()
    spans[1]["attributes"]["retrieval.documents.0.document.metadata"] = "{not json"
    cases, problems = convert(_jsonl(spans))
    assert list(by_id(cases)) == [T2]  # the other trace is still imported
    (problem,) = problems
    assert problem.line == 2 and problem.span_id == "a000000000000002"
    assert problem.one_line() == (
        f"line 2 (trace {T1}, span a000000000000002): "
        "retrieval.documents.0.document.metadata: not JSON"
    )


def test_an_unreadable_line_stops_the_whole_file_and_is_named():
    data = _jsonl(_lines()).replace(b'"name": "retrieve"', b'"name": retrieve', 1)
    cases, problems = convert(data)
    # the line's trace is unknown, so any case could be missing a chunk: none is imported
    assert cases == []
    assert [p.one_line() for p in problems] == ["line 5: not JSON: Expecting value at column 10"]


@pytest.mark.parametrize(
    "metadata, message",
    [
        ({"page": -1}, "metadata.page: a page number from 0"),
        ({"page_number": 0}, "metadata.page_number: a page number from 1"),
        ({"page": 1, "bbox": [10, 5, 2, 9]}, "metadata.bbox: [x0, top, x1, bottom]"),
        ({"bbox": [1, 2, 3, 4]}, "metadata.bbox: a box needs its page"),
    ],
)
def test_bad_page_or_box_metadata_is_reported(metadata, message):
    spans = _lines()
    spans[1]["attributes"]["retrieval.documents.0.document.metadata"] = json.dumps(metadata)
    _, problems = convert(_jsonl(spans))
    assert message in problems[0].one_line()


def test_a_trace_without_an_llm_output_is_reported():
    spans = [s for s in _lines() if s["span_kind"] != "LLM" or s["context"]["trace_id"] != T2]
    cases, problems = convert(_jsonl(spans))
    assert list(by_id(cases)) == [T1]
    assert "no LLM span with an output" in problems[0].one_line()
    assert problems[0].trace_id == T2


def test_otlp_bad_ids_and_values_are_reported_by_place():
    data = json.loads((TRACES / "otlp-traces.json").read_text())
    spans = data["resourceSpans"][0]["scopeSpans"][0]["spans"]
    spans[1]["attributes"][0]["value"] = {"mysteryValue": 1}
    cases, problems = convert(json.dumps(data).encode(), "otlp")
    assert cases == []
    assert problems[0].where == "resourceSpans[0].scopeSpans[0].spans[1]"
    assert problems[0].field == "attributes[0]" and "unknown AnyValue" in problems[0].message
    spans[1]["attributes"][0]["value"] = {"stringValue": "RETRIEVER"}
    spans[2]["spanId"] = "xyz"
    _, problems = convert(json.dumps(data).encode(), "otlp")
    assert problems[0].field == "spanId" and problems[0].message == "16 hex digits"


def test_the_wrong_format_says_which_one_to_use():
    _, problems = convert((TRACES / "otlp-traces.json").read_bytes(), "openinference")
    assert "use --format otlp" in problems[0].message
    _, problems = convert((TRACES / "phoenix-spans.json").read_bytes(), "otlp")
    assert problems[0].message == "OTLP JSON needs resourceSpans"


def test_conversion_is_deterministic():
    data = (TRACES / "phoenix-spans.jsonl").read_bytes()
    assert [c.case for c in convert(data)[0]] == [c.case for c in convert(data)[0]]


def test_opentelemetry_genai_spans_read_like_openinference_ones():
    cases, problems = convert((TRACES / "otel-genai.json").read_bytes(), "otlp")
    assert problems == []
    got = by_id(cases)
    first = got["4bf92f3577b34da6a3ce929d0e0e4736"]
    assert first["question"] == "At what pressure must the pump be shut down?"
    assert first["raw_chunks"][0]["chunk_id"] == "pump-manual-p3-c1"
    assert first["raw_chunks"][0]["page_index"] == 2  # an extra field, read as metadata
    assert first["answer"]["conclusion"] == "Readings above 6.2 bar require an immediate shutdown."
    assert first["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p3-c1"
    assert first["trace"]["llm_span_id"] == "00f067aa0ba902b9"
    second = got["5cf92f3577b34da6a3ce929d0e0e4737"]  # recorded structured, not as JSON text
    assert second["question"] == "What voids the warranty?"
    assert second["answer"]["evidences"][0]["chunk_id"] == "pump-manual-p12-c3"


def test_genai_documents_without_their_text_are_reported():
    data = json.loads((TRACES / "otel-genai.json").read_text())
    retrieval = data["resourceSpans"][0]["scopeSpans"][0]["spans"][1]
    retrieval["attributes"][3]["value"]["stringValue"] = json.dumps([{"id": "d1", "score": 0.5}])
    cases, problems = convert(json.dumps(data).encode(), "otlp")
    assert list(by_id(cases)) == ["5cf92f3577b34da6a3ce929d0e0e4737"]
    assert problems[0].field == "gen_ai.retrieval.documents[0].content"
    assert problems[0].span_id == "00f067aa0ba902b8"


@pytest.mark.parametrize("data", [b"", b"\n\n", b"[]", b'{"data": []}'])
def test_a_file_without_spans_says_so(data):
    cases, problems = convert(data)
    assert cases == [] and [p.one_line() for p in problems] == ["file: no spans in it"]


@pytest.mark.parametrize(
    ("output", "claims"),
    [
        # A marker after the full stop cites the sentence before it, and only that sentence.
        ("Pumps run 90 days. [1] Valves are new. [2]", ["Pumps run 90 days.", "Valves are new."]),
        # Abbreviations and decimals do not end a sentence (the engine's splitter).
        (
            "U.S. sales rose 5% [1]. It rose e.g. 4.5% [2].",
            ["U.S. sales rose 5%.", "It rose e.g. 4.5%."],
        ),
        # Chinese full stops end a sentence with no space after them.
        ("泵每90天检查一次[1]。压力为5巴[2]。", ["泵每90天检查一次。", "压力为5巴。"]),
    ],
)
def test_a_claim_is_the_citing_sentence_of_the_one_sentence_splitter(output, claims):
    chunks = [{"chunk_id": f"c{i}", "text": f"chunk {i}"} for i in range(2)]
    _, evidences = cited_answer(output, chunks)
    assert [e["claim"] for e in evidences] == claims
