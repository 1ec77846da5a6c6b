"""Evidence sufficiency (the spec's 18-test suite): query types, sufficient and insufficient
evidence per type, and edge cases."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.synthesis import classify_query, is_evidence_sufficient
from tests.engine.synthesis_fixtures import (
    DEFINITION_ZH,
    IPC_420,
    IPC_420_PLAIN,
    PENALTY_ZH,
    WAGES_2,
    WAGES_CLAIM,
    WAGES_DUTY,
    WAGES_EXTENT,
)


# Query type classification (1-6)
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What is the definition of employer?", "definition"),
        ("Define employer.", "definition"),
        ("What does scheduled employment mean?", "definition"),
        ("What is the punishment for cheating?", "punishment"),
        ("What is the penalty for not paying minimum wages?", "punishment"),
        ("How to file a claim for unpaid wages?", "procedure"),
        ("What are the steps to file a claim?", "procedure"),
        ("What is the extent of the Minimum Wages Act?", "scope"),
        ("Who does the Act apply to?", "scope"),
        ("Does the Act applies to shops?", "scope"),
        ("Which court hears the claim?", "general"),
        ("什么是水污染？", "definition"),
        ("超标排放如何处罚？", "punishment"),
    ],
)
def test_query_type_classification(query, expected):
    assert classify_query(query) == expected


def test_punishment_wins_over_what_is():
    assert classify_query("What is the punishment under Section 420?") == "punishment"


# Sufficient evidence detection (7-10)
def test_definition_with_definitional_language_is_sufficient():
    result = is_evidence_sufficient("What is the definition of employer?", [WAGES_DUTY, WAGES_2])
    assert result.is_sufficient and result.supporting_chunks == ["MinimumWagesAct_2_1"]


def test_punishment_with_penalty_information_is_sufficient():
    result = is_evidence_sufficient("What is the punishment for cheating?", [IPC_420])
    assert result.is_sufficient and "penalty" in result.reason


def test_procedure_with_procedural_language_is_sufficient():
    assert is_evidence_sufficient("How to file a claim?", [WAGES_CLAIM]).is_sufficient


def test_scope_with_scope_information_is_sufficient():
    result = is_evidence_sufficient("What is the extent of the Minimum Wages Act?", [WAGES_EXTENT])
    assert result.is_sufficient


# Insufficient evidence detection (11-14)
def test_definition_without_definitional_language_is_insufficient():
    result = is_evidence_sufficient("What is the definition of employer?", [WAGES_DUTY])
    assert not result.is_sufficient
    assert "definitional language" in result.reason


def test_punishment_without_penalty_information_is_insufficient():
    result = is_evidence_sufficient("What is the punishment for cheating?", [IPC_420_PLAIN])
    assert not result.is_sufficient and "penalty" in result.reason


def test_general_query_with_no_query_terms_in_any_chunk_is_insufficient():
    result = is_evidence_sufficient("Who won the cricket match?", [IPC_420, WAGES_2])
    assert not result.is_sufficient and "key term" in result.reason


def test_procedure_without_procedural_language_is_insufficient():
    assert not is_evidence_sufficient(
        "How to file a claim against an employer?", [WAGES_2]
    ).is_sufficient


# Type-specific requirements and edge cases (15-18)
def test_general_query_needs_one_relevant_chunk():
    result = is_evidence_sufficient(
        "Which employees are engaged in scheduled employment?", [IPC_420, WAGES_DUTY]
    )
    assert result.is_sufficient and result.supporting_chunks == ["MinimumWagesAct_12_0"]


def test_no_chunks_is_insufficient():
    result = is_evidence_sufficient("What is the punishment for cheating?", [])
    assert not result.is_sufficient and result.reason == "no chunks were retrieved"


def test_chinese_definition_and_punishment():
    assert is_evidence_sufficient("什么是水污染？", [DEFINITION_ZH]).is_sufficient
    assert is_evidence_sufficient("超标排放水污染物如何处罚？", [PENALTY_ZH]).is_sufficient
    assert not is_evidence_sufficient("什么是水污染？", [PENALTY_ZH]).is_sufficient


def test_relevant_but_wrong_kind_of_chunk_does_not_count():
    # Definitional language about another subject does not define this one.
    result = is_evidence_sufficient("What is the definition of cheating?", [WAGES_2])
    assert not result.is_sufficient
