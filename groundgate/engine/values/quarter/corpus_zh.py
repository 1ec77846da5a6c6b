"""Quarters in Chinese: texts that must be read as a quarter (with it) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.quarter.kind import Quarter as Q

MUST = [
    Reads("2024年第三季度营收增长", "2024年第三季度", Q(2024, 3)),
    Reads("2024年第3季度营收增长", "2024年第3季度", Q(2024, 3)),
    Reads("2024年Q3营收增长", "2024年Q3", Q(2024, 3)),
    Reads("2023年一季度营收增长", "2023年一季度", Q(2023, 1)),
]

MUST_NOT = [
    ReadsNot("第三季度营收增长"),  # no year: not read
    ReadsNot("2024年营收增长"),
]
