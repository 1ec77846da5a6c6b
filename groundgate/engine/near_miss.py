"""Why an ungrounded value is almost an evidence value: the near-miss reasons, in one order, and
the one place that asks a kind for its reason. Every kind offers its own near misses from its
folder (ValueKind.near_reason and near_misses: values/date/kind.py, values/quarter/kind.py, and
the number kinds' values/number/near_miss.py); the reasons below are those of the index itself
(near_search.near_miss_of(), which chooses the most useful one and looks for the
right value outside the excerpt). docs/number-grammar.md lists them with examples.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.quantities import Quantity
from groundgate.engine.values.registry import BY_NAME, KINDS

# The near-miss reasons, most useful first: the index's own, then the kinds' of
# values/registry.py in their order (each kind's in its own order).
NEAR_MISS_REASONS: tuple[str, ...] = (
    "same_quantity",
    "outside_excerpt",
    "other_chunk",
    "wrong_sign",
)
NEAR_MISS_REASONS += tuple(
    dict.fromkeys(r for kind in KINDS for r in kind.near_misses if r not in NEAR_MISS_REASONS)
)


def near_reason(q: Quantity, e: Quantity) -> str | None:
    """The reason evidence value `e` is a near miss of answer value `q`, or None (a value that
    grounds q is not a near miss: the caller asks compare() first). A number kind's
    (ValueKind.compare None) is asked only of two numbers."""
    kind = BY_NAME.get(q.kind)  # a kind of values/registry.py
    if kind is None or (kind.compare is None and not (q.numeric and e.numeric)):
        return None
    return kind.near_reason(q, e)
