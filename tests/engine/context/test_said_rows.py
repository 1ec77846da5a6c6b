"""One row's two cells of a row the answer does not say, where it says another row of the table
(policy `one_row_pairs: "said_named"`, answer gate 2.75.0, d922; issue 28): both readings, the
rows of no naming words that stay judged as before, and a property over generated labels."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

SAID = AnswerGatePolicy(derived_numbers="accept", one_row_pairs="said_named")
BEST = AnswerGatePolicy(derived_numbers="accept", one_row_pairs="best_named")

# TAT-QA 3c4473cb: the right change is of "At 31 December" (a label of no naming words); the
# wrong row's slip took "Foreign exchange movements", a row whose words the answer never says.
ASSOCIATES = (
    "£m  2019  2018\n"
    "At 1 January  65.6  64.8\n"
    "Share of post-tax (loss)/profit of associates  (0.3)  2.3\n"
    "Impairment  (7.4)  –\n"
    "Foreign exchange movements  (4.2)  (1.5)\n"
    "At 31 December  53.7  65.6"
)
QUESTION = (
    "What is the percentage change in the total investment in associates from 31 December 2018"
    " to 31 December  2019?"
)
RIGHT = (
    "The percentage change in the total investment in associates from 31 December 2018 to"
    " 31 December  2019 is -18.14%."
)
WRONG = RIGHT.replace("-18.14%", "180.00%")  # (−4.2 − (−1.5)) / (−1.5): the other row


def _status(answer: str, policy: AnswerGatePolicy, table: str = ASSOCIATES, q: str = "") -> str:
    return gate_answer(case(answer, question=q or QUESTION, table=table), policy).status


def test_the_presets():
    assert DEFAULT_POLICY.one_row_pairs == "said_named"
    assert VERBATIM_POLICY.one_row_pairs == "any_row"


def test_a_row_the_answer_does_not_say_is_no_change_where_it_says_another():
    assert _status(WRONG, BEST) == "ok"  # 2.71.1: any row's two cells on words alone
    assert _status(WRONG, SAID) != "ok"
    assert _status(RIGHT, SAID) == "ok"  # "At 31 December": no naming words, not judged
    assert _status(RIGHT, BEST) == "ok"


def test_a_table_whose_rows_the_answer_does_not_say_is_read_as_before():
    """Where no row of the excerpt is said, a one-row change is taken as before (the answer
    names the quantity in words of its own: "revenue" for "Total net sales")."""
    table = "2019  2018\nTotal net sales  1,250  1,100\nCost of sales  700  650"
    answer = "The change in revenue from 2018 to 2019 was 150."
    q = "What was the change in revenue from 2018 to 2019?"
    assert _status(answer, SAID, table, q) == _status(answer, BEST, table, q)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(
    said=st.sampled_from(["Deposits", "Trade receivables", "Deferred revenue", "Inventories"]),
    other=st.sampled_from(["Goodwill", "Accrued liabilities", "Prepaid expenses"]),
    a=st.integers(100, 999),
    b=st.integers(100, 999),
)
def test_the_said_row_is_read_as_before_and_the_unsaid_one_is_refused(
    said: str, other: str, a: int, b: int
):
    """The change of the row the answer says is read as under best_named; the same change said
    of it while it is the other row's is not taken under said_named."""
    table = f"2019  2018\n{said}  1,{a}  2,{b}\n{other}  {a}  {b}"
    q = f"What was the change in {said.lower()} from 2018 to 2019?"
    own = f"The change in {said.lower()} from 2018 to 2019 was {1000 + a - 2000 - b:,}."
    assert _status(own, SAID, table, q) == _status(own, BEST, table, q)
    if a != b:
        theirs = f"The change in {said.lower()} from 2018 to 2019 was {a - b:,}."
        assert _status(theirs, SAID, table, q) != "ok"
