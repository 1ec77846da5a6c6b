"""A segment's head names its later parts' values (policy `prose_facets` "segment_heads",
answer gate 2.60.0, d784; issue 28): both readings, the company's own name, and a property
test over segment heads, metrics and figures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.context.prose_heads import segment_head, without_entity
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
COUNT_NOUNS = DEFAULT_POLICY.model_copy(update={"prose_facets": "count_nouns"})


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_default_and_the_verbatim_readings():
    assert DEFAULT_POLICY.prose_facets == "respective_lists"  # (reads segment_heads, d786)
    assert VERBATIM_POLICY.prose_facets == "as_read"


def test_another_heads_figure_is_refused_only_under_segment_heads():
    for table, answer in [
        (corpus_zh.SEGMENT_PROSE, "茅台酒毛利率为75.15%。"),
        (corpus_zh.SEGMENT_PROSE, "系列酒毛利率为94.12%。"),
        (corpus_zh.BUSINESS_PROSE, "汽车业务营业收入同比增长4.32%。"),
    ]:
        assert _status(answer, table) != "ok", answer
        assert _status(answer, table, ACCEPT) != "ok", answer
        assert _status(answer, table, COUNT_NOUNS) == "ok", answer
        assert _status(answer, table, VERBATIM_POLICY) == "ok", answer


def test_the_finding_names_the_other_head():
    verdict = gate_answer(case("茅台酒毛利率为75.15%。", table=corpus_zh.SEGMENT_PROSE))
    errors = [f for f in verdict.findings if f.severity == "error"]
    assert [f.code for f in errors] == ["VALUE_OUT_OF_CONTEXT"]
    assert errors[0].near_match is not None and errors[0].near_match.text == "94.12%"
    assert errors[0].near_match.reason == "another_subject"


def test_each_heads_own_figure_and_an_unnamed_one_pass():
    for answer in ["茅台酒毛利率为94.12%。", "系列酒毛利率为75.15%。", "毛利率为75.15%。"]:
        assert _status(answer, corpus_zh.SEGMENT_PROSE) == "ok", answer


def test_segment_head_is_of_a_later_comma_part_only():
    text = "甲业务收入10亿元，毛利率为20%；乙业务收入5亿元，毛利率为30%。"
    spans = [(m, m + 2) for m in (text.index("10"), text.index("20"))]
    seg0 = 0
    assert segment_head(spans, 0, seg0, 0) is None  # the head's own figure
    assert segment_head(spans, 1, seg0, text.index("毛")) == 0
    assert without_entity(frozenset({"公司", "汽车", "业务"})) == {"汽车", "业务"}


_HEADS = [
    "华东地区",
    "华南地区",
    "境内业务",
    "境外业务",
    "乘用车",
    "商用车",
    "白酒业务",
    "葡萄酒业务",
]
_METRICS = ["毛利率为", "营业收入同比增长", "占营业收入的比重为"]


@settings(max_examples=25, deadline=None)
@given(
    heads=st.lists(st.sampled_from(_HEADS), min_size=2, max_size=2, unique=True),
    metric=st.sampled_from(_METRICS),
    values=st.lists(st.integers(1000, 9999), min_size=2, max_size=2, unique=True),
)
def test_a_later_parts_value_is_its_heads(heads: list[str], metric: str, values: list[int]):
    """Each head's figure passes said of its head, and is refused said of the other head; the
    count_nouns reading (2.59.0's) passes both."""
    a, b = (f"{v / 100:.2f}%" for v in values)
    text = (
        f"报告期内，{heads[0]}实现营业收入123.45亿元，{metric}{a}；"
        f"{heads[1]}实现营业收入67.89亿元，{metric}{b}。"
    )
    assert _status(f"{heads[0]}{metric}{a}。", text) == "ok"
    assert _status(f"{heads[1]}{metric}{b}。", text) == "ok"
    assert _status(f"{heads[0]}{metric}{b}。", text) != "ok"
    assert _status(f"{heads[1]}{metric}{a}。", text) != "ok"
    assert _status(f"{heads[0]}{metric}{b}。", text, COUNT_NOUNS) == "ok"
