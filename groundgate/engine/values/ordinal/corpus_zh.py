"""Ordinals in Chinese: the grammar reads none. A numeral after 第 is left out by the numeral
reader ("第三次": number/numerals_zh.py), and digits after it are read as their number ("排名第3":
a count), so this corpus holds only texts in which no ordinal may be read."""

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST: list[Reads] = []

MUST_NOT = [
    ReadsNot("第三次会议", nothing=True),
    ReadsNot("排名第3"),
    ReadsNot("第3季度"),
]
