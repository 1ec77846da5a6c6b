"""The keys under which the evidence index (number_grounding.EvidenceIndex) files an excerpt's
typed value and looks up an answer's: dates by year and month, times, identifiers by digits,
years as figures, and the leading digits a rounded answer value must share with its source.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.quantities import Quantity
from groundgate.engine.values.number.keys import measure_keys, measure_query_keys
from groundgate.engine.values.registry import BY_NAME

# A one-digit rounding prefix ("2" for "20", which may be 19.96) matches many values; only the
# first of them in excerpt order are examined.
WIDE_PREFIX_LIMIT = 64
# A rounding prefix longer than this is cut to it (the compare() test decides the rest).
PREFIXES = 8


def rounding_heads(digits: str) -> list[str]:
    """The first digits an evidence value must have for the answer's `digits` to be it rounded
    (the answer's trailing zeros are significant: "4.60" is not 4.625 rounded). Without a carry
    they are the answer's digits but the last; with one, the digits before it ("1300" from
    "1299.6": "1299"). Empty heads (one-digit answers, which never round) are left out."""
    stripped = digits.rstrip("0")
    zeros = len(digits) - len(stripped)
    if not stripped:
        return []
    if zeros == 0:
        return [stripped[:-1]] if len(stripped) > 1 else []
    last = int(stripped[-1])
    carry = "9" * zeros if stripped == "1" else stripped[:-1] + str(last - 1) + "9" * zeros
    return [digits[:-1], carry]


def index_keys(e: Quantity) -> list[tuple[object, ...]]:
    """The keys an excerpt value is found under (see query_keys and compare())."""
    kind = BY_NAME.get(e.kind)  # a kind of values/registry.py
    if kind is not None:
        return kind.index_keys(e)
    return measure_keys(e)


def query_keys(q: Quantity) -> list[tuple[object, ...]]:
    """The keys under which the non-numeric values that may ground q are found (numbers are
    found by their digits, in _candidates)."""
    kind = BY_NAME.get(q.kind)  # a kind of values/registry.py
    if kind is not None:
        return kind.query_keys(q)
    return measure_query_keys(q)
