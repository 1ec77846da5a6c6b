"""answerability-v14 (answer-assembly/2026-11.17's default, issue 32, d610-d613): v12
(not v13), and the attribute a question asks read for more forms - "how heavy" a mass, the
participle of "Has X contested ...", no English term found by meaning through a two-letter word
(pipeline/answerability_v14.py). The texts are the demo PDF's chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_meaning
from groundgate.pipeline import answerability_v12 as v12
from groundgate.pipeline import answerability_v14 as v14
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, MANUAL
from tests.pipeline.test_answerability_v8 import _answers

THRESHOLD = SelectionPolicy().paraphrase_min_similarity
ACROSS = SelectionPolicy().paraphrase_cross_language_min_similarity


def test_v14_and_v12_are_selectable():
    assert VERSIONS[14] == "answerability-v14"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=12).answerability_version == 12
    assert SelectionPolicy(answerability_version=14).answerability_version == 14


def test_v14_reads_how_heavy_as_a_mass():
    assert question_parts("How heavy is one MS-40 mechanical seal kit?", 12).attribute is None
    parts = question_parts("How heavy is one MS-40 mechanical seal kit?", 14)
    assert parts.attribute is not None and parts.attribute.name == "mass"
    assert "heavy" not in {t.text for t in parts.terms}
    # the seal kit's chunk gives its price, not its weight; the grease's weight is stated
    assert _answers("How heavy is one MS-40 mechanical seal kit?", MANUAL, 12)
    assert not _answers("How heavy is one MS-40 mechanical seal kit?", MANUAL, 14)
    assert _answers("How heavy is the grease charge of the bearings?", MANUAL, 14)
    # another attribute asked keeps its reading
    asked = question_parts("How heavy is the seal kit and what does it cost?", 14).attribute
    assert asked is not None and asked.name == "money"


@pytest.mark.parametrize(
    ("question", "kind", "cue"),
    [
        ("How much money did the National Science Foundation grants provide?", "money", "money"),
        ("On which pages of the PLDI '09 proceedings does the paper appear?", "page", "pages"),
        ("TraceMonkey 的 trace 缓存默认有多大？", "size", None),
    ],
)
def test_v14_reads_more_forms_of_the_kind_of_value_asked(question, kind, cue):
    assert question_parts(question, 12).attribute is None
    parts = question_parts(question, 14)
    assert parts.attribute is not None and parts.attribute.name == kind
    assert cue is None or cue not in {t.text for t in parts.terms}


def test_v14_reads_duo_da_of_a_share_or_a_degree_as_before():
    for question in (
        "2023年空气质量达到优良的天数占全年多大比例？",
        "与前一年相比，PM2.5 的变化幅度有多大？",
    ):
        assert question_parts(question, 14).attribute == question_parts(question, 12).attribute
    # a sum asked of the decision, stated in 万元
    assert _answers("How much money was the polluter ordered to pay?", DECISION, 14)


@pytest.mark.parametrize(
    ("question", "event"),
    [
        ("Has the company in the penalty decision contested it in court?", "contested"),
        ("Has the fined party appealed the decision?", "appealed"),
        ("Had the limited company appealed?", "appealed"),
    ],
)
def test_v14_asks_the_event_of_a_has_question(question, event):
    assert event in v14.yes_no_events(question)
    term = next(t for t in question_parts(question, 14).terms if t.text == event)
    assert term.required and term.asked and term.yes_no
    assert not any(t.text == event and t.required for t in question_parts(question, 12).terms)


def test_v14_refuses_an_event_the_chunk_does_not_state():
    asked = "Has the company in the penalty decision contested it in court?"
    assert not _answers(asked, DECISION, 14)
    assert not v14.yes_no_events("Has there been a fine?")


def test_v14_reads_no_english_term_through_a_two_letter_word():
    assert answerability_meaning.text_words("pm2.5 31 mg/l") == ("pm", "mg")
    for term in ("registered", "notice"):
        cosine = answerability_meaning.closest_word(term, "pm2.5 31 mg/l")[1]
        assert v12.means(term, "pm2.5 31 mg/l", cosine, cosine)
        assert not v14.means(term, "pm2.5 31 mg/l", cosine, cosine)


def test_v14_crosses_languages_by_meaning_as_v12():
    # the thing asked found by meaning in the other language stays (measured: d612)
    lowered = MANUAL.lower()
    assert v12.means("外径", lowered, THRESHOLD, ACROSS)  # ~ "unit" 0.851 (d589)
    assert v14.means("外径", lowered, THRESHOLD, ACROSS)
    for term in ("罚金", "污水"):
        assert v14.means(term, DECISION.lower(), THRESHOLD, ACROSS)


def test_v14_does_not_read_the_document_context():
    parts = question_parts("What is the bearing temperature limit?", 14)
    assert parts.version == 14
    assert _answers("What is the bearing temperature limit?", MANUAL, 14)
    assert _answers("2023年PM2.5年均浓度是多少？", BULLETIN, 14)


def test_v14_reads_a_count_of_lines_as_a_text_length():
    question = "TraceMonkey 的源代码一共有多少行？"
    assert question_parts(question, 12).attribute is None
    parts = question_parts(question, 14)
    assert parts.attribute is not None and parts.attribute.name == "text length"
    assert "行" not in {t.text for t in parts.terms}
    value = parts.attribute.value
    assert value.search("the recorder is about 3,000 lines of C++")
    assert value.search("全文约五千字") and value.search("共1200行")
    assert not value.search("TraceMonkey runs 10 times faster on 26 programs")
