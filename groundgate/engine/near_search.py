"""The near-miss search of the evidence index: for a value that stays ungrounded, the one most
useful hint (a digit slip, the wrong scale, month or unit, the wrong sign, or the right value
outside the cited excerpt), located in the excerpt or chunk so the review page can mark it.
The reasons and their order are near_miss.py's; each kind's own tests are in its folder
(values/number/near_miss.py for the numbers). number_grounding.EvidenceIndex.near_miss() asks
here; the index keeps the values and the table this search reads.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from groundgate.engine.near_miss import NEAR_MISS_REASONS, near_reason
from groundgate.engine.quantities import Quantity
from groundgate.engine.values.number.near_miss import NEAR_MISSES, numeric_reason
from groundgate.engine.values.registry import BY_NAME

if TYPE_CHECKING:
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.number_grounding import EvidenceIndex


@dataclass(frozen=True, slots=True)
class Hint:
    reason: str
    source: Located
    detail: str = ""


_DIGIT_RUNS = re.compile(r"[0-9０-９]+")
_ORDER = {reason: i for i, reason in enumerate(NEAR_MISS_REASONS)}
# The most useful reason numeric_reason gives (values/number/near_miss.py, NEAR_MISSES order).
_FIRST_NUMBER_REASON = min(NEAR_MISSES, key=_ORDER.__getitem__)


def near_miss_of(
    index: EvidenceIndex,
    q: Quantity,
    allowed: frozenset[str],
    *,
    signed: Callable[[], bool] | None = None,
) -> Hint | None:
    """The most useful hint for a value that is not grounded (None: nothing is close)."""
    for located, rules in index.compared(q):
        if rules is not None:
            if "sign" in rules and not (
                (signed is not None and signed()) or index.sign_given(located)
            ):
                return Hint("wrong_sign", located)
            return Hint("same_quantity", located, rules_text(rules))
    best: Hint | None = None
    values = index.excerpt_values
    kind = BY_NAME.get(q.kind)  # a kind of values/registry.py
    if q.numeric and kind is not None:  # a number kind: its near misses among the numbers
        reason_of = kind.near_reason  # (values/number/near_miss.py)
        numbers: Sequence[Located]
        if reason_of is numeric_reason:
            # numeric_reason's own first test, over the whole table at once (most numbers
            # of a page are none of its reasons); it tests each one kept again. Of the numbers
            # with a digit count within one, only those sharing the first or the last digit
            # can be the same digits or one digit edit away (an edit of one digit, or of two
            # neighbours, leaves one end of three digits or more; two digits swapped, "12" and
            # "21", are two digits each): the others are none of its reasons either.
            digits = q.digits
            size, figure, text = len(digits), q.figure, q.value.quantity
            first, last = digits[:1], digits[-1:]
            numbers = [
                located
                for n, f, t, a, z, located in _near_table(index)
                if (-2 < n - size < 2 and (a == first or z == last or n == size == 2))
                or f == figure
                or text in t
            ]
        else:
            numbers = [values[position] for position in index.numeric_positions]
        for located in numbers:
            reason = reason_of(q, located.quantity)
            if reason is not None and (best is None or _ORDER[reason] < _ORDER[best.reason]):
                best = Hint(reason, located)
                if reason == _FIRST_NUMBER_REASON:
                    break  # no later number can give a better reason (the first is kept)
    elif kind is not None and kind.near_misses:
        for located in values:
            hint = _hint(q, located)
            if hint is not None and (best is None or _ORDER[hint.reason] < _ORDER[best.reason]):
                best = hint
    needle = max(_DIGIT_RUNS.findall(q.value.quantity), key=len, default="")
    if needle:
        for located in index.other_values(needle):
            rules = index.compare(q, located)
            if rules is not None and allowed.issuperset(rules):
                hint = Hint(located.where, located, rules_text(rules))
                if best is None or _ORDER[hint.reason] < _ORDER[best.reason]:
                    best = hint
                break
    return best


def _near_table(index: EvidenceIndex) -> list[tuple[int, object, str, str, str, Located]]:
    """The numeric excerpt values in order, each with what numeric_reason tests first (the
    number of digits, the figure, the quantity's text) and its first and last digit: built
    once, on first near miss."""
    if index.near_table is None:
        values = index.excerpt_values
        index.near_table = []
        for position in index.numeric_positions:
            located = values[position]
            e = located.quantity
            digits = e.digits
            index.near_table.append(
                (len(digits), e.figure, e.value.quantity, digits[:1], digits[-1:], located)
            )
    return index.near_table


def _hint(q: Quantity, located: Located) -> Hint | None:
    reason = near_reason(q, located.quantity)
    return Hint(reason, located) if reason is not None else None


def rules_text(rules: tuple[str, ...]) -> str:
    return ", ".join(rules) if rules else "format"
