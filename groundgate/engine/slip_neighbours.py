"""A derived value that is a slip of the calculation the answer names (issue 28, gate 2.48.0).

Under `derived_numbers: accept` the derivation search may explain a value by a pair of cited
figures that merely may be the calculation (operand_rule's allow 1: an operand's words said,
two cells of one row) - on a filing page of a few hundred figures such a pair exists for most
figures of two or three significant digits. A figure one edit away from the value (one digit
changed, two neighbouring digits swapped) that the calculation the answer names derives (every
operand whose row is known in a row the answer names, allow's 2) is the better explanation: the
value is that calculation's result slipped, and the pair that gives it is a coincidence
(`slip_neighbours: named`). The old reading (`off`) takes the pair.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from itertools import pairwise

from groundgate.engine.derivations import Found, Pools
from groundgate.engine.evidence_values import Located
from groundgate.engine.quantities import Quantity


def edits(q: Quantity) -> Iterator[Quantity]:
    """The value's one-edit neighbours at its own precision, nearest first: each significant
    digit changed to every other digit (no leading zero), two neighbouring digits swapped."""
    if q.figure is None:
        return
    text = format(q.figure, "f")
    places = [i for i, ch in enumerate(text) if ch.isdigit()]
    first = next((i for i in places if text[i] != "0"), None)
    if first is None:
        return
    places = [i for i in places if i >= first]
    seen = {text}
    out: list[str] = []
    for i in places:
        for d in "0123456789":
            if d == text[i] or (d == "0" and i == first):
                continue
            out.append(text[:i] + d + text[i + 1 :])
    for i, j in pairwise(places):
        if text[i] != text[j] and not (i == first and text[j] == "0"):
            out.append(text[:i] + text[j] + text[i + 1 : j] + text[i] + text[j + 1 :])
    # Nearest first: the calculation named in a finding is the closest slip.
    for figure in sorted(out, key=lambda f: (abs(Decimal(f) - Decimal(text)), f)):
        if figure in seen:
            continue
        seen.add(figure)
        digits = "".join(ch for ch in figure if ch.isdigit()).lstrip("0")
        shown = _written(q.value.text, text, figure)
        yield q._replace(figure=Decimal(figure), digits=digits, value=q.value._replace(text=shown))


def _written(written: str, was: str, figure: str) -> str:
    """The value's text with its figure's digits replaced by the neighbour's ("$1,577" ->
    "$1,587"), or the neighbour's figure where the text holds other digits."""
    old = [ch for ch in was if ch.isdigit()]
    new = iter(ch for ch in figure if ch.isdigit())
    if sum(ch.isdigit() for ch in written) != len(old):
        return figure
    return "".join(next(new) if ch.isdigit() else ch for ch in written)


def slipped(
    q: Quantity,
    found: Found,
    allow: Callable[[str, Located, Located | None], int],
    strong: Callable[[Quantity], Found | None],
    question_only: Callable[[str, Located, Located | None], bool] | None = None,
) -> Found | None:
    """The named calculation whose result the value slips (one edit away), where the value's
    own derivation `found` is a pair that merely may be; None: no such slip (found stands).
    `strong(q)`: the bound search of q taking only the named calculation (allow's 2).
    `question_only` (slip_neighbours "question_pairs"): only a pair spoken of by the question's
    words alone is so weighed (None: every pair that may be)."""
    if any(o.where == "answer" for o in found.operands):
        return None  # a step of the answer's own calculation: its own working
    a = found.operands[0]
    b = found.operands[1] if len(found.operands) > 1 else None
    if allow(found.operation, a, b) >= 2:
        return None
    if question_only is not None and not question_only(found.operation, a, b):
        return None  # the value's own sentence speaks of an operand
    if strong(q) is not None:
        return None  # the named calculation gives the value itself
    for neighbour in edits(q):
        other = strong(neighbour)
        if other is not None:
            return other
    return None


def named_subset(pools: Pools, keep: Callable[[Located], bool], max_operands: int) -> Pools:
    """The pools of the operands `keep` holds, in their order, each with its amounts."""
    amounts: dict[int, list[float]] = {}
    for v, i in pools.amounts + pools.percents:
        amounts.setdefault(i, []).append(v)
    return Pools(
        ((o, amounts[i]) for i, o in enumerate(pools.seen) if i in amounts and keep(o)),
        max_operands,
    )
