"""answerability-v8 (answer-assembly/2026-11.12, the default; d551): v6, and an English
question read by its shape (pipeline/answerability_shapes.py) - a scene-setting clause, the
document's own words (piece, contents, 论文 ...) and irregular past forms only tie; the unit a
value is asked in is no term; "what type of X", "how big", "to whom" and "the part number"
ask an attribute the chunk must state; a number a unit follows counts nothing. The texts are
the demo PDF's chunks; the rest is v6's."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_shapes as shapes
from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import DECISION, INSPECTION, MANUAL

POLICY = SelectionPolicy()


def _answers(question: str, chunk: str, version: int, strict: bool = False) -> bool:
    """`strict`: the chunk was admitted by the cross-language threshold alone (d374)."""
    found = answerability(
        question,
        [("C0", chunk)],
        version,
        frozenset({"C0"} if strict else ()),
        POLICY.paraphrase_min_similarity,
        POLICY.paraphrase_cross_language_min_similarity,
    )
    return found.is_answerable


def test_v8_and_v6_are_selectable():
    assert VERSIONS[8] == "answerability-v8"
    assert POLICY.answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert POLICY.policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy(answerability_version=6).answerability_version == 6


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        # a kind of grease: the manual says "120 g of grease", no kind
        ("What type of grease should be used on the pump bearings?", MANUAL),
        # a part number is a code, not a count: no code beside the grease
        ("What's the part number of the bearing grease?", MANUAL),
        # "120 g" measures the grease, it counts no bearings
        ("How many spare bearings should each station keep?", MANUAL),
        # the counted hours tie no seal: the hours are the bearings'
        ("After how many operating hours should the mechanical seals be swapped out?", MANUAL),
    ],
)
def test_v8_refuses_what_v6_let_through(question, chunk):
    assert _answers(question, chunk, 6)
    assert not _answers(question, chunk, 8)


@pytest.mark.parametrize(
    ("question", "chunk", "strict"),
    [
        # the scene ("The inspectors sampled the effluent") and the unit asked in only tie: an
        # English question on the Chinese decision, which must state every required term
        (
            "The inspectors sampled the effluent: how much COD did it contain, in mg/L?",
            DECISION,
            True,
        ),
        # the document's own words: the piece, the contents
        (
            "When was the piece in the contents on the discharge valve written, and how often "
            "is it inspected?",
            INSPECTION,
            False,
        ),
    ],
)
def test_v8_answers_what_v6_refused(question, chunk, strict):
    assert not _answers(question, chunk, 6, strict)
    assert _answers(question, chunk, 8, strict)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("What kind of seal kit does each station keep?", MANUAL),  # "Mechanical seal kit"
        ("What is the part number of the seal kit?", MANUAL),  # MS-40
        ("How often should the discharge-valve of each pump be inspected?", INSPECTION),
        ("How many seal kits should each station keep?", MANUAL),  # "MS-40: 2 per station"
    ],
)
def test_v8_answers_when_the_shape_asked_is_stated(question, chunk):
    assert _answers(question, chunk, 8)


def test_the_question_reading():
    parts = question_parts("Our grease gun is ready: what quantity do the bearings take?", 8)
    assert {t.text for t in parts.terms if t.required} == {"quantity", "bearings"}
    parts = question_parts("What's the deadline for the company to fix the problems found?", 8)
    assert not any(t.named for t in parts.terms)  # v6 made "found"'s clause a strict head
    assert question_parts("What type of grease, or oil, goes in?", 8).kind == "grease"
    assert question_parts("How big is the code cache?", 8).attribute.name == "size"
    assert question_parts("To whom was the letter sent?", 8).attribute.name == "who"
    assert question_parts("论文里的 oracle 是干什么用的？", 8).terms[1].required is False
    # the document's maker asked: the document is the subject
    assert question_parts("这本文集是哪家出版社出的？", 8).terms[0].required


def test_the_shapes():
    assert shapes.scene_words("A pump reads 5 bar - is that too high?") >= {"pump", "reads"}
    assert shapes.scene_words("How often is the valve checked?") == frozenset()
    assert shapes.units_asked("How much COD, in mg/L?") == {"mg", "l"}
    assert shapes.units_asked("Did they appeal in court?") == frozenset()
    assert shapes.noun_phrase("the company to fix the problems") == "the company"
    assert shapes.hyphen_parts("discharge-valve") == ["discharge", "valve"]
    assert shapes.hyphen_parts("MS-40") == []
    assert shapes.states_a_kind("grease", "Use lithium grease on the bearings")
    assert not shapes.states_a_kind("grease", "Lubricate with 120 g of grease")


def test_the_refusal_names_v8_and_the_kind_missing():
    found = answerability("What type of grease goes on the bearings?", [("C0", MANUAL)], 8)
    assert not found.is_answerable
    assert "answerability-v8" in found.reason and "(kind)" in found.reason
