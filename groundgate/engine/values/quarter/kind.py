"""The quarter kind: its typed value, its reader, when two quarters are the same quarter, keys
and near misses. A quarter offers its year as a value of its own (the evidence's "Q3 2024"
grounds the answer's "2024", as "May 2014" does), and is grounded only by the same quarter.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from groundgate.engine.values.date.value import CalendarDate
from groundgate.engine.values.grammar import WS
from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.quarter.rules_en import (
    QUARTER_EN,
    SHARED_YEARS,
    header_break,
    quarter_en,
)
from groundgate.engine.values.quarter.rules_zh import QUARTER_ZH, quarter_zh
from groundgate.engine.values.scanned import NumericValue, Scanned, scanned
from groundgate.engine.values.within import NO_WITHIN, Within


@dataclass(frozen=True, slots=True)
class Quarter:
    """A quarter (1-4) of a year."""

    year: int
    number: int


def scan(text: str) -> list[Scanned]:
    """The quarters of `text`. Its quantity is the surface without whitespace; it offers its
    year as the grammar reads it alone ("2024", "2024年"). A year that shares a table header's
    quarter (rules_en.SHARED_YEARS) is a quarter whose surface and quantity are the year, with
    the quarter ("Q2") as its unit."""
    found: list[Scanned] = []
    if "Q" in text or "uarter" in text or "UARTER" in text:
        for m in QUARTER_EN.finditer(text):
            _, number, year = quarter_en(m)
            offers = (year,) if len(year) == 4 else ()
            found.append(scanned(m.start(), m.end(), "quarter", WS.sub("", m.group()), "", offers))
            if header_break(m):
                end = m.end()
                while (shared := SHARED_YEARS.match(text, end)) is not None:
                    end = shared.end()
                    alone = shared.group(1)
                    found.append(
                        scanned(shared.start(1), end, "quarter", alone, f"Q{number}", (alone,))
                    )
    if "年" in text and ("季度" in text or "Q" in text):
        for m in QUARTER_ZH.finditer(text):
            _, _, year = quarter_zh(m)
            found.append(scanned(m.start(), m.end(), "quarter", m.group(), "", (year,)))
    return sorted(found) if found else found


def typed(value: NumericValue, quantity: str) -> Quantity:
    if value.unit:  # a year that shares a table header's quarter: "2022" under "SECOND QUARTER"
        year, number, written = int(value.quantity), int(value.unit[1:]), value.quantity
    elif (m := QUARTER_EN.search(value.quantity) or QUARTER_EN.search(value.text)) is not None:
        year, number, written = quarter_en(m)
    else:
        zh = QUARTER_ZH.search(value.text)
        assert zh is not None  # scan read it
        year, number, written = quarter_zh(zh)
    return Quantity(
        value,
        "quarter",
        endpoints=_year_value(value, year, written),
        kind_value=Quarter(year, number),
    )


def _year_value(value: NumericValue, year: int, written: str) -> tuple[Quantity, ...]:
    """The year a quarter offers, as the grammar reads a year alone: a count ("2024") or a
    Chinese date ("2024年")."""
    if len(written) < 4:  # "3Q24": no year written in full
        return ()
    year_value = NumericValue(written, value.start, value.end, "number", written)
    if written.endswith("年"):
        return (
            Quantity(year_value._replace(kind="date"), "date", date=CalendarDate(year, None, None)),
        )
    return (Quantity(year_value, "count", figure=Decimal(year), digits=written),)


# The last day of each calendar quarter: filings name a quarter by it ("three months ended
# June 30, 2023").
_LAST_DAY = {1: (3, 31), 2: (6, 30), 3: (9, 30), 4: (12, 31)}


def compare(a: Quantity, e: Quantity, _within: Within = NO_WITHIN) -> tuple[str, ...] | None:
    """The same quarter of the same year, written the same way or not (date_format), or the
    evidence's date of its last day ("June 30, 2023" for Q2 2023: date_format)."""
    quarter = a.kind_value
    if not isinstance(quarter, Quarter):
        return None
    if e.kind == "quarter":
        if e.kind_value != quarter:
            return None
        return () if e.value.quantity == a.value.quantity else ("date_format",)
    if e.kind == "date" and e.date is not None and e.date.year == quarter.year:
        month, day = _LAST_DAY[quarter.number]
        if e.date.month == month and e.date.day == day:
            return ("date_format",)
    return None


def keys(q: Quantity) -> list[Key]:
    """A quarter under its year; an answer's quarter also finds the evidence dates of its year."""
    quarter = q.kind_value
    return [("quarter_year", quarter.year)] if isinstance(quarter, Quarter) else []


def query_keys(q: Quantity) -> list[Key]:
    quarter = q.kind_value
    if not isinstance(quarter, Quarter):
        return []
    return [("quarter_year", quarter.year), ("year", quarter.year)]


def near_reason(q: Quantity, e: Quantity) -> str | None:
    """wrong_quarter: another quarter of the same year."""
    mine, theirs = q.kind_value, e.kind_value
    if e.kind != "quarter" or not isinstance(mine, Quarter) or not isinstance(theirs, Quarter):
        return None
    return "wrong_quarter" if mine.year == theirs.year and mine != theirs else None


KIND = ValueKind(
    name="quarter",
    about="a quarter of a year, read only with its year",
    scanned_as=("quarter",),
    typed=typed,
    compare=compare,
    rules=("date_format",),
    index_keys=keys,
    query_keys=query_keys,
    near_reason=near_reason,
    near_misses={"wrong_quarter": "near miss: evidence {index} has {text!r}, another quarter"},
    scan=scan,
    value_of=lambda q: q.kind_value,
    period=True,
)
