"""Dates side by side one space apart head a column each (policy `date_columns: "each_date"`,
answer gate 2.72.0, d906; `one_part` the old reading, and verbatim's).

PDF ingestion keeps a statement's rows (chunking version 2, d905) but joins a row's cells by one
space, so a header of dates is one part: read as a prefix of every column, each cell was of both
dates and a figure said of the other date passed. Forms of Best Buy's 10-Q and Ulta Beauty's
earnings release (context/corpus_en_pdf.py; the real filings in tests/services/
test_pdf_statements.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en_pdf
from groundgate.engine.context.date_columns import date_parts
from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.rows import Line
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.test_operands import case

READ = TableReading(date_columns=True)
OLD = TableReading()
ONE_PART = AnswerGatePolicy(date_columns="one_part")


def parts(text: str) -> list[str]:
    return date_parts(Line(0, text, extract_numbers(text)), [text])


def columns(table: str, reading: TableReading) -> dict[str, str]:
    return {f.value.text: f.column for f in read_facts(table, reading=reading) if f.in_table}


def codes(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> list[str]:
    return [f.code for f in gate_answer(case(answer, table=table), policy).findings]


def test_each_date_is_a_part():
    assert parts("July 29, 2023 July 30, 2022") == ["July 29, 2023", "July 30, 2022"]
    assert parts("January 28, January 29,") == ["January 28,", "January 29,"]
    assert parts("December 31, 2023 December 31, 2022 December 31, 2021") == [
        "December 31, 2023",
        "December 31, 2022",
        "December 31, 2021",
    ]


def test_a_line_of_words_or_one_date_is_left_as_it_was():
    for text in (
        "As of July 29, 2023 and July 30, 2022",  # words between
        "Six Months Ended July 29, 2023",  # one date
        "Six Months Ended",
        "2023 2022",  # years: the period-only line's reading
    ):
        assert parts(text) == [text]


def test_the_columns_of_dates_side_by_side():
    table = corpus_en_pdf.DATES_SIDE_BY_SIDE
    assert "Six Months Ended July 30, 2022" in columns(table, READ)["447"]
    assert "Six Months Ended July 29, 2023" in columns(table, READ)["468"]
    assert "July 29, 2023" not in columns(table, READ)["447"]
    # The old reading: one part over rows of two cells, so no cell has a column.
    assert columns(table, OLD)["447"] == columns(table, OLD)["468"] == ""


def test_days_over_years_pair_day_and_year():
    shares = corpus_en_pdf.DAYS_OVER_YEARS_SHARES
    assert "January 29, 2022" in columns(shares, READ)["956,869"]
    assert "January 28, 2023" in columns(shares, READ)["1,117,241"]
    assert "January 28, January 29, 2022" in columns(shares, OLD)["956,869"]
    # Under "Assets" and "Current assets:" the day line is past the four header lines a cell
    # is read with: the year line alone names the column, in either reading.
    table = corpus_en_pdf.DAYS_OVER_YEARS
    assert columns(table, READ)["498,210"].startswith("2022 ")
    assert columns(table, OLD)["498,210"] == columns(table, READ)["498,210"]


def test_the_other_dates_cell_is_out_of_context_and_the_old_reading_selectable():
    for example in corpus_en_pdf.REFUSED:
        assert "VALUE_OUT_OF_CONTEXT" in codes(example.answer, example.table)
    # "one_part" (verbatim's) lets the other date's cell pass where dates side by side name the
    # columns; over a line of years, the year told them apart already, under a wrong name.
    side = corpus_en_pdf.DATES_SIDE_BY_SIDE
    for example in [e for e in corpus_en_pdf.REFUSED if e.table == side]:
        assert "VALUE_OUT_OF_CONTEXT" not in codes(example.answer, example.table, ONE_PART)
    said = "Gross profit was $1,117,241 thousand at January 29, 2022."
    shares = corpus_en_pdf.DAYS_OVER_YEARS_SHARES
    new = gate_answer(case(said, table=shares)).findings[0].message
    old = gate_answer(case(said, table=shares), ONE_PART).findings[0].message
    # (its "13 Weeks Ended" line names the column too since period_words "cell_headers", d1012)
    assert "(13 Weeks Ended January 28, 2023)" in new and "January 28, January 29, 2023" not in new
    assert "January 28, January 29, 2023" in old
    assert DEFAULT_POLICY.date_columns == "each_date"
    assert VERBATIM_POLICY.date_columns == "one_part"


_MONTHS = ["January", "March", "June", "July", "September", "December"]


@given(
    st.lists(
        st.tuples(st.sampled_from(_MONTHS), st.integers(1, 28), st.integers(2000, 2030)),
        min_size=2,
        max_size=4,
    )
)
def test_any_run_of_dates_gives_one_part_each(dates):
    texts = [f"{m} {d}, {y}" for m, d, y in dates]
    assert parts(" ".join(texts)) == texts
