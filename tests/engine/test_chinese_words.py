"""Chinese values written in words (answer gate 2.3.0, decision 161): a percentage
("百分之八十五"), a decimal ("一点五倍", "三点五亿元"), a discount ("八折", "八五折") and a
temperature in 度. Before, the first three were no values at all - "百分之七十五" was accepted
against "85%" and "85%" rejected against "百分之八十五" - and "一点五倍" was read as "五倍".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.helpers import gate_whole_text
from tests.engine.test_everyday_values import _written_in_chinese


@pytest.mark.parametrize(
    ("text", "surface", "figure", "unit"),
    [
        ("满意度为百分之八十五。", "百分之八十五", "85", "%"),
        ("不得超过百分之三点五", "百分之三点五", "3.5", "%"),
        ("达到百分之百", "百分之百", "100", "%"),
        ("销量增长了一点五倍。", "一点五倍", "1.5", "倍"),
        ("营收三点五亿元", "三点五亿元", "3.5", "CNY"),
        ("共有一点二万人参加", "一点二万人", "1.2", "人"),
        ("会员八折", "八折", "8", "折"),
        ("VIP八五折", "八五折", "8.5", "折"),
        ("体温37.3度", "37.3度", "37.3", "°C"),
    ],
)
def test_a_value_in_words_reads_whole(text, surface, figure, unit):
    (value,) = extract_numbers(text)
    q = typed(value)
    assert value.text == surface and str(q.figure) == figure and q.unit == unit


@pytest.mark.parametrize(
    ("text", "kind"),
    [("九点半开门", "time"), ("三点五分", "time"), ("早上九点五", "time"), ("下午三点", "time")],
)
def test_a_clock_keeps_its_dian(text, kind):
    # 点 is also the hour: "三点五分" is 3:05, never the decimal 3.5.
    (value,) = extract_numbers(text)
    assert value.kind == kind


@given(st.integers(1, 199))
def test_a_percentage_in_words_is_its_value_both_ways(n):
    words = f"满意度为百分之{_written_in_chinese(n)}。"
    digits = f"满意度为{n}%。"
    assert gate_whole_text(words, digits).status == "ok"
    assert gate_whole_text(digits, words).status == "ok"
    assert gate_whole_text(f"满意度为{n + 1}%。", words).status == "citation_insufficient"


@pytest.mark.parametrize(
    ("conclusion", "evidence", "status"),
    [
        ("满意度为百分之七十五。", "满意度达到85%。", "citation_insufficient"),
        ("会员可享受8折优惠。", "会员可享受八折优惠。", "ok"),
        ("会员可享受七折优惠。", "会员可享受八折优惠。", "citation_insufficient"),
        ("VIP可享受8.5折优惠。", "VIP可享受八五折优惠。", "ok"),
        ("销量增长了1.5倍。", "销量增长了一点五倍。", "ok"),
        ("销量增长了5倍。", "销量增长了一点五倍。", "citation_insufficient"),
        ("体温超过37.3℃需要报告。", "体温超过37.3度需报告。", "ok"),
        ("营收为3.5亿元。", "营收三点五亿元。", "ok"),
        # 个, the general classifier, counts what the others count; two others stay apart.
        ("5G基站达到293.7万座。", "5G基站总数达293.7万个。", "ok"),
        ("共有5家门店。", "共有5座门店。", "citation_insufficient"),
        # 成 is tenths: 三成 is 30%.
        ("三成用户选择线上支付。", "30%的用户选择线上支付。", "ok"),
        ("30%的用户选择线上支付。", "三成用户选择线上支付。", "ok"),
        ("四成用户选择线上支付。", "30%的用户选择线上支付。", "citation_insufficient"),
    ],
)
def test_words_and_digits_ground_each_other_and_nothing_else(conclusion, evidence, status):
    verdict = gate_whole_text(conclusion, evidence)
    assert verdict.status == status, verdict.findings
    if status == "ok":  # shown as an equivalence, not taken silently
        assert [f.code for f in verdict.findings] == ["NUMBER_EQUIVALENT"]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("一次两片", [("两片", "片")]),
        ("每人限购两件。", [("两件", "件")]),
        ("两名患者", [("两名", "名")]),
        ("这两件衣服", [("两件", "件")]),
        ("两者皆可", []),  # no classifier after it: no count
        ("两边都有", []),
        ("两次三番地催", []),  # an idiom: over and over
    ],
)
def test_two_before_a_classifier_counts_two(text, values):
    assert [(v.text, v.unit) for v in extract_numbers(text)] == values
    for value in extract_numbers(text):
        assert typed(value).figure == 2


@pytest.mark.parametrize(
    ("text", "date"),
    [("有效期：2025.12.31", (2025, 12, 31)), ("生产日期 2024．3．5", (2024, 3, 5))],
)
def test_a_date_written_with_points_is_a_date(text, date):
    (value,) = extract_numbers(text)
    assert value.kind == "date" and tuple(typed(value).date or ()) == date


@pytest.mark.parametrize(
    ("text", "quantity"),
    [("IP 192.168.1.1", "192.168"), ("pi is 3.14", "3.14"), ("Total 2025.12", "2025.12")],
)
def test_points_that_make_no_date_stay_numbers(text, quantity):
    (value,) = extract_numbers(text)
    assert value.kind == "number" and value.quantity == quantity


@pytest.mark.parametrize(
    ("conclusion", "status"),
    [("2019年至2023年间营收增长。", "ok"), ("2019年至2022年间营收增长。", "citation_insufficient")],
)
def test_a_span_of_years_is_two_years_not_a_duration(conclusion, status):
    # "2019—2023年" is the years 2019 to 2023, each end a year, not 2,019 to 2,023 years.
    verdict = gate_whole_text(conclusion, "2019—2023年，营收持续增长。")
    assert verdict.status == status, verdict.findings
