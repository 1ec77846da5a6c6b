"""Identifiers in Chinese texts: what must be read as one (with its digits) and what must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("客服电话：+86 138-0013-8000", "+86 138-0013-8000", "8613800138000"),
    Reads("电话010-12345转人工", "010-12345", "01012345"),
]

MUST_NOT = [
    ReadsNot("2019—2023年营收增长"),
    ReadsNot("一个好地方", nothing=True),
]
