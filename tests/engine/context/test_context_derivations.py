"""A value out of context that is the calculation its sentence names (policy
`context_derivations: "named_operation"`, answer gate 2.23.0, d487): "the sum of Accrued
expenses and Other long-term liabilities in 2019 was 35" is 6 + 29, though 35 is also another
row's cell. Derived only as the calculation the answer names (every operand in a named row),
never where the figure is the named row's own cell of another period (the period mistake the
context rule is for), and only with `derived_numbers: accept`. Real TAT-QA tables (read from
../shared) beside a small one."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import derived_formula, tatqa_answers
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
WITHOUT = AnswerGatePolicy(derived_numbers="accept", context_derivations="off")
TABLE = (
    "April 26, 2019  April 27, 2018\n"
    "Deferred compensation plan assets  $ 35  $ 31\n"
    "Deferred compensation liabilities reported as:\n"
    "Accrued expenses  $ 6  $ 6\n"
    "Other long-term liabilities  $ 29  $ 25"
)
SUM = "The sum of Accrued expenses and Other long-term liabilities in 2019 was 35 million."


def _codes(conclusion: str, policy: AnswerGatePolicy, table: str = TABLE) -> list[str]:
    return [f.code for f in gate_answer(case(conclusion, table=table), policy).findings]


def test_the_default_derives_values_out_of_context_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.context_derivations == "named_operation"
    assert VERBATIM_POLICY.context_derivations == "off"


def test_the_named_sum_is_derived_though_its_figure_is_another_rows_cell():
    assert derived_formula(SUM, ACCEPT, TABLE) == "6 + 29 ≈ 35 million"
    assert "VALUE_OUT_OF_CONTEXT" in _codes(SUM, WITHOUT)
    # Derived numbers a finding (the default policy): still out of context, no status moves.
    assert "VALUE_OUT_OF_CONTEXT" in _codes(SUM, DEFAULT_POLICY)


def test_no_operation_named_another_row_or_another_period_stays_out_of_context():
    # No operation named: a cell said of the wrong row.
    said = "Other long-term liabilities in 2019 was 35 million."
    assert "VALUE_OUT_OF_CONTEXT" in _codes(said, ACCEPT)
    # The sum of other rows: 35 is no calculation of the named rows' 2019 cells.
    other = "The sum of Accrued expenses and Other long-term liabilities in 2018 was 35 million."
    assert "VALUE_OUT_OF_CONTEXT" in _codes(other, ACCEPT)
    # The named row's own cell of another period is a period mistake, not a calculation:
    # 29 + 6 of 2019 is no sum of 2018 and 2019 (29 + 25 = 54).
    table = "2019  2018  Change\nOther long-term liabilities  $ 35  $ 29  $ 6"
    period = "The sum of Other long-term liabilities in 2019 and 2018 was 35 million."
    assert "VALUE_OUT_OF_CONTEXT" in _codes(period, ACCEPT, table)


def test_real_tatqa_values_out_of_context_derived_and_their_wrong_answers_rejected():
    # "6+29" (the sum of two named rows; 35 is another row's), "908.7-2,092.7" (the change of
    # the named row; -1,184 is the net decrease row's), "2.0-1.2" (a one-digit change of the
    # named row across the named years; 0.8% is another row's).
    for uid, formula in (
        ("9406b211-17a1-4a97-a646-a57170b7e270", "6 + 29 ≈ 35 million"),
        ("239e87d8-6994-4bb0-b974-879b6274c285", "908.7 − 2,092.7 ≈ -1,184 million"),
        ("973464b5-a5fe-4381-9bc5-e225f5ba9a2c", "2.0% − 1.2% ≈ 0.8%"),
    ):
        cases = tatqa_answers(uid)
        right = gate_answer(AnswerCase.model_validate(cases["right calculation"]), ACCEPT)
        assert right.status == "ok", uid
        assert [f.derivation.formula for f in right.findings if f.derivation] == [formula]
        derived = [f for f in right.findings if f.derivation]
        assert [o.text for o in derived[0].derivation.operands]  # its operands shown
        without = gate_answer(AnswerCase.model_validate(cases["right calculation"]), WITHOUT)
        assert without.status != "ok"
        for group in ("sign", "period", "row", "digit", "operation", "scale"):
            if group in cases:
                verdict = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert verdict.status != "ok", (uid, group)
        default = gate_answer(AnswerCase.model_validate(cases["right calculation"]), DEFAULT_POLICY)
        assert default.status != "ok"


def test_real_tatqa_period_mistakes_re_derived_by_a_change_column_stay_rejected():
    # "the sum ... in Q4 2019 and 2018 is 2,493": Bell Wireless's Q4 2019 cell, which its
    # $ CHANGE column re-derives (2,407 + 86).
    for uid in (
        "a4308d65-606f-4563-94e1-5ff5c049051a",
        "9d2bd743-f600-4e40-86dd-ebd18cbbe311",
        "d9eba295-6903-457d-924d-663e41d20b46",
        "15cd82e8-7fe9-4529-a44f-eca0ce5137fb",
    ):
        cases = tatqa_answers(uid)
        verdict = gate_answer(AnswerCase.model_validate(cases["period"]), ACCEPT)
        assert verdict.status != "ok", uid
