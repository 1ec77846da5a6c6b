"""A share of a sum of the rows the answer names (policy `derivation_aggregates:
"named_rows_periods_shares"`, answer gate 2.19.0, d441): "(425 + 33) / 38,771" - the parts are
the named rows' cells in the named year's column, the whole one more cell of that column. Real
TAT-QA tables (read from ../shared) beside small ones: the right share is derived, a share of
another year's cells, of another row or of a slipped figure is not."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import derived_formula, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
WITHOUT = AnswerGatePolicy(derived_numbers="accept", derivation_aggregates="named_rows_periods")
TABLE = (
    "(in thousands)  2019  2018\n"
    "Land  $672  $650\n"
    "Machinery and equipment  1,372  1,296\n"
    "Leasehold improvements  798  1,238\n"
    "Property and equipment, gross  $2,842  $3,184"
)


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT, table: str = TABLE) -> str | None:
    return derived_formula(conclusion, policy, table)


def test_the_default_takes_shares_of_sums_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.derivation_aggregates == "named_rows_periods_differences"
    assert VERBATIM_POLICY.derivation_aggregates == "off"


def test_a_share_of_the_named_rows_over_a_whole_of_the_same_column():
    # (1,372 + 798) / 2,842 = 0.7635...: the whole is a named row, or any other row's cell.
    sentence = (
        "In 2019 the proportion of machinery and equipment and leasehold improvements "
        "over gross property and equipment was 76.35%."
    )
    assert derived(sentence) == "(1,372 + 798) / $2,842 × 100 ≈ 76.35%"
    assert derived(sentence, WITHOUT) is None
    bare = sentence.replace("76.35%", "0.76")
    assert derived(bare) == "(1,372 + 798) / $2,842 ≈ 0.76"


def test_another_year_another_row_or_a_slip_is_not_derived():
    # 2018's cells: (1,296 + 1,238) / 3,184 = 79.59%.
    other_year = (
        "In 2019 the proportion of machinery and equipment and leasehold improvements "
        "over gross property and equipment was 79.59%."
    )
    assert derived(other_year) is None
    assert derived(other_year.replace("2019", "2018")) is not None
    # Land's cell instead of the machinery's: (672 + 798) / 2,842 = 51.72%.
    assert (
        derived(
            "In 2019 the proportion of machinery and equipment and leasehold improvements "
            "over gross property and equipment was 51.72%."
        )
        is None
    )
    # One digit slipped.
    assert (
        derived(
            "In 2019 the proportion of machinery and equipment and leasehold improvements "
            "over gross property and equipment was 76.85%."
        )
        is None
    )
    # No share named: no share derived.
    assert (
        derived(
            "In 2019 machinery and equipment and leasehold improvements over gross property "
            "and equipment was 76.35%."
        )
        is None
    )


def test_two_wholes_that_give_it_alike_are_a_coincidence():
    table = "Item  2019\nAlpha  13\nBeta  20\nGamma  66\nDelta  66\nEpsilon  5"
    # (13 + 20) / 66: Gamma's and Delta's 66 alike - ambiguous, not derived.
    assert derived("In 2019 the share of alpha and beta was 50%.", table=table) is None
    assert derived("In 2019 the share of alpha and beta was 660%.", table=table) == (
        "(13 + 20) / 5 × 100 ≈ 660%"
    )


def test_real_tatqa_shares_of_sums_accepted_and_their_wrong_answers_rejected():
    # "(425+33)/38,771": deferred revenue and accrued warranty over gross deferred tax assets;
    # "(2,703+958)/23,406": Taiwan and Japan over total revenue (an unlabelled total row).
    for uid, formula in (
        ("08ec32ab-4f3e-4549-876c-f4e668439ad9", "(425 + 33) / 38,771 × 100 ≈ 1.18%"),
        ("f1a33e83-3a96-410a-8878-5e1fd1773a6d", "(2,703 + 958) / $23,406 × 100 ≈ 15.64%"),
    ):
        cases = tatqa_answers(uid)
        right = gate_answer(AnswerCase.model_validate(cases["right calculation"]), ACCEPT)
        assert right.status == "ok"
        assert [f.derivation.formula for f in right.findings if f.derivation] == [formula]
        without = gate_answer(AnswerCase.model_validate(cases["right calculation"]), WITHOUT)
        assert without.status != "ok"
        wrong = [g for g in ("sign", "period", "row", "digit", "operation") if g in cases]
        assert wrong
        for group in wrong:
            verdict = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
            assert verdict.status != "ok", (uid, group)
        # The default policy (derived numbers a finding) moves no status.
        default = gate_answer(AnswerCase.model_validate(cases["right calculation"]), DEFAULT_POLICY)
        assert default.status != "ok"
