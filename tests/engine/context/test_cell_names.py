"""How a value-out-of-context finding names a cell (answer gate 2.41.0, d634; issue 28): the
said value's row and column and the near miss's, "$41.0 million is the figure for Capital lease
obligations (1-3 Years); Capital lease obligations (Less than 1 Year) has 20.6". A column is
named without the table's title or a section's heading over it ("Payments Due by Period (in
millions)", "Cost of revenue:"), their punctuation or a footnote mark; the rules still read
the column as before (Fact.column), so only the words move. Real TAT-QA layouts."""

from __future__ import annotations

from groundgate.engine.context.facts import read_facts
from groundgate.engine.context.grounding import cell_name
from tests.engine.context.test_duration_headers import DUE, FIRST, READ
from tests.engine.helpers import gate_whole_text
from tests.engine.test_shared_day_header_lines import CHANGE_COLUMNS


def out_of_context(conclusion: str, text: str):  # type: ignore[no-untyped-def]
    verdict = gate_whole_text(conclusion, text)
    (finding,) = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    return finding


def test_a_moved_duration_names_the_row_and_both_columns_not_the_title():
    finding = out_of_context(
        "Capital lease obligations due in less than 1 year were $41.0 million.", DUE
    )
    assert finding.near_match.reason == "another_period"
    assert finding.message.endswith(
        "$41.0 million is the figure for Capital lease obligations (1-3 Years); "
        "Capital lease obligations (Less than 1 Year) has 20.6"
    )
    assert "Payments Due by Period" not in finding.message
    # The boxes: the said value's own cell and the near miss's, each its own characters.
    assert DUE[slice(*finding.chunk_span)] == "41.0"
    assert DUE[slice(*finding.near_match.chunk_span)] == "20.6"


def test_a_later_duration_of_a_table_without_a_title():
    finding = out_of_context("Operating leases due in more than 5 years were $12,556.", FIRST)
    assert finding.message.endswith(
        "$12,556 is the figure for Operating leases (Years3-5); "
        "Operating leases (More Than 5 Years) has $11,825"
    )


def test_another_year_names_the_row_not_the_section_heading():
    finding = out_of_context(
        "Total cost of revenue in Years Ended December 31, 2019 was $51,896.", CHANGE_COLUMNS
    )
    assert finding.message.endswith(
        "$51,896 is the figure for Total cost of revenue (2018); "
        "Total cost of revenue (2019) has $48,881"
    )
    assert "Cost of revenue:" not in finding.message and ":;" not in finding.message
    assert CHANGE_COLUMNS[slice(*finding.chunk_span)] == "$51,896"
    assert CHANGE_COLUMNS[slice(*finding.near_match.chunk_span)] == "$48,881"


def test_the_rules_read_the_column_as_before_only_its_name_differs():
    facts = {f.value.text: f for f in read_facts(DUE, reading=READ)}
    moved = facts["41.0"]
    assert moved.column == "Payments Due by Period (in millions) 1-3 Years"
    assert moved.name == "1-3 Years"
    assert cell_name(moved) == "Capital lease obligations (1-3 Years)"
    # A unit's line under the columns is left out too.
    first = {f.value.text: f for f in read_facts(FIRST, reading=READ)}["$11,825"]
    assert first.column == "More Than 5 Years (inthousands)"
    assert cell_name(first) == "Operating leases (More Than 5 Years)"
    # A column with nothing over it to leave out has no name of its own.
    plain = {f.value.text: f for f in read_facts("Item  2019  2018\nSales  5.0  4.0")}["4.0"]
    assert plain.name is None and cell_name(plain) == "Sales (2018)"
    # A section heading under the years is left out; a line of a day is a column's period.
    cell = {f.value.text: f for f in read_facts(CHANGE_COLUMNS)}["$51,896"]
    assert cell.column == "2018 Cost of revenue:"
    assert cell_name(cell) == "Total cost of revenue (2018)"
    dated = {
        f.value.text: f
        for f in read_facts("December 31, 2019\nIn millions  Q4  Q3\nRevenue  10.1  9.8")
    }["9.8"]
    assert "December 31, 2019" in cell_name(dated)


def test_a_header_date_of_another_year_marks_the_year():
    # The near miss is the header's date of another year: its year is marked, not the header
    # from the day to the year across "Increase (Decrease)" (d635).
    verdict = gate_whole_text(
        "Total cost of revenue in Years Ended December 31, 2017 was $48,881.", CHANGE_COLUMNS
    )
    (date,) = [f for f in verdict.findings if f.value == "December 31, 2017"]
    assert date.code == "UNGROUNDED_NUMBER" and date.near_match.reason == "wrong_year"
    assert date.near_match.text == "December 31, 2019"
    assert CHANGE_COLUMNS[slice(*date.near_match.chunk_span)] == "2019"


def test_a_near_miss_cell_is_named_by_its_row_and_column():
    # A digit slip's near miss: the cell the evidence has, named (d636).
    verdict = gate_whole_text(
        "Total cost of revenue in Years Ended December 31, 2019 was $48,981.", CHANGE_COLUMNS
    )
    (finding,) = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert finding.near_match.text == "$48,881"
    assert (
        "near miss: evidence 0 has '$48,881' for Total cost of revenue (2019) (one digit differs)"
    ) in finding.message
    # Another sign: the cell, then why.
    verdict = gate_whole_text(
        "Capital lease obligations due in less than 1 year were -$20.6 million.", DUE
    )
    (finding,) = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert "has '20.6' for Capital lease obligations (Less than 1 Year), the same number" in (
        finding.message
    )


def test_a_near_miss_in_prose_or_a_header_is_named_by_its_text_only():
    verdict = gate_whole_text("Pump I delivers 215 m3/h.", "Pump I delivers 205 m3/h.")
    (finding,) = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert finding.message.endswith("near miss: evidence 0 has '205' (one digit differs)")


def test_column_names_without_units_footnote_marks_or_stars():
    facts = {
        f.value.text: f
        for f in read_facts(
            "Year Ended December 31,\n(In millions)  2019 (1)  2018**\nRevenue (a)  10.5  9.8"
        )
    }
    assert cell_name(facts["10.5"]) == "Revenue (Year Ended December 31, 2019)"
    assert cell_name(facts["9.8"]) == "Revenue (Year Ended December 31, 2018)"
