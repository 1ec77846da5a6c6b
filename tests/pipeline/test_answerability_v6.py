"""answerability-v6 (answer-assembly/2026-11.11's default, selectable since 2026-11.12; d486):
the thing a Chinese question asks for - the word after 什么 / 哪 / 哪个 / 哪条 / 多少 / 几
(什么名字, 哪条河, 多少字) - is a required term, even of one character, and gets no slack:
v5 let one common noun in two go missing, so "the fined company's name" was answered from a
decision that names no company. The texts are the demo PDF's chunks; the rest is v5's."""

from __future__ import annotations

import pytest

from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, MANUAL

POLICY = SelectionPolicy()


def _answers(question: str, chunk: str, version: int) -> bool:
    found = answerability(
        question,
        [("C0", chunk)],
        version,
        frozenset(),
        POLICY.paraphrase_min_similarity,
        POLICY.paraphrase_cross_language_min_similarity,
    )
    return found.is_answerable


def test_v6_is_selectable():
    assert VERSIONS[6] == "answerability-v6"
    assert SelectionPolicy(answerability_version=6).answerability_version == 6
    assert POLICY.answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert POLICY.policy_version == "answer-assembly/2026-11.24"


@pytest.mark.parametrize(
    ("question", "chunk", "asked"),
    [
        ("被罚款的那家企业叫什么名字？", DECISION, "名字"),  # v5: 名字 missing, 罚款 found: slack
        ("当事人的废水排进了哪条河？", DECISION, "河"),  # v5: 河 (one character) never a term
    ],
)
def test_v6_refuses_when_the_thing_asked_is_not_stated(question, chunk, asked):
    parts = question_parts(question, 6)
    assert [t.text for t in parts.terms if t.asked] == [asked]
    assert _answers(question, chunk, 5)
    assert not _answers(question, chunk, 6)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("每个泵站都要备哪些备件？", MANUAL),  # 备件 said in English: spare parts
        ("主要污染指标是什么污染物？", BULLETIN),  # 污染物 ~ 污染 (without its last character)
    ],
)
def test_v6_answers_when_the_thing_asked_is_stated(question, chunk):
    assert _answers(question, chunk, 6)


def test_the_rule_reads_chinese_questions_only():
    question = "What is the name of the fined company?"
    assert not any(t.asked for t in question_parts(question, 6).terms)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        # v5 reads neither 月 nor 吨 as a term; by meaning they would match 全年 and 万元 (0.916)
        ("2023年全市空气质量最差的是哪个月？", BULLETIN),
        ("当事人超标排放的废水有多少吨？", DECISION),
    ],
)
def test_one_character_asked_for_is_never_found_by_meaning(question, chunk):
    assert _answers(question, chunk, 5)
    assert not _answers(question, chunk, 6)
