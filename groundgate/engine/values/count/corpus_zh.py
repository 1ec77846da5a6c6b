"""Counts in Chinese: texts that must be read as a count (with its value) and texts in which
nothing may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("保修一年", "一年", Decimal("1")),
    Reads("累计确诊1,024例", "1,024例", Decimal("1024")),
    Reads("共有612名员工", "612名", Decimal("612")),
    Reads("上升2.3个百分点", "2.3个百分点", Decimal("2.3")),  # pp, no percent
    # A match's score is two counts, as "3比1" is: no time of day (values/time/rules_zh.py).
    Reads("比分3:1获胜", "3", Decimal("3")),
    Reads("比分3:1获胜", "1", Decimal("1")),
    Reads("发布了五项措施", "五项", Decimal("5")),  # a count; "五项原则" is a name
    Reads("近三十年来", "三十年", Decimal("30")),  # thirty years; "几十年" is decades
    Reads("人数三百人", "三百人", Decimal("300")),  # "数" before a digit, no estimate
    # Odds or a ratio named before it: two counts, as "比分3:1" (time/rules_zh.py).
    Reads("赔率为3:1", "3", Decimal("3")),
    Reads("赔率为3:1", "1", Decimal("1")),
    Reads("男女比例是2:1", "2", Decimal("2")),
    # Numerals before a unit, as digits are: a score's margin in points ("领先3分").
    Reads("以三分优势获胜", "三分", Decimal("3")),
    Reads("最终领先两分", "两分", Decimal("2")),
    Reads("为期两天的行程", "两天", Decimal("2")),
]

MUST_NOT = [
    ReadsNot("一个好地方", nothing=True),
    ReadsNot("再试一次", nothing=True),
    ReadsNot("万一下雨", nothing=True),
    ReadsNot("两者都行", nothing=True),
    ReadsNot("十分好吃", nothing=True),
    ReadsNot("一年四季", nothing=True),
    ReadsNot("半价", nothing=True),
    ReadsNot("营收20亿元"),  # an amount
    # Names and estimates that count nothing the evidence must hold (numerals_zh._NAMED).
    ReadsNot("坚持五项原则", nothing=True),
    ReadsNot("坚持四项基本原则", nothing=True),
    ReadsNot("几十年来", nothing=True),  # decades, not ten years
    ReadsNot("数百人参加", nothing=True),
    ReadsNot("进入1/8决赛", nothing=True),  # a round of a tournament (number/after.py)
    ReadsNot("十分重要", nothing=True),  # "very": 分 is points only in a score's margin
    ReadsNot("三分之一的员工", nothing=True),  # a fraction
    ReadsNot("七分熟的牛排", nothing=True),
]
