"""answerability-v2 (policy answer-assembly/2026-11.6): a term said in the other language is found
(CC-CEDICT), a change from an earlier period and a concentration are attributes of their own, a
value and its subject are stated in one clause, a measured thing's name (PM10) and a quoted
title are names, dates are no durations, ligatures read as letters. Each case is checked against
answerability-v1 too, which the policy keeps (answerability_version 1)."""

from __future__ import annotations

import pytest

from groundgate.pipeline.answerability import answerability, chunk_answers
from groundgate.pipeline.answerability_question import question_parts
from tests.pipeline.test_answerability import BULLETIN, CHUNKS, DECISION, MANUAL

TOC = "目录 关于红军作战的原则 １ ⋯ ⋯ （一九三七年八月一日） 同各方接洽要有谦逊态度 ６ ⋯ ⋯"
PAPER = (
    "Benchmark results. We ran 4 differ- ent conﬁgurations for comparison. Using similar "
    "computations, we ﬁnd that trace recording takes about 3800 cycles per bytecode, and "
    "compilation 3150 cycles per bytecode."
)


def answers(question: str, text: str, version: int) -> bool:
    return chunk_answers(question_parts(question, version), text)[0]


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("轴承温度最高不能超过多少度？", MANUAL),  # 轴承: bearing
        ("一套密封件多少钱？", MANUAL),  # 密封件 is not in the dictionary: 密封 (seal) + 件
        ("What was the average phosphorus concentration last year?", BULLETIN),  # 磷
        ("By how much did fine particulate matter fall compared with the year before?", BULLETIN),
    ],
)
def test_a_term_said_in_the_other_language_is_found(question, text):
    assert not answers(question, text, 1)
    assert answers(question, text, 2)


@pytest.mark.parametrize(
    ("question", "lacks"),
    [
        # A change is asked: the good days' count (302天) is no change; PM2.5's 同比下降6.1% is
        # in another clause (after the semicolon).
        ("空气优良天数比上年增加了几天？", "<change>"),
        ("2023年全市PM10年均浓度是多少？", "pm10"),  # PM10 is a name: PM2.5 is not it
        ("罚款应在多少天内缴纳？", "<duration>"),  # 5月10日 is a date, not ten days
    ],
)
def test_a_neighbouring_attribute_does_not_answer(question, lacks):
    text = BULLETIN if "罚款" not in question else DECISION
    assert answers(question, text, 1)
    assert not answers(question, text, 2)
    assert lacks in chunk_answers(question_parts(question, 2), text)[1]


def test_the_change_asked_is_answered_from_the_clause_that_states_it():
    assert answers("细颗粒物浓度同比变化了多少？", BULLETIN, 2)
    assert answers("国控断面水质优良比例比去年提高了几个百分点？", BULLETIN, 2)
    assert question_parts("PM2.5比上一年降低了多少？", 2).attribute.name == "change"


def test_a_quoted_title_is_found_whole():
    assert answers("《论游击战》在目录第几页？", TOC, 1)
    assert not answers("《论游击战》在目录第几页？", TOC, 2)
    assert answers("《同各方接洽要有谦逊态度》在第几页？", TOC, 2)


def test_ligatures_read_as_letters_and_a_count_of_cycles_is_no_price():
    question = "How many different configurations were compared?"
    assert not answers(question, PAPER, 1) and answers(question, PAPER, 2)
    cost = "How many cycles per bytecode does compiling a trace cost?"
    assert question_parts(cost, 1).attribute.name == "money"
    assert question_parts(cost, 2).attribute.name == "count"
    assert answers(cost, PAPER, 2)


def test_only_the_head_of_the_b_of_a_span_is_strict():
    question = "What is the upper temperature limit for the pump bearings?"
    named = {1: {"pump", "bearings"}, 2: {"bearings"}}  # v2: "pump" is a common noun
    for version, names in named.items():
        assert {t.text for t in question_parts(question, version).terms if t.named} == names
    assert not answers("What is the upper temperature limit for the pump motor?", MANUAL, 2)


def test_the_reason_names_the_version():
    result = answerability("叶轮的单价是多少？", CHUNKS, 2)
    assert not result.is_answerable and "answerability-v2" in result.reason


def test_a_party_named_by_its_kind_is_the_documents_party():
    question = "企业什么时候被发现超标排放？"  # the decision calls the company 当事人
    assert not answers(question, DECISION, 1)
    assert answers(question, DECISION, 2)
    assert not [t for t in question_parts("涉事公司是哪天被处罚的？", 2).terms if t.required]


def test_how_much_of_a_quantity_does_it_cost_is_no_price():
    question = "How much runtime does the preemption check cost?"
    assert question_parts(question, 1).attribute.name == "money"
    assert question_parts(question, 2).attribute is None
    assert question_parts("How much does one seal kit cost?", 2).attribute.name == "money"


def test_a_typed_question_is_no_procedure_question():
    from groundgate.engine.gates.synthesis import RetrievedChunk
    from groundgate.pipeline.sufficiency import typed_sufficiency

    chunks = [RetrievedChunk(semantic_id="C0", text="SunSpider consists of 26 programs.")]
    question = "SunSpider基准测试一共包含多少个程序？"  # 程序: program, and procedure
    assert not typed_sufficiency(question, chunks).is_sufficient
    assert typed_sufficiency(question, chunks, "count").is_sufficient


def test_the_offline_model_quotes_a_sentence_said_in_the_other_language():
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.pipeline.llm import ExtractiveProvider
    from groundgate.pipeline.run import run_pipeline
    from groundgate.pipeline.select import parse_bundle
    from tests.pipeline.test_r2_select import bundle, row

    data = bundle([row(0, "c0", MANUAL)], user_question="轴承温度最高不能超过多少度？")
    run = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
    assert run.public.status == "OK", run.reason
    assert "must not exceed 85 C" in run.public.answer
    v2 = SelectionPolicy(model="extractive-v2", answerability_version=1)
    old = run_pipeline(parse_bundle(data), v2, ExtractiveProvider("extractive-v2"))
    assert old.public.status == "NO_EVIDENCE"


def test_a_clause_that_states_the_other_bound_does_not_answer():
    lowest = "What is the lowest temperature the bearings may reach?"
    assert answers(lowest, MANUAL, 1)  # v1: "must not exceed 85 C" answered the lowest
    assert not answers(lowest, MANUAL, 2)
    assert not answers("轴承的最低工作温度是多少？", MANUAL, 2)
    assert answers("轴承温度最高不能超过多少度？", MANUAL, 2)
    inspection = "During inspection the operating pressure must stay between 4.5 and 6.0 bar."
    assert answers("What is the lowest operating pressure during inspection?", inspection, 2)


def test_a_count_stands_beside_the_noun_it_counts():
    inspection = "The discharge valve of each pump must be inspected every 90 days."
    question = "How many pumps does each station have?"
    assert answers(question, inspection, 1)  # v1: any number in a sentence naming pumps
    assert not answers(question, inspection, 2)  # 90 counts days
    assert answers("How many spare impellers does a station need?", MANUAL, 2)  # IMP-315: 1
    programs = "SunSpider consists of 26 short-running (less than 250ms) JavaScript programs."
    assert answers("How many programs does SunSpider contain?", programs, 2)
