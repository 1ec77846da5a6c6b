"""Phase-3 sufficiency reads a question by what it asks (policy answer-assembly/2026-11.4,
`sufficiency_reading`): a question for a fact that starts "What's ..." is not a definition
question, "How does X work?" is not a procedure, and a Chinese key term is found inside a longer
word. The spec's literal table stays available ("spec", in SPEC_LITERAL_SELECTION); the synthesis
gate itself is unchanged."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.synthesis import RetrievedChunk, classify_query
from groundgate.pipeline.contracts import SPEC_LITERAL_SELECTION, SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from groundgate.pipeline.sufficiency import asked_query_type, sufficiency
from tests.pipeline.test_r2_select import bundle, row


@pytest.mark.parametrize(
    ("question", "spec", "asked"),
    [
        ("What's the hottest the bearing is allowed to get?", "definition", "general"),
        ("What is the back end that turns traces into code called?", "definition", "general"),
        ("What is the maximum pressure?", "definition", "general"),
        ("How does the system handle a loop inside another loop?", "procedure", "general"),
        ("How can a long-running script still be interrupted?", "procedure", "general"),
        ("水里最主要的污染物是什么？", "definition", "general"),
        # Where the question is of the spec's kind, both readings agree.
        ("What is TraceMonkey?", "definition", "definition"),
        ("What is a trace tree?", "definition", "definition"),
        ("What does hot loop mean?", "definition", "definition"),
        ("How is employer defined?", "definition", "definition"),
        ("总磷是什么？", "definition", "definition"),
        ("什么是总磷？", "definition", "definition"),
        ("How do I apply for a permit?", "procedure", "procedure"),
        ("How to replace the seal?", "procedure", "procedure"),
        ("What are the steps to restart the pump?", "procedure", "procedure"),
        ("如何办理排污许可证？", "procedure", "procedure"),
        ("What is the punishment for theft?", "punishment", "punishment"),
        ("Does the rule apply to contractors?", "scope", "scope"),
        ("How often do the bearings need greasing?", "general", "general"),
    ],
)
def test_the_asked_reading_of_a_question(question, spec, asked):
    assert classify_query(question) == spec
    assert asked_query_type(question) == asked


DECISION = RetrievedChunk(
    semantic_id="C0",
    text="依据《水污染防治法》第八十三条，决定对当事人处以罚款人民币20万元。",
)


def test_a_chinese_term_is_found_inside_a_longer_word_only_under_the_asked_reading():
    question = "这家企业被罚了多少钱？"  # jieba: 罚 / 钱; the decision says 罚款
    assert not sufficiency(question, [DECISION], "spec").is_sufficient
    asked = sufficiency(question, [DECISION], "asked")
    assert asked.is_sufficient and asked.supporting_chunks == ["C0"]
    # Nothing of the question in the chunk: refused under both readings.
    assert not sufficiency("企业必须在什么时候之前改正到位？", [DECISION], "asked").is_sufficient


BEARING = "Bearing temperature must not exceed 85 C during operation."


@pytest.mark.parametrize(
    ("policy", "status"),
    [(SelectionPolicy(), "OK"), (SelectionPolicy(**SPEC_LITERAL_SELECTION), "NO_EVIDENCE")],
)
def test_a_fact_question_in_definition_form_is_answered_unless_read_literally(policy, status):
    data = bundle(
        [row(0, "c0", BEARING, 0.9)],
        user_question="What's the hottest the bearing is allowed to get?",
        embedding_model="keyword-bm25-v1",
    )
    run = run_pipeline(parse_bundle(data), policy, ExtractiveProvider())
    assert run.public.status == status
    if status == "OK":
        assert "85 C" in run.public.answer
    else:
        assert "definition query" in run.reason


def test_the_offline_model_quotes_a_sentence_holding_a_chinese_word_inside_a_longer_one():
    data = bundle(
        [row(0, "c0", DECISION.text, 0.9)],
        user_question="这家企业被罚了多少钱？",
        embedding_model="keyword-bm25-v1",
    )
    run = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
    assert run.public.status == "OK", run.reason
    assert "罚款人民币20万元" in run.public.answer and run.llm.model_name == "extractive-v4"
