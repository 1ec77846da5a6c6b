"""answerability-v7 (selectable, not the default; d524): the English counterpart of d486 - when
the noun phrase an English question asks for ends in a word that only says the value's shape
or kind (level, range, reading: answerability_lexicon.ASKING, or the attribute's cue), its
qualifier is the thing asked and is required without slack: v6 let one common noun in two go
missing, so "What vibration level ...?" was answered from an inspection chunk that states no
vibration. A head that names a thing (model, hardware) keeps v6's slack. The texts are the demo
PDF's chunks; the rest is v6's."""

from __future__ import annotations

import pytest

from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import INSPECTION, MANUAL

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


def test_v7_is_selectable_and_not_the_default():
    assert VERSIONS[7] == "answerability-v7"
    assert POLICY.answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=7).answerability_version == 7


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("What vibration level on a pump calls for an inspection?", ["vibration"]),
        ("Above what noise level must the pump be shut down?", ["noise"]),
        # "pressure" is the attribute asked: its value is required anyway, it is no term
        ("What pressure range do we need to keep while the pump is inspected?", []),
        # a head that names a thing: the answer states the kind, not its name
        ("Which impeller model do stations keep as a spare?", []),
        ("What hardware were the benchmarks run on?", []),
        # a phrase with a function word, a degree, and Chinese questions are not read
        ("What quantity of lubricant is used each time?", []),
        ("How much faster is the tracing VM?", []),
        ("哪条河被污染了？", ["河"]),  # v6's own rule
    ],
)
def test_the_qualifier_of_a_shape_word_is_asked(question, asked):
    assert sorted(t.text for t in question_parts(question, 7).terms if t.asked) == asked


def test_v7_refuses_when_the_qualifier_asked_is_not_stated():
    question = "Above what vibration level must the pump be shut down?"
    assert _answers(question, INSPECTION, 6)  # v6: "vibration" missing, "pump" found: slack
    assert not _answers(question, INSPECTION, 7)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("What pressure range must the pump stay within during inspection?", INSPECTION),
        ("Which impeller model do stations keep as a spare?", MANUAL),
    ],
)
def test_v7_answers_when_the_thing_asked_is_stated(question, chunk):
    assert _answers(question, chunk, 7)


def test_the_refusal_names_v7_and_the_qualifier_missing():
    reason = answerability(
        "Above what vibration level must the pump stop?", [("C0", INSPECTION)], 7
    )
    assert not reason.is_answerable
    assert "answerability-v7" in reason.reason and "vibration" in reason.reason
