"""Schemathesis hooks for runs against a live server (SCHEMATHESIS_HOOKS names this module):
our import endpoints take JSON lines (application/x-ndjson), which schemathesis cannot send by
itself. A generated list becomes one JSON value per line; a string or bytes is sent as it is."""

from __future__ import annotations

import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def json_lines(ctx, value) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    if isinstance(value, list):
        return "\n".join(json.dumps(item) for item in value).encode()
    return json.dumps(value).encode()
