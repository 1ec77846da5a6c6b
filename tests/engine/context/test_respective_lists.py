"""A "respectively" / "分别" list's values pair with their items by position (policy
`prose_facets` "respective_lists", answer gate 2.61.0, d786; issue 28): both readings, the
pairing itself (periods, names, a second list, a list compared with it, lists that cannot be
paired), the finding's words, and property tests - swapping two paired values is refused, the
right pairing accepted - in English and Chinese, in an excerpt and in the answer."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.context.respective_lists import respective_pairs
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
SEGMENT_HEADS = DEFAULT_POLICY.model_copy(update={"prose_facets": "segment_heads"})


def _status(answer: str, text: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=text), policy).status


def _items(text: str) -> dict[str, tuple[str, str | None]]:
    return {text[a:b]: (p.item, p.period) for (a, b), p in respective_pairs(text).items()}


def test_the_default_and_the_verbatim_readings():
    assert DEFAULT_POLICY.prose_facets == "respective_lists"
    assert VERBATIM_POLICY.prose_facets == "as_read"


def test_another_items_value_is_refused_only_under_respective_lists():
    for text, answer in [
        (corpus_zh.RESPECTIVE_YEARS, "2022年营业收入为1,505.60亿元。"),
        (corpus_zh.RESPECTIVE_METRICS, "净利润为100.00亿元。"),
        (corpus_zh.RESPECTIVE_METRICS, "营业收入和净利润分别为20.00亿元和100.00亿元。"),
        (corpus_en.RESPECTIVE_YEARS, "R&D expenses were $1,234 million in fiscal 2023."),
        (corpus_en.RESPECTIVE_MARGINS, "Operating margin was 42.5%."),
        (corpus_en.RESPECTIVE_REGIONS, "EMEA revenue grew 12%."),
    ]:
        assert _status(answer, text) != "ok", answer
        assert _status(answer, text, ACCEPT) != "ok", answer
        assert _status(answer, text, SEGMENT_HEADS) == "ok", answer
        assert _status(answer, text, VERBATIM_POLICY) == "ok", answer


def test_periods_and_names_pair_by_position():
    assert _items(corpus_zh.RESPECTIVE_YEARS) == {
        "1,505.60亿元": ("2023", "Y2023"),
        "1,275.54亿元": ("2022", "Y2022"),
    }
    # The period list between the values and "respectively" ("Research and development" is
    # no list of two names).
    assert _items(corpus_en.RESPECTIVE_YEARS) == {
        "$1,234 million": ("fiscal 2024", "Y2024"),
        "$1,102 million": ("2023", "Y2023"),
    }
    # A second "分别" list takes the first's items; the company's name is no item's word.
    metrics = _items(corpus_zh.RESPECTIVE_METRICS)
    assert metrics["100.00亿元"][0] == metrics["19.01%"][0] == "公司营业收入"
    assert metrics["20.00亿元"][0] == metrics["19.16%"][0] == "净利润"
    # The names between the list and "respectively" (before, the place "in the Americas" was
    # 9%'s as well as 12%'s: "Revenue in the Americas grew 12%" was refused).
    regions = _items(corpus_en.RESPECTIVE_REGIONS)
    assert regions == {"12%": ("Americas", None), "9%": ("EMEA", None)}
    # A list compared with a paired one is of the same items.
    margins = _items(corpus_en.RESPECTIVE_MARGINS)
    assert margins["41.0%"][0] == margins["42.5%"][0] == "Gross margin"
    assert margins["16.9%"][0] == margins["18.3%"][0] == "operating margin"
    # A quarter list under one year; ordinals listed before one period word.
    quarters = respective_pairs(corpus_zh.RESPECTIVE_QUARTERS)
    assert sorted((p.period, p.others) for p in quarters.values()) == [
        ("Q1", ("Y2023",)),
        ("Q2", ("Y2023",)),
    ]
    ordinals = (
        "Revenue was $412 million and $398 million in the fourth and third quarters, respectively."
    )
    assert [p.period for p in respective_pairs(ordinals).values()] == ["Q4", "Q3"]
    # The names of figures listed before a "分别" list with none of its own.
    listed = "公司实现营业总收入386.24亿元、利润总额52.18亿元，分别较上年同期增长9.35%、15.72%。"
    assert _items(listed)["15.72%"][0] == "利润总额"


def test_lists_that_cannot_be_paired_are_not():
    for text in [
        "公司营业收入、营业成本和毛利分别为100亿元、60亿元。",  # three names, two values
        "Net sales and gross profit for 2023 and 2022 were $5.2 billion, $4.8 billion, $2.1"
        " billion and $1.9 billion, respectively.",  # nested: two by two
        "Net sales were $5.2 billion and $4.8 billion in 2023.",  # no "respectively"
        "As of December 31, 2023, cash was $812 million, respectively.",  # one value
    ]:
        assert respective_pairs(text) == {}, text
    assert (
        _status("营业收入为60亿元。", "公司营业收入、营业成本和毛利分别为100亿元、60亿元。") == "ok"
    )


def test_the_finding_names_whose_value_it_is():
    verdict = gate_answer(case("净利润为100.00亿元。", table=corpus_zh.RESPECTIVE_METRICS))
    errors = [f for f in verdict.findings if f.severity == "error"]
    assert [f.code for f in errors] == ["VALUE_OUT_OF_CONTEXT"]
    near = errors[0].near_match
    assert near is not None and near.text == "20.00亿元" and near.reason == "another_subject"
    assert "100.00亿元 is said of 公司营业收入; 净利润 has 20.00亿元" in errors[0].message
    verdict = gate_answer(case("2022年营业收入为1,505.60亿元。", table=corpus_zh.RESPECTIVE_YEARS))
    error = next(f for f in verdict.findings if f.severity == "error")
    assert error.near_match is not None and error.near_match.reason == "another_period"
    assert "is the figure for 2023; 2022 has 1,275.54亿元" in error.message


_EN_METRICS = [
    ("Net sales", "operating income"),
    ("Gross margin", "operating margin"),
    ("Revenue", "free cash flow"),
    ("Basic earnings per share", "diluted earnings per share"),
]
_ZH_METRICS = [
    ("营业收入", "净利润"),
    ("毛利率", "净利率"),
    ("境内收入", "境外收入"),
    ("研发费用", "销售费用"),
]


@settings(max_examples=20, deadline=None)
@given(
    metrics=st.sampled_from(_EN_METRICS),
    values=st.lists(st.integers(100, 9999), min_size=2, max_size=2, unique=True),
    years=st.sampled_from([(2023, 2022), (2024, 2023), (2022, 2021)]),
)
def test_english_swapped_values_are_refused(
    metrics: tuple[str, str], values: list[int], years: tuple[int, int]
):
    a, b = (f"${v / 10:.1f} million" for v in values)
    named = f"{metrics[0]} and {metrics[1]} were {a} and {b}, respectively, in {years[0]}."
    dated = f"Net sales for {years[0]} and {years[1]} were {a} and {b}, respectively."
    assert _status(f"{metrics[0]} was {a} in {years[0]}.", named) == "ok"
    assert _status(f"{metrics[1].capitalize()} was {b}.", named) == "ok"
    assert _status(f"{metrics[0]} was {b} in {years[0]}.", named) != "ok"
    assert _status(f"{metrics[1].capitalize()} was {a}.", named) != "ok"
    assert _status(f"Net sales in {years[1]} were {b}.", dated) == "ok"
    assert _status(f"Net sales in {years[1]} were {a}.", dated) != "ok"
    assert _status(f"Net sales in {years[0]} were {b}.", dated) != "ok"
    # The answer's own "respectively": its own items, its own values.
    own = f"{metrics[0]} and {metrics[1]} were {{}} and {{}}, respectively, in {years[0]}."
    assert _status(own.format(a, b), named) == "ok"
    assert _status(own.format(b, a), named) != "ok"
    assert _status(f"{metrics[0]} was {b} in {years[0]}.", named, SEGMENT_HEADS) == "ok"


@settings(max_examples=20, deadline=None)
@given(
    metrics=st.sampled_from(_ZH_METRICS),
    values=st.lists(st.integers(100, 9999), min_size=2, max_size=2, unique=True),
    joiner=st.sampled_from(["和", "、"]),
)
def test_chinese_swapped_values_are_refused(
    metrics: tuple[str, str], values: list[int], joiner: str
):
    a, b = (f"{v / 100:.2f}亿元" for v in values)
    named = f"报告期内，公司{metrics[0]}{joiner}{metrics[1]}分别为{a}{joiner}{b}。"
    dated = f"2023年{joiner}2022年营业收入分别为{a}{joiner}{b}。"
    assert _status(f"{metrics[0]}为{a}。", named) == "ok"
    assert _status(f"{metrics[1]}为{b}。", named) == "ok"
    assert _status(f"{metrics[0]}为{b}。", named) != "ok"
    assert _status(f"{metrics[1]}为{a}。", named) != "ok"
    assert _status(f"2022年营业收入为{b}。", dated) == "ok"
    assert _status(f"2022年营业收入为{a}。", dated) != "ok"
    own = f"{metrics[0]}和{metrics[1]}分别为{{}}和{{}}。"
    assert _status(own.format(a, b), named) == "ok"
    assert _status(own.format(b, a), named) != "ok"
    assert _status(f"{metrics[0]}为{b}。", named, SEGMENT_HEADS) == "ok"
