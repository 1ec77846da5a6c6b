"""Numbers in English: texts that must be read as a number (with its value, magnitude applied)
and texts in which nothing may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("Revenue was 10,000 units.", "10,000", Decimal("10000")),
    Reads("It cost $1,577 million.", "$1,577 million", Decimal("1577000000")),
    Reads("It cost $4.625 billion.", "$4.625 billion", Decimal("4625000000")),
    Reads("Margin was 12.5%.", "12.5%", Decimal("12.5")),
    Reads("We paid EUR 20 million.", "EUR 20 million", Decimal("20000000")),
    Reads("We paid $1.5k.", "$1.5k", Decimal("1500")),
    Reads("It fell -$5 overnight.", "-$5", Decimal("5")),
    Reads("It took three years.", "three years", Decimal("3")),
    Reads("1.2.3 is a version", "1.2", Decimal("1.2")),
]

MUST_NOT = [
    ReadsNot("COVID-19, H2O, c1, IPC_420", nothing=True),
    ReadsNot("Form 10-K, 10-Q and 8-K; 20-F", nothing=True),
    ReadsNot("in this 10K report", nothing=True),
    ReadsNot("open 24/7", nothing=True),
    ReadsNot("open 7 days a week", nothing=True),
    ReadsNot("1. First item", nothing=True),
]
