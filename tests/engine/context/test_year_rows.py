"""A table whose years are its row labels (policy `year_rows: "transposed"`, answer gate 2.26.0).

A lease schedule prints a year a line under "Operating Leases  Finance Leases". Gate 2.24.0
read the header line as the label of one long row of every cell, with no column, so "the
change in operating leases between 2021 and 2022 was -3 million" found no pair bound to its
row and years, and a cell said of another year or another lease kind was judged by its value
alone. Read turned, each cell is the row its header part names in the year's column. Small
tables, the real TAT-QA questions, and properties: a value moved to another row or year of the
table, or its sign flipped, is not accepted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import derived_formula, tatqa_answers
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OFF = AnswerGatePolicy(derived_numbers="accept", year_rows="off")
# The shape of a real TAT-QA table (context 44c7c9ef), as a text extraction prints it.
LEASES = (
    "Operating Leases  Finance Leases\n"
    "2021  $138  $6\n"
    "2022  135  6\n"
    "2023  120  7\n"
    "2024  94  7\n"
    "Thereafter  577  35\n"
    "Total future minimum lease payments  1,134  68"
)
READING = TableReading(year_rows=True)


def status(conclusion: str, table: str = LEASES, policy: AnswerGatePolicy = ACCEPT) -> str:
    return gate_answer(case(conclusion, table=table), policy).status


def cells(table: str, reading: TableReading) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    return {
        f.value.text: (f.row, f.column, f.periods)
        for f in read_facts(table, reading=reading)
        if f.in_table
    }


def test_the_default_reads_year_rows_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.year_rows == "transposed"
    assert VERBATIM_POLICY.year_rows == "off"


def test_a_year_row_is_read_turned():
    new = cells(LEASES, READING)
    assert new["$138"] == ("Operating Leases", "2021", ("Y2021",))
    assert new["$6"] == ("Finance Leases", "2021", ("Y2021",))
    assert new["94"] == ("Operating Leases", "2024", ("Y2024",))
    assert new["577"] == ("Thereafter", "Operating Leases", ())  # a row of words stays a row
    assert "2021" not in new  # the year is the label, no cell
    # 2.25.0: the header line was a label of every cell, none had a column.
    old = cells(LEASES, TableReading())
    assert old["$138"] == ("Operating Leases  Finance Leases", "", ())


def test_only_a_year_label_under_a_header_of_as_many_parts_is_read_so():
    years = "Amount\n2019 $’000  2018 $’000\nRevenue  1,000  900"
    assert cells(years, READING) == cells(years, TableReading())
    ranges = "Ground  Building\n2020 – 2024  381  697\n2025 – 2029  198  270"
    assert cells(ranges, READING) == cells(ranges, TableReading())
    periods = "2019  2018\n2021  5  6"  # a header of periods: no quantities to be rows
    assert cells(periods, READING) == cells(periods, TableReading())
    # A dash is a blank cell: the cell after it is the second part's.
    dashed = "Operating Leases  Finance Leases\n2021  —  6"
    assert cells(dashed, READING)["6"] == ("Finance Leases", "2021", ("Y2021",))


def test_a_change_of_one_row_across_two_named_years():
    said = "The change in operating leases between 2021 and 2022 was {} million."
    assert derived_formula(said.format("-3"), ACCEPT, LEASES) == "135 − $138 ≈ -3 million"
    assert derived_formula(said.format("-3"), OFF, LEASES) is None  # 2.25.0: no bound pair
    assert status(said.format("3")) != "ok"  # the sign flipped
    assert status(said.format("-15")) != "ok"  # 2023 - 2022, another period
    finance = "The change in finance leases between 2022 and 2023 was {} million."
    assert status(finance.format("1")) == "ok"
    assert status(finance.format("-15")) != "ok"  # the operating leases' change


def test_a_sum_of_one_row_across_the_named_years():
    said = "The sum of finance leases from 2021 to 2024 is {} million."
    assert derived_formula(said.format("26"), ACCEPT, LEASES) == "$6 + 6 + 7 + 7 ≈ 26 million"
    assert status(said.format("487")) != "ok"  # the operating leases' sum


def test_a_cell_said_of_another_year_or_row_is_out_of_context():
    assert status("Operating leases in 2022 were $135 million.") == "ok"
    assert status("Operating leases in 2023 were $135 million.") != "ok"
    assert status("Finance leases in 2023 were $7 million.") == "ok"
    assert status("Operating leases in 2023 were $7 million.") != "ok"
    # 2.25.0 judged those by the value alone.
    assert status("Operating leases in 2023 were $135 million.", policy=OFF) == "ok"


def test_real_tatqa_answers():
    for uid in (
        "65026273-5d78-4e7a-b846-828ecbc809ec",  # change in operating leases, 2021 and 2022
        "64d8c7e4-99d6-4d2e-ac39-dbee2a0dbc85",  # sum of finance leases from 2020 to 2024
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(right, OFF).status != "ok", uid  # 2.25.0 refused it
        for kind in ("digit", "sign", "scale", "operation"):
            if kind in cases:
                wrong = AnswerCase.model_validate(cases[kind])
                assert gate_answer(wrong, ACCEPT).status != "ok", (uid, kind)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=101, max_value=999), min_size=6, max_size=6, unique=True),
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=0, max_value=5),
)
def test_a_value_moved_to_another_cell_or_flipped_is_not_accepted(values, at, to):
    rows = [f"{2021 + i}  {values[2 * i]}  {values[2 * i + 1]}" for i in range(3)]
    table = "Operating Leases  Finance Leases\n" + "\n".join(rows)

    def said(k: int, v: int) -> str:
        kind = "operating" if k % 2 == 0 else "finance"
        return f"The {kind} leases in {2021 + k // 2} were {v} million."

    assert status(said(at, values[at]), table) == "ok"
    assert status(said(at, -values[at]), table) != "ok"
    if to != at:
        assert status(said(at, values[to]), table) != "ok"
    # Deterministic: the same case, the same verdict bytes.
    one = gate_answer(case(said(at, values[to]), table=table), ACCEPT)
    two = gate_answer(case(said(at, values[to]), table=table), ACCEPT)
    assert one.model_dump_json() == two.model_dump_json()
