"""Cells printed negative read by their size only where the row names a cost (policy
`negative_sizes`, gate 2.79.0, d951; context/negative_sizes.py): a balance, an adjustment or a
row naming both sides is below zero by its own sign, so a change, a sum or an average of its
cells is of its signed figures; a cost's cells keep both readings (d380)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from groundgate.engine.context.negative_sizes import cost_row
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import table_status, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
ANY_ROW = AnswerGatePolicy(derived_numbers="accept", negative_sizes="any_row")
COST_ROWS = AnswerGatePolicy(derived_numbers="accept", negative_sizes="cost_rows")

TABLE = (
    "(in thousands)  2019  2018\n"
    "Operating income (loss)  (2,310)  (6,540)\n"
    "Foreign currency translation adjustment  (420)  (610)\n"
    "Beginning balance  (1,340)  (1,920)\n"
    "Interest expense  (2,150)  (3,380)\n"
    "Net cash used in financing activities  (4,200)  (1,900)"
)


def test_the_default_reads_cost_rows_and_the_verbatim_preset_any_row():
    assert DEFAULT_POLICY.negative_sizes == "cost_row_pairs"
    assert VERBATIM_POLICY.negative_sizes == "any_row"


@pytest.mark.parametrize(
    ("right", "flipped"),
    [
        # A row naming both sides: (−2,310) − (−6,540) = 4,230; by sizes 2,310 − 6,540.
        (
            "The change in operating income (loss) from 2018 to 2019 was 4,230 thousand.",
            "The change in operating income (loss) from 2018 to 2019 was -4,230 thousand.",
        ),
        (
            "The change in the beginning balance from 2018 to 2019 was 580 thousand.",
            "The change in the beginning balance from 2018 to 2019 was -580 thousand.",
        ),
        (
            "The average foreign currency translation adjustment for 2018 and 2019 was -515"
            " thousand.",
            "The average foreign currency translation adjustment for 2018 and 2019 was 515"
            " thousand.",
        ),
        (
            "The total of the beginning balances of 2018 and 2019 was -3,260 thousand.",
            "The total of the beginning balances of 2018 and 2019 was 3,260 thousand.",
        ),
    ],
)
def test_a_figure_below_zero_of_its_own_is_read_by_its_sign(right, flipped):
    assert table_status(right, TABLE) == "ok"
    assert table_status(flipped, TABLE) != "ok"
    # Gate 2.76.1 (any_row, verbatim's) read the pair by its sizes too: both passed.
    assert table_status(right, TABLE, ANY_ROW) == "ok"
    assert table_status(flipped, TABLE, ANY_ROW) == "ok"


@pytest.mark.parametrize(
    "said",
    [
        "The change in interest expense from 2018 to 2019 was -1,230 thousand.",  # sizes
        "The change in interest expense from 2018 to 2019 was 1,230 thousand.",  # signed
        "The average interest expense for 2018 and 2019 was 2,765 thousand.",
        "The average interest expense for 2018 and 2019 was -2,765 thousand.",
        "The change in net cash used in financing activities from 2018 to 2019 was 2,300 thousand.",
        "The change in net cash used in financing activities from 2018 to 2019 was -2,300"
        " thousand.",
    ],
)
def test_a_cost_or_an_outflow_keeps_both_readings(said):
    # A cost printed in parentheses says how it enters a total: its size is the quantity too.
    assert table_status(said, TABLE) == "ok"
    assert table_status(said, TABLE, ANY_ROW) == "ok"


@pytest.mark.parametrize(
    ("label", "cost"),
    [
        ("Interest expense", True),
        ("Cost of sales", True),
        ("Allowance for doubtful accounts", True),
        ("Net cash used in investing activities", True),
        ("Forfeited", True),
        ("Losses recognized in other income (expense), net", True),
        ("Operating income (loss)", False),  # both sides named: the sign says which
        ("Foreign currency translation adjustment", False),
        ("Beginning balance", False),
        ("Excess tax benefits from stock-based compensation", False),
        ("Net change in cash balance", False),
        ("Non-current deferred tax liabilities", False),
    ],
)
def test_which_rows_name_a_cost(label, cost):
    assert cost_row(label) is cost


def _one_row(label: str, later: int, earlier: int, negative: bool) -> str:
    def cell(v: int) -> str:
        return f"({v:,})" if negative else f"{v:,}"

    return f"(in thousands)  2019  2018\n{label}  {cell(later)}  {cell(earlier)}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    later=st.integers(1_000, 9_999),
    earlier=st.integers(1_000, 9_999),
    negative=st.booleans(),
)
def test_a_flipped_sign_of_a_change_with_a_named_direction_is_refused(later, earlier, negative):
    """Issue 28: the sign follows from the operation and the direction the question names
    ("from 2018 to 2019" is 2019 minus 2018) - for a row printed positive, and for a balance
    printed negative (its own sign, d951)."""
    assume(abs(later - earlier) >= 100 and abs(later - earlier) not in (later, earlier))
    table = _one_row("Beginning balance", later, earlier, negative)
    change = (earlier - later) if negative else (later - earlier)
    said = "The change in the beginning balance from 2018 to 2019 was {:,} thousand."
    assert table_status(said.format(change), table) == "ok"
    assert table_status(said.format(-change), table) != "ok"


def test_real_tatqa_flips_are_refused_and_their_right_answers_pass():
    # TAT-QA (half B c50b6cab "operating income (loss)", 9e632ed1 "beginning balance"; half A
    # 9c43de49 "net additions (losses)" of video customers, 6ba75fbd "net change in cash
    # balance").
    for uid in (
        "c50b6cab-faba-4d38-83da-62d564141452",
        "9e632ed1-1a2b-40a9-9a9a-72515db3585d",
        "9c43de49-fcef-4ced-b07d-55fb6fff5f38",
        "6ba75fbd-3fd8-4756-b583-f696a50e39a7",
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        flipped = AnswerCase.model_validate(cases["sign"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(flipped, ACCEPT).status != "ok", uid
        assert gate_answer(flipped, ANY_ROW).status == "ok", uid


def test_cost_rows_holds_a_single_cell_printed_negative_too():
    """ "cost_rows" (selectable): a cell printed negative read by its size beside a positive
    operand - "(2,129)" of "Net increase (decrease) in cash", a row naming both sides - is held
    to its sign as well; the default holds pairs of such cells only."""
    table = "(in thousands)  2019  2018\nNet increase (decrease) in cash  $771  $(2,129)"
    said = "The change in the net increase (decrease) in cash from 2018 to 2019 is {} thousand."
    assert table_status(said.format("2,900"), table) == "ok"  # 771 − (−2,129)
    assert table_status(said.format("2,900"), table, COST_ROWS) == "ok"
    assert table_status(said.format("-1,358"), table, COST_ROWS) != "ok"  # 771 − 2,129
