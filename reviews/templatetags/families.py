"""{{ status|gate_tone }}: "passed" or "rejected" for any family's gate status (the families'
queue status mapping, groundgate/families), for the status badges."""

from django import template

from groundgate.families import STATUS_TONE

register = template.Library()


@register.filter
def gate_tone(status: str) -> str:
    return STATUS_TONE.get(status, "")


@register.filter
def get(mapping: dict, key: str):
    """{{ names|get:value }}: a dict lookup with a variable key."""
    return mapping.get(key, key)
