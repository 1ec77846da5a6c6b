"""Percentages in Chinese: texts that must be read as a percentage (with its value) and texts in
which none may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("占比三成", "三成", Decimal("30")),
    Reads("增长百分之八十五", "百分之八十五", Decimal("85")),
    Reads("毛利率为12.5％", "12.5％", Decimal("12.5")),
]

MUST_NOT = [
    ReadsNot("上升2.3个百分点"),  # a difference of percentages: pp
    ReadsNot("十分好吃", nothing=True),
]
