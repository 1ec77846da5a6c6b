"""Aggregates bound to context (policy `derivation_aggregates`, answer gate 2.9.0): an average or
a total of three or more cells is derived only from the cells the answer names - its row across
the periods it names, or the rows it names down one column - and only when the sentence names
the operation."""

from __future__ import annotations

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from tests.engine.context.test_operands import case

TABLE = (
    "Year Ended December 31,\n"
    "2019  2018  2017  2016  2015\n"
    "Revenue  $1,000  $900  $800  $700  $600\n"
    "Operating income  13,871  12,604  12,913  13,264  13,535\n"
    "Tax exempt interest  (197)  (101)  (206)  4  5"
)
ACCEPT = AnswerGatePolicy(derived_numbers="accept")
TWO_OPERANDS = AnswerGatePolicy(derived_numbers="accept", derivation_aggregates="off")


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT, table: str = TABLE) -> str | None:
    verdict = gate_answer(case(conclusion, table=table), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_default_policy_takes_aggregates_and_the_verbatim_preset_does_not():
    from groundgate.engine.gates.answer import VERBATIM_POLICY

    assert DEFAULT_POLICY.derivation_aggregates == "named_rows_periods_differences"
    assert VERBATIM_POLICY.derivation_aggregates == "off"


def test_an_average_over_the_named_row_and_the_named_span_of_years():
    sentence = "The average operating income from 2015 to 2019 was 13,237.4."
    assert derived(sentence) == ("(13,535 + 13,264 + 12,913 + 12,604 + 13,871) / 5 ≈ 13,237.4")
    assert derived(sentence, TWO_OPERANDS) is None
    # The span's inner years only: 2016 to 2018.
    assert derived("The average operating income from 2016 to 2018 was 12,927.") == (
        "(13,264 + 12,913 + 12,604) / 3 ≈ 12,927"
    )
    assert derived("The total operating income from 2015 to 2019 was 66,187.") is not None


def test_another_row_another_span_a_slip_or_an_unnamed_operation_is_not_derived():
    assert derived("The average revenue from 2015 to 2019 was 13,237.4.") is None
    assert derived("The average operating income from 2016 to 2019 was 13,237.4.") is None
    assert derived("The average operating income from 2015 to 2019 was 13,337.4.") is None
    # The sentence names no average: the figure is no aggregate.
    assert derived("Operating income from 2015 to 2019 was 13,237.4.") is None


def test_cells_printed_negative_are_negative_and_the_sign_follows():
    assert derived("The average tax exempt interest from 2017 to 2019 was -168.") == (
        "(−206 + −101 + −197) / 3 ≈ -168"
    )
    assert derived("The average tax exempt interest from 2017 to 2019 was 168.") is None


def test_an_average_of_two_named_years_of_percentages():
    table = (
        "Years Ended December 31\nAssumptions  2019  2018  2017\nDividend yield  4.5%  4.6%  4.1%"
    )
    assert derived("The average dividend yield in 2017 and 2018 is 4.35%.", table=table) == (
        "(4.1% + 4.6%) / 2 ≈ 4.35%"
    )
    assert derived("The average dividend yield in 2018 and 2019 is 4.35%.", table=table) is None


def test_a_total_down_one_column_of_the_named_rows():
    table = (
        "Costs  2019  2018\n"
        "Severance  7,169  7,845\n"
        "Evaluation  1,286  2,211\n"
        "Relocation  315  591\n"
        "Other  12  14"
    )
    sentence = "In 2019 the total of severance, evaluation and relocation costs was 8,770."
    assert derived(sentence, table=table) == "7,169 + 1,286 + 315 ≈ 8,770"
    assert derived(sentence.replace("2019", "2018"), table=table) is None


def test_verdicts_are_byte_identical_run_to_run():
    sentence = "The average operating income from 2015 to 2019 was 13,237.4."
    first = canonical_bytes(gate_answer(case(sentence, table=TABLE), ACCEPT))
    assert canonical_bytes(gate_answer(case(sentence, table=TABLE), ACCEPT)) == first
