"""An average or a total of two named years is one row's two cells, one in each year (policy
`year_aggregates`, gate 2.85.0, d998; context/year_aggregates.py): two rows of one year, a row's
year cell and its "Change" column's cell, or two rows across the year columns are no average of
the years the answer names; the old reading (any cells of the named years) stays selectable."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import YEAR_AGGREGATES
from groundgate.engine.context.year_aggregates import one_figure
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import table_status, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
NAMED_YEARS = AnswerGatePolicy(derived_numbers="accept", year_aggregates="named_years")


def test_the_default_reads_one_each_and_the_verbatim_preset_named_years():
    assert DEFAULT_POLICY.year_aggregates == "one_each"
    assert VERBATIM_POLICY.year_aggregates == "named_years"


@pytest.mark.parametrize(
    "said",
    [
        # (2,450.8 + 1,620.2) / 2: one row, one cell in each named year.
        "The average goodwill at the end of the year for 2018 and 2019 is 2,035.5 million.",
        "The total additions for 2018 and 2019 is 986.9 million.",  # 866.9 + 120.0
        # Two figures: each may be of one year ("respectively"), not judged.
        "The total of additions and goodwill at the end of the year in 2019 and 2018 were"
        " 3,317.7 million and 1,740.2 million respectively.",
        # One named year: the rule does not read it.
        "The total of additions and goodwill at the end of the year in 2019 was 3,317.7 million.",
    ],
)
def test_an_average_or_a_total_of_one_row_across_the_named_years_passes(said):
    assert table_status(said, YEAR_AGGREGATES) == "ok"
    assert table_status(said, YEAR_AGGREGATES, NAMED_YEARS) == "ok"


@pytest.mark.parametrize(
    "said",
    [
        # (866.9 + 2,450.8) / 2: two rows of 2019.
        "The average goodwill at the end of the year for 2018 and 2019 is 1,658.85 million.",
        # (866.9 + 1,620.2) / 2: two rows across the year columns.
        "The average goodwill at the end of the year for 2018 and 2019 is 1,243.55 million.",
        # 866.9 + 746.9: 2019's cell and the row's "Change" cell.
        "The total additions for 2018 and 2019 is 1,613.8 million.",
    ],
)
def test_other_cells_of_the_named_years_are_no_average_of_them(said):
    assert table_status(said, YEAR_AGGREGATES) != "ok"
    # Gate 2.82.0 (named_years, verbatim's) took any two cells of the named years.
    assert table_status(said, YEAR_AGGREGATES, NAMED_YEARS) == "ok"


def test_a_table_whose_rows_name_the_periods_is_not_judged():
    # TAT-QA bfce0375 (half A): "Nonvested as of December 31, 2018" and "... 2019" are two rows
    # whose labels, not columns, hold the years: 6,148 + 5,974 is the right total.
    table = (
        "Number of Shares (thousands)  Weighted-Average Remaining Vesting Term (years)\n"
        "Nonvested as of December 31, 2018  5,974  $6.51\n"
        "Granted  3,288  $6.74\n"
        "Nonvested as of December 31, 2019  6,148  $6.59"
    )
    said = (
        "The total number of nonvested shares as of December 31, 2019 and 2018 is 12,122 thousand."
    )
    assert table_status(said, table) == "ok"


@pytest.mark.parametrize(
    ("sentence", "one"),
    [
        ("The average goodwill for 2018 and 2019 is 2,035.5 million.", True),
        ("The total selling expenses for years ended December 31, 2018 and 2019 is 24,539.", True),
        ("The average for the 2 year period from 2018 to 2019 is 415.3 million.", True),
        ("The totals in 2019 and 2018 were 3,317.7 million and 1,740.2 million.", False),
    ],
)
def test_one_figure_sets_dates_years_and_durations_aside(sentence, one):
    assert one_figure(sentence) is one


def _table(a19: int, a18: int, b19: int, b18: int) -> str:
    return f"(in thousands)  2019  2018\nRevenue  {a19:,}  {a18:,}\nCost of sales  {b19:,}  {b18:,}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a19=st.integers(1_000, 9_999),
    a18=st.integers(1_000, 9_999),
    b19=st.integers(1_000, 9_999),
    b18=st.integers(1_000, 9_999),
)
def test_a_total_of_two_named_years_is_of_one_row_one_cell_in_each(a19, a18, b19, b18):
    """Issue 28 (operands bound to the question's context): the named row's two years' total
    passes; the total of the two rows' 2019 cells - a figure of the same size - is refused,
    unless it equals the named row's total or a cell."""
    right, other = a19 + a18, a19 + b19
    assume(len({a19, a18, b19, b18}) == 4)
    assume(other not in (right, a19 + b18, a18 + b19, a18 + b18, b19 + b18))
    table = _table(a19, a18, b19, b18)
    said = "The total revenue for 2018 and 2019 was {:,} thousand."
    assert table_status(said.format(right), table) == "ok"
    assert table_status(said.format(other), table) != "ok"
    assert table_status(said.format(other), table, NAMED_YEARS) == "ok"


def test_real_tatqa_aggregates_of_other_cells_are_refused_and_their_right_answers_pass():
    # TAT-QA half A: 9547b235 (goodwill, two rows of 2019: operation), 0836e3af (selling
    # expenses' 2018 cell and its "Change $" cell: period); half B: 7639efef (incentive schemes
    # and salaries across the year columns: digit).
    for uid, group in (
        ("9547b235-f8de-4c17-a9ac-e78277fcaf1a", "operation"),
        ("0836e3af-9278-4cef-abdd-eaa0166a6503", "period"),
        ("7639efef-c768-4631-95b5-382a0fde501d", "digit"),
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        wrong = AnswerCase.model_validate(cases[group])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(wrong, ACCEPT).status != "ok", uid
        assert gate_answer(wrong, NAMED_YEARS).status == "ok", uid
