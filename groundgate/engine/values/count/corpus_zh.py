"""Numbers in Chinese: texts that must be read as a number (with its value, magnitude applied)
and texts in which nothing may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("营收20亿元", "20亿元", Decimal("2000000000")),
    Reads("净利润1.5万元", "1.5万元", Decimal("15000")),
    Reads("票价四十五元", "四十五元", Decimal("45")),
    Reads("占比三成", "三成", Decimal("30")),
    Reads("增长百分之八十五", "百分之八十五", Decimal("85")),
    Reads("保修一年", "一年", Decimal("1")),
]

MUST_NOT = [
    ReadsNot("一个好地方", nothing=True),
    ReadsNot("再试一次", nothing=True),
    ReadsNot("万一下雨", nothing=True),
    ReadsNot("两者都行", nothing=True),
    ReadsNot("十分好吃", nothing=True),
    ReadsNot("一年四季", nothing=True),
    ReadsNot("半价", nothing=True),
]
