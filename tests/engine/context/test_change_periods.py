"""The periods that bind a change's two cells (policy `change_periods: "named_kinds"`, answer
gate 2.20.0, d460): where the answer names two periods of a kind other than years - the days
of two quarter ends, "between the quarters ended July 27 and April 27" - both cells of the
change are of those, as two named years bind them, and of one year the later month's cell is
the minuend. "years" (2.19.0) bound only the first cell to them: "512" (April 27 - January 26)
passed for the change between July 27 and April 27. Small tables and real TAT-QA ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import derived_formula, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
YEARS = AnswerGatePolicy(derived_numbers="accept", change_periods="years")
TABLE = (
    "Quarters Ended  July 27, 2019  April 27, 2019  January 26, 2019  October 27, 2018\n"
    "Revenue  $13,428  $12,958  $12,446  $13,072\n"
    "Net income  $2,206  $3,044  $2,822  $3,549"
)


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    return derived_formula(conclusion, policy, TABLE)


def test_the_default_binds_named_days_and_the_verbatim_preset_keeps_years():
    # (gate 2.22.0's each_named binds as named_kinds does, and one cell to each named period:
    # tests/engine/context/test_quarter_ordinals.py)
    assert DEFAULT_POLICY.change_periods == "ordered_kinds"  # each_named and more (2.45.0)
    assert VERBATIM_POLICY.change_periods == "years"


def test_a_change_between_two_named_days_takes_their_two_cells():
    said = "The change in revenue between the quarters ended July 27 and April 27 in 2019 was {}."
    assert derived(said.format("470 million")) == "$13,428 − $12,958 ≈ 470 million"
    # Another pair of columns of the row: April 27 - January 26, and the earlier minus the later.
    assert derived(said.format("512 million")) is None
    assert derived(said.format("-470 million")) is None
    # gate 2.19.0's reading: only the first cell was held to a named day.
    assert derived(said.format("512 million"), YEARS) == "$12,958 − $12,446 ≈ 512 million"
    assert derived(said.format("-470 million"), YEARS) is not None


def test_named_days_across_years_and_other_operations():
    said = "The change in net income between quarters ended January 26 and April 27, 2019 was {}."
    assert derived(said.format("222 million")) == "$3,044 − $2,822 ≈ 222 million"
    assert derived(said.format("-727 million")) is None  # January 26 - October 27, 2018
    # A sum names no change: its cells were already held to the named days.
    total = "The total revenue of the quarters ended July 27 and April 27, 2019 was 26,386 million."
    assert derived(total) == "$13,428 + $12,958 ≈ 26,386 million"
    # One named day binds the first cell only, as before.
    one = "The change in revenue in the quarter ended July 27, 2019 was 470 million."
    assert derived(one) == "$13,428 − $12,958 ≈ 470 million"


COLUMNS = ("July 27, 2019", "April 27, 2019", "January 26, 2019", "October 27, 2018")
REVENUE = (13_428, 12_958, 12_446, 13_072)


@given(st.permutations(range(4)), st.integers(min_value=0, max_value=3))
@settings(max_examples=40, deadline=None)
def test_property_only_the_named_pair_in_time_order_is_the_change(order, other):
    a, b = sorted(order[:2])  # a: the later column (COLUMNS run back in time)
    day = [c.split(",")[0] for c in COLUMNS]
    year = [c.split(", ")[1] for c in COLUMNS]
    said = (
        f"The change in revenue between the quarters ended {day[b]}, {year[b]} and "
        f"{day[a]}, {year[a]} was {{:,}} million."
    )
    right = REVENUE[a] - REVENUE[b]
    assert derived(said.format(right)) is not None
    for wrong in {
        REVENUE[b] - REVENUE[a],
        *(REVENUE[i] - REVENUE[j] for i in range(4) for j in range(i + 1, 4) if (i, j) != (a, b)),
    } - {right}:
        if len(str(abs(wrong))) >= 2:
            assert derived(said.format(wrong)) is None, (said, wrong)


def test_real_tatqa_changes_between_named_days():
    for uid in (
        "0f0a7e9d-b53c-4c59-bd72-2e17582d4349",  # quarters ended July 27 and April 27 in 2019
        "b2e82e8b-ac83-472d-9514-74937fcde405",  # quarters ended January 26 and April 27, 2019
        "e378f03f-8e13-4020-b4ba-641859e16e25",  # from July 7, 2019 to September 29, 2019
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        period = AnswerCase.model_validate(cases["period"])
        assert gate_answer(period, ACCEPT).status != "ok", uid
        assert gate_answer(period, YEARS).status == "ok", uid  # 2.19.0 took it
        for group in ("sign", "row", "digit", "operation", "scale"):
            if group in cases:
                wrong = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert wrong.status != "ok", (uid, group)
