"""A total of listed periods (policy `period_sums: "listed_periods"`, answer gate 2.22.0) and
ranges of years in a table header (`year_ranges: "header_periods"`).

"The total gross profit for 2018 and 2019 is 22,149" where 22,149 is the 2019 cell: one year's
figure is no total of both, and gate 2.21.0 took it (the cell's year is one the answer names).
A contractual-obligations header "(In thousands)  Total  2020  2021-2022  2023-2024  Thereafter"
was read as prose, so its cells had no columns and a change "from 2020 to 2021-2022" took any
two cells of the row. Small tables and the real TAT-QA questions."""

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
from tests.engine.context.derivations import table_status as status

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
NO_SUMS = AnswerGatePolicy(derived_numbers="accept", period_sums="off")
NO_RANGES = AnswerGatePolicy(derived_numbers="accept", year_ranges="off")
TABLE = (
    "December 31,  Change\n"
    "2019  2018  $  %\n"
    "Net sales  $ 93,662  $ 103,350  $ (9,688)  (9.4%)\n"
    "Gross profit  $ 22,149  $ 25,858  (3,709 )  (14.3%)\n"
    "Total operating expenses  $ 24,082  $ 28,968  $ 4,886  16.9%"
)
ZH_TABLE = "项目  2019年  2018年\n营业收入  93,662  103,350\n毛利  22,149  25,858"
LEASES = (
    "(In thousands)  Total  2020  2021-2022  2023-2024  Thereafter\n"
    "Operating leases (1)  $19,437  $4,143  $7,111  $3,686  $4,497\n"
    "Capital leases  65  27  38  —  —\n"
    "Total contractual obligations (2)  $19,902  $4,170  $7,299  $3,936  $4,497"
)


def test_the_default_reads_sums_and_ranges_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.period_sums == "listed_periods"
    assert DEFAULT_POLICY.year_ranges == "header_periods"
    assert VERBATIM_POLICY.period_sums == "off"
    assert VERBATIM_POLICY.year_ranges == "off"


def test_one_years_cell_is_no_total_of_two_listed_years():
    total = "The total gross profit for 2018 and 2019 is {}."
    assert status(total.format("48,007"), TABLE) == "ok"  # 22,149 + 25,858: derived
    assert status(total.format("22,149"), TABLE) != "ok"
    assert status(total.format("22,149"), TABLE, NO_SUMS) == "ok"  # 2.21.0 took it
    dated = "The total gross profit altogether for years ended December 31, 2018 and 2019 is {}."
    assert status(dated.format("22,149"), TABLE) != "ok"
    # One year named, a change named, two figures, "respectively": the cell grounds as before.
    assert status("The gross profit in 2019 is 22,149.", TABLE) == "ok"
    assert (
        status("The difference in total gross profit between 2018 and 2019 is 3,709.", TABLE)
        == "ok"
    )
    both = "The gross profit in 2019 and 2018 was 22,149 and 25,858 in total respectively."
    assert status(both, TABLE) == "ok"


def test_a_total_column_or_a_total_rows_label_is_no_sum_of_periods():
    table = (
        "2019  2018  Total\n"
        "Product sales  110  130  240\n"
        "Service sales  50  40  90\n"
        "Total sales  150  170  320"
    )
    # (the default policy: a single cell minus another derives a Total column's share)
    said = "The {} in 2019 and 2018 {} {}."
    assert (
        status(said.format("product sales", "combined were", "240"), table, DEFAULT_POLICY) == "ok"
    )
    assert (
        status(said.format("product sales", "combined were", "110"), table, DEFAULT_POLICY) != "ok"
    )
    # A total row's own label says no sum of the years: the rule leaves it to the others.
    label_only = said.format("total sales", "were", "150")
    old = AnswerGatePolicy(period_sums="off")
    assert status(label_only, table, DEFAULT_POLICY) == status(label_only, table, old)
    assert status(said.format("total sales", "combined were", "150"), table, DEFAULT_POLICY) != "ok"


def test_chinese_listed_years():
    assert status("2018年和2019年的毛利合计为48,007。", ZH_TABLE) == "ok"
    assert status("2018年和2019年的毛利合计为22,149。", ZH_TABLE) != "ok"
    assert status("2019年的毛利为22,149。", ZH_TABLE) == "ok"


@given(st.sampled_from(["total", "combined", "sum of the"]), st.booleans(), st.booleans())
@settings(max_examples=12, deadline=None)
def test_property_no_single_year_cell_for_a_listed_total(word, later_first, row_first):
    years = "2019 and 2018" if later_first else "2018 and 2019"
    for cell in ("22,149", "25,858"):
        said = (
            f"The {word} gross profit in {years} is {cell}."
            if row_first
            else f"In {years}, the {word} gross profit is {cell}."
        )
        assert status(said, TABLE) != "ok", said


def test_a_header_of_year_ranges_heads_the_columns():
    def columns(reading: TableReading) -> dict[str, tuple[str, ...]]:
        return {
            f.value.text: f.periods
            for f in read_facts(LEASES, reading=reading)
            if f.in_table and f.row.startswith("Operating")
        }

    new = columns(TableReading(year_ranges=True))
    assert new["$4,143"] == ("Y2020",)
    assert new["$7,111"] == ("Y2021", "Y2022")
    assert new["$19,437"] == ()  # the Total column
    assert "1" not in new  # the label's footnote mark is no cell
    # 2.21.0: the header was prose, the cells had no column (nor years).
    assert set(columns(TableReading()).values()) == {()}


def test_a_change_from_a_year_to_a_range_takes_their_cells():
    said = (
        "The increase / (decrease) in the contractual obligation for operating leases from 2020"
        " to 2021-2022 was {} thousand."
    )
    assert (
        derived_formula(said.format("2,968"), ACCEPT, LEASES) == "$7,111 − $4,143 ≈ 2,968 thousand"
    )
    assert derived_formula(said.format("-3,425"), ACCEPT, LEASES) is None  # 2023-2024 - 2021-2022
    assert derived_formula(said.format("-3,425"), NO_RANGES, LEASES) is not None


def test_real_tatqa_answers():
    for uid in (
        "e9ee1e78-8957-4be8-a10e-672ec4fe6dbe",  # total goodwill impairment in 2018 and 2019
        "3f231d7d-30d1-489c-b02e-d265431a3796",  # total gross profit ... 2018 and 2019
        "1c738686-3b66-4fd0-b8ca-e90ece7bdb40",  # total consolidated net revenue in 2018 and 2019
        "e1ae4755-8038-4862-9f2f-b4197f9f2159",  # operating leases from 2020 to 2021-2022
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        period = AnswerCase.model_validate(cases["period"])
        assert gate_answer(period, ACCEPT).status != "ok", uid
        old = AnswerGatePolicy(derived_numbers="accept", period_sums="off", year_ranges="off")
        assert gate_answer(period, old).status == "ok", uid  # 2.21.0 took it


def test_one_vocabulary_of_sum_words():
    # period_sums reads the sum words named_operations reads (operation_words.names_total,
    # gate 2.25.0): "总额" and "之和" say a total as "合计" does; a "Totals" column is a total's.
    assert status("2018年和2019年的营业收入总额为197,012。", ZH_TABLE) == "ok"
    assert status("2018年和2019年的营业收入总额为93,662。", ZH_TABLE) != "ok"
    assert status("2018年和2019年的营业收入之和为93,662。", ZH_TABLE) != "ok"
    assert status("2019年的营业收入总额为93,662。", ZH_TABLE) == "ok"
    table = "2019  2018  Totals\nProduct sales  110  130  240\nService sales  50  40  90"
    assert status("The total product sales for 2018 and 2019 is 240.", table) == "ok"
    assert status("The total product sales for 2018 and 2019 is 110.", table) != "ok"
