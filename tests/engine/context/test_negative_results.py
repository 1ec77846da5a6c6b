"""Negative results (policy `negative_results: "named_rows"`, answer gate 2.30.0, d546): a negative
result - a ratio or a percentage that a cited figure printed negative makes negative, a difference
or a sum below zero - is derived from a pair that merely may be (derivation_words: one word of a
label said) only as a change or an average of one row's two cells, or with a step of the answer's
own; the calculation the answer names (every operand whose row is known in a named row) as
before. On a filing page a cell printed "(3,002)" over any of 200 figures, or one figure less a
larger one, lands near almost any negative figure: FinanceBench's gold answers with their sign
flipped were explained so."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.conftest import financebench_case
from tests.engine.context.test_derivation_words import formula, gold

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
# (negative_shares "any": 2.55.0's reading; negative_rows refuses these shares as well, d752;
# unnamed_negatives "any": 2.64.0's reading; named_operation refuses the flipped total, d846)
EITHER = AnswerGatePolicy(
    derived_numbers="accept",
    negative_results="any",
    slip_neighbours="off",
    negative_shares="any",
    unnamed_negatives="any",
)


def test_the_default_binds_negative_results_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.negative_results == "named_rows"
    assert VERBATIM_POLICY.negative_results == "any"


def test_a_flipped_margin_is_no_share_of_a_figure_printed_negative():
    # Netflix's FY2015 EBITDA margin, gold 5.4%, stated "-5.4%": "Interest and other income
    # (expense)" printed "(3,002)" over accrued expenses, one word ("income") said.
    slip = gold("fb-04458-gold", "5.4%", "-5.4%")
    assert formula(slip, EITHER) == "(−3,002) / 55,636 × 100 ≈ -5.4%"
    assert formula(slip) is None
    # PepsiCo's FY2022 EBITDA margin, gold 16.5%, stated "-16.5%": receivables' change printed
    # "(1,763)" over income before income taxes.
    slip = gold("fb-04481-gold", "16.5%", "-16.5%")
    assert formula(slip, EITHER) == "(−1,763) / 10,705 × 100 ≈ -16.5%"
    assert formula(slip) is None
    # The gold answers themselves are untouched.
    assert formula(gold("fb-04458-gold")) is not None
    assert formula(gold("fb-04481-gold")) is not None


def test_a_flipped_total_is_no_difference_of_two_unrelated_rows():
    # American Water Works' EBITDA, gold $1832.00, stated "-$1832.00": investing cash less
    # operating revenues, one word ("operating") said.
    slip = gold("fb-04254-gold", "$1832.00", "-$1832.00")
    assert formula(slip, EITHER) == "1,945 − 3,777 ≈ -$1832.00"
    assert formula(slip) is None
    # PepsiCo's FY2021 capex, gold $4.60 (billions), stated "-$4.60": capital spending printed
    # "(4,625)" plus another cash-flow line.
    # (Read to the cent, as gate 2.30.0 read it: since 2.33.0's cents_zeros "$4.60" in USD
    # billions is 4.6, and "-$4.60" is the cell printed "(4,625)" itself, grounded, no derivation.)
    slip = gold("fb-04980-gold", "$4.60", "-$4.60")
    cents = {"cents_zeros": "precision"}
    assert formula(slip, EITHER.model_copy(update=cents)) == "(−4,625) + 26 ≈ -$4.60"
    assert formula(slip, ACCEPT.model_copy(update=cents)) is None
    assert formula(slip) is None


def test_a_decline_of_one_row_across_its_columns_is_still_a_negative_change():
    # Best Buy's cash, FY2023 to Q2 FY2024: one row's two cells, a change (the gold states the
    # decline as "42%", read down; stated "-42%" it is the same change).
    assert formula(gold("fb-00288-gold")) == "(1,093 − 1,874) / 1,874 × 100 ≈ 42%"
    slip = gold("fb-00288-gold", "~42%", "~-42%")
    assert formula(slip) == "(1,093 − 1,874) / 1,874 × 100 ≈ -42%"


PAGE = "\n".join(
    [
        "CONSOLIDATED STATEMENTS OF OPERATIONS",
        "(in millions)",
        "Revenues",
        "2,450",
        "Cost of revenues",
        "1,980",
        "Operating expenses",
        "622",
        "Operating loss",
        "(152)",
        "Interest expense",
        "(41)",
        "Net loss",
        "(193)",
    ]
)


def case(conclusion: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "negative-share",
            "question": "What was the company's operating margin?",
            "raw_chunks": [{"chunk_id": "c1", "text": PAGE}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "c1", "excerpt": PAGE}],
            },
        }
    )


def test_a_negative_share_of_the_named_rows_is_still_derived():
    # Both rows named: the operating loss over revenues is the calculation, negative.
    named = case("Operating loss as a share of revenues was -6.2%.")
    assert formula(named) == "(−152) / 2,450 × 100 ≈ -6.2%"
    # Its size, stated positive, is the same pair's, whatever is named.
    assert formula(case("The operating loss was 6.2% of revenues.")) == "152 / 2,450 × 100 ≈ 6.2%"


def test_the_known_cost_a_margin_named_by_one_word_is_no_longer_derived_negative():
    # "operating margin" says one word of "Operating loss" and none of "Revenues": the pair
    # merely may be, and its sign comes from the cell printed "(152)" alone.
    margin = case("The operating margin was -6.2%.")
    assert formula(margin, EITHER) == "(−152) / 2,450 × 100 ≈ -6.2%"
    assert formula(margin) is None


def test_the_answers_own_negative_step_still_makes_a_negative_share():
    # A graded-correct answer writes "-$686" (6,201 − 6,887) and then "(-$686 / $6,887) * 100":
    # the negative operand is the answer's own step, not a cell printed negative.
    data = financebench_case("fb-00563-gpt-4-1106-preview-oracle_reverse")
    verdict = gate_answer(AnswerCase.model_validate(data), ACCEPT)
    assert verdict.status == "ok"
    formulas = [f.derivation.formula for f in verdict.findings if f.derivation is not None]
    assert "-$686 / 6,887 ≈ -0.0996" in formulas
