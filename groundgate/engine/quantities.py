"""The typed value and the sameness of values, as their readers import them (a facade: the
kinds live under values/, found through values/registry.py). typed(): values/typed.py;
compare(): values/sameness.py; the named equivalence rules and their risk: values/rules.py; an
evidence value's context: values/within.py. Reference for humans: docs/value-kinds.md and
docs/number-grammar.md. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.date.kind import SHARED_DAY
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.rules import EQUIVALENCE_RULES, NOT_BY_DEFAULT, risk
from groundgate.engine.values.sameness import compare
from groundgate.engine.values.typed import typed
from groundgate.engine.values.within import NO_CONTEXT, Context, ContextLike

__all__ = [
    "EQUIVALENCE_RULES",
    "NOT_BY_DEFAULT",
    "NO_CONTEXT",
    "SHARED_DAY",
    "Context",
    "ContextLike",
    "Quantity",
    "compare",
    "risk",
    "typed",
]
