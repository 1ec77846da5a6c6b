"""A month among naming words is a whole word (policy `month_words: "whole_words"`, answer gate
2.53.0, d714-d715, issue 28): claims.naming_words drops "March", "Mar.", "Dec", "December" - the
words periods.py reads as a month - and keeps "Markets", "margin", "decrease", "Marketing",
"novel", "separate", which 2.50.0 dropped as any word starting as a month does ("prefix", still
selectable, the verbatim preset's). prose_bindings reads the shared function (its own workaround
of d693 is gone) under either value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.periods import periods_in
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.words import stemmed_words
from tests.engine.context.test_operands import case

PREFIX = AnswerGatePolicy(month_words="prefix")
# 2.50.0's reading of the row rule as a whole: since 2.51.0 (row_rivals) and 2.52.0 (longer_rows)
# the wrong answers below are refused by those rules too, whichever month reading.
PREFIX_ROWS = AnswerGatePolicy(month_words="prefix", row_rivals="best", longer_rows="off")

MONTHS = [
    "January", "Jan", "Jan.", "February", "Feb", "March", "Mar", "Mar.", "April", "Apr",
    "June", "Jun", "July", "Jul", "August", "Aug.", "September", "Sept.", "Sep", "October",
    "Oct", "November", "Nov.", "December", "Dec", "Dec.", "DECEMBER", "MARCH", "march", "April's",
]  # fmt: skip
# Words that start as a month does and are none (each names a row somewhere).
MONTHISH = [
    "Markets", "margin", "Marketing", "marketable", "decrease", "declined", "Decommissioning",
    "deck", "octane", "novel", "Novartis", "separate", "septic",
    "augmented", "Janitorial", "Mayor", "Junior", "Julian", "marched", "marching",
]  # fmt: skip


@pytest.mark.parametrize("month", MONTHS)
def test_a_month_is_no_naming_word(month: str) -> None:
    assert naming_words(f"Revenue for {month} 2023") == {"revenu"}
    assert naming_words(f"Revenue for {month} 2023", False) == {"revenu"}  # (as 2.50.0)


@pytest.mark.parametrize("word", MONTHISH)
def test_a_word_that_starts_as_a_month_does_is_a_naming_word(word: str) -> None:
    own = stemmed_words(word)
    assert own and own <= naming_words(f"Total {word} revenue")
    assert not periods_in(f"Total {word} revenue")  # (periods.py never read it as a month)


def test_the_prefix_reading_drops_what_2_50_0_dropped() -> None:
    assert naming_words("Total Markets revenue", False) == {"total", "revenu"}
    assert naming_words("Gross margin", False) == {"gross"}
    assert naming_words("Net decrease in cash", False) == {"net", "cash"}
    assert naming_words("Mayor Junior", False) == naming_words("Mayor Junior")  # (whole words)


def test_may_the_verb_and_the_month_are_no_naming_word_either_way() -> None:
    # "may" is a stop word (words.EN_STOP_WORDS): the modal and the month alike.
    assert naming_words("Revenue may rise to 5") == {"revenu", "rise"}
    assert naming_words("Revenue in May 2023 was 5") == {"revenu"}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(MONTHISH),
    st.sampled_from(MONTHS),
    st.sampled_from(["Revenue", "Net income", "Cash", "Operating expenses"]),
)
def test_a_month_beside_a_monthish_word_drops_the_month_only(
    word: str, month: str, label: str
) -> None:
    words = naming_words(f"{label} {word} for {month} 31, 2023")
    assert words == stemmed_words(f"{label} {word}")
    assert naming_words(f"{label} {word} for {month} 31, 2023", False) <= words


def test_the_default_reads_whole_words_and_verbatim_the_prefix() -> None:
    assert DEFAULT_POLICY.month_words == "whole_words"
    assert VERBATIM_POLICY.month_words == "prefix"


MARGINS = (
    "Quarter  First  Second\n"
    "Gross profit  38,091  39,821\n"
    "Gross margin  40.1%  41.5%\n"
    "Marketing expense  5,254  7,233"
)


@pytest.mark.parametrize(
    "answer",
    [
        # TAT-QA dev's wrong-row answer (8ec820df...-row): 2.50.0 accepted it.
        "Gross margin in the second quarter was 39,821.0%.",
        "Gross margin was 39,821 in the second quarter.",
    ],
)
def test_a_margin_said_of_the_profit_cell_is_refused_and_2_50_0_took_it(answer: str) -> None:
    assert gate_answer(case(answer, table=MARGINS), DEFAULT_POLICY).status != "ok"
    assert gate_answer(case(answer, table=MARGINS), PREFIX_ROWS).status == "ok"


@pytest.mark.parametrize(
    "answer",
    [
        "Gross margin in the second quarter was 41.5%.",
        "Marketing expense in the second quarter was 7,233.",
        "Gross profit in the second quarter was 39,821.",
    ],
)
def test_the_right_rows_pass_under_both(answer: str) -> None:
    assert gate_answer(case(answer, table=MARGINS), DEFAULT_POLICY).status == "ok"
    assert gate_answer(case(answer, table=MARGINS), PREFIX).status == "ok"


def test_prose_bindings_keeps_the_monthish_words_under_either_value() -> None:
    # d476's case (d693): "Total revenue" is not the Markets line's 9.1 - nor under "prefix".
    excerpt = (
        "Gross Investment Banking revenue of $1.1 billion was up 30%. Total Markets revenue "
        "of $9.1 billion was up 20%."
    )
    for policy in (DEFAULT_POLICY, PREFIX):
        verdict = gate_answer(case("Total revenue was $1.1 billion.", table=excerpt), policy)
        assert verdict.status == "ok", verdict.findings
