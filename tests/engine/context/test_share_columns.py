"""A words column repeated after each period column (policy share_columns "period_before",
gate 2.51.0, d702): "2023  % of net sales  2022  % of net sales" - a share's cell is of the
year before it, so 2022's share said of 2023 is refused; "off" (2.50.0's reading, verbatim's)
reads such a column as of no period and passes it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en
from groundgate.engine.context.facts import read_facts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import read_tables
from tests.engine.context.test_operands import case

OFF = AnswerGatePolicy(share_columns="off")


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_readings_and_their_presets():
    assert DEFAULT_POLICY.share_columns == "period_before"
    assert VERBATIM_POLICY.share_columns == "off"


def test_a_share_cell_takes_the_year_before_it():
    facts = read_facts(corpus_en.SHARES, reading=read_tables(DEFAULT_POLICY))
    shares = {f.value.text: f for f in facts if f.row == "Gross profit" and "%" in f.value.text}
    assert shares["40.0%"].periods == ("Y2023",)
    assert shares["39.0%"].periods == ("Y2022",)
    assert shares["39.0%"].column == "2022 % of net sales"
    plain = read_facts(corpus_en.SHARES, reading=read_tables(OFF))
    assert all(not f.periods for f in plain if "%" in f.value.text)


def test_a_words_column_not_repeated_or_with_no_period_before_is_unchanged():
    table = "(In millions)  Total  2023  2022\nRevenue  900  500  400"
    on = read_facts(table, reading=read_tables(DEFAULT_POLICY))
    off = read_facts(table, reading=read_tables(OFF))
    assert on == off


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    st.sampled_from(["% of net sales", "% of revenue", "Percent of total"]),
    st.lists(st.integers(min_value=10, max_value=999), min_size=2, max_size=2, unique=True),
)
def test_another_year_s_share_is_refused_and_its_own_passes(words, shares):
    a, b = (f"{n / 10:.1f}%" for n in shares)
    table = (
        f"(Dollars in millions)  2023  {words}  2022  {words}\n"
        f"Gross profit  4,200  {a}  3,822  {b}\n"
        "Operating income  1,890  18.0%  1,568  16.0%"
    )
    assert _status(f"Gross profit was {a} of net sales in 2023.", table) == "ok"
    assert _status(f"Gross profit was {b} of net sales in 2023.", table) != "ok"
    assert _status(f"Gross profit was {b} of net sales in 2023.", table, OFF) == "ok"
