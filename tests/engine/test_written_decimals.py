"""The figure as written bounds what grounds it (answer gate 2.65.0): the decimals an amount
writes before its padded precision (`padded_decimals: "written_first"`, d831) and the zeros of
an amount written out whole only at a declared scale (`whole_amounts: "declared_scale"`, d832).
Each reading is the default, its old value selectable and the verbatim preset's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

WHOLE = "Options granted in 2023 were 452,695,000."
# (field, the old reading, an answer refused by default and passed by the old one, its table)
READINGS = [
    ("padded_decimals", "first_found", "2023年营业成本为1.70亿元。", corpus_zh.ROUNDED_TIE),
    ("whole_amounts", "any_scale", WHOLE, corpus_en.OPTION_COUNTS),
]


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


@pytest.mark.parametrize(("field", "old", "answer", "table"), READINGS)
def test_each_reading_is_the_default_and_its_old_value_selectable(field, old, answer, table):
    assert getattr(VERBATIM_POLICY, field) == old
    assert getattr(DEFAULT_POLICY, field) != old
    assert _status(answer, table) != "ok"
    assert _status(answer, table, AnswerGatePolicy(**{field: old})) == "ok"


def test_a_whole_amount_is_refused_as_a_wrong_scale_of_the_bare_figure():
    verdict = gate_answer(case(WHOLE, table=corpus_en.OPTION_COUNTS))
    errors = [f for f in verdict.findings if f.severity == "error"]
    assert len(errors) == 1 and errors[0].code == "UNGROUNDED_NUMBER"
    assert "another scale" in errors[0].message
    # A magnitude word is a claim of scale, as before; a declared scale restates the zeros.
    assert (
        _status("Options granted in 2023 were 452,695 thousand.", corpus_en.OPTION_COUNTS) == "ok"
    )
    assert _status("Revenue was $381,603,000 in 2023.", corpus_en.DECLARED_THOUSANDS) == "ok"


@settings(max_examples=30, deadline=None)
@given(st.integers(1_000, 99_999_999), st.sampled_from([3, 6, 9]))
def test_the_zeros_of_a_whole_amount_need_a_declared_scale(figure: int, exponent: int):
    """Any bare figure of a table declaring no scale: said as written it passes, written out
    whole at 10^3, 10^6 or 10^9 it is refused; under "(In thousands)" the 10^3 one passes."""
    bare = f"Item  2023  2022\nRevenue  {figure:,}  17"
    assert _status(f"Revenue was {figure:,} in 2023.", bare) == "ok"
    assert _status(f"Revenue was {figure * 10**exponent:,} in 2023.", bare) != "ok"
    declared = "(In thousands)\n" + bare
    assert _status(f"Revenue was {figure * 1000:,} in 2023.", declared) == "ok"
