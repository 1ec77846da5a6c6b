"""The date kind: its typed value, when two dates are the same date, its index keys and near
misses. Dates take no part in derivations. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.date.value import parse_date
from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.within import NO_WITHIN, Within

# The unit of a date whose day the evidence writes once for several years (evidence.py).
SHARED_DAY = "shared_day"


def typed(value: NumericValue, quantity: str) -> Quantity:
    return Quantity(value, "date", date=parse_date(quantity))


def compare(a: Quantity, e: Quantity, _within: Within = NO_WITHIN) -> tuple[str, ...] | None:
    """Evidence value `e` is answer date `a`: the same date (format: date_format), given more
    precisely (date_less_precise), or with its day written once for several years
    (date_shared_day). A year alone ("2024年") is also the year as a table writes it ("2024")."""
    assert a.date is not None
    if e.kind != "date" or e.date is None:
        if a.date.month is None and a.date.day is None and e.is_year():
            return ("date_format",)
        return None
    rules: tuple[str, ...] = ()
    for mine, theirs in zip(a.date, e.date, strict=True):
        if mine is None:
            if theirs is not None:
                rules = ("date_less_precise",)
        elif mine != theirs:
            return None
    if e.unit == SHARED_DAY:  # evidence.shared_day_dates
        return (*rules, "date_shared_day")
    if rules:
        return rules
    return () if e.value.quantity == a.value.quantity else ("date_format",)


def year_in_date(a: Quantity, e: Quantity) -> tuple[str, ...] | None:
    """A number answer that reads as a year ("2024") against an evidence date that has that year:
    the date given less precisely. (Asked by the number kinds' compare.)"""
    if a.is_year() and e.date is not None and e.date.year == int(a.figure or 0):
        return ("date_less_precise",)
    return None


def index_keys(e: Quantity) -> list[Key]:
    if e.date is None:
        return []
    return [("year", e.date.year), ("month", e.date.month)]


def query_keys(q: Quantity) -> list[Key]:
    if q.date is None:
        return []
    year, month, day = q.date
    if year is not None:
        keys: list[Key] = [("year", year)]
        if month is None and day is None:
            keys.append(("figure_year", year))  # "2024年" and a table's "2024"
        return keys
    return [("month", month)] if month is not None else []


def near_reason(q: Quantity, e: Quantity) -> str | None:
    """wrong_year / wrong_month / wrong_day: one part of the date differs, and the evidence
    gives every part the answer gives."""
    if e.kind != "date" or not q.date or not e.date:
        return None
    differ = [
        name
        for name, mine, theirs in zip(("year", "month", "day"), q.date, e.date, strict=True)
        if mine is not None and mine != theirs
    ]
    if len(differ) == 1 and all(
        theirs is not None for mine, theirs in zip(q.date, e.date, strict=True) if mine
    ):
        return f"wrong_{differ[0]}"
    return None


KIND = ValueKind(
    name="date",
    about="a day, month or year of the calendar, as precise as it is written",
    scanned_as=("date",),
    typed=typed,
    compare=compare,
    rules=("date_format", "date_less_precise", "date_shared_day"),
    index_keys=index_keys,
    query_keys=query_keys,
    near_reason=near_reason,
    near_misses={
        "wrong_year": "near miss: evidence {index} has {text!r}, another year",
        "wrong_month": "near miss: evidence {index} has {text!r}, another month",
        "wrong_day": "near miss: evidence {index} has {text!r}, another day",
    },
    value_of=lambda q: q.date,
    period=True,
)
