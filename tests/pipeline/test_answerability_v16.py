"""answerability-v16 (selectable, issue 32, d657): v15, and a word found by another form of
the same word (a derivation the stem does not reach), a document's parts (title, 落款, 页码)
that only tie, idioms that name nothing ("for good", "worth it"), and the value asked read again
(a reason asked: none; "how many micrograms per cubic metre": a concentration; 多长时间加一次: an
interval) - pipeline/answerability_v16.py. The texts are the demo PDF's chunks and
XiaoBiaoSong.pdf's contents page as the index stores them."""

from __future__ import annotations

import pytest

from groundgate.engine.words import stemmed_words
from groundgate.pipeline import answerability_v16 as v16
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, MANUAL
from tests.pipeline.test_answerability_v8 import _answers

# XiaoBiaoSong.pdf, the contents page's first chunk (stored text).
CONTENTS = (
    "目录\n关于红军作战的原则 １ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯\n（一九三七年八月一日）\n"
    "对国防问题的意见 ３ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯\n（一九三七年八月四日）\n"
    "同各方接洽要有谦逊态度 ６ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯\n（一九三七年八月十日）\n"
    "中日战争爆发后的形势与任务 ８ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯"
)


def test_v16_is_selectable_and_v15_too():
    assert VERSIONS[16] == "answerability-v16"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=16).answerability_version == 16
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy(answerability_version=15).answerability_version == 15


@pytest.mark.parametrize(
    ("term", "text", "found"),
    [
        ("frequently", "the frequency of the checks", True),
        ("maintain", "the maintenance schedule", True),
        ("collector", "the garbage collect pass", True),
        ("reclaimer", "memory reclamation", True),
        ("presence", "a present value", True),
        # not the same word: stems apart after every alternation
        ("general", "the generation of code", False),
        ("press", "the pressure", False),
        ("pump", "pumping", True),  # the stem alone, as before
    ],
)
def test_derivations(term, text, found):
    assert v16.derived(term, stemmed_words(text)) is found


@pytest.mark.parametrize(
    "question",
    [
        "目录里那篇谈国防问题的意见，落款日期是哪天？",
        "同各方接洽要有谦逊态度那篇文章的落款是几月几号？",
    ],
)
def test_a_documents_parts_only_tie(question):
    assert _answers(question, CONTENTS, 16)
    assert not _answers(question, CONTENTS, 15)


@pytest.mark.parametrize(
    "question",
    [
        # the piece asked is named by no required word: the part stays required
        "目录里那篇谈土地改革的文章，落款日期是哪天？",
        "这份目录排在最前面的文章题目是什么？",
    ],
)
def test_a_documents_part_stays_required_when_nothing_else_is(question):
    assert not _answers(question, CONTENTS, 16)


def test_an_interval_asked_with_how_long_and_once():
    parts = question_parts("水泵轴承多长时间加一次油脂？", 16, 0.92, 0.84)
    assert parts.attribute is not None and parts.attribute.name == "frequency"
    assert {t.text for t in parts.terms if t.required} == {"水泵", "轴承", "油脂"}
    v15 = question_parts("水泵轴承多长时间加一次油脂？", 15, 0.92, 0.84)
    assert v15.attribute is not None and v15.attribute.name == "duration"


def test_a_concentration_asked_as_how_many_micrograms_per_cubic_metre():
    question = "On average, how many micrograms of PM2.5 per cubic metre were in the air in 2023?"
    parts = question_parts(question, 16, 0.92, 0.84)
    assert parts.attribute is not None and parts.attribute.name == "concentration"
    assert question_parts(question, 15, 0.92, 0.84).attribute.name == "count"


def test_a_reason_asks_no_value():
    parts = question_parts("为什么递归较多的测试程序用TraceMonkey几乎没有提速？", 16, 0.92, 0.84)
    assert parts.attribute is None
    asked = question_parts("为什么递归较多的测试程序提速只有多少倍？", 16, 0.92, 0.84)
    assert asked.attribute is not None and asked.attribute.name == "speed"


def test_idioms_name_nothing():
    parts = question_parts("After how many failures does the recorder give up for good?", 16)
    assert "good" not in {t.text for t in parts.terms}
    money = question_parts("At what run count does recording become worth it?", 16)
    assert money.attribute is None or money.attribute.name != "money"


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("How much does a replacement impeller cost?", MANUAL),  # the seal kit's price
        ("Who manufactured the impeller?", MANUAL),
        ("How heavy is the seal kit?", MANUAL),
        ("该企业被罚款后是否申请了行政复议？", DECISION),
        ("2023年全年PM10的年均浓度是多少？", BULLETIN),
    ],
)
def test_v16_still_refuses_what_v15_refuses(question, chunk):
    assert not _answers(question, chunk, 15)
    assert not _answers(question, chunk, 16)
