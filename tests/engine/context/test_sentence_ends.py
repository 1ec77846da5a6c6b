"""One sentence end for the context rules that read back or on from a value (sentences.
SENTENCE_END, d716, issue 28): ".", "!", "?" before a space or the text's end, "。", "！", "？"
wherever they stand. operands (operation_words._SENTENCE_END), operand_rule._CLAUSE_BREAK,
sign_sides._SENTENCE_END and prose_subjects / prose_bindings compose it with their own clause
marks and line breaks; at 2.50.0 each held its own set of marks (a "。" ended an operand's
sentence only before a space, "！？" ended no prose clause). No verdict moved (d716)."""

from __future__ import annotations

import re

import pytest

from groundgate.engine.context import (
    operand_rule,
    operation_words,
    prose_bindings,
    prose_days,
    sign_sides,
)
from groundgate.engine.context.prose_subjects import CLAUSE_CUT
from groundgate.engine.gates.answer import DEFAULT_POLICY, gate_answer
from groundgate.engine.sentences import SENTENCE_END
from tests.engine.context.test_operands import case

END = re.compile(SENTENCE_END)


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("Revenue was 5. Costs were 3.", [14, 28]),
        ("Was it 5? Yes! It was.", [9, 14, 22]),
        ("营业收入为5亿元。净利润为2亿元！是吗？", [9, 17, 20]),
        ("Revenue was 3.5 million", []),  # a decimal point
        ("See example.com for 5", []),  # a dot inside a word
        ("Yahoo!Inc", []),  # an ASCII mark glued to a word
    ],
)
def test_a_sentence_end(text: str, ends: list[int]) -> None:
    assert [m.end() for m in END.finditer(text)] == ends


@pytest.mark.parametrize(
    "pattern",
    [
        operation_words._SENTENCE_END,
        operand_rule._CLAUSE_BREAK,
        sign_sides._SENTENCE_END,
        CLAUSE_CUT,
        prose_bindings._SEGMENT,
        prose_bindings._CUT,
        prose_days._COMMA_PART,
    ],
)
def test_every_reader_composes_the_one_sentence_end(pattern: re.Pattern[str]) -> None:
    assert SENTENCE_END in pattern.pattern
    for text in ("a. b", "a! b", "a? b", "甲。乙", "甲！乙", "甲？乙"):
        assert pattern.search(text), (pattern.pattern, text)
    assert not pattern.search("3.5")  # (no reader ends a sentence at a decimal point)


def test_an_operands_sentence_ends_at_a_full_width_stop_without_a_space() -> None:
    # 2.50.0 read "营业收入为5亿元。净利润" as one sentence before the second value.
    text = "营业收入为5亿元。净利润为2亿元"
    assert [m.end() for m in operation_words._SENTENCE_END.finditer(text)] == [9]


def test_an_operands_sentence_runs_over_a_wrapped_line_but_not_a_blank_one() -> None:
    pattern = operation_words._SENTENCE_END
    assert not pattern.search("Net revenues increased\nto $5.2 billion")  # PDF text wraps
    assert pattern.search("Net revenues\n\nOperating income")


NEG = "2023  2022\nNet income (loss)  (262)  245"


@pytest.mark.parametrize(
    "answer",
    [
        "2023 net income: $262.",
        "Net loss for 2022: $245.",
        "Net income (2023): $262.",
    ],
)
def test_a_side_said_before_a_colon_is_the_values_own(answer: str) -> None:
    # sign_sides adds no colon to the sentence end: a colon would cut the side word away.
    verdict = gate_answer(case(answer, table=NEG), DEFAULT_POLICY)
    assert verdict.status == "citation_insufficient", verdict.findings
    assert any("flipped sign" in f.message for f in verdict.findings)
