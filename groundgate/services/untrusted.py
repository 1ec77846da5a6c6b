"""Checks on untrusted JSON before it is stored: PostgreSQL cannot store the NUL character in
text or jsonb, so a payload containing it is refused (naming where) rather than failing later."""

from __future__ import annotations

import math

from groundgate.engine.canonical import sha256_of, sha256_of_finite
from groundgate.engine.errors import field_path


def nul_path(value: object, loc: tuple[str | int, ...] = ()) -> str | None:
    """The field path of the first string (or key) containing NUL, or None."""
    if isinstance(value, str):
        return field_path(loc) if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in key:
                return field_path((*loc, key.replace("\x00", "\\u0000")))
            found = nul_path(item, (*loc, key))
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = nul_path(item, (*loc, index))
            if found:
                return found
    return None


NUL_MESSAGE = "contains a NUL character (\\u0000), which cannot be stored"


def nonfinite_path(value: object, loc: tuple[str | int, ...] = ()) -> str | None:
    """The field path of the first number that is not finite, or None. JSON has no Infinity,
    but a literal past the float range (1e400) parses as one; the input checks refuse it where
    the gate reads it, and a key the gate ignores is only met when the payload is hashed and
    stored (canonical JSON refuses it), so it is named here instead of failing there."""
    if isinstance(value, float):
        return field_path(loc) if not math.isfinite(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = nonfinite_path(item, (*loc, key))
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = nonfinite_path(item, (*loc, index))
            if found:
                return found
    return None


NONFINITE_MESSAGE = (
    "is a number past the range of a double (it reads as Infinity), which cannot be stored"
)


class UnstorablePayload(ValueError):
    """A case's JSON that validates but cannot be stored as it is: `field` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def storable_payload_sha256(text: str | bytes, payload: object, *, finite: bool = False) -> str:
    """The digest of a validated case's payload (sha256 of its canonical JSON) once it is known
    to be storable: no NUL anywhere, no number past a double's range. Raises UnstorablePayload.
    The one check of both for every way a case comes in (the gate service, the imports).

    `text` is the JSON the payload was parsed from: JSON holds NUL only as the escape \\u0000
    (a raw control character is not JSON), so a text without that escape needs no walk of its
    payload. `finite`: the payload was parsed by orjson (runner.ParsedPayload.finite), which
    refuses what canonical JSON refuses, so the digest needs no walk either."""
    found = b"\\u0000" in text if isinstance(text, bytes) else "\\u0000" in text
    if found and (where := nul_path(payload)) is not None:
        raise UnstorablePayload(where, NUL_MESSAGE)
    try:
        return sha256_of_finite(payload) if finite else sha256_of(payload)
    except ValueError:  # canonical JSON refuses a non-finite number (1e400): say where it is
        raise UnstorablePayload(nonfinite_path(payload) or "case", NONFINITE_MESSAGE) from None


# Database ids are signed 64-bit integers: a larger number in a URL or a query parameter is not
# an id of anything (404 or 400), never an overflow inside the database driver (a 500).
MAX_DB_ID = 2**63 - 1


def db_id(raw: object) -> int | None:
    """`raw` (a URL or form value) as a database id, or None when it cannot be one."""
    text = str(raw).strip()
    if not text.isascii() or not text.isdigit():
        return None
    value = int(text)
    return value if value <= MAX_DB_ID else None


class DbIdConverter:
    """The `<id:name>` URL converter: like `<int:...>` but no larger than a database id, so an
    id past 64 bits is a 404 (Django treats the ValueError as "no match")."""

    regex = "[0-9]{1,20}"

    def to_python(self, value: str) -> int:
        number = db_id(value)
        if number is None:
            raise ValueError(value)
        return number

    def to_url(self, value: int | str) -> str:
        return str(int(value))
