"""answerability-v4 (policy answer-assembly/2026-11.8, d395-d396): the dictionary is read both
ways, so a question's word that the other-language evidence says inside a longer gloss is found;
几遍 / 几套 ask a count; a question for a typed value is no scope question. Version 3 (2026-11.7)
stays selectable and keeps its reading. The texts are the demo PDF's chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.crosslingual import english_heads, english_said, said_in_chinese
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_cross_language import E5
from tests.pipeline.test_r2_select import bundle, row

PAPER = (
    "All experiments were performed on a MacBook Pro with 2.2 GHz Core 2 processor and 2 GB RAM "
    "running MacOS 10.5. Benchmark results. The main question is whether programs run faster "
    "with tracing. For this, we ran the standard SunSpider test driver, which starts a "
    "JavaScript interpreter, loads and runs each program once for warmup, then loads and runs "
    "each program 10 times and reports the average time taken by each."
)


def test_a_chinese_text_says_the_words_of_its_glosses():
    said = english_said(DECISION)
    assert {"wastewat", "water", "law"} <= said  # 废水 waste water, 水污染, 防治法's head 法
    assert said_in_chinese("wastewater", DECISION)
    assert said_in_chinese("water", BULLETIN)  # 水质: water quality; 地表水: surface water
    assert said_in_chinese("surface-water", BULLETIN)
    assert not said_in_chinese("rivers", BULLETIN)
    assert not said_in_chinese("impeller", DECISION)


def test_a_chinese_word_is_said_by_the_head_of_its_gloss():
    assert english_heads("程序") == {"program"}  # computer program
    assert english_heads("泵站") == {"station"}  # pumping station
    assert "shutdown" in english_heads("停机")  # to shut down
    assert english_heads("轴承") == frozenset()  # bearing: one word, found as before


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("On what day did the firm discharge wastewater over the limit?", DECISION),
        ("Which article of the water pollution law was the fine based on?", DECISION),
        ("每个泵站要备几套机械密封？", MANUAL),
        ("泵的压力超过多少必须马上停机？", INSPECTION),
    ],
)
def test_v4_finds_every_term_where_v3_missed_one(question, chunk):
    strict = frozenset({"C0"})  # admitted by the cross-language threshold alone (d374)
    assert answerability(question, [("C0", chunk)], 4, strict).is_answerable
    assert not answerability(question, [("C0", chunk)], 3, strict).is_answerable


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("轴承应该用什么型号的润滑脂？", MANUAL),  # the grease's model: not stated
        ("How many days of heavy pollution were there last year?", BULLETIN),
        ("What is the price of a replacement impeller?", MANUAL),
    ],
)
def test_v4_still_refuses_what_the_evidence_does_not_say(question, chunk):
    assert not answerability(question, [("C0", chunk)], 4, frozenset({"C0"})).is_answerable


def test_a_count_is_asked_with_any_measure_word():
    assert question_parts("SunSpider测试时每个程序正式跑了几遍？", 4).attribute.name == "count"
    assert question_parts("每个泵站要备几套机械密封？", 4).attribute.name == "count"
    assert question_parts("SunSpider测试时每个程序正式跑了几遍？", 3).attribute is None


def _run(question: str, text: str, similarity: float, version: int, reading: str = "asked-v2"):
    data = bundle([row(0, "c0", text, similarity)], user_question=question, embedding_model=E5)
    policy = SelectionPolicy(answerability_version=version, sufficiency_reading=reading)
    return run_pipeline(parse_bundle(data), policy, ExtractiveProvider())


def test_a_question_for_a_typed_value_is_no_scope_or_procedure_question():
    # 范围 (range) and 程序 (program, also procedure) name what is asked about here
    for question, text in (
        ("检修期间泵的工作压力应保持在什么范围内？", INSPECTION),
        ("SunSpider测试时每个程序正式跑了几遍？", PAPER),
    ):
        new = _run(question, text, 0.85, 4)
        assert new.public.status == "OK", new.reason
        assert new.sufficiency is not None and new.sufficiency.query_type == "general"
        # v3 under its own sufficiency reading ("asked": 程序 a procedure cue; asked-v2 reads
        # it as "program", d767)
        old = _run(question, text, 0.85, 3, "asked")
        assert old.public.status == "NO_EVIDENCE"
        assert "query, but no answering chunk gives" in old.reason
