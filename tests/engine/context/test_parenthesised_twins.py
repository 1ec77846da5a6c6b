"""A row's twin named by its parenthesised words (policy `row_rivals: parenthesised`, answer gate
2.58.0, d777): "Non-GAAP operating income was $812 million" of "Operating income (GAAP)  812"
beside "Adjusted operating income (non-GAAP)  1,034" is the GAAP row's figure said of the
twin; `qualified` (gate 2.55.0's default) passed it, the answer saying every word of the GAAP
row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
QUALIFIED = DEFAULT_POLICY.model_copy(update={"row_rivals": "qualified"})


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_parenthesised_is_the_default_and_verbatim_keeps_best():
    assert DEFAULT_POLICY.row_rivals == "parenthesised"
    assert VERBATIM_POLICY.row_rivals == "best"


def test_the_twin_named_by_its_parenthesised_words_is_refused_only_under_parenthesised():
    for answer in (
        "Non-GAAP operating income was $812 million in Q3 2023.",
        "Non-GAAP diluted EPS was $1.12 in Q3 2023.",
    ):
        assert _status(answer, corpus_en.ADJUSTED) != "ok", answer
        assert _status(answer, corpus_en.ADJUSTED, ACCEPT) != "ok", answer
        assert _status(answer, corpus_en.ADJUSTED, QUALIFIED) == "ok", answer


def test_the_near_miss_is_the_twins_cell():
    verdict = gate_answer(
        case("Non-GAAP operating income was $812 million in Q3 2023.", table=corpus_en.ADJUSTED),
        DEFAULT_POLICY,
    )
    errors = [f for f in verdict.findings if f.severity == "error"]
    assert errors and errors[0].near_match is not None
    assert errors[0].near_match.text == "1,034" and errors[0].near_match.reason == "another_row"


@settings(max_examples=30, deadline=None)
@given(
    metric=st.sampled_from(["operating income", "net income", "gross margin", "EBITDA"]),
    qualifier=st.sampled_from(["Adjusted ", "Core ", ""]),
    plain=st.integers(100, 999),
    adjusted=st.integers(1_000, 1_999),
)
def test_each_row_said_by_its_own_parentheses(
    metric: str, qualifier: str, plain: int, adjusted: int
):
    label = metric[0].upper() + metric[1:]
    twin = f"{qualifier}{metric}" if qualifier else label
    table = (
        "(In millions)  2023  2022\n"
        f"{label} (GAAP)  {plain}  {plain - 50}\n"
        f"{twin} (non-GAAP)  {adjusted:,}  {adjusted - 50:,}"
    )
    assert _status(f"Non-GAAP {metric} was ${plain} million in 2023.", table) != "ok"
    assert _status(f"Non-GAAP {metric} was ${adjusted:,} million in 2023.", table) == "ok"
    assert _status(f"GAAP {metric} was ${plain} million in 2023.", table) == "ok"
