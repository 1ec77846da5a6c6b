"""One test per scenario of ../shared/specs/answer-gate.md, named after it, plus the rule order
of the foundation contract."""

from __future__ import annotations

from groundgate.engine.canonical import canonical_json
from groundgate.engine.gates.answer import DEFAULT_POLICY, gate_answer
from tests.engine.helpers import codes, make_case


# Requirement: Gate shall validate citation existence
def test_validate_valid_chunk_references():
    verdict = gate_answer(make_case())
    assert verdict.status == "ok"
    assert verdict.findings == []
    assert verdict.conclusion == "Inspect the valve every 90 days."
    assert [e.chunk_id for e in verdict.evidences] == ["c1"]


def test_reject_invalid_chunk_references():
    case = make_case(evidences=[{"chunk_id": "c9", "excerpt": "every 90 days"}])
    verdict = gate_answer(case)
    assert verdict.status == "citation_insufficient"
    assert verdict.conclusion is None
    assert codes(verdict)[0] == "UNKNOWN_CHUNK"
    finding = verdict.findings[0]
    assert (finding.evidence_index, finding.chunk_id) == (0, "c9")
    assert finding.field == "answer.evidences[0].chunk_id"


def test_chunk_ids_are_case_sensitive():
    verdict = gate_answer(make_case(evidences=[{"chunk_id": "C1", "excerpt": "every 90 days"}]))
    assert verdict.status == "citation_insufficient"
    assert codes(verdict)[0] == "UNKNOWN_CHUNK"


def test_one_unknown_chunk_finding_per_unknown_evidence():
    evidences = [
        {"chunk_id": "x1", "excerpt": "a"},
        {"chunk_id": "c1", "excerpt": "every 90 days"},
        {"chunk_id": "x2", "excerpt": "b"},
    ]
    verdict = gate_answer(make_case(evidences=evidences))
    unknown = [f for f in verdict.findings if f.code == "UNKNOWN_CHUNK"]
    assert [f.evidence_index for f in unknown] == [0, 2]
    assert verdict.status == "citation_insufficient"
    assert verdict.evidences == []


# Requirement: Gate shall validate excerpt substring match
def test_validate_exact_excerpt_match():
    verdict = gate_answer(
        make_case(
            evidences=[{"chunk_id": "c1", "excerpt": "valve must be inspected every 90 days"}]
        )
    )
    assert verdict.status == "ok"


def test_reject_non_matching_excerpt():
    evidences = [
        {"chunk_id": "c1", "excerpt": "every 90 days"},
        {"chunk_id": "c1", "excerpt": "The discharge valve should be inspected"},
    ]
    verdict = gate_answer(make_case(evidences=evidences))
    assert verdict.status == "ok"  # the other evidence still carries the answer
    assert [e.excerpt for e in verdict.evidences] == ["every 90 days"]  # rejected ones are gone
    (finding,) = verdict.findings
    assert finding.code == "EXCERPT_NOT_IN_CHUNK"
    assert finding.evidence_index == 1
    start, end = finding.chunk_span
    assert "The discharge valve must be" in make_case().raw_chunks[0].text[start:end]


def test_excerpt_match_is_exact_not_case_or_whitespace_insensitive():
    for excerpt in ("the discharge valve", "inspected  every 90 days"):
        verdict = gate_answer(make_case(evidences=[{"chunk_id": "c1", "excerpt": excerpt}]))
        assert verdict.status == "no_evidence", excerpt
        assert codes(verdict)[0] == "EXCERPT_NOT_IN_CHUNK"
    verdict = gate_answer(
        make_case(evidences=[{"chunk_id": "c1", "excerpt": "inspected  every 90 days"}])
    )
    assert "only in whitespace" in verdict.findings[0].message


# Requirement: Gate shall validate numeric grounding
def test_validate_numeric_values_in_conclusion():
    case = make_case(
        conclusion="营业收入为372.53亿元，罚款1.5万元，自2024年5月10日施行。",
        evidences=[
            {"chunk_id": "c2", "excerpt": "营业收入为372.53亿元，罚款1.5万元，2024年5月10日施行"}
        ],
    )
    assert gate_answer(case).status == "ok"


def test_reject_ungrounded_numeric_values():
    case = make_case(conclusion="Inspect the valve every 10 days, or 9 times a year.")
    verdict = gate_answer(case)
    assert verdict.status == "citation_insufficient"
    assert verdict.conclusion is None
    assert verdict.evidences == []
    numbers = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    # A value's surface includes its unit: "10 days" (the grammar reads durations' units).
    assert [f.value for f in numbers] == ["10 days", "9"]
    conclusion = "Inspect the valve every 10 days, or 9 times a year."
    assert [conclusion[f.span[0] : f.span[1]] for f in numbers] == ["10 days", "9"]


# Requirement: Gate shall enforce no-evidence response
def test_return_no_evidence_when_raw_chunks_is_empty():
    for raw in ([], None):
        verdict = gate_answer(make_case(raw_chunks=raw))
        assert verdict.status == "no_evidence"
        assert verdict.conclusion is None
        assert verdict.evidences == []
        assert codes(verdict) == ["NO_CHUNKS"]


def test_no_valid_evidence_left():
    verdict = gate_answer(make_case(evidences=[{"chunk_id": "c1", "excerpt": "not there"}]))
    assert verdict.status == "no_evidence"
    assert verdict.conclusion is None
    assert verdict.evidences == []
    assert "NO_VALID_EVIDENCE" in codes(verdict)


def test_no_evidences_cited_at_all():
    verdict = gate_answer(make_case(conclusion="Every week.", evidences=[]))
    assert verdict.status == "no_evidence"
    assert codes(verdict) == ["NO_VALID_EVIDENCE"]


def test_empty_excerpt_is_rejected():
    evidences = [{"chunk_id": "c1", "excerpt": ""}, {"chunk_id": "c1", "excerpt": "  "}]
    verdict = gate_answer(make_case(evidences=evidences))
    assert verdict.status == "no_evidence"
    assert codes(verdict) == [
        "EMPTY_EXCERPT",
        "EMPTY_EXCERPT",
        "NO_VALID_EVIDENCE",
        "UNGROUNDED_NUMBER",
    ]


# Requirement: Gate shall validate coordinate provenance
def test_validate_coordinate_provenance():
    good = {
        "chunk_id": "c1",
        "excerpt": "every 90 days",
        "page_index": 1,
        "bbox": [72, 40, 523, 60],
    }
    assert gate_answer(make_case(evidences=[good])).status == "ok"  # second rectangle, page 2
    bad = dict(good, bbox=[72, 40, 523, 61])
    verdict = gate_answer(make_case(evidences=[bad]))
    assert verdict.status == "no_evidence"
    finding = verdict.findings[0]
    assert finding.code == "COORDINATE_MISMATCH"
    assert (finding.page_index, finding.bbox) == (1, (72, 40, 523, 61))
    assert [(b.page_index, b.bbox) for b in finding.chunk_boxes] == [
        (0, (72, 100, 523, 160)),
        (1, (72, 40, 523, 60)),
    ]


def test_page_index_is_zero_based_against_one_based_page_number():
    off_by_one = {
        "chunk_id": "c1",
        "excerpt": "every 90 days",
        "page_index": 1,
        "bbox": [72, 100, 523, 160],
    }
    verdict = gate_answer(make_case(evidences=[off_by_one]))
    assert codes(verdict)[0] == "COORDINATE_MISMATCH"


def test_evidence_without_coordinates_skips_the_check():
    verdict = gate_answer(make_case(evidences=[{"chunk_id": "c1", "excerpt": "every 90 days"}]))
    assert verdict.status == "ok"


def test_float_coordinates_equal_to_integers_match():
    ev = {
        "chunk_id": "c1",
        "excerpt": "every 90 days",
        "page_index": 0,
        "bbox": [72.0, 100.0, 523.0, 160.0],
    }
    assert gate_answer(make_case(evidences=[ev])).status == "ok"


def test_both_excerpt_and_coordinate_problems_are_reported():
    ev = {"chunk_id": "c1", "excerpt": "nope", "page_index": 5, "bbox": [1, 2, 3, 4]}
    verdict = gate_answer(make_case(evidences=[ev]))
    assert codes(verdict)[:2] == ["EXCERPT_NOT_IN_CHUNK", "COORDINATE_MISMATCH"]


def test_rule_order_unknown_chunk_wins_over_no_valid_evidence():
    verdict = gate_answer(make_case(evidences=[{"chunk_id": "zz", "excerpt": "every 90 days"}]))
    assert verdict.status == "citation_insufficient"
    assert codes(verdict) == ["UNKNOWN_CHUNK", "NO_VALID_EVIDENCE", "UNGROUNDED_NUMBER"]


def test_verdict_is_canonical_and_carries_policy_hash():
    verdict = gate_answer(make_case())
    text = canonical_json(verdict)
    assert text == canonical_json(gate_answer(make_case()))
    assert text.startswith('{"case_id":"q-1","conclusion":')
    assert verdict.policy_sha256 == DEFAULT_POLICY.sha256
    assert verdict.gate == "answer" and verdict.gate_version


def test_policy_switches_change_the_hash_and_the_verdict():
    from groundgate.engine.gates.answer import AnswerGatePolicy

    lenient = AnswerGatePolicy(check_numbers=False)
    assert lenient.sha256 != DEFAULT_POLICY.sha256
    case = make_case(conclusion="Every 10 days.")
    assert gate_answer(case).status == "citation_insufficient"
    assert gate_answer(case, lenient).status == "ok"
    tolerant = AnswerGatePolicy(bbox_tolerance=1.0)
    ev = {
        "chunk_id": "c1",
        "excerpt": "every 90 days",
        "page_index": 0,
        "bbox": [72, 100, 523, 161],
    }
    assert gate_answer(make_case(evidences=[ev]), tolerant).status == "ok"
    assert gate_answer(make_case(evidences=[ev])).status == "no_evidence"


def test_a_value_in_a_cited_chunk_whose_evidence_was_refused_is_not_said_to_be_uncited():
    """The walk found "chunk 'c1', which the answer does not cite, has '90'" on a case whose only
    evidence cites c1 and was refused for its box: the chunk is cited, no accepted excerpt
    quotes it (2.14.1)."""
    refused = {"chunk_id": "c1", "excerpt": "every 90 days", "page_index": 0, "bbox": [1, 2, 3, 4]}
    verdict = gate_answer(make_case(evidences=[refused]))
    assert codes(verdict)[0] == "COORDINATE_MISMATCH"
    [number] = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert "chunk 'c1' has '90 days'; no accepted excerpt quotes that chunk" in number.message
    assert "does not cite" not in number.message
