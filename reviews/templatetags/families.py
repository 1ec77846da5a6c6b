"""{{ status|gate_tone }}: "passed" or "rejected" for any family's gate status (the families'
queue status mapping, groundgate/families), for the status badges. {{ reason|near_reason }}: a near
miss's reason in the queue's words (the raw reason stays on hover)."""

from collections.abc import Mapping

from django import template

from groundgate.families import STATUS_TONE

register = template.Library()


@register.filter
def gate_tone(status: str) -> str:
    return STATUS_TONE.get(status, "")


@register.filter
def get(mapping: Mapping[str, object], key: str) -> object:
    """{{ names|get:value }}: a dict lookup with a variable key."""
    return mapping.get(key, key)


# Every reason a near miss may give (groundgate.engine.near_miss.NEAR_MISS_REASONS and the context
# rule's, engine/context/grounding.py), in words; tests/reviews/test_near_reasons.py holds it whole.
NEAR_REASONS = {
    "same_quantity": "the same quantity, written otherwise",
    "outside_excerpt": "in the chunk, outside the quoted excerpt",
    "other_chunk": "in a chunk no accepted excerpt quotes",
    "wrong_sign": "the same figure, the other sign",
    "different_unit": "another unit",
    "wrong_scale": "another scale",
    "digits_transposed": "two digits swapped",
    "digit_inserted": "one digit more",
    "digit_deleted": "one digit fewer",
    "digit_changed": "one digit changed",
    "part_of_longer_number": "part of a longer number",
    "wrong_year": "another year",
    "wrong_month": "another month",
    "wrong_day": "another day",
    "wrong_quarter": "another quarter",
    "another_row": "another row's value",
    "another_period": "another period's value",
    "another_column": "another column's value",
    "another_source": "in a source this sentence does not cite",
    "another_subject": "said of another subject",
    "another_direction": "a change of the other direction",
}


@register.filter
def near_reason(reason: str | None) -> str:
    """A near miss's reason in words; an unknown one as it is, "near match" for none."""
    if not reason:
        return "near match"
    return NEAR_REASONS.get(reason, reason)
