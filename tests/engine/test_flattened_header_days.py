"""A header a PDF text flattened onto one line (shared_days "flattened_lines", gate 2.46.0):
Ulta Beauty's cash-flow statement, as the app's own PDF reader chunks it, reads "52 Weeks Ended
January 28, January 29, 2023 2022": the days and the years pair in order, so a right "January
28, 2023" is grounded (2.41.0 read only "January 29, 2023" there and refused it)."""

from __future__ import annotations

from functools import cache

import pytest

from groundgate.documents.pdf_text import extract_pdf
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, AnswerGatePolicy, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.date.evidence import shared_day_dates
from tests.conftest import shared_data

HEADER = "52 Weeks Ended January 28, January 29, 2023 2022 (Unaudited) Operating activities"


@cache
def _cash_flows() -> str:
    pdf = extract_pdf(shared_data("financebench", "ULTABEAUTY_2023Q4_EARNINGS.pdf").read_bytes())
    return next(c.text for c in pdf.chunks if HEADER in c.text)


def _case(conclusion: str) -> AnswerCase:
    text = _cash_flows()
    return AnswerCase.model_validate(
        {
            "case_id": "ulta-cash-flows",
            "question": "What was Ulta Beauty's net income in its last fiscal year?",
            "raw_chunks": [{"chunk_id": "ulta-p8", "text": text}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "ulta-p8", "excerpt": text}],
            },
        }
    )


def test_the_flattened_header_pairs_its_days_and_years_in_order():
    text = "52 Weeks Ended January 28, January 29, 2023 2022 (Unaudited)"
    found = shared_day_dates(text, extract_numbers(text), 2)
    assert [(q.date.year, q.date.month, q.date.day) for q in found] == [
        (2023, 1, 28),
        (2022, 1, 29),
    ]
    # Each date located from its own day.
    assert [text[q.value.start : q.value.start + 11] for q in found] == [
        "January 28,",
        "January 29,",
    ]
    # The header-line reading (2.41.0's) reads "January 29, 2023" as one date, then 2022 as
    # another year of it: January 28 gets no year.
    old = shared_day_dates(text, extract_numbers(text), 1)
    assert [(q.date.year, q.date.month, q.date.day) for q in old] == [(2022, 1, 29)]


def test_a_right_date_of_the_real_statement_is_grounded():
    conclusion = "For the 52 weeks ended January 28, 2023, net income was $1,242,408 thousand."
    assert gate_answer(_case(conclusion), DEFAULT_POLICY).status == "ok"
    old = AnswerGatePolicy(shared_days="header_lines")
    assert gate_answer(_case(conclusion), old).status != "ok"


@pytest.mark.parametrize("day", ["January 30, 2023", "January 28, 2021"])
def test_another_day_is_still_refused(day: str):
    conclusion = f"For the 52 weeks ended {day}, net income was $1,242,408 thousand."
    assert gate_answer(_case(conclusion), DEFAULT_POLICY).status != "ok"
