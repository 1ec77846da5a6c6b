"""Checks on untrusted JSON before it is stored: PostgreSQL cannot store the NUL character in
text or jsonb, so a payload containing it is refused (naming where) rather than failing later."""

from __future__ import annotations

from groundgate.engine.errors import field_path


def nul_path(value, loc: tuple = ()) -> str | None:
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
