"""Issue 11: sentences of evidence-sufficient-synthesis.md, each a test named after it (query
types, sufficiency with stems, Chinese markers, meta-statements, per-chunk coverage)."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.synthesis import (
    RetrievedChunk,
    SynthesisCase,
    SynthesisGatePolicy,
    check_claim_coverage,
    classify_query,
    gate_synthesis,
    is_evidence_sufficient,
    is_meta_statement,
)
from tests.engine.synthesis_fixtures import DEFINITION_ZH, IPC_420, PENALTY_ZH, WAGES_2

POOLED = SynthesisGatePolicy(coverage_mode="pooled")


# Query Type Classification: definition "What is...", "Define...", "What does X mean".
@pytest.mark.parametrize(
    "query",
    [
        "How is employer defined?",
        "How are scheduled employments defined in the Act?",
        "What is meant by employer?",
        "What is the meaning of wages?",
        "工资的定义是什么？",
    ],
)
def test_definition_patterns_what_is_define_what_does_x_mean(query):
    assert classify_query(query) == "definition"


# punishment: "What is the punishment", "penalty for" - and nothing else.
@pytest.mark.parametrize(
    "query",
    [
        "What does the second sentence of Section 2 mean?",
        "Is the fine print of the contract binding?",
        "What is a fine-grained classification of employers?",
    ],
)
def test_punishment_queries_are_about_punishment_not_the_words_sentence_or_fine(query):
    assert classify_query(query) != "punishment"


@pytest.mark.parametrize(
    "query",
    [
        "What is the sentence for cheating?",
        "What is the maximum sentence under Section 420?",
        "Can an employer be fined for late payment?",
        "What is the fine for not paying minimum wages?",
        "What is the amount of fine under Section 22?",
    ],
)
def test_punishment_patterns_what_is_the_punishment_penalty_for(query):
    assert classify_query(query) == "punishment"


def test_procedure_patterns_how_to_what_are_the_steps():
    assert classify_query("How is a claim filed?") == "procedure"
    assert classify_query("How to file a claim?") == "procedure"


# General Queries: SUFFICIENT "At least 1 chunk with key terms from query" - by stem.
def test_at_least_1_chunk_with_key_terms_from_query_matches_word_forms():
    sufficiency = is_evidence_sufficient("Who is responsible for cheating?", [IPC_420])
    assert sufficiency.is_sufficient, sufficiency.reason  # the chunk says "cheats"
    chunk = RetrievedChunk(semantic_id="X_1", text="Whoever cheats shall be liable.")
    assert is_evidence_sufficient("Who is liable for cheating?", [chunk]).is_sufficient
    exact = SynthesisGatePolicy(stemming=False)
    assert not is_evidence_sufficient("Who answers for cheating?", [chunk], exact).is_sufficient


def test_no_chunks_contain_query_terms_is_insufficient_even_with_stems():
    chunk = RetrievedChunk(semantic_id="X_1", text="Employer means any person who employs.")
    assert not is_evidence_sufficient("Who is liable for cheating?", [chunk]).is_sufficient


# Definition Queries: INSUFFICIENT "No definitional language".
def test_a_chinese_marker_found_in_nearly_every_legal_text_is_not_definitional_language():
    # 规定 ("provides") is in PENALTY_ZH ("违反本法规定"): no definition there.
    sufficiency = is_evidence_sufficient("什么是超标排放？", [PENALTY_ZH])
    assert not sufficiency.is_sufficient
    assert is_evidence_sufficient("什么是水污染？", [DEFINITION_ZH]).is_sufficient  # 所称…是指


# Coverage Rules: 2. Meta-Statements - Don't require evidence ("Based on the evidence...").
@pytest.mark.parametrize(
    "sentence",
    [
        "Based on the evidence provided, here is a summary.",
        "According to the retrieved documents, the answer is as follows.",
        "综上所述，答案如下。",
        "In summary, the key points are these:",
    ],
)
def test_meta_statements_dont_require_evidence(sentence):
    assert is_meta_statement(sentence)
    assert check_claim_coverage(sentence, [IPC_420]).is_covered


def test_a_factual_claim_behind_a_meta_phrase_still_needs_evidence():
    assert not is_meta_statement("Based on the evidence, employers must pay seven years of wages.")
    assert not is_meta_statement("综上所述，雇主必须支付最低工资。")
    assert not is_meta_statement("Based on the evidence, the answer is yes.")


# Semantic Overlap: overlap = |sentence_words & chunk_words| / |sentence_words|, per chunk.
def test_overlap_is_computed_per_cited_chunk():
    a = RetrievedChunk(semantic_id="A_1", text="alpha bravo charlie delta")
    b = RetrievedChunk(semantic_id="B_1", text="echo foxtrot golf hotel")
    cited_both = "Alpha bravo charlie echo foxtrot golf kilo lima mike [A_1][B_1]."
    per_chunk = check_claim_coverage(cited_both, [a, b])
    assert per_chunk.threshold == 0.21 and per_chunk.overlap == pytest.approx(0.3333, abs=1e-4)
    assert per_chunk.is_covered and per_chunk.covering_chunks == ["A_1", "B_1"]
    lopsided = "Alpha echo kilo lima mike november oscar papa quebec romeo [A_1][B_1]."
    assert not check_claim_coverage(lopsided, [a, b]).is_covered  # 10% each
    pooled = check_claim_coverage(lopsided, [a, b], POOLED)
    assert pooled.overlap == 0.2 and not pooled.is_covered
    two_words_each = "Alpha bravo echo foxtrot kilo lima mike november oscar papa [A_1][B_1]."
    assert not check_claim_coverage(two_words_each, [a, b]).is_covered  # 20% each < 21%
    assert check_claim_coverage(two_words_each, [a, b], POOLED).is_covered  # 40% pooled


def test_coverage_mode_is_a_hashed_policy_choice():
    assert POOLED.sha256 != SynthesisGatePolicy().sha256
    verdict = gate_synthesis(
        SynthesisCase(
            case_id="s",
            query="What is an employer?",
            retrieved_chunks=[WAGES_2],
            answer_text="Employer means any person who employs employees [MinimumWagesAct_2_1].",
        )
    )
    assert verdict.status == "grounded", verdict.findings
