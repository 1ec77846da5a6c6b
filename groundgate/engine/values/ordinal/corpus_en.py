"""Ordinals in English: texts that must be read as an ordinal (its number) and texts in which no
ordinal may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("She came 3rd in the race.", "3rd", Decimal("3")),
    Reads("for the 21st time", "21st", Decimal("21")),
    Reads("the 100th anniversary", "100th", Decimal("100")),
    Reads("Form 10-K, the 2nd filing", "2nd", Decimal("2")),
]

MUST_NOT = [
    ReadsNot("on March 3rd, 2024"),  # a date
    ReadsNot("the 3rd of March 2024"),  # a date
    ReadsNot("the 3d model"),  # no ordinal suffix
]
