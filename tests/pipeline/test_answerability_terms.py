"""The question's words as terms (pipeline/answerability_terms.py, d894): moved out of
answerability_question.py unchanged, so the names other modules import from there are the same
objects, and the readers give the terms they gave."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundgate.pipeline import answerability_question as question
from groundgate.pipeline import answerability_terms as terms
from groundgate.pipeline.answerability_terms import (
    Term,
    _chinese_terms,
    _english_terms,
    _glossary_names,
    _titles,
)

QUESTIONS = Path(__file__).resolve().parents[2] / "fixtures" / "questions"


@pytest.mark.parametrize("name", ["Term", "_CJK_RUN", "_GLOSSARIES", "_STOP", "_posseg"])
def test_names_imported_from_answerability_question_are_the_moved_ones(name: str) -> None:
    assert getattr(question, name) is getattr(terms, name)


def test_english_words_coded_named_common_and_soft() -> None:
    read = _english_terms("How many MS-40 kits should sit in the store?")
    assert Term("ms-40", named=True) in read  # a code: found as written, no slack
    assert Term("kits", named=False) in read
    assert Term("sit", named=False, required=False) in read  # a verb only ties
    assert all(t.text not in ("how", "many", "the") for t in read)


def test_an_initial_capital_names_nothing_a_capital_inside_does() -> None:
    assert Term("replacement", named=False) in _english_terms("Replacement impeller price?")
    assert Term("tracemonkey", named=True) in _english_terms("Is TraceMonkey fast?")


def test_chinese_words_by_part_of_speech_and_the_thing_asked() -> None:
    assert _chinese_terms("哪条河的水质最差", 18) == [
        Term("河", named=False, asked=True),  # v6/v11: 哪 + 条 + 河 asks the river
        Term("水质", named=False),
    ]
    read = _chinese_terms("密封件的单价", 18)
    assert {t.text for t in read if t.required} >= {"密封件", "单价"}


def test_a_quoted_title_is_one_named_term_and_leaves_the_question() -> None:
    found, rest = _titles("《论持久战》写于哪天？")
    assert found == [Term("论持久战", named=True)]
    assert "论持久战" not in rest


def test_a_glossary_name_is_its_identity_from_v2() -> None:
    assert _glossary_names("PM10 的年均浓度", 18)[0] == [Term("pm10", named=True)]
    assert _glossary_names("PM10 的年均浓度", 1)[0] == [Term("pm10", named=False)]


def test_the_s50_question_file_is_well_formed() -> None:
    rows = [json.loads(line) for line in (QUESTIONS / "retrieval-heldout-s50.jsonl").open()]
    assert len({r["id"] for r in rows}) == len(rows) == 89
    covered = [r for r in rows if r["covered"]]
    assert [sum(r["lang"] == lang for r in covered) for lang in ("en", "zh")] == [30, 31]
    assert all(r["evidence"] and r["document"] for r in covered)
    assert all(not r["evidence"] for r in rows if not r["covered"])


def test_the_s51_question_file_is_well_formed() -> None:
    rows = [json.loads(line) for line in (QUESTIONS / "retrieval-heldout-s51.jsonl").open()]
    assert len({r["id"] for r in rows}) == len(rows) == 90
    covered = [r for r in rows if r["covered"]]
    assert [sum(r["lang"] == lang for r in covered) for lang in ("en", "zh")] == [31, 31]
    assert [sum(r["lang"] == lang for r in rows if not r["covered"]) for lang in ("en", "zh")] == [
        14,
        14,
    ]
    assert all(r["evidence"] and r["document"] for r in covered)
    assert all(not r["evidence"] for r in rows if not r["covered"])


def test_the_s52_question_file_is_well_formed() -> None:
    rows = [json.loads(line) for line in (QUESTIONS / "retrieval-heldout-s52.jsonl").open()]
    assert len({r["id"] for r in rows}) == len(rows) == 90
    covered = [r for r in rows if r["covered"]]
    assert [sum(r["lang"] == lang for r in covered) for lang in ("en", "zh")] == [31, 31]
    assert [sum(r["lang"] == lang for r in rows if not r["covered"]) for lang in ("en", "zh")] == [
        14,
        14,
    ]
    assert all(r["evidence"] and r["document"] for r in covered)
    assert all(not r["evidence"] for r in rows if not r["covered"])
