"""Turn pydantic validation errors into one-line messages that name the field path."""

from __future__ import annotations

from pydantic import ValidationError


def field_path(loc: tuple[int | str, ...]) -> str:
    """('answer', 'evidences', 0, 'excerpt') -> 'answer.evidences[0].excerpt'."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path or "(root)"


def describe(exc: ValidationError, *, limit: int = 5) -> list[tuple[str, str]]:
    """(path, message) for each error, the first `limit` of them."""
    out = []
    for error in exc.errors(include_url=False)[:limit]:
        if error["type"] == "json_invalid":
            out.append(("(root)", f"not valid JSON: {error['ctx'].get('error', error['msg'])}"))
            continue
        message = error["msg"]
        if error["type"] == "missing":
            message = "required field is missing"
        out.append((field_path(error["loc"]), message))
    return out


def one_line(exc: ValidationError) -> str:
    parts = [f"{path}: {message}" for path, message in describe(exc)]
    extra = exc.error_count() - len(parts)
    if extra > 0:
        parts.append(f"and {extra} more")
    return "; ".join(parts)
