"""Messages a reviewer read on the real filings' case pages (answer gate 2.81.0, messages only):
a duration is given no table scale (d960); a prose figure is no "other cell" (d961); a column
whose header prints its day over its year is named by both (d962). The statuses stay: these
are the words only. Chunks as the app's own PDF reader makes them (documents/pdf_text)."""

from __future__ import annotations

from functools import cache

from groundgate.documents.pdf_text import extract_pdf
from groundgate.engine.context.day_columns import days_over_years, with_days
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.conftest import shared_data
from tests.engine.context.test_operands import case


@cache
def _chunk(filename: str, start: str) -> str:
    pdf = extract_pdf(shared_data("financebench", filename).read_bytes())
    return next(c.text for c in pdf.chunks if c.text.startswith(start) or start in c.text)


def _gate(
    conclusion: str, text: str, excerpt: str, policy: AnswerGatePolicy = DEFAULT_POLICY
) -> dict[str, tuple[str, str]]:
    verdict = gate_answer(
        AnswerCase.model_validate(
            {
                "case_id": "filing",
                "question": "",
                "raw_chunks": [{"chunk_id": "c", "text": text}],
                "answer": {
                    "conclusion": conclusion,
                    "evidences": [{"chunk_id": "c", "excerpt": excerpt}],
                },
            }
        ),
        policy,
    )
    return {f.value or "": (f.code, f.message) for f in verdict.findings}


def _span(text: str, start: str, end: str) -> str:
    at = text.index(start)
    return text[at : text.index(end, at) + len(end)]


def test_a_duration_read_as_written_names_no_table_scale():
    # Best Buy's Domestic segment table, under "($ in millions)": "three months" is read as the
    # header's "Three Months", with no scale to name (2.76.1 said "scale from '($ in millions'").
    text = _chunk("BESTBUY_2024Q2_10Q.pdf", "Selected financial data for the Domestic segment")
    excerpt = _span(text, "Three Months Ended", "Revenue $ 8,890")
    said = "Revenue was $8,890 million in the three months ended July 29, 2023."
    found = _gate(said, text, excerpt)
    code, message = found["three months"]
    assert code == "NUMBER_EQUIVALENT"
    assert "as_written" in message and "scale from" not in message
    # The amount grounded under the same declaration still names it.
    assert "scale from '($ in millions' in chunk 'c'" in found["$8,890 million"][1]


def test_a_duration_in_a_small_table_names_no_scale_and_an_amount_does():
    table = "Statements of Cash Flows ($ in millions)\nSix Months Ended\nRevenue  473  453"
    verdict = gate_answer(case("Revenue was $473 million in the six months.", table=table))
    by_value = {f.value: f.message for f in verdict.findings}
    assert "scale from" not in by_value["six months"]
    assert "scale from '($ in millions' in chunk 't'" in by_value["$473 million"]


def test_a_prose_figure_is_named_by_its_sentence_not_as_a_cell():
    # Ulta's "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal
    # 2021": the sentence names no period for $10.2 billion.
    text = _chunk("ULTABEAUTY_2023Q4_EARNINGS.pdf", "Net sales increased 18.3% to $10.2 billion")
    excerpt = "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021"
    found = _gate("Ulta Beauty's net sales were $10.2 billion in fiscal 2021.", text, excerpt)
    code, message = found["$10.2 billion"]
    assert code == "VALUE_OUT_OF_CONTEXT"
    assert "another cell" not in message
    assert "$10.2 billion is the figure for a period its sentence does not name" in message
    assert message.endswith("; 2021 has $8.6 billion")


def test_ulta_columns_are_named_by_the_day_the_header_prints_over_the_year():
    text = _chunk("ULTABEAUTY_2023Q4_EARNINGS.pdf", "Condensed Consolidated Balance Sheets")
    assert "January 28, January 29,\n2023 2022" in text
    excerpt = _span(text, "(In thousands)", "$ 431,560")
    said = "Cash and cash equivalents were $431,560 thousand at January 28, 2023."
    found = _gate(said, text, excerpt)
    code, message = found["$431,560 thousand"]
    assert code == "VALUE_OUT_OF_CONTEXT"
    assert message.endswith(
        "$431,560 thousand is the figure for Cash and cash equivalents (January 29, 2022); "
        "Cash and cash equivalents (January 28, 2023) has 737,877"
    )


def test_days_pair_with_years_in_order_and_only_one_to_one():
    header = [["(In thousands)"], ["January 28, January 29,"], ["2023", "2022"], ["Assets"]]
    assert days_over_years(header) == {"2023": "January 28, 2023", "2022": "January 29, 2022"}
    assert with_days("2023", days_over_years(header)) == "January 28, 2023"
    # A name that already says its day, or two years, or none of them, stays.
    days = days_over_years(header)
    assert with_days("January 28, 2023", days) == "January 28, 2023"
    assert with_days("2023 2022", days) == "2023 2022"
    assert with_days("Total", days) == "Total"
    # Not a line of days only, or not as many days as years: nothing is paired.
    assert days_over_years([["Fiscal January 28,"], ["2023", "2022"]]) == {}
    assert days_over_years([["January 28,"], ["2023", "2022"]]) == {}
    assert days_over_years([["Dec. 31, Dec. 31,"], ["2019", "2018"]]) == {
        "2019": "Dec. 31, 2019",
        "2018": "Dec. 31, 2018",
    }
    # One year given two days ("2023 2023" under two days) is not named by either.
    assert days_over_years([["July 29, July 30,"], ["2023", "2023"]]) == {}
