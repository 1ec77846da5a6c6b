"""What the scanner hands on: one value as found in a text (Scanned), or digits that are no value
at all (Skip). The grammar's readers (numbers.py, values/number/after.py, the kinds' rules under
values/) return these; nothing else reads positions out of a tuple.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

# The kinds the scanner tells apart. What each becomes as a typed value (count, amount, percent,
# permille, date, time, ...) is said by the kinds of values/registry.py.
Kind = Literal[
    "number", "percent", "date", "time", "range", "identifier", "ordinal", "score", "quarter"
]


class Scanned(NamedTuple):
    """One value found in a text: its surface text[start:end] (unit and currency included), the
    scanner's kind, the quantity (the characters of the number, whitespace dropped), the unit
    written with it ("" for none) and what it also offers as grounding (a range's two ends, a
    date's year). (A NamedTuple: every value of every excerpt is one, and tuples are cheap.)"""

    start: int
    end: int
    kind: Kind
    quantity: str
    unit: str = ""
    endpoints: tuple[str, ...] = ()


def scanned(
    start: int,
    end: int,
    kind: Kind,
    quantity: str,
    unit: str = "",
    endpoints: tuple[str, ...] = (),
) -> Scanned:
    """Scanned(...) without the NamedTuple's Python-level __new__ (the scanner's hot loop)."""
    return _new(Scanned, (start, end, kind, quantity, unit, endpoints))


_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Skip:
    """Digits that are no value: a form name ("10-K"), a list marker ("1. "), "24/7". `covers`:
    where the words that make them none end, so that the scanner reads no value inside them
    ("24/7" covers its "7"), or None when they cover nothing past the digits."""

    covers: int | None = None


NOT_A_VALUE = Skip()


class NumericValue(NamedTuple):
    """One value found in a text. `start`/`end` cover the whole surface, unit included.
    (A NamedTuple: conclusions are scanned on the hot path and tuples are cheap to make.)"""

    text: str
    start: int
    end: int
    kind: Kind
    quantity: str
    unit: str = ""
    # For ranges: the quantities of the two endpoints, which an excerpt also offers for grounding
    # ("between 10 and 20" is grounded by "10-20").
    endpoints: tuple[str, ...] = ()
