"""answerability-v12 (the default since answer-assembly/2026-11.16, issue 32, d588-d591): v11,
and a Chinese question term found by meaning only through a Chinese word that shares a character
with it or an English word of three or more letters, and the object of "是否 + verb phrase"
asked as the question says it (pipeline/answerability_v12.py). The texts are the demo PDF's
chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_meaning
from groundgate.pipeline import answerability_v12 as v12
from groundgate.pipeline.answerability_question import _STOP, VERSIONS, _posseg, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, MANUAL
from tests.pipeline.test_answerability_v8 import _answers

THRESHOLD = SelectionPolicy().paraphrase_min_similarity
ACROSS = SelectionPolicy().paraphrase_cross_language_min_similarity


def test_v12_is_the_default_and_v11_selectable():
    assert VERSIONS[12] == "answerability-v12"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy(answerability_version=11).answerability_version == 11


@pytest.mark.parametrize(
    ("term", "chunk"),
    [
        ("设计", BULLETIN),  # design ~ 环境 (environment) 0.902: no character shared; ~ "pm"
        ("时间", BULLETIN),  # time ~ 同比 (year on year)
        ("违法", DECISION),  # unlawful ~ 罚款 (fine) 0.928
        ("小时", BULLETIN),  # hour ~ 天数 (number of days) 0.896, ~ "pm" 0.841
        ("毫克", BULLETIN),  # the cost: milligram ~ "mg" (two letters) is no longer read
    ],
)
def test_v12_reads_no_chinese_term_by_a_neighbour_in_meaning(term, chunk):
    lowered = chunk.lower()
    assert answerability_meaning.means(term, lowered, THRESHOLD, ACROSS)
    assert not v12.means(term, lowered, THRESHOLD, ACROSS)


@pytest.mark.parametrize(
    ("term", "chunk"),
    [
        ("罚金", DECISION),  # 罚款: 罚 shared
        ("污水", DECISION),  # 废水: 水 shared
        ("水体", BULLETIN),  # 水质
    ],
)
def test_v12_keeps_a_chinese_meaning_that_shares_a_character(term, chunk):
    lowered = chunk.lower()
    assert answerability_meaning.means(term, lowered, THRESHOLD, ACROSS)
    assert v12.means(term, lowered, THRESHOLD, ACROSS)


def test_v12_reads_an_english_term_as_v11():
    lowered = BULLETIN.lower()
    for term in ("environmental", "city", "water"):
        expected = answerability_meaning.means(term, lowered, THRESHOLD, ACROSS)
        assert v12.means(term, lowered, THRESHOLD, ACROSS) == expected


def test_v12_crosses_languages_by_meaning_through_words_of_three_letters():
    # 外径 (outer diameter) ~ "unit" 0.851 stays as v11 reads it (measured: d589)
    lowered = MANUAL.lower()
    assert answerability_meaning.closest_word("外径", lowered)[0] == "unit"
    assert v12.means("外径", lowered, THRESHOLD, ACROSS)
    assert answerability_meaning.text_words("pm2.5 31 mg/l") == ("pm", "mg")
    assert not v12.means("毫克", "pm2.5 31 mg/l", THRESHOLD, ACROSS)


@pytest.mark.parametrize(
    ("question", "asked", "by_v11"),
    [
        ("对超标排污的企业是否实施了按日连续处罚？", "按日连续处罚", False),
        ("该企业是否受到了行政处罚？", "行政处罚", True),  # a noun: v9 asked it already
        ("企业是否完成了整改？", "整改", False),  # 整改/v: v9 asked nothing
    ],
)
def test_v12_asks_the_object_of_shi_fou_and_a_verb(question, asked, by_v11):
    pairs = [(p.word, p.flag) for p in _posseg().cut(question)]
    assert asked in v12.chinese_yes_no_objects(pairs, _STOP)
    term = next(t for t in question_parts(question, 12).terms if t.text == asked)
    assert term.asked and term.yes_no and term.required
    v11 = any(t.yes_no for t in question_parts(question, 11).terms if t.text == asked)
    assert v11 == by_v11


def test_v12_refuses_a_shi_fou_question_whose_object_is_not_stated():
    # the decision fines the party and orders it to fix the breach: no daily penalty applied
    asked = "对超标排放废水的当事人是否实施了按日连续处罚？"
    assert _answers(asked, DECISION, 11)
    assert not _answers(asked, DECISION, 12)
    # ... and answers one whose object it states
    assert _answers("当事人是否被处以罚款？", DECISION, 12)
    assert _answers("当事人是否被责令完成整改？", DECISION, 12)
