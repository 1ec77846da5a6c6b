"""Webhooks: signed event deliveries to a dataset's subscribers.

This folder holds the pure part (the signature scheme and the event envelope), importable by a
receiver without Django. Storage, delivery and access follow the house layers:
groundgate/models/webhooks.py, groundgate/services/webhooks.py, the Celery task in
groundgate/tasks.py and the API in groundgate/api/webhook_views.py (docs/integrations.md).
"""

from groundgate.integrations.webhooks.signing import (
    EVENTS,
    SIGNATURE_HEADER,
    TOLERANCE_SECONDS,
    SignatureError,
    event_body,
    sign,
    verify,
)
from groundgate.integrations.webhooks.standard import (
    delivery_headers,
    standard_secret,
    standard_signature,
)

__all__ = [
    "EVENTS",
    "SIGNATURE_HEADER",
    "TOLERANCE_SECONDS",
    "SignatureError",
    "delivery_headers",
    "event_body",
    "sign",
    "standard_secret",
    "standard_signature",
    "verify",
]
