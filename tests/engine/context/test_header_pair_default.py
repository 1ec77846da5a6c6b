"""The default preset carries the pair `header_unit_parts: "aside"` + `short_rows:
"period_columns"` (answer gate 2.38.0, d614; `off` both in verbatim).

Each rule alone gained on one TAT-QA half only (d595: half B; d540: half A), so each stayed
selectable and off. Measured as a pre-declared combination (the preset's default, both halves,
both derived modes), the pair gains on both halves: under derived accept, wrong period accepted
A 16 -> 15 and B 10 -> 9. The other four selectable rules of issue 28 stay off: their
combinations raised wrong sign accepted on half A by two (d563's slips)."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    PRESETS,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import tatqa_answers

# 2.37.0's default: the pair off (and dated_headers, 2.58.0's d778, which reads half B's
# 150-character dated header line too).
BEFORE = {"header_unit_parts": "off", "short_rows": "off", "dated_headers": "off"}


def _with(policy: AnswerGatePolicy, **fields: str) -> AnswerGatePolicy:
    return AnswerGatePolicy.model_validate({**policy.model_dump(), **fields})


def test_the_default_preset_carries_the_pair_and_verbatim_neither():
    assert PRESETS["default"] is DEFAULT_POLICY
    assert DEFAULT_POLICY.header_unit_parts == "aside"
    assert DEFAULT_POLICY.short_rows == "period_columns"
    assert VERBATIM_POLICY.header_unit_parts == "off"
    assert VERBATIM_POLICY.short_rows == "off"
    # Of the rules measured in the other combinations, d872 (2.69.0, under d870) turned on all
    # but year_end_words (a wrong sign rises, d873).
    assert DEFAULT_POLICY.percent_aggregates == "shares"
    assert DEFAULT_POLICY.column_aggregates == "named_columns"
    assert DEFAULT_POLICY.year_end_words == "naming"
    assert DEFAULT_POLICY.written_failures == "refuse"


def test_a_wrong_period_of_each_half_is_refused_by_the_default():
    accept = _with(DEFAULT_POLICY, derived_numbers="accept")
    for uid, policies in (
        # half A: "Operating margin  49%  50%" under "(In millions, ...)  2018  2017  Dollar
        # Percent": "50%" said for 2018 (short_rows)
        ("f036c54e-3e90-4740-bf34-bf175c9c7a4a", (DEFAULT_POLICY, accept)),
        # half B: a change across "(In Millions, Except ...)  April 27, 2019 (1)  ...", a
        # 150-character header line (header_unit_parts)
        ("6a94f765-2c5a-4486-ba06-0057636740e0", (accept,)),
    ):
        cases = tatqa_answers(uid)
        wrong = AnswerCase.model_validate(cases["period"])
        for policy in policies:
            assert gate_answer(wrong, policy).status != "ok", (uid, policy.derived_numbers)
            old = _with(policy, **BEFORE)
            assert gate_answer(wrong, old).status == "ok", (uid, policy.derived_numbers)
        for group in ("right cell", "right calculation"):
            if group in cases:
                right = AnswerCase.model_validate(cases[group])
                assert gate_answer(right, accept).status == "ok", (uid, group)
