"""The percentage kinds: a percentage ("12.5%", "百分之八十五", "三成") and a per-mille ("3‰").
A percentage only matches a percentage, or a figure its table or text declares as one (rule
`percent_declared`). Both are compared as numbers (values/number/sameness.py) and take part in
derivations (a percentage change, a share). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.number.words_en import to_int as english_to_int
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue


def typed(value: NumericValue, q: str) -> Quantity:
    """ "12.5%", "85%" (from "百分之八十五"), "3‰": the figure with its unit "%" or "‰"."""
    if q[0].isalpha():  # (English number words)
        q = str(english_to_int(q))
    return typed_number(value, q)


KIND = ValueKind(
    name="percent",
    about="a percentage, compared as a number that only a percentage grounds",
    scanned_as=("percent",),
    typed=typed,
    compare=None,
    rules=("percent_declared", "rounded", "bound", "sign"),
    index_keys=measure_keys,
    query_keys=measure_query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
    derivable=True,
)

PERMILLE = ValueKind(
    name="permille",
    about="a per-mille, compared as a number that only a per-mille grounds",
    scanned_as=(),  # the scanner's percentages written with "‰" (typed above)
    typed=typed,
    compare=None,
    rules=("rounded", "bound", "sign"),
    index_keys=measure_keys,
    query_keys=measure_query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
    derivable=True,
)
