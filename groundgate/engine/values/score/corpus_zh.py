"""Scores in Chinese text: texts that must be read as a score (its number and scale) and texts in
which no score may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("评分4.5/5", "4.5/5", (Decimal("4.5"), "/5")),
    Reads("用户评分为9/10", "9/10", (Decimal("9"), "/10")),
    Reads("好评率4.8/5分", "4.8/5", (Decimal("4.8"), "/5")),
]

MUST_NOT = [
    ReadsNot("24/7营业", nothing=True),  # always: no claim
    ReadsNot("1/8决赛"),  # a round of a tournament
]
