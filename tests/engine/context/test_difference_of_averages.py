"""The difference of two named rows' averages (policy `derivation_aggregates:
"named_rows_periods_differences"`, answer gate 2.23.0, d488): "the difference between the average
investment income and average financing costs is 2,140" is (433 + 685) / 2 − ((−2,088) +
(−1,074)) / 2. Only where the sentence names an average and a difference, of exactly two named
rows, over the same years (two named: those; one named: it and the year before; none: every
year), the first row said minus the second. Real TAT-QA tables (read from ../shared) beside a
small one: the right value is derived, another order, another year's cells, a slip or a sign flip
is not. The same policy value takes one occurrence of a row label the table repeats under
several headings as a series of its own (d489), where exactly one occurrence gives the value."""

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
WITHOUT = AnswerGatePolicy(
    derived_numbers="accept", derivation_aggregates="named_rows_periods_shares"
)
TABLE = (
    "2019 €m  2018 €m  2017 €m\n"
    "Defined contribution schemes  166  178  192\n"
    "Defined benefit schemes  57  44  20\n"
    "Total amount charged to income statement  223  222  212"
)
SAID = (
    "The difference between the average defined contribution schemes and the average defined "
    "benefit schemes from 2018 to 2019 is {} million."
)


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT, table: str = TABLE) -> str | None:
    return derived_formula(conclusion, policy, table)


def test_the_default_takes_differences_of_averages_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.derivation_aggregates == "named_rows_periods_differences"
    assert VERBATIM_POLICY.derivation_aggregates == "off"


def test_the_first_named_rows_average_minus_the_seconds_over_the_named_years():
    # (178 + 166) / 2 − (44 + 57) / 2 = 172 − 50.5 = 121.5
    assert derived(SAID.format("121.5")) == "(178 + 166) / 2 − (44 + 57) / 2 ≈ 121.5 million"
    assert derived(SAID.format("121.5"), WITHOUT) is None
    # One named year: that year and the year before (a year's average balance).
    one_year = (
        "The difference between 2019 average defined contribution schemes and 2019 average "
        "defined benefit schemes is 121.5 million."
    )
    assert derived(one_year) == "(178 + 166) / 2 − (44 + 57) / 2 ≈ 121.5 million"


def test_another_order_other_years_a_slip_or_a_sign_flip_is_not_derived():
    assert derived(SAID.format("-121.5")) is None  # the second minus the first
    assert derived(SAID.format("131.5")) is None  # one digit slipped
    # 2017 and 2018: (192 + 178) / 2 − (20 + 44) / 2 = 153
    assert derived(SAID.format("153")) is None
    assert derived(SAID.format("153").replace("2018 to 2019", "2017 to 2018")) is not None
    # No average named: no difference of averages.
    plain = SAID.format("121.5").replace("the average ", "")
    assert derived(plain) is None


def test_real_tatqa_differences_of_averages_accepted_and_their_wrong_answers_rejected():
    # "[(166+178)/2] - [(57+44)/2]", "[(433+685)/2] - [(-2,088) + (-1,074)]/2" (cells printed
    # negative), "[(4+4)/2] - [(2+3)/2]" (a footnote mark glued to "Incentive schemes1").
    for uid, formula in (
        ("4d259081-6da6-44bd-8830-e4de0031744c", "(178 + 166) / 2 − (44 + 57) / 2 ≈ 121.5 million"),
        (
            "10e936a6-8d76-4bbe-b058-86f12091b447",
            "(685 + 433) / 2 − (−1,074 + −2,088) / 2 ≈ 2,140 million",
        ),
        ("f86dbe96-d977-4f6f-8846-fe1b44c8e205", "(4 + 4) / 2 − (3 + 2) / 2 ≈ 1.5 million"),
    ):
        cases = tatqa_answers(uid)
        right = gate_answer(AnswerCase.model_validate(cases["right calculation"]), ACCEPT)
        assert right.status == "ok", uid
        found = [f for f in right.findings if f.derivation]
        assert [f.derivation.formula for f in found] == [formula]
        assert len(found[0].derivation.operands) == 4  # every cell shown
        without = gate_answer(AnswerCase.model_validate(cases["right calculation"]), WITHOUT)
        assert without.status != "ok"
        wrong = [g for g in ("sign", "digit", "scale", "period", "row", "operation") if g in cases]
        assert wrong
        for group in wrong:
            # None newly accepted ("2.5 million", a slip of "1.5", was already (4 + 1) / 2).
            verdict = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
            before = gate_answer(AnswerCase.model_validate(cases[group]), WITHOUT)
            assert verdict.status == before.status, (uid, group)
            assert not [f for f in verdict.findings if f.derivation and ") / 2 − (" in f.message]
        default = gate_answer(AnswerCase.model_validate(cases["right calculation"]), DEFAULT_POLICY)
        assert default.status != "ok"


REPEATED = (
    "For the year ended December 31:  2019  2018  2017\n"
    "RSUs\n"
    "Granted  $674  $583  $484\n"
    "Vested  428  381  463\n"
    "PSUs\n"
    "Granted  $164  $118  $113\n"
    "Vested  118  101  51"
)


def test_one_occurrence_of_a_repeated_row_label_is_a_series_of_its_own():
    # (428 + 381 + 463) / 3 = 424: the first "Vested"; (118 + 101 + 51) / 3 = 90 the second.
    assert derived("The average RSUs vested is 424.", table=REPEATED) == (
        "(463 + 381 + 428) / 3 ≈ 424"
    )
    assert derived("The average PSUs vested is 90.", table=REPEATED) is not None
    assert derived("The average RSUs vested is 424.", WITHOUT, REPEATED) is None
    # A slip, or the sum called an average, is not derived.
    assert derived("The average RSUs vested is 434.", table=REPEATED) is None
    # Two occurrences that give the value alike: which one is not said.
    twice = REPEATED.replace("118  101  51", "428  381  463")
    assert derived("The average RSUs vested is 424.", table=twice) is None


def test_real_tatqa_repeated_rows_accepted_and_their_wrong_answers_rejected():
    # "(428 + 381 + 463) / 3" (RSUs' Vested, PSUs' below); "(49 + 3 + 12) / 3" (Regional
    # films under Global, again under International Only and India Only).
    for uid in ("99f83ba7-2e57-44d8-ac0a-64ab3e9c7b47", "6ba4045d-4222-4da0-a126-94b267a707ec"):
        cases = tatqa_answers(uid)
        right = gate_answer(AnswerCase.model_validate(cases["right calculation"]), ACCEPT)
        assert right.status == "ok", uid
        found = [f for f in right.findings if f.derivation]
        assert len(found) == 1 and len(found[0].derivation.operands) == 3
        without = gate_answer(AnswerCase.model_validate(cases["right calculation"]), WITHOUT)
        assert without.status != "ok"
        for group in ("sign", "digit", "scale", "period", "row", "operation"):
            if group in cases:
                verdict = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                before = gate_answer(AnswerCase.model_validate(cases[group]), WITHOUT)
                assert verdict.status == before.status, (uid, group)
