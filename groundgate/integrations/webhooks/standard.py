"""Standard Webhooks headers (https://www.standardwebhooks.com), sent beside GroundGate's own.

Receivers built on the Standard Webhooks libraries (Svix's and the `standardwebhooks` packages in
Python, JavaScript, Go, ...) verify a delivery from three headers:

    webhook-id:        the event id (the same on every retry: a receiver drops duplicates by it)
    webhook-timestamp: Unix seconds of this attempt
    webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>." + raw body)>

The key is the bytes of the webhook's secret (UTF-8). The libraries take a key as
`whsec_<base64 of the key>`; `standard_secret` turns a GroundGate secret into that form, so a
receiver writes `Webhook(standard_secret(secret))` (or computes the same with base64 itself).

`delivery_headers` is the one place that builds every signed header of a delivery attempt:
GroundGate's `X-GroundGate-*` headers (signing.py) and these, over the same body bytes and the
same timestamp. Pure: standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from groundgate.integrations.webhooks.signing import SIGNATURE_HEADER, sign

ID_HEADER = "webhook-id"
TIMESTAMP_HEADER = "webhook-timestamp"
STANDARD_SIGNATURE_HEADER = "webhook-signature"
SECRET_PREFIX = "whsec_"


def standard_secret(secret: str) -> str:
    """The webhook's secret in the Standard Webhooks form (`whsec_` + base64 of its bytes)."""
    return SECRET_PREFIX + base64.b64encode(secret.encode()).decode("ascii")


def standard_signature(secret: str, event_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` value: `v1,` and the base64 HMAC-SHA256 of id.timestamp.body."""
    message = f"{event_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def delivery_headers(
    *, secret: str, event_id: str, event: str, attempt: int, body: bytes, timestamp: int
) -> dict[str, str]:
    """The event and signature headers of one delivery attempt of `body` sent at `timestamp`:
    GroundGate's (`X-GroundGate-Signature: t=..,v1=<hex>`) and the Standard Webhooks ones."""
    return {
        "X-GroundGate-Event": event,
        "X-GroundGate-Delivery": event_id,
        "X-GroundGate-Attempt": str(attempt),
        SIGNATURE_HEADER: sign(secret, body, timestamp),
        ID_HEADER: event_id,
        TIMESTAMP_HEADER: str(timestamp),
        STANDARD_SIGNATURE_HEADER: standard_signature(secret, event_id, timestamp, body),
    }
