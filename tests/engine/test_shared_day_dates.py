"""A day written once for several years: the header of nearly every balance sheet and cash flow
statement ("June 30, | 2023 | 2022") and the notes' prose ("December 31, 2022 and 2021"). An
answer's "as of June 30, 2022" is grounded by such a header, with the rule date_shared_day shown
to the reviewer; a day paired with a year the header does not pair it with is not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import VERBATIM_POLICY
from groundgate.engine.gates.answer_numbers import NUMBER_EQUIVALENT, UNGROUNDED_NUMBER
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.date.evidence import shared_day_dates
from groundgate.engine.values.date.rules_en import MONTHS
from tests.engine.helpers import gate_whole_text

# Laid out as PyMuPDF extracts such tables: one cell per line.
BALANCE_SHEET = (
    "CONSOLIDATED BALANCE SHEETS\n(In millions)\nJune 30,\n2023\n2022\nAssets\n"
    "Total assets\n$\n411,976\n$\n364,840\n"
)
CASH_FLOWS = (
    "Consolidated Statements of Cash Flows\nFiscal year ended\nJanuary 28,\nJanuary 29,\n"
    "January 30,\n(In thousands)\n2023\n\n2022\n\n2021\nOperating activities\nNet income\n$\n"
    "1,242,408\n$\n985,837\n$\n175,8\n"
)
ALTERNATING = (
    "CONSOLIDATED STATEMENTS OF CASH FLOWS\n(In millions)\nYears Ended\nDecember 2,\n2022\n"
    "December 3,\n2021\nNovember 27,\n2020\nCash flows from operating activities:\n"
)
NOTE = "As of December 31, 2022 and 2021, the company had 1,200 and 1,150 employees."


gate = gate_whole_text


def dates(text: str) -> list[tuple[int | None, int | None, int | None]]:
    return [tuple(q.date) for q in shared_day_dates(text, extract_numbers(text)) if q.date]


def test_a_header_gives_its_day_every_year_under_it():
    assert dates(BALANCE_SHEET) == [(2023, 6, 30), (2022, 6, 30)]
    assert dates(ALTERNATING) == [(2022, 12, 2), (2021, 12, 3), (2020, 11, 27)]
    assert dates(NOTE) == [(2021, 12, 31)]
    # An abbreviated month ("Dec. 31,").
    assert dates("Dec. 31,\n2023\n2022\n") == [(2023, 12, 31), (2022, 12, 31)]
    # The same day over each column, as many days as years or not.
    assert dates("At December 31\nDecember 31,\nDecember 31,\n2018\n2017\n") == [
        (2018, 12, 31),
        (2017, 12, 31),
    ]


def test_as_many_days_as_years_pair_in_order():
    assert dates(CASH_FLOWS) == [(2023, 1, 28), (2022, 1, 29), (2021, 1, 30)]


@pytest.mark.parametrize(
    "text",
    [
        # Two days, three years: which day belongs to which year is unclear.
        "June 30,\nDecember 31,\n2023\n2022\n2021",
        # A word between the day and the year: no header.
        "On June 30 the 2019 report was filed.",
        # A figure that is not a year.
        "June 30,\n2,023\n",
        "June 30,\n1850\n",
    ],
)
def test_no_date_where_the_pairing_is_unclear(text):
    assert dates(text) == []


def test_a_date_from_the_header_is_grounded_and_says_how():
    verdict = gate("Total assets were $364,840 million as of June 30, 2022.", BALANCE_SHEET)
    assert verdict.status == "ok", verdict.findings
    shared = [f for f in verdict.findings if "date_shared_day" in (f.rules or ())]
    assert len(shared) == 1
    finding = shared[0]
    assert finding.code == NUMBER_EQUIVALENT and finding.severity == "info"
    # The reviewer reads the date the header gives; the marks are its day and its year, each
    # where it is written, not the header between them (the other year, "2023"; d635).
    assert finding.grounded_by.text == "June 30, 2022"
    start, end = finding.grounded_by.span
    assert BALANCE_SHEET[start:end] == "June 30,"
    assert finding.derivation is not None and finding.derivation.operation == "shared_day"
    day, year = finding.derivation.operands
    assert [BALANCE_SHEET[slice(*p.span)] for p in (day, year)] == ["June 30,", "2022"]
    assert (day.text, year.text) == ("June 30,", "2022")
    assert "a day written once for the years after it" in finding.message
    assert "gives 'June 30, 2022', the header's day 'June 30,' and its year '2022'" in (
        finding.message
    )


@pytest.mark.parametrize(
    "conclusion",
    [
        "Total assets were $364,840 million as of June 30, 2021.",  # a year not in the header
        "Total assets were $364,840 million as of June 3, 2022.",  # another day
        "Total assets were $364,840 million as of July 30, 2022.",  # another month
    ],
)
def test_a_date_the_header_does_not_give_is_rejected(conclusion):
    verdict = gate(conclusion, BALANCE_SHEET)
    assert verdict.status == "citation_insufficient"
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.code == UNGROUNDED_NUMBER
    # The near miss names the date the header gives, and marks the header.
    assert finding.near_match is not None and "'June 30, 20" in finding.message


def test_days_are_not_paired_across_columns():
    assert (
        gate(
            "Net income was $985,837 thousand for the year ended January 29, 2022.", CASH_FLOWS
        ).status
        == "ok"
    )
    wrong = gate(
        "Net income was $985,837 thousand for the year ended January 29, 2023.", CASH_FLOWS
    )
    assert wrong.status == "citation_insufficient"


def test_the_verbatim_policy_keeps_the_spec_reading():
    verdict = gate("Total assets were 364,840 as of June 30, 2022.", BALANCE_SHEET, VERBATIM_POLICY)
    assert verdict.status == "citation_insufficient"
    assert [f.value for f in verdict.findings if f.code == UNGROUNDED_NUMBER] == ["June 30, 2022"]


def test_prose_that_shares_the_day():
    assert gate("The company had 1,150 employees at December 31, 2021.", NOTE).status == "ok"
    assert gate("The company had 1,150 employees at December 31, 2020.", NOTE).status != "ok"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["January", "March", "June", "September", "December"]),
            st.integers(1, 28),
        ),
        min_size=1,
        max_size=4,
    ),
    st.lists(st.integers(1990, 2030), min_size=1, max_size=4, unique=True),
    st.sampled_from(["\n", " | ", "\n\n"]),
)
def test_only_the_header_own_pairs_are_offered(days, years, sep):
    """Whatever the header, a date is offered only for a day and year it pairs: every year
    with the one day (however often it is written), or day i with year i, and nothing when
    the counts differ."""
    text = "Balance sheet" + sep + sep.join(f"{m} {d}," for m, d in days)
    text += sep + "(In millions)" + sep + sep.join(map(str, years)) + sep + "Assets"
    numbered = [(MONTHS[name], d) for name, d in days]
    if len(set(days)) == 1:
        expected = [(y, *numbered[0]) for y in years]
    elif len(days) == len(years):
        expected = [(y, *day) for day, y in zip(numbered, years, strict=True)]
    else:
        expected = []
    assert dates(text) == expected
