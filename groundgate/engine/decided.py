"""What one case's evidence index answered for a value, kept for the same value said again.

A long answer says the same value many times ("2022", "$1.2 billion"): FinanceBench's answers
repeat 5,120 of their 13,689 values within one case (the same quantity and unit; TAT-QA 37 of
12,907). Whether the cited evidence grounds a value (EvidenceIndex.ground) and its near miss
(EvidenceIndex.near_miss) read only the value's typed quantity, the rules allowed, the rounding
or bound the answer says of it and - asked only on need - whether the answer gives its sign in
words; never where the value stands in the answer. So the second time the same quantity is
asked with the same arguments, the first answer is the answer: kept here for one case only
(a _SlowPath's lifetime, dropped with it), keyed by the quantity with its span left out, and
only for a quantity and unit the answer says twice or more (a value said once is searched
directly: no key is made for it). Where
the first search asked for the sign in words, the answer is reused only when this value's own
sign reads the same (the search then took the same path). Verdicts unchanged by construction
(d608).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, TypeVar

from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.scanned import NumericValue

if TYPE_CHECKING:
    from groundgate.engine.evidence_values import Grounding
    from groundgate.engine.near_search import Hint
    from groundgate.engine.number_grounding import EvidenceIndex

_T = TypeVar("_T")


class Decided:
    """EvidenceIndex.ground and near_miss of one case, each answered once per quantity."""

    def __init__(self, index: EvidenceIndex, values: Iterable[NumericValue]) -> None:
        self.index = index
        # The quantities and units the answer says more than once (`values`: all of its
        # values): only theirs can be asked again, the others are searched at no cost added.
        seen: set[tuple[str, str]] = set()
        self._again: set[tuple[str, str]] = set()
        for v in values:
            key = (v.quantity, v.unit)
            (self._again if key in seen else seen).add(key)
        # key -> (the answer, what `signed` said when the search asked it; None: not asked)
        self._kept: dict[Hashable, tuple[object, bool | None]] = {}

    def ground(
        self,
        q: Quantity,
        allowed: frozenset[str],
        *,
        approximately: bool,
        signed: Callable[[], bool],
        bound: str | None,
    ) -> Grounding | None:
        index = self.index
        if (q.value.quantity, q.value.unit) not in self._again:
            return index.ground(q, allowed, approximately=approximately, signed=signed, bound=bound)
        return self._once(
            ("ground", _spanless(q), allowed, approximately, bound),
            signed,
            lambda asked: index.ground(
                q, allowed, approximately=approximately, signed=asked, bound=bound
            ),
        )

    def near_miss(
        self, q: Quantity, allowed: frozenset[str], *, signed: Callable[[], bool]
    ) -> Hint | None:
        index = self.index
        if (q.value.quantity, q.value.unit) not in self._again:
            return index.near_miss(q, allowed, signed=signed)
        return self._once(
            ("near_miss", _spanless(q), allowed),
            signed,
            lambda asked: index.near_miss(q, allowed, signed=asked),
        )

    def _once(
        self,
        key: tuple[object, ...],
        signed: Callable[[], bool],
        search: Callable[[Callable[[], bool]], _T],
    ) -> _T:
        try:
            kept = self._kept.get(key)
        except TypeError:  # an unhashable kind_value: searched every time
            return search(signed)
        if kept is not None:
            found, said = kept
            if said is None or said == signed():
                return found  # type: ignore[return-value]  # (kept by this key's search)
        asked: list[bool] = []

        def sign() -> bool:
            said = signed()
            asked.append(said)
            return said

        found = search(sign)
        self._kept[key] = (found, asked[0] if asked else None)
        return found


def _spanless(q: Quantity) -> Quantity:
    """The quantity without where its value stands (the searches never read the span)."""
    return q._replace(value=q.value._replace(start=0, end=0))
