"""Counts in English: texts that must be read as a count (with its value) and texts in which
nothing may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("about 4/5ths of revenue", "4", Decimal("4")),  # a fraction: no score (values/score)
    Reads("Revenue was 10,000 units.", "10,000", Decimal("10000")),
    Reads("It took three years.", "three years", Decimal("3")),
    Reads("1.2.3 is a version", "1.2", Decimal("1.2")),
    Reads("up 2.7 percentage points", "2.7 percentage points", Decimal("2.7")),  # pp, no percent
    Reads("won at 3:1 odds", "3", Decimal("3")),  # odds: two counts, no time of day
    Reads("won at 3:1 odds", "1", Decimal("1")),
    Reads("about 4/5 of the staff", "4", Decimal("4")),  # a fraction: no score
    Reads("a magnitude-4.8 quake", "4.8", Decimal("4.8")),  # as "a 4.8-magnitude quake"
    Reads("a 4.8-magnitude quake", "4.8", Decimal("4.8")),
    # Odds or a ratio named before it: two counts, as "3:1 odds" (time/rules_en.py).
    Reads("the odds were 3:1", "3", Decimal("3")),
    Reads("the odds were 3:1", "1", Decimal("1")),
    Reads("at a ratio of 2:1", "2", Decimal("2")),
    # Number words before a unit, hyphenated or not, as digits are: "a 3-point lead".
    Reads("a three-point advantage", "three-point", Decimal("3")),
    Reads("won by twelve points", "twelve points", Decimal("12")),
    Reads("a two-day trip", "two-day", Decimal("2")),
    Reads("a five-mile run", "five-mile", Decimal("5")),
    # Units in title case or capitals, as the evidence is read under capital_words "units"
    # (values/capitals.py, d679): a table header's span as its lower-case words say it.
    Reads("Three Months Ended March 31,", "Three Months", Decimal("3"), "units"),
    Reads("THREE MONTHS ENDED MARCH 31,", "THREE MONTHS", Decimal("3"), "units"),
    Reads("For the 3 Months Ended", "3 Months", Decimal("3"), "units"),
    Reads("52 WEEKS ENDED", "52 WEEKS", Decimal("52"), "units"),
    Reads("Twenty-Four Hours", "Twenty-Four Hours", Decimal("24"), "units"),
    Reads("5.25 Percent Senior Notes", "5.25 Percent", Decimal("5.25"), "units"),  # as "percent"
]

MUST_NOT = [
    ReadsNot("COVID-19, H2O, c1, IPC_420", nothing=True),
    ReadsNot("Form 10-K, 10-Q and 8-K; 20-F", nothing=True),
    ReadsNot("in this 10K report", nothing=True),
    ReadsNot("open 24/7", nothing=True),
    ReadsNot("open 7 days a week", nothing=True),
    ReadsNot("1. First item", nothing=True),
    ReadsNot("It cost $1,577 million."),  # an amount
    ReadsNot("two-thirds of the staff", nothing=True),  # a fraction, no unit
    ReadsNot("a one-point lead", nothing=True),  # "one" is as often no claim
    ReadsNot("two percentage points", nothing=True),  # no number word before "points"
    # Left as written under capital_words "units": names more often than units ("Points",
    # "Feet"), "Second" an ordinal, "One" no claim (as in lower case), a year's "Year".
    ReadsNot("Three Points Capital", nothing=True, capitals="units"),
    ReadsNot("Six Feet Under", nothing=True, capitals="units"),
    ReadsNot("the Second Quarter", nothing=True, capitals="units"),
    ReadsNot("One Day Delivery", nothing=True, capitals="units"),
    ReadsNot("MB, US and IT", nothing=True, capitals="units_months"),
]
