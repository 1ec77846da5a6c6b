"""A section's name under a statement's dated header lines heads none of its columns (period_words
"section_lines", gate 2.87.0, d1039; issue 28, s52), on the real filing: Ulta Beauty's cash-flow
statement and balance sheet as GroundGate's own PDF ingestion chunks them (chunking 5). Each
answer cites only its row, the page's chunks given. "Ulta Beauty spent $900,033 thousand on
repurchases of common shares in the 52 weeks ended January 28, 2023" was refused (UNGROUNDED_NUMBER
"52 weeks": "Operating activities" pushed "52 Weeks Ended" out of the column's header lines); it
passes, and the same row said of the 13 weeks or of the other column's day stays refused. Under
"cell_headers" (2.86.0's reading, selectable) it is refused as before. Made-up figures of the same
forms: context/corpus_en_section_lines.py, both ways."""

from __future__ import annotations

from functools import cache

import pytest

from groundgate.documents.pdf_text import extract_pdf
from groundgate.engine.context import corpus_en_section_lines as corpus
from groundgate.engine.context.facts import read_facts
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from groundgate.engine.gates.answer_reading import read_tables
from tests.conftest import shared_data
from tests.engine.context.test_operands import case

OLD = DEFAULT_POLICY.model_copy(update={"period_words": "cell_headers"})
REPURCHASE = "Repurchase of common shares (900,033) (1,521,925)"
CAPEX = "Capital expenditures (312,126) (172,187)"
CASH = "Cash and cash equivalents $ 737,877 $ 431,560"

# (the cited row, conclusion, right)
ANSWERS = [
    (REPURCHASE, "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 "
     "weeks ended January 28, 2023.", True),
    (REPURCHASE, "Ulta Beauty spent $1,521,925 thousand on repurchases of common shares in the "
     "52 weeks ended January 29, 2022.", True),
    (CAPEX, "Capital expenditures were $312,126 thousand in the 52 weeks ended January 28, 2023.",
     True),
    (CASH, "Cash and cash equivalents were $737,877 thousand at January 28, 2023.", True),
    (REPURCHASE, "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 13 "
     "weeks ended January 28, 2023.", False),
    (REPURCHASE, "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 "
     "weeks ended January 29, 2022.", False),
    (CAPEX, "Capital expenditures were $172,187 thousand in the 52 weeks ended January 28, 2023.",
     False),
    (CASH, "Cash and cash equivalents were $737,877 thousand at January 29, 2022.", False),
]  # fmt: skip


@cache
def _page(row: str) -> tuple[tuple[str, str], ...]:
    """The chunks (id, text) of the page whose chunk holds `row` as a line."""
    pdf = extract_pdf(shared_data("financebench", "ULTABEAUTY_2023Q4_EARNINGS.pdf").read_bytes())
    page = next(c.page_index for c in pdf.chunks if row in c.text.split("\n"))
    return tuple(
        (f"ulta-{i:05d}", c.text) for i, c in enumerate(pdf.chunks) if c.page_index == page
    )


def _case(row: str, conclusion: str) -> AnswerCase:
    chunks = _page(row)
    cited = next(i for i, t in chunks if row in t.split("\n"))
    return AnswerCase.model_validate(
        {
            "case_id": "ulta-section-lines",
            "question": "What does Ulta Beauty's statement report?",
            "raw_chunks": [{"chunk_id": i, "text": t} for i, t in chunks],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": cited, "excerpt": row}],
            },
        }
    )


@pytest.mark.parametrize(("row", "conclusion", "right"), ANSWERS)
def test_the_cells_length_and_day_stay_in_its_column(row, conclusion, right):
    status = gate_answer(_case(row, conclusion), DEFAULT_POLICY).status
    assert (status == "ok") is right


def test_the_reading_is_the_default_and_verbatim_keeps_the_spec_s():
    assert DEFAULT_POLICY.period_words == "section_lines"
    assert VERBATIM_POLICY.period_words == "excerpt"


def test_the_old_reading_refused_the_right_repurchase_for_its_length():
    result = gate_answer(_case(REPURCHASE, ANSWERS[0][1]), OLD)
    assert result.status != "ok"
    ungrounded = [f for f in result.findings if f.code == "UNGROUNDED_NUMBER"]
    assert any("52 weeks" in f.message for f in ungrounded), result.findings


def test_the_columns_keep_the_length_and_the_day():
    text = next(t for _, t in _page(REPURCHASE) if REPURCHASE in t.split("\n"))
    facts = [f for f in read_facts(text, reading=read_tables(DEFAULT_POLICY)) if f.row]
    repurchase = [f for f in facts if f.row == "Repurchase of common shares"]
    assert [f.column for f in repurchase] == [
        "52 Weeks Ended January 28, 2023 (Unaudited)",
        "52 Weeks Ended January 29, 2022 (Unaudited)",
    ]
    old = [f for f in read_facts(text, reading=read_tables(OLD)) if f.row == repurchase[0].row]
    assert "Operating activities" in old[0].column and "52 Weeks" not in old[0].column


@pytest.mark.parametrize("example", corpus.PASSES, ids=lambda e: e.answer)
def test_the_corpus_right_answers_were_refused_under_the_old_reading(example):
    built = case(example.answer, example.question, example.table, example.excerpt)
    assert gate_answer(built, DEFAULT_POLICY).status == "ok"
    assert gate_answer(built, OLD).status != "ok"
