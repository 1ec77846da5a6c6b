"""The ordinal kind: a number that says a place ("3rd"). Its number may ground a count and a
count it (rule `ordinal`); ordinals are compared, indexed and near-missed as numbers
(ValueKind.compare is None) and take no part in derivations. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue


def typed(value: NumericValue, quantity: str) -> Quantity:
    """ "3rd": 3."""
    return typed_number(value, quantity[:-2], "ordinal")


KIND = ValueKind(
    name="ordinal",
    about="a place in an order (3rd), compared as a number",
    scanned_as=("ordinal",),
    typed=typed,
    compare=None,
    rules=("ordinal",),
    own_rule="ordinal",
    index_keys=measure_keys,
    query_keys=measure_query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
)
