"""Ranges in English: texts that must be read as a range (its two ends) and texts in which no
range may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.time.value import ClockTime

MUST = [
    Reads("grew 10-20% last year", "10-20%", (Decimal("10"), Decimal("20"))),
    Reads("between 3-5 million users", "3-5 million", (Decimal("3E+6"), Decimal("5E+6"))),
    Reads("ages 18-65 years", "18-65 years", (Decimal("18"), Decimal("65"))),
    Reads("open 5-10pm daily", "5-10pm", (ClockTime(17, 0, 0), ClockTime(22, 0, 0))),
]

MUST_NOT = [
    ReadsNot("COVID-19 cases", nothing=True),
    ReadsNot("Form 10-K and 10-Q", nothing=True),
    ReadsNot("It grew 10% to $20 million."),  # two values, no range
]
