"""The typed value: what every kind of value (values/registry.py) makes of a scanned one, and
what the gate compares, indexes and derives with. One carrier for all kinds, so that the evidence
index holds one list; what is particular to a kind is in its own field (a date's CalendarDate, a
time's ClockTime) and in its folder under values/.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from groundgate.engine.values.date.value import CalendarDate
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.time.value import ClockTime

_NON_DIGITS = re.compile(r"[^0-9]+")


class Quantity(NamedTuple):
    """One value with its meaning. Numbers are absolute: the sign is kept apart (`negative`)
    because the direction of a change is often said in words ("fell 5%" for "-5%"). (A
    NamedTuple: the gate makes many of them, and tuples are cheap to make.)"""

    value: NumericValue
    kind: str  # count, amount, percent, permille, date, time, identifier, score, ordinal, range
    figure: Decimal | None = None  # the number as written, without magnitude or sign
    magnitude: int = 0  # the power of ten written with it (万: 4, million: 6)
    decimals: int = 0  # decimals written in the figure (its precision)
    negative: bool = False
    unit: str = ""  # normalised unit or currency ("USD", "CNY", "kg"); percentages: "%", "‰"
    date: CalendarDate | None = None  # values/date
    time: ClockTime | None = None  # values/time
    digits: str = (
        ""  # identifiers: the digits only; numbers: the figure's digits ("1,050.0" -> "10500")
    )
    endpoints: tuple[Quantity, ...] = ()  # type: ignore[misc,unused-ignore]  # a recursive NamedTuple
    # The typed value of a kind that is none of the above (a quarter's Quarter): see the kind's
    # folder under values/.
    kind_value: object = None

    @property
    def number(self) -> Decimal | None:
        """The figure with its magnitude applied."""
        if self.figure is None:
            return None
        return self.figure.scaleb(self.magnitude) if self.magnitude else self.figure

    @property
    def numeric(self) -> bool:
        return self.figure is not None and self.kind not in ("date", "time", "identifier")

    @property
    def significant_digits(self) -> str:
        """The digits that carry the value ("1,050.0" -> "105")."""
        if self.figure is None:
            return ""
        return _NON_DIGITS.sub("", format(self.figure, "f")).strip("0")

    def is_year(self) -> bool:
        """A bare four-digit integer that reads as a year (1000-2999)."""
        return (
            self.kind == "count"
            and not self.unit
            and not self.magnitude
            and self.decimals == 0
            and self.figure is not None
            and 1000 <= self.figure <= 2999
            and "," not in self.value.quantity
        )
