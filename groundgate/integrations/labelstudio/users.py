"""Label Studio's users, read from its REST API (`GET /api/users/`), so that an annotation's
`completed_by` (an id in Label Studio's JSON export) names a person by email. No Django: the
import (reviews/labelstudio_import.py) maps the emails to GroundGate users.

Authenticated with a Label Studio API token (Account & Settings; the legacy `Token` scheme,
which the Label Studio SDK's LABEL_STUDIO_API_KEY also is). Proved against a real Label Studio
(tests/integrations/labelstudio/).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

# One organisation's users; more pages than this is not a Label Studio we were meant to read.
MAX_PAGES = 50
MAX_BYTES = 16 * 1024 * 1024


class LabelStudioError(Exception):
    """Label Studio could not be asked (unreachable, refused the token, answered nonsense)."""


@dataclass(frozen=True)
class LabelStudioUser:
    id: int
    email: str
    name: str  # first and last name, or the username

    def __str__(self) -> str:
        who = f"{self.name} <{self.email}>" if self.name else self.email or "(no email)"
        return f"{who} (Label Studio user {self.id})"


def _get(url: str, token: str, timeout: float) -> Any:
    request = urllib.request.Request(
        url, headers={"Authorization": f"Token {token}", "Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        hint = " (check the API token)" if exc.code in (401, 403) else ""
        raise LabelStudioError(f"{url}: HTTP {exc.code}{hint}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise LabelStudioError(f"{url}: cannot connect: {reason}") from None
    if len(raw) > MAX_BYTES:
        raise LabelStudioError(f"{url}: more than {MAX_BYTES} bytes")
    try:
        return json.loads(raw)
    except ValueError:
        raise LabelStudioError(f"{url}: not JSON (is this Label Studio's address?)") from None


def _user(item: Any) -> LabelStudioUser | None:
    if not isinstance(item, dict) or type(item.get("id")) is not int:
        return None
    given = item.get("email")
    email = given if isinstance(given, str) else ""
    names = [item.get("first_name"), item.get("last_name")]
    name = " ".join(n for n in names if isinstance(n, str) and n.strip()).strip()
    if not name and isinstance(item.get("username"), str) and item["username"] != email:
        name = item["username"]
    return LabelStudioUser(id=item["id"], email=email.strip(), name=name)


def label_studio_users(
    base_url: str, token: str, *, timeout: float = 30
) -> dict[int, LabelStudioUser]:
    """Every user Label Studio lists to this token, by id. Raises LabelStudioError."""
    parts = urllib.parse.urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise LabelStudioError(f"{base_url!r}: not an http(s) address of Label Studio")
    if not token:
        raise LabelStudioError("no Label Studio API token (LABEL_STUDIO_API_KEY)")
    url: str | None = base_url.rstrip("/") + "/api/users/"
    users: dict[int, LabelStudioUser] = {}
    for _ in range(MAX_PAGES):
        if url is None:
            break
        body = _get(url, token, timeout)
        # A list (Label Studio 1.x), or a page of them ({"results": [...], "next": ...}).
        items = body.get("results") if isinstance(body, dict) else body
        if not isinstance(items, list):
            raise LabelStudioError(f"{url}: not a list of users")
        for item in items:
            user = _user(item)
            if user is not None:
                users[user.id] = user
        following = body.get("next") if isinstance(body, dict) else None
        url = None
        if isinstance(following, str) and following:
            url = urllib.parse.urljoin(base_url.rstrip("/") + "/", following)
            if urllib.parse.urlsplit(url).netloc != parts.netloc:  # its own pages only
                raise LabelStudioError(f"{base_url}: the next page is on another host")
    return users
