"""Derivations bound to context (policy `derivation_context`, answer gate 2.5.0): the operands
of a derived value are of the row and the periods the answer names, the sign follows the
operation, and unrelated calculations that give a value alike are a coincidence."""

from __future__ import annotations

import pytest

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

TABLE = (
    "Revenue  2019  2018  2017\n"
    "Fixed Price  1,308  1,295  1,340\n"
    "Time and Materials  120  133  140\n"
    "Total  1,428  1,428  1,480"
)
ACCEPT = AnswerGatePolicy(derived_numbers="accept")
LITERAL = AnswerGatePolicy(derived_numbers="accept", derivation_context="off")


def case(conclusion: str, question: str = "", table: str = TABLE, excerpt: str = "") -> AnswerCase:
    """`conclusion` citing `table` (or its part `excerpt`), the case's one chunk."""
    return AnswerCase.model_validate(
        {
            "case_id": "derived",
            "question": question,
            "raw_chunks": [{"chunk_id": "t", "text": table}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "t", "excerpt": excerpt or table}],
            },
        }
    )


def derived(conclusion: str, question: str = "", policy: AnswerGatePolicy = ACCEPT) -> str | None:
    """The formula that derived the conclusion's last value, or None when it was not."""
    verdict = gate_answer(case(conclusion, question), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_default_policy_binds_derivations_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.derivation_context == "rows_periods_sign"
    from groundgate.engine.gates.answer import VERBATIM_POLICY

    assert VERBATIM_POLICY.derivation_context == "off"


def test_a_change_between_two_named_years_is_the_later_minus_the_earlier():
    assert derived("The change in Fixed Price from 2018 to 2019 was 13.") == "1,308 − 1,295 ≈ 13"
    # The words may name the years in either order: the change is still 2019 - 2018.
    assert derived("Fixed Price in 2019 compared to 2018 changed by 13.") == "1,308 − 1,295 ≈ 13"
    # The sign flipped: under the literal reading 1,295 - 1,308 explains it.
    assert derived("The change in Fixed Price from 2018 to 2019 was -13.") is None
    assert derived("The change in Fixed Price from 2018 to 2019 was -13.", policy=LITERAL)


def test_another_periods_change_is_not_the_named_change():
    # -45 is the change from 2017 to 2018; the answer names 2018 to 2019.
    assert derived("The change in Fixed Price from 2017 to 2018 was -45.") == "1,295 − 1,340 ≈ -45"
    assert derived("The change in Fixed Price from 2018 to 2019 was -45.") is None
    assert derived("The change in Fixed Price from 2018 to 2019 was -45.", policy=LITERAL)


def test_the_periods_may_come_from_the_question():
    question = "What was the change in Fixed Price from 2017 to 2018?"
    assert derived("It was -45.", question) == "1,295 − 1,340 ≈ -45"
    question = "What was the change in Fixed Price from 2018 to 2019?"
    assert derived("It was -45.", question) is None


def test_a_change_across_periods_is_of_the_named_row():
    assert derived("The change in Time and Materials from 2018 to 2019 was -13.") == (
        "120 − 133 ≈ -13"
    )
    # -13 is Time and Materials' change; the answer names Fixed Price (whose change is +13).
    assert derived("The change in Fixed Price from 2018 to 2019 was -13.") is None


def test_a_decrease_in_words_is_a_negative_change():
    assert derived("The decrease in Time and Materials from 2018 to 2019 was 13.") == (
        "120 − 133 ≈ 13"
    )
    assert derived("The decrease in Fixed Price from 2018 to 2019 was 13.") is None


def test_a_ratio_of_two_positive_figures_is_never_negative():
    assert derived("The ratio of Fixed Price in 2019 to 2018 was 1.01.")
    assert derived("The ratio of Fixed Price in 2019 to 2018 was -1.01.") is None
    assert derived("The ratio of Fixed Price in 2019 to 2018 was -1.01.", policy=LITERAL)


def test_a_share_takes_operands_of_the_named_period():
    assert derived("Time and Materials was 8.40% of the Total in 2019.") == (
        "120 / 1,428 × 100 ≈ 8.40%"
    )
    assert derived("Time and Materials was 8.40% of the Total in 2018.") is None


def test_unrelated_calculations_giving_one_value_are_a_coincidence():
    # Where the answer names no row and no period, nothing binds the operands: 5 + 19 and
    # 31 - 7 give 24 alike. (Where it names some, the first bound derivation is taken.)
    table = "Jurors  12 days\nHearing  7\nAdjourned  5\nDelay  19\nWitnesses  31"
    verdict = gate_answer(
        case("It was 24.", table=table),
        AnswerGatePolicy(derived_numbers="accept"),
    )
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.code == "UNGROUNDED_NUMBER" and finding.derivation is None
    assert "coincidence" in finding.message
    # The literal reading takes the first calculation found.
    literal = gate_answer(case("It was 24.", table=table), LITERAL)
    assert literal.status == "ok"


@pytest.mark.parametrize(
    "conclusion",
    [
        "The change in Fixed Price from 2018 to 2019 was 13.",
        "The change in Fixed Price from 2018 to 2019 was -13.",
        "Time and Materials was 8.40% of the Total in 2019.",
    ],
)
def test_verdicts_are_byte_identical_run_to_run(conclusion):
    runs = {canonical_bytes(gate_answer(case(conclusion), ACCEPT).model_dump()) for _ in range(3)}
    assert len(runs) == 1


def test_a_cell_printed_in_parentheses_is_a_signed_operand():
    table = (
        "  2019  2018\nNet profit/(loss) after tax  (9,819)  6,639\nFinance costs  54,897  25,803"
    )
    conclusion = "The difference in net profit between both years was -16,458."
    verdict = gate_answer(case(conclusion, table=table), ACCEPT)
    assert verdict.status == "ok"
    (found,) = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    assert [o.text for o in found.derivation.operands] == ["9,819", "6,639"]
    # Its size alone (9,819 + 6,639) is no longer the calculation of a negative value.
    assert found.derivation.operation == "difference"


def test_the_operation_the_sentence_names_is_the_operation():
    """A change ("the change") is a difference or a percentage change, never the sum of the two
    cells; "the total" a sum, "the average" an average, "the ratio" a share (gate 2.7.0)."""
    assert derived("The change in Fixed Price from 2018 to 2019 was 2,603.") is None
    assert derived("The change in Fixed Price from 2018 to 2019 was 2,603.", policy=LITERAL)
    assert derived("The total of Fixed Price in 2018 and 2019 was 2,603.") == (
        "1,308 + 1,295 ≈ 2,603"
    )
    assert derived("The total of Fixed Price in 2018 and 2019 was 13.") is None
    assert derived("The average Fixed Price in 2018 and 2019 was 1,301.5.") == (
        "(1,308 + 1,295) / 2 ≈ 1,301.5"
    )
    # Only the value's own sentence names it: a question may define a metric of several steps.
    question = "What was the change in Fixed Price from 2018 to 2019?"
    assert derived("It was 13.", question) == "1,308 − 1,295 ≈ 13"
    assert derived("It was 2,603.", question) == "1,308 + 1,295 ≈ 2,603"
    # A change named beside a total row's label is still a change.
    assert derived("The change in Total from 2017 to 2018 was -52.") == "1,428 − 1,480 ≈ -52"
    # The 2.5.0 binding, any operation, stays a policy choice.
    any_op = AnswerGatePolicy(
        derived_numbers="accept", derivation_context="rows_periods_sign_any_op"
    )
    assert derived("The change in Fixed Price from 2018 to 2019 was 2,603.", policy=any_op)


def test_a_change_of_one_rows_cells_is_in_time_order_years_named_or_not():
    """`change_order: time_order` (gate 2.12.0): "the change in Fixed Price" with no year
    named is 2019 - 2018, not 2018 - 2019; `named_years` (gate 2.10.0) took either order."""
    assert DEFAULT_POLICY.change_order == "time_relative"  # (time_order and relative columns)
    assert derived("The change in Fixed Price was 13.") == "1,308 − 1,295 ≈ 13"
    assert derived("The change in Fixed Price was -13.") is None
    older = AnswerGatePolicy(derived_numbers="accept", change_order="named_years")
    assert derived("The change in Fixed Price was -13.", policy=older) is not None


SMALL_CHANGES = (
    "December 31,  2019  2018  2017\n"
    "Additions  3.1  2.4  2.9\n"
    "Disposals  (0.6)  (0.5)  (1.2)\n"
    "Accrued pension liabilities  3.4  3.3  2.8"
)


def short(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    verdict = gate_answer(case(conclusion, table=SMALL_CHANGES), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_a_one_digit_result_is_derived_only_over_the_named_row_and_two_named_years():
    """`short_results: named_row_years` (gate 2.12.1); `off` (2.12.0): never derived."""
    assert DEFAULT_POLICY.short_results == "named_row_years"
    assert short("The change in Additions in 2019 from 2018 was 0.7 million.") == (
        "3.1 − 2.4 ≈ 0.7 million"
    )
    assert short("The change in Accrued pension liabilities from 2018 to 2019 was 0.1.")
    # Another period, another row, the wrong direction, no row or no years named: not derived.
    assert short("The change in Additions in 2018 from 2017 was 0.7 million.") is None
    assert short("The change in Disposals in 2019 from 2018 was 0.7 million.") is None
    assert short("The change in Additions in 2019 from 2018 was -0.7 million.") is None
    assert short("The change in 2019 from 2018 was 0.7 million.") is None
    assert short("The change in Additions was 0.7 million.") is None
    # Two-digit results keep 2.12.0's binding; the literal reading never derives one digit.
    off = AnswerGatePolicy(derived_numbers="accept", short_results="off")
    assert short("The change in Additions in 2019 from 2018 was 0.7 million.", off) is None
    assert short("The change in Additions in 2019 from 2018 was 0.7 million.", LITERAL) is None


# difference_order "unsigned" (gate 2.14.0, d347): a positive difference named by that word
# alone is the distance between the named row's two cells, in either order.
ORDERED = AnswerGatePolicy(derived_numbers="accept", difference_order="ordered")
UNSIGNED = AnswerGatePolicy(derived_numbers="accept", difference_order="unsigned")


def test_a_positive_difference_of_the_named_row_takes_either_order():
    said = "The difference in Time and Materials between 2018 and 2019 is 13."
    assert derived(said) == "133 − 120 ≈ 13"
    assert derived(said, policy=ORDERED) is None  # time order only: 120 - 133
    # Stated negative, under "unsigned" (gate 2.16.0) it keeps the time order: 2019 - 2018;
    # under "unsigned_named" (d410) it is the first named year minus the second: 2018 - 2019.
    assert derived(said.replace("13.", "-13."), policy=UNSIGNED) == "120 − 133 ≈ -13"
    assert derived(said.replace("13.", "-13.")) is None
    assert derived(said.replace("2018 and 2019 is 13.", "2019 and 2018 is -13.")) == (
        "120 − 133 ≈ -13"
    )
    # A change word or a direction orders it.
    assert derived("The change in Time and Materials between 2018 and 2019 is 13.") is None
    assert derived("The difference in Time and Materials from 2018 to 2019 is 13.") is None
    # Another row's distance (Total: 1,480 - 1,428) stays refused.
    assert derived("The difference in Time and Materials between 2017 and 2019 is 20.") == (
        "140 − 120 ≈ 20"
    )
    assert derived("The difference in Time and Materials between 2017 and 2019 is 52.") is None


ZH_TABLE = "项目  2019年  2018年\n营业收入  120  133\n营业成本  80  70"


def test_a_positive_difference_in_chinese_takes_either_order():
    def zh(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str:
        return gate_answer(case(conclusion, table=ZH_TABLE), policy).status

    assert zh("2018年与2019年营业收入的差额为13。") == "ok"
    assert zh("2018年与2019年营业收入的差额为13。", ORDERED) != "ok"
    assert zh("营业收入从2018年到2019年的差额为13。") != "ok"


# negative_operands "any" (gate 2.15.0, d380): a cell printed negative may be either operand of
# a sum, a difference or an average, and a percentage change may fall below -100%.
SIGNED_TABLE = (
    "  2019  2018\n"
    "Transfers  (1,421)  (78,816)\n"
    "Disposals  (16,664)  (14,805)\n"
    "Other income  (2,935)  1,758"
)
POSITIVE_SECOND = AnswerGatePolicy(derived_numbers="accept", negative_operands="positive_second")


def signed(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    verdict = gate_answer(case(conclusion, table=SIGNED_TABLE), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_a_negative_cell_may_be_either_operand():
    assert DEFAULT_POLICY.negative_operands == "any"
    said = "The change in Transfers from 2018 to 2019 was 77,395."
    assert signed(said) == "(−1,421) − (−78,816) ≈ 77,395"
    assert signed(said, POSITIVE_SECOND) is None  # gate 2.14.1: no negative subtrahend
    assert signed("The change in Disposals from 2018 to 2019 was -1,859.") == (
        "(−16,664) − (−14,805) ≈ -1,859"
    )
    assert signed("The average Transfers in 2018 and 2019 was -40,118.5.") == (
        "((−1,421) + (−78,816)) / 2 ≈ -40,118.5"
    )
    assert signed("The percentage change in Other income from 2018 to 2019 was -266.95%.") == (
        "((−2,935) − 1,758) / 1,758 × 100 ≈ -266.95%"
    )
    zh_table = "项目  2019年  2018年\n其他收入  (2,935)  1,758\n营业收入  120  133"
    zh = gate_answer(
        case("其他收入从2018年到2019年的变动百分比为-266.95%。", table=zh_table), ACCEPT
    )
    assert zh.status == "ok"
    flipped = case("其他收入从2018年到2019年的变动百分比为266.95%。", table=zh_table)
    assert gate_answer(flipped, ACCEPT).status != "ok"


@pytest.mark.parametrize(
    "said",
    [
        "The change in Transfers from 2018 to 2019 was 1,859.",  # another row's change
        "The change in Disposals from 2018 to 2019 was 77,395.",  # another row's figure
        "The percentage change in Other income from 2018 to 2019 was 266.95%.",  # sign flipped
        "The change in Other income from 2018 to 2019 was 4,693.",  # sign flipped
    ],
)
def test_a_flipped_sign_or_another_row_of_negative_cells_is_refused(said):
    assert signed(said) is None
    assert signed("The change in Other income from 2018 to 2019 was -4,693.") == (
        "(−2,935) − 1,758 ≈ -4,693"
    )


def test_a_row_printed_negative_throughout_reads_as_signed_or_as_sizes():
    """Both readings of "(1,421)  (78,816)" are found under negative_sizes "any_row" (2.76.1's):
    the signed change (d380) and the change of the sizes (gate 2.14.1 already) - the sign of such
    a change is ambiguous; two cells printed negative are never read one signed and one as its
    size. Since 2.79.0 (`cost_row_pairs`, d951) the sizes only where the row names a cost:
    "Transfers" names none, so its change is the signed one."""
    sizes = "The change in Transfers from 2018 to 2019 was -77,395."
    assert signed(sizes, ACCEPT.model_copy(update={"negative_sizes": "any_row"})) == (
        "1,421 − 78,816 ≈ -77,395"
    )
    assert signed(sizes) is None
    cost = "The change in Transfers paid from 2018 to 2019 was -77,395."
    cost_table = SIGNED_TABLE.replace("Transfers", "Transfers paid")
    verdict = gate_answer(case(cost, table=cost_table), ACCEPT)
    assert verdict.status == "ok"  # a row naming a payment keeps both readings
    assert signed("The change in Transfers from 2018 to 2019 was 80,237.") is None  # mixed
