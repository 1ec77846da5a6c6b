"""A row label's unit statement (context/label_units.py, `label_units: aside`, gate 2.46.0): the
last bracketed part of a label that states only a unit is no part of the row's name."""

from __future__ import annotations

import pytest

from groundgate.engine.context.label_units import label_name


@pytest.mark.parametrize(
    ("label", "name"),
    [
        ("营业收入（亿元）", "营业收入"),
        ("营业收入(万元)", "营业收入"),
        ("基本每股收益（元/股）", "基本每股收益"),
        ("加权平均净资产收益率（%）", "加权平均净资产收益率"),
        ("利润总额（人民币元）", "利润总额"),
        ("员工人数（人）", "员工人数"),
        ("Revenue ($ billion)", "Revenue"),
        ("Net sales (in thousands)", "Net sales"),
        ("Income (RMB million)", "Income"),
        ("Cash ($'000)", "Cash"),
        ("EPS (cents)", "EPS"),
        ("Gross margin (%)", "Gross margin"),
        ("Earnings per share ($ per share)", "Earnings per share"),
        ("Total energy consumption (MWh)", "Total energy consumption"),
        ("Useful life (years)", "Useful life"),
        ("Net income (loss) attributable to Cal-Maine Foods, Inc. - (in thousands)",
         "Net income (loss) attributable to Cal-Maine Foods, Inc."),
    ],
)  # fmt: skip
def test_a_unit_statement_is_no_part_of_the_name(label: str, name: str):
    assert label_name(label) == name


@pytest.mark.parametrize(
    "label",
    [
        "Gain (loss)",
        "Revenue (a)",
        "Revenue (1)",
        "Revenue (US)",
        "Cash (EUR)",  # a currency's code alone may name a row among others
        "Class (A)",
        "收入（注释5）",
        "Revenue (Note 5)",
        "(In millions)",  # a unit alone: no name to keep
        "Total energy consumption per employee (MWh per employee)",
    ],
)
def test_a_name_in_brackets_stays(label: str):
    assert label_name(label) == label
