"""Percentages beyond 100 (policy `large_percentages: "named"`, answer gate 2.30.0, d548): from a
pair that merely may be (derivation_words: one word of a label said) a share beyond 100% is
derived only where the sentence names its operation ("as a percentage of"), and a percentage
change beyond 100% only as one row's change (or of two prose values of one sentence) or with a
step of the answer's own. A figure over a much smaller one lands on almost any large percentage:
FinanceBench's gold percentages with their scale slipped (x 100) were explained so."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
)
from tests.engine.context.test_derivation_words import formula, gold

ANY = AnswerGatePolicy(derived_numbers="accept", large_percentages="any")


def test_the_default_names_large_percentages_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.large_percentages == "named"
    assert VERBATIM_POLICY.large_percentages == "any"


def test_a_slipped_scale_is_no_share_of_a_small_figure():
    # Ulta Beauty's share of FY2023 buybacks in Q4, gold "36%", stated "3,600%": $900 million
    # over a store count.
    slip = gold("fb-00605-gold", "36%", "3,600%")
    assert formula(slip, ANY) == "$900 million / 25 × 100 ≈ 3,600%"
    assert formula(slip) is None


def test_a_slipped_scale_is_no_change_between_two_rows():
    # MGM China's revenue decline, gold "44%", stated "4,400%": a cell 72 against a prose
    # "$1.6 billion".
    slip = gold("fb-01912-gold", "44%", "4,400%")
    assert formula(slip, ANY) == "(72 − $1.6 billion) / $1.6 billion × 100 ≈ 4,400%"
    assert formula(slip) is None


def test_one_rows_change_beyond_100_percent_is_still_derived():
    # Amazon-like growth of one row across its two years (FinanceBench: a change of 101.5%).
    assert formula(gold("fb-03838-gold")) == ("(9,497,578 − 4,713,500) / 4,713,500 × 100 ≈ 101.5%")


PAGE = "\n".join(
    [
        "Net sales",
        "(in thousands)",
        "2019",
        "Kyocera resale products",
        "18,951",
        "AVX total sales",
        "10,436",
        "Passive components",
        "4,120",
    ]
)


def case(conclusion: str) -> AnswerCase:
    evidence = {"chunk_id": "c1", "excerpt": PAGE}
    return AnswerCase.model_validate(
        {
            "case_id": "large-percentage",
            "question": "What are the resale products as a percentage of the sales in 2019?",
            "raw_chunks": [{"chunk_id": "c1", "text": PAGE}],
            "answer": {"conclusion": conclusion, "evidences": [evidence]},
        }
    )


def test_a_share_beyond_100_percent_that_the_sentence_names_is_still_derived():
    named = case("The resale products as a percentage of the sales were 181.59%.")
    assert formula(named) == "18,951 / 10,436 × 100 ≈ 181.59%"
    # Stated with no operation named, the same large share of a pair one word relates is not.
    bare = case("The resale products came to 181.59%.")
    assert formula(bare, ANY) == "18,951 / 10,436 × 100 ≈ 181.59%"
    assert formula(bare) is None
