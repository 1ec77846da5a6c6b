"""Aggregates down a named column (policy `column_aggregates: "named_columns"`, answer gate 2.31.0,
d564): an average or a total the sentence names, of no named row, over the one column whose own
header words (those not every header holds) it says, every row but a total row: "the average
quarterly low price in 2018" is the "Low" column's four quarters. Bound: one column's cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerGatePolicy
from tests.engine.context.derivations import derived_formula, tatqa_answers

ON = AnswerGatePolicy(derived_numbers="accept", column_aggregates="named_columns")
OFF = AnswerGatePolicy(derived_numbers="accept", column_aggregates="off")

TABLE = "\n".join(
    [
        "Total Expected Charges  Cumulative Charges Incurred  Remaining Expected Charges",
        "(in millions)",
        "Transportation Solutions  $  160  $  144  $  16",
        "Industrial Solutions  80  66  14",
        "Communications Solutions  49  44  5",
        "Total  $  289  $  254  $  35",
    ]
)


def test_the_verbatim_preset_takes_no_column():
    assert VERBATIM_POLICY.column_aggregates == "off"
    assert DEFAULT_POLICY.column_aggregates == "named_columns"  # one TAT-QA half: d870, d872


def test_the_named_columns_rows_but_the_total_are_averaged():
    said = "The average amount of total expected charges per segment was 96.33 million."
    assert derived_formula(said, ON, TABLE) == "(160 + 80 + 49) / 3 ≈ 96.33 million"
    assert derived_formula(said, OFF, TABLE) is None
    # Another column's average (cumulative: 84.67) is not the total expected charges'.
    other = "The average amount of total expected charges per segment was 84.67 million."
    assert derived_formula(other, ON, TABLE) is None
    # No operation named: no aggregate.
    bare = "The amount of expected charges per segment was 96.33 million."
    assert derived_formula(bare, ON, TABLE) is None


def test_a_named_row_leaves_the_column_to_the_row_aggregates():
    # "Industrial Solutions" named: the calculation is of that row, not of the column.
    said = "The average total expected charges of Industrial Solutions were 96.33 million."
    assert derived_formula(said, ON, TABLE) is None


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=10, max_value=999), min_size=6, max_size=6))
def test_the_named_column_sums_and_the_other_does_not(cells: list[int]):
    low, high = cells[:3], cells[3:]
    rows = [f"Q{k}  {a}  {b}" for k, (a, b) in enumerate(zip(low, high, strict=True), 1)]
    table = "Price range 2018\nLow  High\n" + "\n".join(f"Quarter {r}" for r in rows)
    said = "The total low price in 2018 was {}."
    assert derived_formula(said.format(f"{sum(low):,}"), ON, table) is not None
    if sum(high) != sum(low):
        # The other column's sum: whatever the pair search finds, the column rule adds nothing.
        other = said.format(f"{sum(high):,}")
        assert derived_formula(other, ON, table) == derived_formula(other, OFF, table)


def test_tatqa_average_quarterly_low_price():
    # TAT-QA "What is the average quarterly low price in 2018?" ((5.99 + 4.79 + 2.66 + 1.88) / 4):
    # rejected at 2.30.0, derived down the "Low" column; its slips as before (the digit slip
    # "3.93" is (5.99 + 1.88) / 2 to the pair search, at 2.30.0 too).
    answers = tatqa_answers("5beff07b-d9e0-4592-b11a-47bc4bbb5e07")
    right = answers["right calculation"]
    table = right["raw_chunks"][0]["text"]
    assert derived_formula(right["answer"]["conclusion"], ON, table) == (
        "(5.99 + 4.79 + 2.66 + 1.88) / 4 ≈ 3.83"
    )
    assert derived_formula(right["answer"]["conclusion"], OFF, table) is None
    for kind in ("sign", "digit", "scale", "operation"):
        if kind in answers:
            slip = answers[kind]["answer"]["conclusion"]
            assert derived_formula(slip, ON, table) == derived_formula(slip, OFF, table)
