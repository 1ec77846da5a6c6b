"""A figure of three digits or more of the calculation-constant list said as a count is judged
in context (policy `context_constants`, answer gate 2.54.0, d740): "360 employees in Germany"
where the excerpt says 360 of France is out of context. 2.50.0's reading (`bare`) skipped every
bare 1, 2, 4, 12, 100, 360, 365 or 1,000 of an answer as if it were a constant of a written
calculation ("/ 2", "× 100"), which test_prose_bindings' property test drew as a counterexample
(360, 365). Gate 2.58.0 (`counted`, d776) judges a one- or two-digit one too where it counts a
noun ("4 employees"), not a part's number ("Page 4 of 15")."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

BARE = AnswerGatePolicy(context_constants="bare")
IN_WORKING = AnswerGatePolicy(context_constants="in_working")


def _case(answer: str, evidence: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "constants",
            "question": "How many employees does the group have?",
            "raw_chunks": [{"chunk_id": "c1", "text": evidence}],
            "answer": {
                "conclusion": answer,
                "evidences": [{"chunk_id": "c1", "excerpt": evidence}],
            },
        }
    )


def test_the_default_judges_them_and_the_verbatim_preset_keeps_the_old_reading():
    assert DEFAULT_POLICY.context_constants == "counted"
    assert VERBATIM_POLICY.context_constants == "bare"


@pytest.mark.parametrize("constant", [100, 360, 365, 1000])
def test_a_constant_of_the_list_said_of_another_place_is_out_of_context(constant: int):
    evidence = f"The group employs 4,321 people in Germany and {constant:,} in France."
    moved = _case(f"The group has {constant:,} employees in Germany.", evidence)
    verdict = gate_answer(moved, DEFAULT_POLICY)
    assert [f.code for f in verdict.findings] == ["VALUE_OUT_OF_CONTEXT"]
    if constant < 1000:  # ("1,000" as printed was judged already: its quantity is no bare 1000)
        assert gate_answer(moved, BARE).status == "ok"  # 2.50.0's reading skipped it
    right = _case(f"The group has {constant:,} employees in France.", evidence)
    assert gate_answer(right, DEFAULT_POLICY).status == "ok"


@pytest.mark.parametrize("constant", [2, 4, 12])
def test_a_one_or_two_digit_constant_said_as_a_count_is_judged_under_counted(constant: int):
    # `in_working` (d740) skips the small ones everywhere: an answer's "Page 4 of 15" met a
    # table's 4 of another year on FinanceBench (fb-00382); `counted` (d776) judges one that
    # counts a noun, and still skips a page's or a note's number.
    evidence = f"The group employs 4,321 people in Germany and {constant} in France."
    moved = _case(f"The group has {constant} employees in Germany.", evidence)
    assert gate_answer(moved, IN_WORKING).status == "ok"
    codes = [f.code for f in gate_answer(moved, DEFAULT_POLICY).findings]
    assert codes == ["VALUE_OUT_OF_CONTEXT"]
    right = _case(f"The group has {constant} employees in France.", evidence)
    assert gate_answer(right, DEFAULT_POLICY).status == "ok"


@pytest.mark.parametrize(
    "said",
    [
        "Revenue was 4,321 in 2023 (Page {c} of 15).",
        "Revenue was 4,321 in 2023, as Note {c} says.",
        "Revenue was 4,321 in 2023 (see Item {c} to 15).",
    ],
)
@pytest.mark.parametrize("constant", [2, 4, 12])
def test_a_parts_number_stays_skipped_under_counted(said: str, constant: int):
    evidence = f"(In millions)  2023  2022\nRevenue  4,321  {constant}\nOther  {constant}  88"
    answer = _case(said.format(c=constant), evidence)
    codes = [f.code for f in gate_answer(answer, DEFAULT_POLICY).findings]
    assert "VALUE_OUT_OF_CONTEXT" not in codes  # (15 is ungrounded: another finding)
    old = gate_answer(answer, IN_WORKING)
    assert codes == [f.code for f in old.findings]


def test_a_constant_of_a_written_calculation_is_still_no_claim():
    evidence = "Revenue was $1,200 million in 2023 and $1,000 million in 2022."
    answer = "Revenue grew by (1,200 - 1,000) / 1,000 × 100 = 20% from 2022 to 2023."
    policy = AnswerGatePolicy(derived_numbers="accept")
    verdict = gate_answer(_case(answer, evidence), policy)
    codes = {f.code for f in verdict.findings}
    assert "VALUE_OUT_OF_CONTEXT" not in codes
    assert (
        verdict.status
        == gate_answer(
            _case(answer, evidence), policy.model_copy(update={"context_constants": "bare"})
        ).status
    )
