"""Amounts in Chinese: texts that must be read as an amount of money (with its value, magnitude
applied) and texts in which no amount may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("营收20亿元", "20亿元", Decimal("2000000000")),
    Reads("净利润1.5万元", "1.5万元", Decimal("15000")),
    Reads("票价四十五元", "四十五元", Decimal("45")),
    Reads("营收372.53亿元", "372.53亿元", Decimal("37253000000")),
    # A value that ends the text ends there: its span is its own ("元" is the text's last
    # character; test_value_corpora checks every span).
    Reads("决定对当事人处以罚款人民币20万元", "20万元", Decimal("200000")),
]

MUST_NOT = [
    ReadsNot("共有612名员工"),  # a count
    ReadsNot("打八五折"),  # a discount
]
