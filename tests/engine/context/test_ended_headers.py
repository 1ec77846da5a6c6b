"""Period phrases that end on a day (policy `ended_headers: "period_phrases"`, answer gate 2.28.0).

Two layouts of real report tables (TAT-QA) name their periods by the day a year ends:
  - below rows, "Year ended 30 June 2018" starts the rows of that year, as "As at 31 December
    2018" does (d406); gate 2.27.0 read it as a row labelled "Year ended", so the rows under it
    kept the year of the header above (2019) and "the change from 2018 to 2019" found no 2018 cell;
  - "52 weeks ended 30 Mar 2019 £m  52 weeks ended 31 Mar 2018 £m" over the columns: the weeks
    are the period's length, no cells; gate 2.27.0 read the line as prose, so no cell of the
    table had a column."""

from __future__ import annotations

from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.rows import Line
from groundgate.engine.context.table_headers import _header_words, _section_period
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.derivations import derived_formula, tatqa_answers
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OFF = AnswerGatePolicy(derived_numbers="accept", ended_headers="off")
NEW = TableReading(header_units=True, ended_headers=True)
OLD = TableReading(header_units=True)
# The shapes of two real TAT-QA tables.
SECTIONS = (
    "External valuation %  Internal valuation %\n"
    "Year ended 30 June 2019\n"
    "Leasehold  23%  77%\n"
    "Freehold  38%  62%\n"
    "Year ended 30 June 2018\n"
    "Leasehold  60%  40%\n"
    "Freehold  27%  73%"
)
WEEKS = (
    "52 weeks ended 30 Mar 2019 £m  52 weeks ended 31 Mar 2018 £m\n"
    "(Loss)/profit before taxation  (42.7)  20.9\n"
    "Impairment of goodwill  -  (0.8)\n"
    "Adjustment for share-based payments  (0.4)  (0.6)\n"
    "Adjustments to prior periods  1.7  (8.1)"
)


def cells(text: str, reading: TableReading) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {
        f.value.text: (f.row, f.periods) for f in read_facts(text, reading=reading) if f.in_table
    }


def line(text: str) -> Line:
    return Line(0, text, extract_numbers(text))


def test_on_by_default_and_off_in_verbatim():
    assert DEFAULT_POLICY.ended_headers == "period_phrases"
    assert VERBATIM_POLICY.ended_headers == "off"


def test_a_year_ended_line_below_rows_starts_a_section():
    new = cells(SECTIONS, NEW)
    assert new["23%"] == ("Leasehold", ("M6", "Y2019"))
    assert new["60%"] == ("Leasehold", ("M6", "Y2018"))
    assert new["73%"] == ("Freehold", ("M6", "Y2018"))
    assert "30 June 2018" not in new  # the section's day, no cell
    old = cells(SECTIONS, OLD)
    assert old["60%"] == ("Leasehold", ("M6", "Y2019"))  # 2.27.0: the header's year
    assert old["30 June 2018"][0] == "Year ended"


def test_which_lines_are_sections():
    for text in (
        "Year ended 30 June 2018",
        "Fiscal year ended May 31, 2019",
        "For the year ended 31 December 2018",
        "Year-ended 31 March 2018",
        "Period ending December 31, 2019",
        "Six months ended 30 June 2019",
        "52 weeks ended 31 Mar 2018",  # the weeks a value, no second section day
        "13 weeks ended December 29, 2018",
    ):
        assert _section_period(line(text), ended=True), text
        assert not _section_period(line(text)), text
    for text in (
        "Revenue ended 30 June 2018",  # a label's words
        "Year ended 30 June 2018  1,234",  # a row: a value after the day
        "Year ended 2018",  # a year alone is a year line, read as such
        "52 weeks ended 31 Mar 2018  (4.0)",  # a row
        "52 weeks  31 Mar 2018",  # no "ended": the weeks are a value of the line
    ):
        assert not _section_period(line(text), ended=True), text


def test_weeks_before_ended_head_the_columns():
    new = cells(WEEKS, NEW)
    assert new["1.7"] == ("Adjustments to prior periods", ("M3", "Y2019"))
    assert new["8.1"] == ("Adjustments to prior periods", ("M3", "Y2018"))
    assert new["0.6"] == ("Adjustment for share-based payments", ("M3", "Y2018"))
    assert all(periods == () for _, periods in cells(WEEKS, OLD).values())  # 2.27.0: none


def test_weeks_not_before_ended_stay_values():
    assert _header_words(
        line("52 weeks ended 30 Mar 2019 £m  52 weeks ended 31 Mar 2018 £m"), ended=True
    )
    assert not _header_words(line("52 weeks ended 30 Mar 2019 £m  52 weeks ended 31 Mar 2018 £m"))
    # "53 WEEKS  52 WEEKS" under "F19  F18": the weeks name no day, the line is no header.
    assert not _header_words(line("$ MILLION  53 WEEKS  52 WEEKS  CHANGE"), ended=True)
    assert not _header_words(line("Shipments  52 weeks  12 units"), ended=True)


def test_the_change_of_the_row_across_the_sections():
    said = "The change in the leasehold external valuation % from 2018 to 2019 was {}%."
    assert derived_formula(said.format("-37"), ACCEPT, SECTIONS) == "23% − 60% ≈ -37%"
    assert derived_formula(said.format("-37"), OFF, SECTIONS) is None
    assert derived_formula(said.format("-11"), ACCEPT, SECTIONS) is None  # 27 - 38: Freehold's


def test_a_short_average_over_the_weeks_columns():
    said = "The average Adjustment for share-based payments for 2018 and 2019 was -{} million."
    assert (
        derived_formula(said.format("0.5"), ACCEPT, WEEKS) == "((−0.4) + (−0.6)) / 2 ≈ -0.5 million"
    )
    assert derived_formula(said.format("0.5"), OFF, WEEKS) is None


def test_real_tatqa_answers():
    # Right calculations over each layout: accepted now, refused by 2.27.0's reading.
    for uid in (
        "73f75537-695c-431d-a917-18071def0090",  # change in the leasehold external valuation
        "ed9e3e80-6941-4888-9e40-bbd1cb092485",  # average adjustment for share-based payments
    ):
        right = AnswerCase.model_validate(tatqa_answers(uid)["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(right, OFF).status != "ok", uid
    # A sign flip of a change over the weeks columns: now refused (2.27.0 accepted it).
    sign = AnswerCase.model_validate(tatqa_answers("07148f97-1ced-46e4-a141-5cdffe6e6528")["sign"])
    assert gate_answer(sign, ACCEPT).status != "ok"
    assert gate_answer(sign, OFF).status == "ok"


def _said(text: str, reading: TableReading, unit: str) -> list[tuple[str, str, str]]:
    """(row, year, value as an answer writes it) for every cell with one year."""
    out = []
    for f in read_facts(text, reading=reading):
        years = [p[1:] for p in f.periods if p[0] == "Y"]
        if f.in_table and f.row and len(years) == 1:
            value = f.value.text.strip()
            out.append((f.row, years[0], ("-" if f.negative else "") + value + unit))
    return out


def test_each_cell_grounds_its_own_year_only():
    # Property: every cell stated for its section's or column's year is grounded; the same
    # value stated for the other year is out of context (2.27.0 accepted it for either).
    policy, off = AnswerGatePolicy(), AnswerGatePolicy(ended_headers="off")
    for text, unit in ((SECTIONS, ""), (WEEKS, " million")):
        said = _said(text, NEW, unit)
        assert len(said) >= 6
        for row, year, value in said:
            other = "2018" if year == "2019" else "2019"
            right = case(f"{row} in {year} was {value}.", table=text)
            moved = case(f"{row} in {other} was {value}.", table=text)
            assert gate_answer(right, policy).status == "ok", (row, year, value)
            assert gate_answer(moved, policy).status != "ok", (row, other, value)
        assert any(
            gate_answer(case(f"{row} in {o} was {value}.", table=text), off).status == "ok"
            for row, year, value in said
            for o in ("2018", "2019")
            if o != year
        )
