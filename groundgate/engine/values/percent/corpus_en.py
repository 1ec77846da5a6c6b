"""Percentages in English: texts that must be read as a percentage or per-mille (with its value)
and texts in which none may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("Margin was 12.5%.", "12.5%", Decimal("12.5")),
    Reads("rose from 10 to 80%", "10", Decimal("10")),  # the first end is a percentage too
    Reads("a rate of 3‰", "3‰", Decimal("3")),
]

MUST_NOT = [
    ReadsNot("up 2.7 percentage points"),  # a difference of percentages: pp
    ReadsNot("from 24.6 in FY 2021 to 2022"),
]
