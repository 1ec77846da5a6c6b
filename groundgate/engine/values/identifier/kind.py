"""The identifier kind: its typed value (its digits), when two identifiers are the same one, and
its index keys. A phone number written as one run of digits in the answer ("13800138000") is a
count to the grammar; phone_digits says when it is an evidence identifier.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.within import NO_WITHIN, Within

_NON_DIGITS = re.compile(r"[^0-9]+")


def typed(value: NumericValue, quantity: str) -> Quantity:
    return Quantity(value, "identifier", digits=_NON_DIGITS.sub("", quantity))


def compare(a: Quantity, e: Quantity, _within: Within = NO_WITHIN) -> tuple[str, ...] | None:
    """The same digits (with other punctuation: identifier_digits), the same phone number with
    a country code on one side only (country_code), or a count that writes the digits."""
    if e.kind == "identifier" and e.digits == a.digits:
        return () if e.value.quantity == a.value.quantity else ("identifier_digits",)
    if e.kind == "identifier" and _country_code_apart(a, e):
        return ("country_code",)
    if e.kind == "count" and e.figure is not None and e.value.quantity == a.digits:
        return ("identifier_digits",)
    return None


def long_digit_run(q: Quantity) -> bool:
    """A count of seven digits or more written without separators: possibly a phone number."""
    return q.kind == "count" and len(q.value.quantity) >= 7 and q.value.quantity.isdigit()


def phone_digits(a: Quantity, e: Quantity) -> tuple[str, ...] | None:
    """A count answer a (long_digit_run) against an evidence identifier e: "13800138000" for
    "+86 138-0013-8000", the digits of a phone number written as one run. (Asked by the number
    kinds' compare.)"""
    if e.digits == a.digits:
        return ("identifier_digits",)
    return ("country_code",) if _country_code_apart(a, e) else None


def _country_code_apart(a: Quantity, e: Quantity) -> bool:
    """Whether two phone numbers differ only by a country code written on one of them: the
    longer one's extra leading digits (at most three) are "1" or follow a "+"."""
    short, long = (a, e) if len(a.digits) < len(e.digits) else (e, a)
    extra = len(long.digits) - len(short.digits)
    if not (1 <= extra <= 3 and len(short.digits) >= 10 and long.digits.endswith(short.digits)):
        return False
    return long.value.quantity.startswith("+") or long.digits[:extra] == "1"


def keys(q: Quantity) -> list[Key]:
    """An identifier by its digits, and a phone number also by its last ten (a country code
    written on one side only)."""
    found: list[Key] = [("digits", q.digits)]
    if len(q.digits) >= 10:
        found.append(("phone", q.digits[-10:]))
    return found


KIND = ValueKind(
    name="identifier",
    about="a phone number or a code of digit groups, compared by its digits",
    scanned_as=("identifier",),
    typed=typed,
    compare=compare,
    rules=("identifier_digits", "country_code"),
    index_keys=keys,
    query_keys=keys,
    value_of=lambda q: q.digits,
)
