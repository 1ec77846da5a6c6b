"""The webhook signature: HMAC-SHA256 over the timestamp and the exact body bytes.

A delivery carries the header

    X-GroundGate-Signature: t=1700000000,v1=<hex HMAC-SHA256(secret, "1700000000." + body)>

A receiver recomputes the HMAC over the raw body it received (before any JSON parsing), compares
in constant time, and refuses a timestamp more than TOLERANCE_SECONDS from its own clock, so a
captured delivery cannot be replayed later. `verify` below is that check; it has no dependency
beyond the standard library, so a receiver can copy it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

SIGNATURE_HEADER = "X-GroundGate-Signature"
# Five minutes either way: generous for clock skew and a slow queue, short for a replay.
TOLERANCE_SECONDS = 300
SCHEME = "v1"

# The events a webhook may subscribe to ("test" is sent only on request, to the one webhook).
EVENTS = ("verdict", "review", "relabel", "export_ready")


class SignatureError(ValueError):
    """The signature header is missing, malformed, wrong, or outside the replay window."""


def _mac(secret: str, timestamp: int, body: bytes) -> str:
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def sign(secret: str, body: bytes, timestamp: int) -> str:
    """The signature header's value for `body` sent at `timestamp` (Unix seconds)."""
    return f"t={timestamp},{SCHEME}={_mac(secret, timestamp, body)}"


def verify(
    secret: str, body: bytes, header: str | None, now: float, tolerance: int = TOLERANCE_SECONDS
) -> int:
    """Check a received delivery; return its timestamp, or raise SignatureError saying why."""
    if not header:
        raise SignatureError(f"no {SIGNATURE_HEADER} header")
    parts: dict[str, list[str]] = {}
    for item in header.split(","):
        key, sep, value = item.strip().partition("=")
        if not sep:
            raise SignatureError(f"{SIGNATURE_HEADER}: {item!r} is not key=value")
        parts.setdefault(key, []).append(value)
    try:
        timestamp = int(parts["t"][0])
    except (KeyError, ValueError):
        raise SignatureError(f"{SIGNATURE_HEADER}: no integer t=") from None
    if abs(now - timestamp) > tolerance:
        raise SignatureError(f"timestamp {timestamp} is outside the {tolerance} s window")
    expected = _mac(secret, timestamp, body)
    # Any v1 signature may match (a sender rotating secrets may send two).
    if not any(hmac.compare_digest(expected, given) for given in parts.get(SCHEME, [])):
        raise SignatureError("signature does not match the body")
    return timestamp


def event_body(
    *, event_id: str, event: str, dataset: str, created_at: str, data: dict[str, Any]
) -> bytes:
    """The delivered JSON body: an envelope around the event's data, keys sorted, so the bytes
    that were signed are the bytes that are stored and sent again on a retry."""
    envelope = {
        "id": event_id,
        "type": event,
        "dataset": dataset,
        "created_at": created_at,
        "data": data,
    }
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
