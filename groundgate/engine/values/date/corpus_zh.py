"""Dates in Chinese: texts that must be read as a date (with the date) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.date.value import CalendarDate as D

MUST = [
    Reads("2024年5月1日发布", "2024年5月1日", D(2024, 5, 1)),
    Reads("2024年营收增长", "2024年", D(2024, None, None)),
    Reads("2024年5月的数据", "2024年5月", D(2024, 5, None)),
    Reads("5月1号放假", "5月1号", D(None, 5, 1)),
    Reads("有效期：2025.12.31", "2025.12.31", D(2025, 12, 31)),
    Reads("生产日期 2024．3．5", "2024．3．5", D(2024, 3, 5)),
    Reads("二〇二四年发布", "二〇二四年", D(2024, None, None)),
]

MUST_NOT = [
    ReadsNot("一个好地方", nothing=True),
    ReadsNot("十分好吃", nothing=True),
    ReadsNot("提出3点建议"),
]
