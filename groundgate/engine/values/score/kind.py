"""The score kind: a number on a scale. Its scale is its unit, so that 4.5/5 is never 4.5/10; a
plain number (a table's "stars: 4.5") has no unit and may ground it under the rule `score`.
Scores are compared, indexed and near-missed as numbers (ValueKind.compare is None) and take no
part in derivations. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.score.rules_en import SCORE_SPLIT


def typed(value: NumericValue, quantity: str) -> Quantity:
    """ "4.5/5", "4.5outof5", "4starsoutof5" (whitespace is gone): 4.5 with the unit "/5"."""
    figure, scale = SCORE_SPLIT.split(quantity, 1)
    return typed_number(value, figure, "score", "/" + scale)


KIND = ValueKind(
    name="score",
    about="a number on a scale (4.5/5, 8 out of 10), compared as a number",
    scanned_as=("score",),
    typed=typed,
    compare=None,
    rules=("score",),
    own_rule="score",
    index_keys=measure_keys,
    query_keys=measure_query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
    value_of=lambda q: (q.number, q.unit),
)
