"""A zero said of a named row across two named years (policy `zero_results`, d915, answer gate
2.74.0): both readings, examples both ways (context/corpus_en_derivations.UNCHANGED holds the
gate-level corpus: PASSES and REFUSED), the reading's unit tests, and property tests over the
cells of a row printed alike or not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import UNCHANGED
from groundgate.engine.context.zero_results import is_zero
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OLD = AnswerGatePolicy(derived_numbers="accept", zero_results="off")
PEEL = "The percentage change in the amounts owed by members of Peel from 2018 to 2019 is 0%."


def _status(answer: str, table: str = UNCHANGED, policy: AnswerGatePolicy = ACCEPT) -> str:
    return gate_answer(case(answer, table=table), policy).status


def _formula(answer: str, table: str = UNCHANGED) -> str | None:
    verdict = gate_answer(case(answer, table=table), ACCEPT)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_default_and_the_old_reading():
    assert DEFAULT_POLICY.zero_results == "equal_cells"  # 2.74.0 (d915)
    assert VERBATIM_POLICY.zero_results == "off"


def test_a_zero_is_read_only_under_the_new_reading():
    assert _status(PEEL) == "ok"
    assert _status(PEEL, policy=OLD) != "ok"
    # Under the default derived_numbers a derivation stays a finding, as every other one.
    assert gate_answer(case(PEEL, table=UNCHANGED), DEFAULT_POLICY).status != "ok"


def test_the_change_a_zero_is():
    assert _formula(PEEL) == "(0.3 − 0.3) / 0.3 × 100 = 0%"
    rate = "The change in the statutory tax rate from 2018 to 2019 was 0 percentage points."
    assert _formula(rate) == "21.0% − 21.0% = 0 percentage points"
    assert _formula("The statutory tax rate from 2018 to 2019 changed by 0%.") is not None


def test_no_zero_of_a_row_that_changes_or_of_one_year():
    assert _status("The change in the discount rate from 2018 to 2019 was 0%.") != "ok"
    lease = "The percentage change in the net investment in finance lease from 2018 to 2019 is 0%."
    assert _status(lease) != "ok"
    # One named year: no change of two years.
    assert _status("The amounts owed by members of Peel in 2019 changed by 0%.") != "ok"


def test_a_row_the_answer_does_not_name_gives_no_zero():
    assert _status("The change in revenue from 2018 to 2019 was 0%.") != "ok"


def test_two_rows_of_like_words_must_both_be_unchanged():
    # "by" and "to" members of Peel are one name to the binding: a zero is read only when every
    # pair it takes is printed alike.
    alike = "£m  2019  2018\nAmounts owed by members of Peel  0.3  0.3\n"
    assert _status(PEEL, alike + "Amounts owed to members of Peel  (0.1)  (0.1)") == "ok"
    assert _status(PEEL, alike + "Amounts owed to members of Peel  (0.1)  (0.4)") != "ok"


def test_is_zero():
    def q(text: str) -> bool:
        return is_zero(typed(extract_numbers(text)[0]))

    assert q("0%") and q("0") and q("0.0 million") and q("$0")
    assert not q("0.5%") and not q("10") and not q("-3")


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=99_999),
    st.integers(min_value=1, max_value=99_999),
)
def test_a_zero_passes_exactly_when_the_named_cells_are_alike(first: int, second: int):
    table = f"(in thousands)  2019  2018\nOther assets  {first:,}  {second:,}\nRevenue  5  7"
    answer = "The change in other assets from 2018 to 2019 was 0 thousand."
    assert (_status(answer, table) == "ok") == (first == second)
