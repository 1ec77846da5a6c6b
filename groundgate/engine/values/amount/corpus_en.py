"""Amounts in English: texts that must be read as an amount of money (with its value, magnitude
applied) and texts in which no amount may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("It cost $1,577 million.", "$1,577 million", Decimal("1577000000")),
    Reads("It cost $4.625 billion.", "$4.625 billion", Decimal("4625000000")),
    Reads("We paid EUR 20 million.", "EUR 20 million", Decimal("20000000")),
    Reads("We paid $1.5k.", "$1.5k", Decimal("1500")),
    Reads("It fell -$5 overnight.", "-$5", Decimal("5")),
    Reads("It raised US$3.5 in all", "US$3.5", Decimal("3.5")),
    Reads("The fine was 200,000 yuan", "200,000 yuan", Decimal("200000")),  # ends the text
]

MUST_NOT = [
    ReadsNot("Revenue was 10,000 units."),  # a count
    ReadsNot("a 4.6 bn-parameter model"),  # a magnitude without a currency
]
