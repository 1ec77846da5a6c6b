"""Derivations that are the calculation, not a coincidence (policy `derivation_words:
"one_said"`, answer gate 2.24.0, d479): where no named row or period binds a derivation's
operands - a filing page read one cell a line, whose cells have no column - a pair is taken only
when an operand is what the answer speaks of (its row label, or a prose value's own sentence,
shares a naming word with the value's sentence or the question), or the pair is two cells of one
row for a change or an average. On the real FinanceBench pages (10-K balance sheets, cash-flow
statements) gate 2.21.0 explained a slipped digit by some operation on some pair of the page's
figures; the true calculations over the rows the question names are still found."""

from __future__ import annotations

import json
from functools import cache

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.conftest import shared_data

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
# Gate 2.21.0's pairs: any two cited values (and, before 2.30.0's negative_results, a negative
# result from any of them).
# (negative_shares "any": 2.55.0's reading, under which a cost printed negative makes a negative
# share, d752 - the pairs below are the ones derivation_words refuses)
# (2.60.0's slip_neighbours: the short coincidences below are ambiguous under d808's reading)
ANY_PAIR = AnswerGatePolicy(
    derived_numbers="accept",
    derivation_words="off",
    negative_results="any",
    negative_shares="any",
    slip_neighbours="question_pairs_aggregates",
)


@cache
def _gold() -> dict[str, dict]:
    path = shared_data("financebench", "gold_cases.jsonl")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {row["case"]["case_id"]: row["case"] for row in rows}


def gold(case_id: str, said: str | None = None, instead: str = "") -> AnswerCase:
    """The gold answer of a FinanceBench question, with `said` replaced by `instead`."""
    data = _gold()[case_id]
    conclusion = data["answer"]["conclusion"]
    if said is not None:
        assert said in conclusion
        conclusion = conclusion.replace(said, instead, 1)
    return AnswerCase.model_validate(
        {**data, "answer": {**data["answer"], "conclusion": conclusion}}
    )


def formula(case: AnswerCase, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    """The formula of the last derived value when the answer passes, else None."""
    verdict = gate_answer(case, policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_default_asks_for_said_operands_and_the_verbatim_preset_does_not():
    # "one_said" until 2.69.0; its acronym reading is the default since (d872, under d870).
    assert DEFAULT_POLICY.derivation_words == "one_said_initials"
    assert VERBATIM_POLICY.derivation_words == "off"


def test_a_slipped_digit_on_a_balance_sheet_is_no_longer_explained_by_unrelated_rows():
    # Corning's working capital: "$841 million" (the gold says $831 million) was the average of
    # cash (1,671) and a note's "10": neither is anything the answer speaks of.
    slip = gold("fb-00005-gold", "$831 million", "$841 million")
    assert formula(slip, ANY_PAIR) == "(1,671 + 10) / 2 ≈ $841 million"
    assert formula(slip) is None
    # Verizon's quick ratio "0.64" (gold 0.54): allowance for credit losses over
    # noncontrolling interests.
    slip = gold("fb-00216-gold", "0.54", "0.64")
    assert formula(slip, ANY_PAIR) == "896 / 1,410 ≈ 0.64"
    assert formula(slip) is None


def test_a_flipped_sign_is_no_ratio_of_treasury_stock():
    # PayPal's working capital "$ -1.6Bn": treasury stock printed "(11,880)" over another figure.
    slip = gold("fb-00080-gold", "$ 1.6Bn", "$ -1.6Bn")
    assert formula(slip, ANY_PAIR) == "(−11,880) / 7,431 ≈ -1.6"
    assert formula(slip) is None


def test_the_true_calculations_over_the_named_rows_are_still_found():
    # The question names both rows: net working capital as total current assets less total
    # current liabilities.
    assert formula(gold("fb-03031-gold")) == "19,815 − 13,997 ≈ $5818.00"
    # A change of one row across its two years ("Total net sales" 2017 and 2016; the answer
    # says "revenue"): two cells of one row are the change.
    assert formula(gold("fb-08135-gold")) == ("(177,866 − 135,987) / 135,987 × 100 ≈ 30.8%")
    # A label printed without spaces: the question's words are read within it.
    assert formula(gold("fb-04660-gold")) == "1,001,425 / 577,464 ≈ 1.73"


PAGE = "\n".join(
    [
        "CONSOLIDATED BALANCE SHEETS",
        "(in millions)",
        "Cash and cash equivalents",
        "1,671",
        "Trade accounts receivable, net",
        "1,804",
        "Inventories",
        "2,904",
        "Other current assets",
        "1,073",
        "Total current assets",
        "7,452",
        "Property, plant and equipment, net",
        "15,371",
        "Goodwill, net",
        "2,394",
        "Current portion of long-term debt",
        "224",
        "Accounts payable",
        "1,804",
        "Other accrued liabilities",
        "4,185",
        "Total current liabilities",
        "6,213",
        "Long-term debt",
        "6,687",
        "Retained earnings",
        "16,778",
        "Total liabilities",
        "17,609",
    ]
)


def page_case(conclusion: str, question: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "page",
            "question": question,
            "raw_chunks": [{"chunk_id": "p", "text": PAGE}],
            "answer": {"conclusion": conclusion, "evidences": [{"chunk_id": "p", "excerpt": PAGE}]},
        }
    )


def test_one_cell_a_line_a_value_whose_operands_the_answer_does_not_speak_of_is_not_derived():
    question = "What was the working capital?"
    # 831 = 17,609 - 16,778: total liabilities less retained earnings, of which the answer says
    # nothing; the literal reading takes it.
    assert formula(page_case("Working capital was 831.", question)) is None
    assert formula(page_case("Working capital was 831.", question), ANY_PAIR) == (
        "17,609 − 16,778 ≈ 831"
    )
    # The known cost: the true working capital (total current assets less total current
    # liabilities) is refused alike where neither the answer nor the question says a word of
    # those rows (FinanceBench: 1 gold answer of 150, fb-00070).
    assert formula(page_case("Working capital was 1,239.", question)) is None
    assert formula(page_case("Working capital was 1,239.", question), ANY_PAIR) == (
        "7,452 − 6,213 ≈ 1,239"
    )


def test_the_verdict_is_the_same_run_to_run():
    slip = gold("fb-00005-gold", "$831 million", "$841 million")
    assert gate_answer(slip, ACCEPT) == gate_answer(slip, ACCEPT)
