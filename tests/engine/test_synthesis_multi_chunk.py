"""Multi-chunk synthesis (the spec's 24-test suite): sentence splitting, claim coverage,
multi-chunk citation enforcement, the gate end to end, sufficiency integration, edge cases."""

from __future__ import annotations

from groundgate.engine.gates.synthesis import (
    SynthesisCase,
    SynthesisGatePolicy,
    check_claim_coverage,
    gate_synthesis,
    is_meta_statement,
    validate_multi_chunk_citations,
)
from groundgate.engine.sentences import split_sentences
from tests.engine.synthesis_fixtures import DEFINITION_ZH, IPC_420, PENALTY_ZH, WAGES_2

CHUNKS = [IPC_420, WAGES_2]
VALID = (
    "According to [IPC_420_0], cheating is illegal. Additionally, [MinimumWagesAct_2_1] defines "
    "employer as any person who employs workers."
)
INVALID = (
    "According to [IPC_420_0], cheating is illegal. Employer means any person who employs workers."
)


def run(answer: str, query: str = "What is Section 420 IPC?", chunks=CHUNKS):
    return gate_synthesis(
        SynthesisCase(case_id="s", query=query, retrieved_chunks=chunks, answer_text=answer)
    )


def codes(verdict) -> list[str]:
    return [f.code for f in verdict.findings]


# Sentence splitting (1-3)
def test_sentences_with_citations_split_cleanly():
    assert len(split_sentences(VALID)) == 2


def test_section_numbers_and_abbreviations_do_not_split():
    text = "Under Section 420 of the I.P.C. the fine is Rs. 10,000 [IPC_420_0]."
    assert len(split_sentences(text)) == 1


def test_chinese_answers_split_on_full_width_stops():
    assert (
        len(
            split_sentences(
                "处十万元以上罚款[WaterLaw_83_0]。本法所称水污染是指水体改变[WaterLaw_102_0]。"
            )
        )
        == 2
    )


# Claim coverage (4-10)
def test_cited_sentence_with_enough_overlap_is_covered():
    claim = check_claim_coverage("According to [IPC_420_0], cheating is punishable.", CHUNKS)
    assert claim.is_covered and claim.threshold == 0.3 and claim.covering_chunks == ["IPC_420_0"]


def test_cited_sentence_with_too_little_overlap_is_not_covered():
    claim = check_claim_coverage(
        "[IPC_420_0] regulates railway tariffs and ticket refunds.", CHUNKS
    )
    assert not claim.is_covered and "needs 30%" in claim.reason


def test_multi_citation_threshold_is_21_percent():
    claim = check_claim_coverage(
        "Per [IPC_420_0] and [MinimumWagesAct_2_1], both are regulated.", CHUNKS
    )
    assert claim.threshold == 0.21


def test_a_sentence_citing_two_chunks_is_covered_by_both():
    claim = check_claim_coverage(
        "Per [IPC_420_0] and [MinimumWagesAct_2_1], cheating is punished and an employer "
        "employs employees.",
        CHUNKS,
    )
    assert claim.is_covered and set(claim.covering_chunks) == {"IPC_420_0", "MinimumWagesAct_2_1"}


def test_uncited_sentence_is_rejected():
    claim = check_claim_coverage("Cheating is punished with seven years.", CHUNKS)
    assert not claim.is_covered and claim.reason == "no citation"


def test_meta_statements_need_no_evidence():
    assert is_meta_statement("Based on the evidence, here is the answer.")
    assert check_claim_coverage("Based on the provided documents:", CHUNKS).is_covered
    assert not is_meta_statement("Based on the evidence, cheating is punished with prison.")


def test_stop_words_do_not_count_as_overlap():
    claim = check_claim_coverage("[IPC_420_0] is what it was.", CHUNKS)
    assert claim.overlap == 0.0 and claim.reason == "no content words"


# Multi-chunk citation enforcement (11-15)
def test_valid_answer_cites_every_source_used():
    assert validate_multi_chunk_citations(VALID, CHUNKS) == (True, [], "every chunk used is cited")


def test_using_an_uncited_chunk_is_reported_with_its_id():
    valid, missing, reason = validate_multi_chunk_citations(INVALID, CHUNKS)
    assert not valid and missing == ["MinimumWagesAct_2_1"] and "MinimumWagesAct_2_1" in reason


def test_no_primary_source_shortcut():
    # Cites only IPC but carries the wage chunk's information in the same sentence.
    text = "According to [IPC_420_0], an employer means any person who employs employees."
    _, missing, _ = validate_multi_chunk_citations(text, CHUNKS)
    assert missing == ["MinimumWagesAct_2_1"]


def test_semantic_ids_match_exactly():
    verdict = run("According to [ipc_420_0], cheating is illegal.")
    assert "UNKNOWN_CITATION" in codes(verdict)


def test_missing_citation_finding_is_located():
    verdict = run(INVALID)
    finding = next(f for f in verdict.findings if f.code == "MISSING_CITATION")
    assert INVALID[finding.span[0] : finding.span[1]].startswith("Employer means")
    assert finding.value == "MinimumWagesAct_2_1"


# The gate end to end (16-19)
def test_grounded_answer_passes():
    verdict = run(VALID, query="What does the law say about cheating and employers?")
    assert verdict.status == "grounded", verdict.findings
    assert verdict.citations == ["IPC_420_0", "MinimumWagesAct_2_1"]


def test_spec_example_output_is_grounded():
    answer = (
        "According to [IPC_420_0], Section 420 IPC deals with cheating and dishonestly "
        "inducing delivery of property. The punishment under [IPC_420_0] is imprisonment "
        "for a term which may extend to seven years and fine."
    )
    verdict = run(answer)
    assert verdict.status == "grounded"
    assert verdict.sufficiency.is_sufficient and verdict.citations == ["IPC_420_0"]


def test_not_grounded_answer_lists_every_problem():
    verdict = run(INVALID + " The Act was repealed in 2010 [Repealed_1].")
    assert verdict.status == "not_grounded"
    assert {"UNCITED_CLAIM", "MISSING_CITATION", "UNKNOWN_CITATION"} <= set(codes(verdict))


def test_policy_thresholds_are_configurable_and_hashed():
    strict = SynthesisGatePolicy(min_overlap=0.9)
    assert strict.sha256 != SynthesisGatePolicy().sha256
    verdict = gate_synthesis(
        SynthesisCase(
            case_id="s",
            query="What is Section 420 IPC?",
            retrieved_chunks=CHUNKS,
            answer_text=VALID,
        ),
        strict,
    )
    assert verdict.status == "not_grounded"


# Evidence sufficiency integration (20-22)
def test_insufficient_evidence_is_reported_before_anything_else():
    verdict = run(
        "[MinimumWagesAct_2_1] says employers pay wages.",
        query="What is the punishment for cheating?",
        chunks=[WAGES_2],
    )
    assert verdict.status == "insufficient_evidence"
    assert verdict.findings[0].code == "INSUFFICIENT_EVIDENCE"


def test_refusal_on_insufficient_evidence_is_only_a_warning():
    refusal = SynthesisGatePolicy().refusal_text
    verdict = run(refusal, query="What is the punishment for cheating?", chunks=[WAGES_2])
    assert verdict.findings[0].severity == "warning" and verdict.claims == []


def test_chinese_synthesis_with_jieba_words():
    answer = "超标排放水污染物的，处十万元以上一百万元以下的罚款[WaterLaw_83_0]。"
    verdict = run(answer, query="超标排放水污染物如何处罚？", chunks=[PENALTY_ZH, DEFINITION_ZH])
    assert verdict.status == "grounded", verdict.findings
    assert verdict.claims[0].overlap >= 0.3


# Edge cases (23-24)
def test_empty_answer_has_no_claims():
    verdict = run("", query="What is the punishment for cheating?")
    assert verdict.claims == [] and verdict.status == "grounded"


def test_duplicate_citations_are_listed_once():
    text = "[IPC_420_0] cheating is punished [IPC_420_0]. Cheating is punished by fine [IPC_420_0]."
    verdict = run(text, query="What is the punishment for cheating?", chunks=[IPC_420])
    assert verdict.citations == ["IPC_420_0"] and verdict.status == "grounded"
