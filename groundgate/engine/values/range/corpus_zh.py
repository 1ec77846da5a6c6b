"""Ranges in Chinese text: texts that must be read as a range (its two ends) and texts in which
no range may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.date.value import CalendarDate

MUST = [
    Reads("增长10%-20%", "10%-20%", (Decimal("10"), Decimal("20"))),
    Reads("人数约3-5万人", "3-5万人", (Decimal("3E+4"), Decimal("5E+4"))),
    Reads(
        "2019—2023年营收",
        "2019—2023年",
        (CalendarDate(2019, None, None), CalendarDate(2023, None, None)),
    ),
]

MUST_NOT = [
    ReadsNot("新冠COVID-19疫情", nothing=True),
    ReadsNot("营收增长10%，利润20亿元"),  # two values, no range
]
