"""Evidence units and months in title case or capitals (policy `capital_words`, answer gate 2.47.0,
d679; issue 28): "Three Months Ended March 31," - the standard 10-Q header - says what "three
months ended March 31" says, so the right "Net revenue for the three months ended March 31, 2023
was $512.3 million" is grounded; `off` (2.41.0's reading) refused it ("'three months' is in no
accepted excerpt"). Months in capitals ("MARCH 31,") are read so only under `units_months`
(d680). The tables are the owner's probes and a real TAT-QA table; the FinanceBench answer is a
real graded one (../shared/data)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.tatqa_build import build
from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.capitals import folded
from tests.conftest import shared_data
from tests.engine.financebench import graded_cases
from tests.engine.helpers import gate_whole_text

OFF = DEFAULT_POLICY.model_copy(update={"capital_words": "off"})
MONTHS = DEFAULT_POLICY.model_copy(update={"capital_words": "units_months"})
ROWS = "\n2023  2022\nNet revenue  $ 512.3  $ 470.1\nNet loss  (45.2)  (12.7)"
RIGHT = "Net revenue for the three months ended March 31, 2023 was $512.3 million."


def errors(conclusion: str, text: str, policy=DEFAULT_POLICY) -> list[str]:
    verdict = gate_whole_text(conclusion, text, policy)
    return [f.code for f in verdict.findings if f.severity == "error"]


def test_policies():
    assert DEFAULT_POLICY.capital_words == "units"
    assert VERBATIM_POLICY.capital_words == "off"


@pytest.mark.parametrize(
    "header",
    [
        "Three Months Ended March 31,",
        "For the Three Months Ended March 31,",
        "THREE MONTHS ENDED March 31,",
        "3 Months Ended March 31,",
    ],
)
def test_a_duration_header_in_title_case_or_capitals_grounds_the_right_answer(header: str):
    table = header + ROWS
    assert errors(RIGHT, table) == []
    assert errors(RIGHT.replace("three months", "3 months"), table) == []
    if not header[0].isdigit():  # (a bare "3" grounded "three months" before)
        assert errors(RIGHT, table, OFF) == ["UNGROUNDED_NUMBER"]
    # Another period is still refused: six months, another year.
    assert "UNGROUNDED_NUMBER" in errors(RIGHT.replace("three", "six"), table)
    assert errors(RIGHT.replace("2023 was", "2022 was"), table) != []


def test_digits_before_a_capitalised_unit_head_the_columns():
    # "3 Months Ended March 31," was a row of one cell, 3: the answer's "3 months" was that
    # cell's, "the figure for M3, Y2022" (a value out of context).
    table = "3 Months Ended March 31," + ROWS
    answer = RIGHT.replace("three months", "3 months")
    assert errors(answer, table, OFF) == ["VALUE_OUT_OF_CONTEXT"]
    assert errors(answer, table) == []


def test_months_in_capitals_only_under_units_months():
    table = "THREE MONTHS ENDED MARCH 31," + ROWS
    assert errors(RIGHT, table) == ["UNGROUNDED_NUMBER"]  # 'March 31, 2023'
    assert errors(RIGHT, table, MONTHS) == []
    assert errors(RIGHT.replace("2023 was", "2022 was"), table, MONTHS) != []


def test_the_values_keep_the_evidence_text_and_spans():
    verdict = gate_whole_text(RIGHT, "Three Months Ended March 31," + ROWS)
    quoted = [f.message for f in verdict.findings if "three months" in f.message]
    assert quoted and all("'Three Months'" in m for m in quoted), quoted


@given(st.text(alphabet="ThreMonsEdMARCHYmayMAY3 ,.\n0125", max_size=60))
def test_folding_keeps_every_span(text: str):
    for months in (False, True):
        changed = folded(text, months)
        assert len(changed) == len(text)
        assert all(0 <= v.start < v.end <= len(text) for v in extract_numbers(changed))


def test_real_tatqa_twelve_months_header():
    contexts = json.loads(shared_data("tatqa", "tatqa_dataset_dev.json").read_text("utf-8"))
    context = next(c for c in contexts if c["table"]["uid"].startswith("ceb7f8c7"))
    table = next(iter(build(context, "rows"))).case["answer"]["evidences"][0]["excerpt"]
    assert table.startswith("For the Twelve Months Ended December 31,\n2019  2018")
    right = "Cash and cash equivalents for the twelve months ended December 31, 2019 were "
    assert errors(right + "$9,472 thousand.", table) == []
    assert errors(right + "$9,472 thousand.", table, OFF) == ["UNGROUNDED_NUMBER"]
    assert errors(right + "$7,554 thousand.", table) == ["VALUE_OUT_OF_CONTEXT"]
    assert errors(right.replace("twelve", "six") + "$9,472 thousand.", table) != []


def test_real_financebench_year_ended_may_in_capitals():
    # Nike's cash flow statement headed "YEAR ENDED MAY 31," (a graded-correct answer): its
    # "fiscal year ended May 31, 2023" is grounded only with months in capitals read.
    case = next(c for _, c in graded_cases() if c.case_id == "fb-01163-claude-2-inContext_reverse")
    assert gate_answer(case, DEFAULT_POLICY).status != "ok"
    assert gate_answer(case, MONTHS).status == "ok"
