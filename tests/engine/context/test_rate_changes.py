"""A rate row's percentage change and a percent column's difference (policy `rate_changes`,
answer gate 2.62.0, d798): "the year on year percentage change in domestic discount rate
between 2018 and 2019 is 6.67%" of "Discount rate  4.00%  3.75%" ((4.00 - 3.75) / 3.75), and
"the change in percentage of sales represented by gross profit ... was -10.9%" of a column
printed "100.0 %" ... "7.2 %" with bare cells between (40.0 - 50.9). Bound: one named row's
cells of the two named years."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerGatePolicy
from tests.engine.context.derivations import derived_formula, tatqa_answers

ROWS = AnswerGatePolicy(derived_numbers="accept", rate_changes="rate_rows")
ON = AnswerGatePolicy(derived_numbers="accept", rate_changes="rate_rows_columns")
OFF = AnswerGatePolicy(derived_numbers="accept", rate_changes="off")

RATES = "\n".join(
    [
        "Domestic  International",
        "September 30,  September 30,",
        "2019  2018  2019  2018",
        "Discount rate  4.00%  3.75%  1.90%  2.80%",
        "Rate of compensation increase  3.10%  3.50%  2.20%  2.00%",
    ]
)
SHARES = "\n".join(
    [
        "Year Ended December 31,",
        "2019  2018",
        "Sales  100.0 %  100.0 %",
        "Gross profit  40.0  50.9",
        "Operating expenses  33.1  27.0",
        "Net income  7.2 %  20.5 %",
    ]
)


def test_the_default_reads_rate_changes_and_verbatim_none():
    assert DEFAULT_POLICY.rate_changes == "rate_rows_columns"  # 2.62.0 (d798)
    assert VERBATIM_POLICY.rate_changes == "off"


def test_a_rate_rows_percentage_change_of_the_named_column_group():
    said = (
        "The year on year percentage change in domestic discount rate between 2018 and 2019"
        " is 6.67%."
    )
    assert derived_formula(said, ROWS, RATES) == "(4.00% − 3.75%) / 3.75% ≈ 6.67%"
    assert derived_formula(said, OFF, RATES) is None
    # The international cells' change (-32.14%) is not the domestic rate's.
    other = said.replace("6.67%", "-32.14%")
    assert derived_formula(other, ROWS, RATES) is None
    # Another row's change (-11.43%: compensation increase) is not the discount rate's.
    row = said.replace("6.67%", "-11.43%")
    assert derived_formula(row, ROWS, RATES) is None
    # Said without "percentage change": a change of rates is no relative change.
    plain = "The change in domestic discount rate between 2018 and 2019 is 6.67%."
    assert derived_formula(plain, ROWS, RATES) is None


def test_a_share_row_is_no_rate_row():
    table = "2019  2018\nRevenue  1,000  800\nPercentage of revenue  45.0%  40.0%"
    said = "The percentage change in revenue between 2018 and 2019 is 12.50%."
    assert derived_formula(said, ON, table) is None


def test_a_percent_columns_difference_of_the_named_row():
    said = (
        "The change in percentage of sales represented by gross profit between 2018 and 2019"
        " was -10.9%."
    )
    assert derived_formula(said, ON, SHARES) == "40.0 − 50.9 ≈ -10.9%"
    assert derived_formula(said, ROWS, SHARES) is None
    assert derived_formula(said, OFF, SHARES) is None
    # The other row's difference (6.1: operating expenses) is not gross profit's.
    assert derived_formula(said.replace("-10.9%", "6.1%"), ON, SHARES) is None
    # The sign of the change from 2018 to 2019 is the later year's cell less the earlier's.
    assert derived_formula(said.replace("-10.9%", "10.9%"), ON, SHARES) is None


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=999), min_size=4, max_size=4, unique=True),
    st.booleans(),
)
def test_moving_an_operand_to_another_row_or_year_is_refused(cells: list[int], row: bool):
    a, b, c, d = (x / 100 for x in cells)
    table = (
        f"2019  2018  2017\nDiscount rate  {a:.2f}%  {b:.2f}%  {c:.2f}%\n"
        f"Salary rate  {d:.2f}%  1.00%  1.00%"
    )
    said = "The percentage change in discount rate from 2018 to 2019 is {:.2f}%."
    assert derived_formula(said.format((a - b) / b * 100), ROWS, table) is not None
    moved = (d - b) / b * 100 if row else (a - c) / c * 100  # another row's 2019, or 2017
    if abs(moved - (a - b) / b * 100) > 0.01:
        assert derived_formula(said.format(moved), ROWS, table) is None


def test_tatqa_domestic_discount_rate_and_percent_of_sales():
    # TAT-QA 4dc8be43 ((4.00 - 3.75) / 3.75) and 078e34fa (40.0 - 50.9): rejected at 2.60.0;
    # their slips as before.
    for uid, on in (
        ("4dc8be43-d8d9-4b08-9ffd-9c19012361ce", ROWS),
        ("078e34fa-b33a-43fe-afd3-d39b4cbd6a6b", ON),
    ):
        answers = tatqa_answers(uid)
        right = answers["right calculation"]
        table = right["raw_chunks"][0]["text"]
        assert derived_formula(right["answer"]["conclusion"], on, table) is not None
        assert derived_formula(right["answer"]["conclusion"], OFF, table) is None
        for kind in ("sign", "digit", "scale", "operation", "row", "period"):
            if kind in answers:
                slip = answers[kind]["answer"]["conclusion"]
                assert derived_formula(slip, on, table) == derived_formula(slip, OFF, table)
