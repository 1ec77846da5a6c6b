"""When two written values are the same value: the one place the gate asks (compare()). A kind
with a sameness of its own (a date, a time, an identifier, a quarter, a range: ValueKind.compare)
answers for its values; the number kinds are compared as numbers (values/number/sameness.py).
Every way other than written the same way is a named rule (values/rules.py).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.number.sameness import same_number
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.registry import NUMBER_RULES, OWN
from groundgate.engine.values.within import NO_CONTEXT, ContextLike, Within

_new = tuple.__new__


def compare(
    a: Quantity,
    e: Quantity,
    context: ContextLike = NO_CONTEXT,
    *,
    question_exponent: int | None = None,
    rounding_min_significant: int = 2,
    approximately: bool = False,
    bound: str | None = None,
) -> tuple[str, ...] | None:
    """The rules under which evidence value `e` grounds answer value `a` (() when they are the
    same value written the same way), or None when it does not. Every rule is returned, allowed
    or not; the caller checks them against its policy. `context`: the evidence value's; the
    rest: what the answer says of its own (values/within.Within)."""
    # Within(...) without the NamedTuple's Python-level __new__ (every comparison makes one).
    within: Within = _new(
        Within, (context, question_exponent, rounding_min_significant, approximately, bound)
    )
    kind = OWN.get(a.kind)  # a kind of values/registry.py with a sameness of its own
    if kind is not None and kind.compare is not None:
        return kind.compare(a, e, within)
    return same_number(a, e, within, NUMBER_RULES)
