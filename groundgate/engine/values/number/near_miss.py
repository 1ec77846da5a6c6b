"""The near misses of the number kinds (count, amount, percent, permille, score, ordinal): why an
evidence number is almost the answer's - the same figure with another unit, the same digits at
another scale, one digit slipped, or the answer's number inside a longer one. Each number kind
offers them (ValueKind.near_reason, near_misses); number_grounding asks them of the evidence's
numbers only, so both sides are numbers (Quantity.numeric). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.quantity import Quantity

# The number kinds' reasons, most useful first, and the hint each gives (str.format with index,
# text, chunk, detail). Said from the answer's side: "digit_inserted" - the answer has a digit more.
NEAR_MISSES: dict[str, str] = {
    "different_unit": "near match: evidence {index} has {text!r}, the same number with another "
    "unit",
    "wrong_scale": "near miss: evidence {index} has {text!r}, the same digits at another scale",
    "digits_transposed": "near miss: evidence {index} has {text!r} (two digits swapped)",
    "digit_inserted": "near miss: evidence {index} has {text!r} (the answer has a digit more)",
    "digit_deleted": "near miss: evidence {index} has {text!r} (the answer has a digit less)",
    "digit_changed": "near miss: evidence {index} has {text!r} (one digit differs)",
    "part_of_longer_number": "evidence {index} has it only inside the longer number {text!r}",
}


def numeric_reason(q: Quantity, e: Quantity) -> str | None:
    """The reason evidence number `e` is a near miss of answer number `q` (both numeric), or
    None."""
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
