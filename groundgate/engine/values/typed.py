"""The typed value of one value the grammar found: full-width characters and Chinese numerals
made ASCII digits, then the kind that types the scanner's kind (values/registry.BY_SCANNED).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.grammar import FULLWIDTH
from groundgate.engine.values.number.numerals_zh import NUMERAL_CHARACTERS, arabic, numeral_quantity
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.registry import BY_SCANNED
from groundgate.engine.values.scanned import NumericValue


def typed(value: NumericValue) -> Quantity:
    """The typed value of one value the grammar found."""
    kind = value.kind
    q = value.quantity
    if not q.isascii():  # (the translation only maps full-width characters)
        q = q.translate(FULLWIDTH)
        if not NUMERAL_CHARACTERS.isdisjoint(q):  # "四十五", "晚上九点", "二〇二四年"
            if kind == "number" or kind == "percent":  # "一点五", "百分之八十五", "八五折"
                q = numeral_quantity(q, value.unit)
            else:
                q = arabic(q)
    return BY_SCANNED[kind].typed(value, q)
