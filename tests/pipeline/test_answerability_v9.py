"""answerability-v9 (selectable, d558): v8, and a yes/no question read for the thing it asks to
be stated ("Is there a X", "Does the manual say which X", "any X"; 有没有 / 是否 X, X...吗) - its
head is asked, with no slack. answerability-v10 (selectable, d559): v9, and the slack of one
common noun in two does not cover a modifier whose noun the chunk states after another one
(pipeline/answerability_yesno.py). The texts are the demo PDF's chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_yesno as yesno
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_answerability_v8 import _answers


def test_v9_and_v8_v10_are_selectable():
    assert VERSIONS[9] == "answerability-v9"
    assert VERSIONS[10] == "answerability-v10"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=8).answerability_version == 8
    assert SelectionPolicy(answerability_version=9).answerability_version == 9


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Is there a warranty for the seal kit?", "warranty"),
        ("Does the manual state which grease brand to use for the bearings?", "brand"),
        ("Did the station have any impeller failures last year?", "failures"),
        ("当事人有没有缴纳罚款滞纳金？", "滞纳金"),
        ("水质优良比例达到国家考核目标了吗？", "目标"),
    ],
)
def test_v9_reads_what_a_yes_no_question_asks(question, asked):
    assert any(t.text == asked and t.asked for t in question_parts(question, 9).terms)
    assert not any(t.asked for t in question_parts(question, 8).terms if t.text == asked)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("Is there a warranty for the seal kit?", MANUAL),
        ("Does the manual state which grease brand to use for the bearings?", MANUAL),
        ("Did the station have any impeller failures last year?", MANUAL),
        ("当事人有没有缴纳罚款滞纳金？", DECISION),
        ("水质优良比例达到国家考核目标了吗？", BULLETIN),
    ],
)
def test_v9_refuses_a_yes_no_question_whose_thing_is_not_stated(question, chunk):
    assert _answers(question, chunk, 8)
    assert not _answers(question, chunk, 9)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("Is there an inspection interval for the discharge valve?", INSPECTION),
        ("全年优良天数有没有达到300天？", BULLETIN),
        ("当事人有没有被罚款？", DECISION),
    ],
)
def test_v9_answers_a_yes_no_question_whose_thing_is_stated(question, chunk):
    assert _answers(question, chunk, 9)


def test_v9_finds_what_a_yes_no_question_asks_never_by_meaning():
    # 行政处罚 (the decision's own kind) is e5-small's neighbour of 行政复议 (an appeal):
    # v8 found the appeal in it by meaning; whether one is stated is what is asked
    asked = "当事人有没有申请行政复议？"
    assert _answers(asked, DECISION, 8)
    assert not _answers(asked, DECISION, 9)
    assert any(t.yes_no for t in question_parts(asked, 9).terms)


def test_v10_refuses_a_neighbouring_thing_only():
    asked = "How often must the suction valve of each pump be inspected?"
    assert _answers(asked, INSPECTION, 9)
    assert not _answers(asked, INSPECTION, 10)  # the chunk's valve is the discharge valve
    for kept in ("the valve", "the discharge valve"):
        assert _answers(f"How often must {kept} of each pump be inspected?", INSPECTION, 10)
    assert yesno.modifier_contrasted("suction-side", "valves", "the discharge valve of each")
    assert not yesno.modifier_contrasted("suction", "valve", "the suction valve and the valve")
    # the noun alone ("the seal kit") is the one asked, whatever else modifies it elsewhere
    assert _answers("What does a replacement seal kit cost per unit?", MANUAL, 10)
