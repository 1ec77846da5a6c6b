"""A header a PDF text flattened onto one line (shared_days "flattened_lines", gate 2.46.0):
Ulta Beauty's cash-flow statement, as the app's own PDF reader chunked it up to chunking version
1, reads "52 Weeks Ended January 28, January 29, 2023 2022": the days and the years pair in
order, so a right "January 28, 2023" is grounded (2.41.0 read only "January 29, 2023" there and
refused it). Version 2 keeps the statement's rows (d905); the flattened text is version 1's
joining of the same lines (chunking._block_text without rows), as stored documents keep it."""

from __future__ import annotations

from functools import cache

import pytest

from groundgate.documents.chunking import _block_text
from groundgate.documents.pdf_text import extract_pdf
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, AnswerGatePolicy, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.date.evidence import shared_day_dates
from tests.conftest import shared_data

HEADER = "52 Weeks Ended January 28, January 29, 2023 2022 (Unaudited) Operating activities"
ROWS = "52 Weeks Ended\nJanuary 28, January 29,\n2023 2022\n(Unaudited)\nOperating activities"


@cache
def _chunks() -> tuple[str, str]:
    """The cash-flow chunk: (version 1's text, version 2's)."""
    pdf = extract_pdf(shared_data("financebench", "ULTABEAUTY_2023Q4_EARNINGS.pdf").read_bytes())
    chunk = next(c for c in pdf.chunks if ROWS in c.text)
    blocks: dict[int, list] = {}
    for line in chunk.lines:
        blocks.setdefault(line.block, []).append(line)
    flattened = "\n".join(_block_text(lines) for lines in blocks.values())
    assert HEADER in flattened and len(flattened) == len(chunk.text)
    return flattened, chunk.text


def _cash_flows() -> str:
    return _chunks()[0]


def _case(conclusion: str, text: str | None = None) -> AnswerCase:
    text = text or _cash_flows()
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
    # Version 2's rows: the header's days over its years, read as columns (d906).
    assert gate_answer(_case(conclusion, _chunks()[1]), DEFAULT_POLICY).status == "ok"


@pytest.mark.parametrize("day", ["January 30, 2023", "January 28, 2021"])
def test_another_day_is_still_refused(day: str):
    conclusion = f"For the 52 weeks ended {day}, net income was $1,242,408 thousand."
    assert gate_answer(_case(conclusion), DEFAULT_POLICY).status != "ok"
