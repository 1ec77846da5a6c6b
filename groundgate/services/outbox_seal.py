"""Secrets an outbox row needs (an encrypted PDF's password) are sealed with Fernet (AES-CBC +
HMAC, the `cryptography` package) under a key derived from SECRET_KEY. The broker carries only the
row's id and never sees the key or the secret; a database dump holds only the sealed bytes."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings


def _fernet() -> Fernet:
    digest = hashlib.sha256(b"groundgate.outbox.seal\x00" + settings.SECRET_KEY.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def seal(secret: str) -> bytes:
    return _fernet().encrypt(secret.encode("utf-8"))


def unseal(sealed: bytes | memoryview | None) -> str | None:
    """The secret, or None when there is none or it cannot be opened (SECRET_KEY changed)."""
    if not sealed:
        return None
    try:
        return _fernet().decrypt(bytes(sealed)).decode("utf-8")
    except InvalidToken:
        return None
