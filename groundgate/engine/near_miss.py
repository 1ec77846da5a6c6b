"""Why an ungrounded value is almost an evidence value: the near-miss reasons, pure functions of
two typed values. number_grounding.EvidenceIndex.near_miss() chooses the most useful one (and
looks for the right value outside the excerpt); docs/number-grammar.md lists them with examples.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.quantities import Quantity
from groundgate.engine.values.registry import KINDS, OWN

# The near-miss reasons, most useful first.
NEAR_MISS_REASONS: tuple[str, ...] = (
    "same_quantity",
    "outside_excerpt",
    "other_chunk",
    "wrong_sign",
    "different_unit",
    "wrong_scale",
    "wrong_year",
    "wrong_month",
    "wrong_day",
    "digits_transposed",
    "digit_inserted",
    "digit_deleted",
    "digit_changed",
    "part_of_longer_number",
    # then the reasons of the kinds of values/registry.py that are not above, in their order
)
NEAR_MISS_REASONS += tuple(
    dict.fromkeys(r for kind in KINDS for r in kind.near_misses if r not in NEAR_MISS_REASONS)
)


def near_reason(q: Quantity, e: Quantity) -> str | None:
    """The reason evidence value `e` is a near miss of answer value `q`, or None (a value that
    grounds q is not a near miss: the caller asks compare() first)."""
    kind = OWN.get(q.kind)  # a kind of values/registry.py
    if kind is not None:
        return kind.near_reason(q, e)
    if not (q.numeric and e.numeric):
        return None
    return numeric_reason(q, e)


def numeric_reason(q: Quantity, e: Quantity) -> str | None:
    """near_reason() for two numbers (q.numeric and e.numeric)."""
    mine, theirs = q.digits, e.digits
    # Each reason below needs one of: the same figure, digit counts within one of each other,
    # or q written inside e - a cheap test first, since most pairs are none of these.
    if (
        (len(mine) - len(theirs) > 1 or len(theirs) - len(mine) > 1)
        and q.figure != e.figure
        and q.value.quantity not in e.value.quantity
    ):
        return None
    if q.figure == e.figure and q.magnitude == e.magnitude and q.unit != e.unit:
        return "different_unit"
    if mine == theirs and mine:
        return "wrong_scale"
    edit = _digit_edit(mine, theirs)
    if edit is not None:
        return edit
    if q.value.quantity in e.value.quantity and q.value.quantity != e.value.quantity:
        return "part_of_longer_number"
    return None


def _digit_edit(mine: str, theirs: str) -> str | None:
    """One digit inserted, deleted, changed, or two neighbours swapped - said from the answer's
    side ("digit_inserted": the answer has a digit more)."""
    if not mine or not theirs or mine == theirs:
        return None
    if len(mine) == len(theirs) + 1:
        return "digit_inserted" if _one_deletion(mine, theirs) else None
    if len(theirs) == len(mine) + 1:
        return "digit_deleted" if _one_deletion(theirs, mine) else None
    if len(mine) != len(theirs):
        return None
    differ = [i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
    if len(differ) == 2 and differ[1] == differ[0] + 1:
        i = differ[0]
        if mine[i] == theirs[i + 1] and mine[i + 1] == theirs[i]:
            return "digits_transposed"
    if len(differ) == 1 and len(mine) >= 3:
        return "digit_changed"
    return None


def _one_deletion(longer: str, shorter: str) -> bool:
    """Whether deleting one character of `longer` gives `shorter` (len(longer) == len(shorter)
    + 1). Deleting at the first position where they differ works whenever any deletion does
    (deleting inside a run of equal characters gives the same string), so one comparison."""
    i = 0
    for a, b in zip(longer, shorter, strict=False):
        if a != b:
            break
        i += 1
    return longer[i + 1 :] == shorter[i:]
