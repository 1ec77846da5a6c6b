"""The time-of-day kind: its typed value, when two times are the same time, and its index keys.
Times offer no near misses and take no part in derivations. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.time.value import HOURS_12, other_half_of_day, time_of_day
from groundgate.engine.values.within import NO_WITHIN, Within


def typed(value: NumericValue, quantity: str) -> Quantity:
    """A time said without its half of the day ("9点") carries the unit HOURS_12."""
    time, half_day = time_of_day(quantity)
    return Quantity(value, "time", time=time, unit="" if half_day else HOURS_12)


def compare(a: Quantity, e: Quantity, _within: Within = NO_WITHIN) -> tuple[str, ...] | None:
    """The same clock reading (time_format), or, when one side does not say its half of the
    day, the same reading in the other half (time_12_hour)."""
    if e.kind != "time" or a.time is None or e.time is None:
        return None
    if e.time == a.time:
        return ("time_format",)
    if (a.unit == HOURS_12 or e.unit == HOURS_12) and e.time == other_half_of_day(a.time):
        return ("time_12_hour",)
    return None


def keys(q: Quantity) -> list[Key]:
    """A time under its reading, and one said without its half of the day ("9点") also under
    the other half's: the key of either side's time finds the other."""
    if q.time is None:
        return []
    if q.unit == HOURS_12:
        return [("time", q.time), ("time", other_half_of_day(q.time))]
    return [("time", q.time)]


KIND = ValueKind(
    name="time",
    about="a time of day on a 24-hour clock, or either half of the day when it is not said",
    scanned_as=("time",),
    typed=typed,
    compare=compare,
    rules=("time_format", "time_12_hour"),
    index_keys=keys,
    query_keys=keys,
    value_of=lambda q: q.time,
    period=True,
)
