"""What a kind of value is made of: one ValueKind per folder under values/, listed in one place
(values/registry.py). The guide to adding one: docs/value-kinds.md.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue, Scanned
from groundgate.engine.values.within import Within

# A key under which the evidence index files an excerpt value and looks up an answer's
# (index_keys.py): ("year", 2024), ("time", ClockTime(21, 0, 0)), ("digits", "3013521200").
Key = tuple[object, ...]


def no_keys(_q: Quantity) -> list[Key]:
    return []


def no_near_miss(_q: Quantity, _e: Quantity) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class ValueKind:
    """One kind of value, as the gate reads, compares, indexes and derives with it.

    name:        the `kind` of its typed values (Quantity.kind), e.g. "date".
    about:       one line for the docs.
    scanned_as:  the scanner's kinds (values/scanned.Kind) it types, e.g. ("date",).
    typed:       a scanned value -> its typed value; `quantity` is the scanned quantity with
                 full-width characters and Chinese numerals already made ASCII digits.
    compare:     (answer value of this kind, any evidence value, the comparison's context:
                 values/within.Within) -> the named equivalence rules under which the evidence
                 value is the same value (() when written the same way), or None when it is not
                 that value. Rules are names in values/rules.EQUIVALENCE_RULES (one ordered
                 list: the order is the risk).
                 None for the number kinds (a count, an amount, a percentage, a score, an
                 ordinal): they are compared as numbers (values/number/sameness.py).
    rules:       the equivalence rules a comparison of its values may return (for the docs).
    own_rule:    a number with a meaning of its own (a score, an ordinal): the rule added when
                 either side of a comparison of numbers is of this kind.
    index_keys:  the keys an excerpt value of this kind is filed under.
    query_keys:  the keys under which the evidence values that may ground one are looked up.
    near_reason: (answer value, evidence value) -> a near-miss reason, or None. The number
                 kinds' is values/number/near_miss.numeric_reason, asked only of two numbers.
    near_misses: each reason near_reason may return -> the hint's message (str.format with
                 index, text, chunk, detail); they join near_miss.NEAR_MISS_REASONS.
    derivable:   whether its values take part in derivations (sums, differences, ratios).
    scan:        a reader the scanner runs over the whole text, for values the digit grammar
                 does not start ("Q3 2024" begins with a letter); None for most kinds, whose
                 readings are branches of numbers._MASTER and words of values/number/after.py.
    value_of:    the kind's own typed value in a Quantity (a date's CalendarDate), which its
                 corpus states for each text that must be read (values/corpus.py).
    period:      its values say when (a date, a time of day): the context reads them as the
                 period of the values around them, not as claims of their own, and a table's
                 header line of them heads columns (registry.PERIODS, read by engine/context/
                 and by the question-values rule).
    """

    name: str
    about: str
    scanned_as: tuple[str, ...]
    typed: Callable[[NumericValue, str], Quantity]
    compare: Callable[[Quantity, Quantity, Within], tuple[str, ...] | None] | None
    rules: tuple[str, ...] = ()
    own_rule: str | None = None
    index_keys: Callable[[Quantity], list[Key]] = no_keys
    query_keys: Callable[[Quantity], list[Key]] = no_keys
    near_reason: Callable[[Quantity, Quantity], str | None] = no_near_miss
    near_misses: Mapping[str, str] = field(default_factory=dict)
    derivable: bool = False
    scan: Callable[[str], list[Scanned]] | None = None
    value_of: Callable[[Quantity], object] = lambda q: q.number
    period: bool = False
