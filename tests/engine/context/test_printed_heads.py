"""Lengths as PDF ingestion prints their headers (period_spans "printed_heads", d986) and a
fiscal year the case does not place (fiscal_years "open_names", d987): each refused example of
context/corpus_en_lengths.py is refused as another period's value (VALUE_OUT_OF_CONTEXT, not a
number the excerpt lacks), and each reading's old value is selectable: under `lengths` /
`chunk_names` (2.82.0's) the refused ones the new reading catches pass, and Best Buy's right
"Q2 of FY 2024" is refused again."""

from __future__ import annotations

import pytest

from groundgate.engine.context import corpus_en_lengths as corpus
from groundgate.engine.context.corpus import Refused
from groundgate.engine.context.length_parts import length_parts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OLD_SPANS = AnswerGatePolicy(period_spans="lengths")
OLD_FISCAL = AnswerGatePolicy(fiscal_years="chunk_names")


def _codes(example: Refused | corpus.Passes, policy: AnswerGatePolicy) -> tuple[str, list[str]]:
    verdict = gate_answer(
        case(example.answer, example.question, example.table, example.excerpt), policy
    )
    return verdict.status, [f.code for f in verdict.findings]


def test_the_new_readings_are_the_defaults_and_verbatim_keeps_the_old():
    assert DEFAULT_POLICY.period_spans == "printed_heads"
    assert DEFAULT_POLICY.fiscal_years == "open_names"
    assert VERBATIM_POLICY.period_spans == "off"
    assert VERBATIM_POLICY.fiscal_years == "calendar"


@pytest.mark.parametrize("example", corpus.REFUSED, ids=lambda e: e.answer)
@pytest.mark.parametrize("policy", [DEFAULT_POLICY, ACCEPT], ids=["default", "accept"])
def test_another_lengths_cell_is_out_of_context(example: Refused, policy: AnswerGatePolicy):
    status, codes = _codes(example, policy)
    assert status != "ok"
    assert "VALUE_OUT_OF_CONTEXT" in codes, codes
    assert "UNGROUNDED_NUMBER" not in codes, codes


def test_under_lengths_the_printed_headers_decide_nothing():
    """2.82.0's reading: the one-part "Three Months Ended Six Months Ended" heads every column
    with both lengths, and the year's header below the quarter's rows is prose."""
    passed = [e.answer for e in corpus.REFUSED if _codes(e, OLD_SPANS)[0] == "ok"]
    assert "Revenue was $18,977 million in the three months ended July 29, 2023." in passed
    assert "Net sales were $10,112,904 thousand in the 13 weeks ended January 28, 2023." in passed
    assert "Net revenues were $7,034 million in the third quarter of 2023." in passed


def test_an_unplaced_fiscal_year_was_read_as_the_calendar_year_under_chunk_names():
    right = next(e for e in corpus.PASSES if e.answer.startswith("Revenue in Q2 of FY 2024"))
    assert _codes(right, DEFAULT_POLICY)[0] == "ok"
    status, codes = _codes(right, OLD_FISCAL)
    assert status != "ok" and "VALUE_OUT_OF_CONTEXT" in codes


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Three Months Ended Six Months Ended", ["Three Months Ended", "Six Months Ended"]),
        ("13 Weeks Ended 52 Weeks Ended", ["13 Weeks Ended", "52 Weeks Ended"]),
        ("Quarter Ended Fiscal Year Ended", ["Quarter Ended", "Fiscal Year Ended"]),
        ("Three Months Ended", ["Three Months Ended"]),  # one phrase: one part, as before
        (
            "Three Months Ended June 30, Six Months Ended",
            ["Three Months Ended June 30, Six Months Ended"],
        ),
        (
            "Revenue for the three months ended and the six months ended",
            ["Revenue for the three months ended and the six months ended"],
        ),
    ],
)
def test_a_line_of_lengths_alone_is_a_part_each(text: str, parts: list[str]):
    assert length_parts(text, [text]) == parts
