"""The count kind: a plain number, a duration or measure, a count with a classifier ("10,000",
"three years", "1,024例", "5 kg"). It types the scanner's plain numbers: a number written with a
currency becomes an amount (values/amount), one with a percent sign a percentage. Counts are
compared as numbers (values/number/sameness.py: ValueKind.compare is None); a count that reads
as a year also finds a date of that year, and a long run of digits a phone number.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.identifier.kind import keys as identifier_keys
from groundgate.engine.values.identifier.kind import long_digit_run
from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.number.words_en import to_int as english_to_int
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue


def typed(value: NumericValue, q: str) -> Quantity:
    """A plain number (ASCII digits, or English number words: "three years") -> a count, or an
    amount when its unit is a currency (values/number/value.typed_number decides)."""
    if q[0].isalpha():  # "three years", "twenty-five minutes"
        q = str(english_to_int(q))
    return typed_number(value, q)


def index_keys(e: Quantity) -> list[Key]:
    """A measure's unit family, a year's figure (a date of that year looks it up) and a plain
    run of digits (an identifier that writes them looks it up)."""
    if not e.numeric:
        return []
    keys = measure_keys(e)
    if e.is_year():
        keys.append(("figure_year", int(e.figure or 0)))
    if e.value.quantity.isdigit():
        keys.append(("digits", e.value.quantity))
    return keys


def query_keys(q: Quantity) -> list[Key]:
    """A year finds the dates of that year; a measure its unit's family; a long run of digits
    the phone numbers that write them."""
    if q.numeric and q.is_year():
        return [("year", int(q.figure or 0))]
    keys = measure_query_keys(q)
    if keys:
        return keys
    if long_digit_run(q):
        return identifier_keys(q)  # a phone number written as one run of digits
    return []


KIND = ValueKind(
    name="count",
    about="a plain number, duration, measure or count with a classifier, compared as a number",
    scanned_as=("number",),
    typed=typed,
    compare=None,
    rules=(
        "format",
        "rounded",
        "bound",
        "sign",
        "unit_converted",
        "date_less_precise",
        "year_figure",
    ),
    index_keys=index_keys,
    query_keys=query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
    derivable=True,
)
