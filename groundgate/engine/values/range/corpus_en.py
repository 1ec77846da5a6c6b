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
    # A span of years whose end gives its last two digits, after a dash or a tokenised one
    # ("--"): 2007 to 2011 (rules_en.year_span_end).
    Reads("from 2007 -- 11 sales rose", "2007 -- 11", (Decimal("2007"), Decimal("2011"))),
    Reads("in 1990–95 it grew", "1990–95", (Decimal("1990"), Decimal("1995"))),
    Reads("from 2007 -- 2011 sales rose", "2007 -- 2011", (Decimal("2007"), Decimal("2011"))),
    # Not years: a page range keeps its ends as written.
    Reads("see pp. 10–11 for details", "10–11", (Decimal("10"), Decimal("11"))),
]

MUST_NOT = [
    ReadsNot("COVID-19 cases", nothing=True),
    ReadsNot("Form 10-K and 10-Q", nothing=True),
    ReadsNot("It grew 10% to $20 million."),  # two values, no range
    ReadsNot("see pages 10 -- 11"),  # "--" joins years only: two page numbers
    ReadsNot("in 2007 -- 1,200 units"),  # a dash before another figure, no span of years
    ReadsNot("in 2007 -- 11 million units were sold"),  # nor before a magnitude
    ReadsNot("in 2007 -- 11% of the staff"),
]
