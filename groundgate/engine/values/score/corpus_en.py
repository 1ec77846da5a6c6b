"""Scores in English: texts that must be read as a score (its number and scale) and texts in which
no score may be read."""

from decimal import Decimal

from groundgate.engine.values.corpus import Reads, ReadsNot

MUST = [
    Reads("Rated 4.5/5 by users.", "4.5/5", (Decimal("4.5"), "/5")),
    Reads("It scored 8 out of 10.", "8 out of 10", (Decimal("8"), "/10")),
    Reads("A 4 stars out of 5 hotel", "4 stars out of 5", (Decimal("4"), "/5")),
    Reads("rated 4/5.", "4/5", (Decimal("4"), "/5")),  # a full stop ends the sentence
]

MUST_NOT = [
    ReadsNot("open 24/7", nothing=True),  # always: no claim
    ReadsNot("a 4.5/50 ratio"),  # no scale of a score
    ReadsNot("due 5/10/2024"),  # a date
    ReadsNot("about 4/5ths of revenue"),  # a fraction
    ReadsNot("about 4/5 of the staff"),  # a fraction too
]
