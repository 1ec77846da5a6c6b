"""What a written number means: its figure, the magnitude written with it (万, million, $1.5k),
its decimals, its sign and its unit or currency. The number kinds (count, amount, percent,
permille) are typed here, and so are the kinds that are numbers with a meaning of their own (a
score, an ordinal: values/score, values/ordinal), which strip their own marks first.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from groundgate.engine.units import CURRENCIES, UNIT_MAGNITUDE, normalise_unit
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue

MAGNITUDE_WORDS = {
    "万亿": 12,
    "千亿": 11,
    "百亿": 10,
    "亿": 8,
    "千万": 7,
    "百万": 6,
    "十万": 5,
    "万": 4,
    "trillion": 12,
    "billion": 9,
    "million": 6,
    "thousand": 3,
    "bn": 9,
    "mn": 6,
    "m": 6,  # only after a currency sign ("$95,156m", "$4,625M", "$1.5k"): numbers.py decides
    "k": 3,
    "M": 6,
    "K": 3,
    "B": 9,
    "b": 9,
}
_MAGNITUDE_ORDER = sorted(MAGNITUDE_WORDS, key=len, reverse=True)


def typed_number(
    value: NumericValue, q: str, own_kind: str | None = None, own_unit: str = ""
) -> Quantity:
    """The typed value of the number q (ASCII digits) that the grammar found as `value`.
    `own_kind`: the kind of a number with a meaning of its own (a score, an ordinal), whose
    marks the kind has stripped from q; `own_unit` the unit it says with them (a score's "/5").
    Otherwise the kind is a count, an amount (a currency), a percent or a permille."""
    kind: str = value.kind if own_kind is None else own_kind
    negative = q[:1] in "-−"
    q = q.lstrip("+-−±")
    unit = own_unit
    magnitude = 0
    if q.endswith("%"):
        unit, q, kind = "%", q[:-1], "percent"
    elif q.endswith("‰"):
        unit, q, kind = "‰", q[:-1], "permille"
    if q and not q[-1].isdigit():
        for word in _MAGNITUDE_ORDER:
            if q.endswith(word):
                magnitude = MAGNITUDE_WORDS[word]
                q = q[: -len(word)]
                break
    written_unit = value.unit
    if written_unit in UNIT_MAGNITUDE:
        written_unit, extra = UNIT_MAGNITUDE[written_unit]
        magnitude += extra
    if not unit:
        unit = normalise_unit(written_unit)
    q = q.replace(",", "")
    try:
        figure = Decimal(q)
    except InvalidOperation:
        return Quantity(value, own_kind or "count")
    decimals = len(q) - q.index(".") - 1 if "." in q else 0
    if kind == "number":
        kind = "amount" if unit in CURRENCIES else "count"
    if unit == "成":  # "三成" is 30%: tenths, as Chinese says a share
        figure, unit, kind = figure * 10, "%", "percent"
        decimals = max(decimals - 1, 0)
        q = format(figure, "f")
    digits = q.replace(".", "").lstrip("0")
    # Quantity(value, kind, figure, magnitude, decimals, negative, unit, digits=digits) without
    # the NamedTuple's Python-level __new__ (every excerpt value of a case is typed here).
    fields = (
        value,
        kind,
        figure,
        magnitude,
        decimals,
        negative,
        unit,
        None,
        None,
        digits,
        (),
        None,
    )
    return tuple.__new__(Quantity, fields)
