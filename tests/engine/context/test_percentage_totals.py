"""A percentage whose sentence names a total and no other operation (policy `percentage_totals:
"share"`, answer gate 2.19.0, d443): the total is the share's whole - "the percentage
constitution of warranty reserve among the total accrued liabilities is 14.81%" is
529 / 3,571 - where "sum" (2.18.1) took "total" as the operation, and a sum of amounts is no
percentage. Small tables and real TAT-QA ones (read from ../shared)."""

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
SUM = AnswerGatePolicy(derived_numbers="accept", percentage_totals="sum")
TABLE = (
    "(in thousands)  2019  2018\n"
    "Warranty reserve  529  611\n"
    "Accrued payroll  1,830  1,702\n"
    "Other  1,212  1,004\n"
    "Total accrued liabilities  $3,571  $3,317"
)


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    return derived_formula(conclusion, policy, TABLE)


def test_the_default_reads_a_total_as_the_whole_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.percentage_totals == "share"
    assert VERBATIM_POLICY.percentage_totals == "sum"


def test_a_percentage_of_the_total_is_a_share():
    sentence = "In 2019 the warranty reserve was 14.81% of the total accrued liabilities."
    # "% of" names a share already: both readings take it.
    assert derived(sentence) == derived(sentence, SUM) == "529 / $3,571 × 100 ≈ 14.81%"
    said = (
        "In 2019, the percentage constitution of warranty reserve among the total accrued "
        "liabilities is 14.81%."
    )
    assert derived(said) == "529 / $3,571 × 100 ≈ 14.81%"
    assert derived(said, SUM) is None


def test_another_year_a_sign_flip_or_an_amount_is_not_derived():
    said = (
        "In 2019, the percentage constitution of warranty reserve among the total accrued "
        "liabilities is {}."
    )
    assert derived(said.format("18.42%")) is None  # 611 / 3,317: the 2018 cells
    assert derived(said.replace("2019", "2018").format("18.42%")) is not None
    assert derived(said.format("-14.81%")) is None  # a share of two positive cells
    assert derived(said.format("14.18%")) is None  # a slip
    # An amount named with a total is still a sum: 529 + 1,830 + 1,212 is no share.
    assert derived("In 2019 the total of warranty reserve and accrued payroll was 2,359.") == (
        "529 + 1,830 ≈ 2,359"
    )


def test_real_tatqa_percentages_of_a_total_accepted_and_their_wrong_answers_rejected():
    for uid in (
        "593a3304-3fbe-47d2-a004-f4459ef3d014",
        "e0dcea2e-6a17-4797-92f9-5ce248888622",
        "b70433bd-7c92-413d-af00-cef3907cafe8",
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(right, SUM).status != "ok", uid
        assert gate_answer(right, DEFAULT_POLICY).status != "ok"  # derived: a finding
        for group in ("sign", "period", "row", "digit", "operation", "scale"):
            if group in cases:
                wrong = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert wrong.status != "ok", (uid, group)
