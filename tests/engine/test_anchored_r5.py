"""R5 post-generation validation: the spec's five tests, then the traps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from groundgate.engine.gates.anchored import (
    DEFAULT_POLICY,
    AnchoredCase,
    AnchoredGatePolicy,
    gate_anchored,
)

REFUSAL = DEFAULT_POLICY.refusal_text
STATUSES = ["OK", "NO_EVIDENCE", "FAILED"]
CITATIONS = [
    {
        "anchor": "C0",
        "chunk_id": "pm-1",
        "knowledge_id": "pump-manual",
        "chunk_text": "The discharge valve must be inspected every 90 days.",
    },
    {
        "anchor": "C1",
        "chunk_id": "pm-2",
        "knowledge_id": "pump-manual",
        "chunk_text": "Operating pressure must stay between 4.5 and 6.0 bar.",
    },
]
VALID = "The valve is inspected every 90 days [C0]. Pressure stays between 4.5 and 6.0 bar [C1]."


def gate(text: str, status: str = "OK", **extra):
    case = {
        "request_id": "req-1",
        "generation_status": status,
        "citations": CITATIONS,
        "raw_model_text": text,
        **extra,
    }
    return gate_anchored(AnchoredCase.model_validate(case))


# The spec's five R5 tests.
def test_1_valid_answer_passes():
    verdict = gate(VALID)
    assert verdict.validation_status == "PASSED"
    assert verdict.generation_status == "OK"
    assert verdict.validated_citations == ["C0", "C1"]
    assert set(verdict.validated_citations) <= {"C0", "C1"}
    assert verdict.validated_answer_text == VALID  # never rewritten
    assert verdict.failure_reason is None


def test_2_invented_citation_fails():
    verdict = gate(VALID + " It was installed in 1999 [C99].")
    assert verdict.validation_status == "FAILED"
    assert verdict.failure_reason == "INVALID_CITATION_REFERENCE"
    assert verdict.grounding_metrics.invalid_anchor_count == 1
    assert verdict.grounding_metrics.suspicious_new_ids == ["C99"]
    finding = next(f for f in verdict.findings if f.code == "INVALID_ANCHOR")
    text = VALID + " It was installed in 1999 [C99]."
    assert text[finding.span[0] : finding.span[1]] == "[C99]"


def test_3_uncited_factual_sentence_fails():
    text = VALID + " The pump is painted blue."
    verdict = gate(text)
    assert verdict.validation_status == "FAILED"
    assert verdict.failure_reason == "UNCITED_FACTUAL_STATEMENT"
    assert verdict.grounding_metrics.uncited_sentence_count == 1
    (finding,) = [f for f in verdict.findings if f.code == "UNCITED_SENTENCE"]
    assert text[finding.span[0] : finding.span[1]] == "The pump is painted blue."


def test_4_bad_refusal_fails():
    verdict = gate("Sorry, I cannot answer that from what I have.", status="NO_EVIDENCE")
    assert verdict.validation_status == "FAILED"
    assert verdict.failure_reason == "INVALID_REFUSAL_FORMAT"
    assert verdict.grounding_metrics.refusal_detected is True


def test_5_exact_refusal_passes():
    verdict = gate(REFUSAL, status="NO_EVIDENCE")
    assert verdict.validation_status == "PASSED"
    assert verdict.generation_status == "NO_EVIDENCE"
    assert verdict.validated_answer_text == REFUSAL
    assert verdict.validated_citations == []


# Strict behaviour and the output schema.
def test_failure_empties_the_answer_and_sets_generation_failed():
    verdict = gate("The pump is blue.")
    assert (verdict.generation_status, verdict.validated_answer_text) == ("FAILED", "")
    assert verdict.validated_citations == []


def test_output_schema_is_exactly_r5_plus_findings():
    dumped = gate(VALID).model_dump()
    assert set(dumped) == {
        "request_id",
        "generation_status",
        "validation_status",
        "failure_reason",
        "validated_answer_text",
        "validated_citations",
        "grounding_metrics",
        "findings",
        "gate",
        "gate_version",
        "policy_sha256",
    }
    assert set(dumped["grounding_metrics"]) == {
        "citation_count",
        "uncited_sentence_count",
        "invalid_anchor_count",
        "refusal_detected",
        "length_ratio_flag",
        "suspicious_new_ids",
    }


@pytest.mark.parametrize("bad", ["[c0]", "(C0)", "[C-1]", "[C 0]", "[C01]", "【C0】", "[C0, C1]"])
def test_malformed_anchors_are_reported_as_such(bad):
    text = f"The valve is inspected every 90 days {bad}."
    verdict = gate(text)
    assert verdict.failure_reason == "INVALID_CITATION_REFERENCE"
    finding = next(f for f in verdict.findings if f.code == "MALFORMED_ANCHOR")
    assert text[finding.span[0] : finding.span[1]] == bad


def test_anchor_after_the_full_stop_belongs_to_that_sentence():
    assert gate("The valve is inspected every 90 days. [C0]").validation_status == "PASSED"
    assert (
        gate("The valve is inspected every 90 days.[C0] Pressure: 4.5 bar [C1].").validation_status
        == "PASSED"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The dose is 3.5 mg per day [C0].",
        "Under Section 2.1 the valve is inspected every 90 days [C0].",
        "Fees apply, e.g. Rs. 500 for No. 5 forms in the U.S. offices [C0].",
        "阀门每90天检查一次[C0]。压力为4.5巴[C1]。",
    ],
)
def test_splitter_traps_do_not_create_uncited_sentences(text):
    verdict = gate(text)
    assert verdict.validation_status == "PASSED", verdict.findings


def test_declared_citations_must_match_the_text():
    verdict = gate(VALID, cited_anchors=["C0", "C1", "C1"])
    assert verdict.failure_reason == "CITATION_MISMATCH"
    verdict = gate("The valve is inspected every 90 days [C0].", cited_anchors=["C0", "C1"])
    assert verdict.failure_reason == "CITATION_MISMATCH"
    assert "declared but not used in the text: C1" in verdict.findings[0].message
    assert gate(VALID, cited_anchors=["C1", "C0"]).validation_status == "PASSED"


def test_length_ratio_is_a_flag_not_a_failure():
    long_text = " ".join(["The valve is inspected every 90 days [C0]."] * 40)
    verdict = gate(long_text)
    assert verdict.grounding_metrics.length_ratio_flag is True
    assert verdict.validation_status == "PASSED"


def test_the_refusal_string_belongs_to_the_policy():
    policy = AnchoredGatePolicy(refusal_text="证据不足，无法回答。")
    case = AnchoredCase.model_validate(
        {
            "request_id": "r",
            "generation_status": "NO_EVIDENCE",
            "citations": [],
            "raw_model_text": "证据不足，无法回答。",
        }
    )
    assert gate_anchored(case, policy).validation_status == "PASSED"
    assert gate_anchored(case).failure_reason == "INVALID_REFUSAL_FORMAT"


def test_other_bracketed_ids_are_suspicious():
    verdict = gate("The valve is inspected every 90 days [C0] [doc_17].")
    assert verdict.grounding_metrics.suspicious_new_ids == ["doc_17"]


def test_upstream_failure_fails_validation():
    verdict = gate(VALID, status="FAILED")
    assert verdict.validation_status == "FAILED"
    assert verdict.findings[-1].code == "GENERATION_FAILED"


def test_bundle_contract_is_validated():
    with pytest.raises(ValidationError, match="anchors are C0"):
        AnchoredCase.model_validate(
            {
                "request_id": "r",
                "generation_status": "OK",
                "citations": [{"anchor": "c0"}],
                "raw_model_text": "",
            }
        )
    with pytest.raises(ValidationError, match="more than one chunk"):
        AnchoredCase.model_validate(
            {
                "request_id": "r",
                "generation_status": "OK",
                "citations": [{"anchor": "C0"}, {"anchor": "C0"}],
                "raw_model_text": "",
            }
        )


# Issue 11: each sentence of the spec's R5 contract, as written.
@pytest.mark.parametrize(
    "text",
    [
        "The valve is made by Acme Inc. The pump is painted blue [C0].",
        "The valve is rated class B. The pump is painted blue [C0].",
        "The valve is inspected every 90 days.The pump is painted blue [C0].",
        "Sold in the U.S. The pump is painted blue [C0].",
    ],
)
def test_every_factual_sentence_must_contain_at_least_one_citation(text):
    verdict = gate(text)
    assert verdict.failure_reason == "UNCITED_FACTUAL_STATEMENT"
    assert verdict.grounding_metrics.uncited_sentence_count == 1


def test_sentence_segmentation_rule_splits_on_period_question_exclamation():
    verdict = gate("Is the valve inspected every 90 days? Yes! The pump is blue [C0].")
    assert verdict.grounding_metrics.uncited_sentence_count == 2


def test_an_anchor_after_a_full_stop_is_credited_to_one_sentence_only():
    # "[C0]" cannot ground both the sentence it follows and the one it opens.
    verdict = gate("The valve is inspected every 90 days. [C0] The pump is painted blue.")
    assert verdict.failure_reason == "UNCITED_FACTUAL_STATEMENT"
    (finding,) = [f for f in verdict.findings if f.code == "UNCITED_SENTENCE"]
    assert "painted blue" in finding.message
    # When the sentence before already has its own anchor, a leading anchor opens the next one.
    assert gate("Pressure is 4.5 bar [C1]. [C0] The valve is inspected.").validation_status == (
        "PASSED"
    )
    assert gate("[C0] The valve is inspected. [C1] Pressure is 4.5 bar.").validation_status == (
        "PASSED"
    )


@pytest.mark.parametrize(
    "text",
    [
        "There is no evidence of leakage at the valve [C0].",
        "Inspections found no evidence of corrosion [C0]. Pressure is 4.5 bar [C1].",
        "The operator cannot answer alarms remotely [C0].",
    ],
)
def test_refusal_detected_flag_is_set_only_when_a_refusal_pattern_is_present(text):
    verdict = gate(text)
    assert verdict.validation_status == "PASSED", verdict.findings
    assert verdict.grounding_metrics.refusal_detected is False


def test_bad_refusal_formatting_fails_with_invalid_refusal_format_in_an_ok_answer():
    text = "The valve is inspected every 90 days [C0]. I cannot answer the rest of the question."
    verdict = gate(text)
    assert verdict.failure_reason == "INVALID_REFUSAL_FORMAT"
    assert verdict.grounding_metrics.refusal_detected is True
    finding = next(f for f in verdict.findings if f.code == "INVALID_REFUSAL")
    assert text[finding.span[0] : finding.span[1]].startswith("I cannot answer")


@pytest.mark.parametrize("status", ["OK", "NO_EVIDENCE"])
def test_refusal_must_match_the_exact_refusal_string_for_no_evidence(status):
    assert gate(REFUSAL, status=status).generation_status == "NO_EVIDENCE"
    for near in (REFUSAL.lower(), REFUSAL.rstrip("."), REFUSAL.replace(" ", "  ", 1)):
        verdict = gate(near, status=status)
        assert verdict.failure_reason == "INVALID_REFUSAL_FORMAT", near


def test_surrounding_whitespace_of_the_refusal_is_a_policy_choice():
    padded = f"\n  {REFUSAL} \n"
    case = AnchoredCase.model_validate(
        {"request_id": "r", "generation_status": "NO_EVIDENCE", "raw_model_text": padded}
    )
    tolerant = gate_anchored(case)
    assert tolerant.validation_status == "PASSED"
    assert tolerant.validated_answer_text == padded  # R5 does not rewrite the answer
    strict = gate_anchored(case, AnchoredGatePolicy(refusal_whitespace="exact"))
    assert strict.failure_reason == "INVALID_REFUSAL_FORMAT"
    assert tolerant.policy_sha256 != strict.policy_sha256


@pytest.mark.parametrize(
    ("text", "status", "reason"),
    [
        (VALID, "FAILED", "GENERATION_FAILED"),
        ("", "OK", "EMPTY_ANSWER"),
        ("   \n", "OK", "EMPTY_ANSWER"),
        ("[C0]. [C1]", "OK", "EMPTY_ANSWER"),
        ("", "NO_EVIDENCE", "INVALID_REFUSAL_FORMAT"),
        ("The pump is blue.", "OK", "UNCITED_FACTUAL_STATEMENT"),
        (VALID + " [C7].", "OK", "INVALID_CITATION_REFERENCE"),
    ],
)
def test_if_validation_fails_failure_reason_populated(text, status, reason):
    verdict = gate(text, status=status)
    assert verdict.validation_status == "FAILED"
    assert verdict.generation_status == "FAILED"
    assert verdict.validated_answer_text == ""
    assert verdict.failure_reason == reason


def test_an_empty_answer_never_passes():
    verdict = gate("", status="OK")
    assert verdict.validation_status == "FAILED"
    assert verdict.findings[0].code == "EMPTY_ANSWER"


def test_refusal_patterns_are_checked_when_the_policy_is_built():
    with pytest.raises(ValidationError, match="does not compile"):
        AnchoredGatePolicy(refusal_patterns=("(unclosed",))


def test_a_numbered_list_answer_is_one_sentence_per_item():
    text = (
        "9. Inspect the valve every 90 days [C0].\n10. Keep pressure between 4.5 and 6.0 bar [C1]."
    )
    assert gate(text).validation_status == "PASSED"


ANSWERISH = st.lists(
    st.sampled_from(
        [
            "The valve is inspected every 90 days",
            " ",
            ". ",
            "[C0]",
            "[C1]",
            "[C9]",
            "[c0]",
            "no evidence of leaks",
            "I cannot answer this",
            REFUSAL,
            "\n",
            "Acme Inc.",
            "无法回答",
            "。",
        ]
    ),
    max_size=8,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(ANSWERISH, st.text(max_size=60)), status=st.sampled_from(STATUSES))
def test_a_failed_validation_always_has_a_failure_reason_and_an_empty_answer(text, status):
    verdict = gate(text, status=status)
    failed = verdict.validation_status == "FAILED"
    assert failed == (verdict.failure_reason is not None)
    if failed:
        assert verdict.generation_status == "FAILED"
        assert (verdict.validated_answer_text, verdict.validated_citations) == ("", [])
    else:
        assert verdict.validated_answer_text == text and text.strip()
