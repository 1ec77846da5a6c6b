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
    # A span of years whose end gives its last two digits: 2007 to 2011 (range/rules_en.py).
    Reads(
        "2007—11年间",
        "2007—11年",
        (CalendarDate(2007, None, None), CalendarDate(2011, None, None)),
    ),
    Reads("见第10—11页", "10—11页", (Decimal("10"), Decimal("11"))),  # pages, not years
]

MUST_NOT = [
    ReadsNot("新冠COVID-19疫情", nothing=True),
    ReadsNot("营收增长10%，利润20亿元"),  # two values, no range
    ReadsNot("见第10 -- 11页"),  # "--" joins years only
]
