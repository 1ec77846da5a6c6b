"""The amount kind: a figure with a currency ("$1,577 million", "EUR 20 million", "20亿元"). The
scanner reads it as a plain number with a unit (values/count types it; values/number/value.py
makes it an amount when the unit is a currency). Amounts are compared as numbers
(values/number/sameness.py); the rules that say one amount is another at another scale are
theirs in the docs, though any number may use them ("3 million people").
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.number.value import typed_number

KIND = ValueKind(
    name="amount",
    about="a figure with a currency, compared as a number at its magnitude",
    scanned_as=(),  # the scanner's plain numbers with a currency (values/count types them)
    typed=typed_number,
    compare=None,
    rules=(
        "rescaled",
        "declared_scale",
        "question_scale",
        "as_written",
        "undeclared_scale",
        "rounded",
        "bound",
        "sign",
        "year_figure",
    ),
    index_keys=measure_keys,
    query_keys=measure_query_keys,
    near_reason=numeric_reason,
    near_misses=NEAR_MISSES,
    derivable=True,
)
