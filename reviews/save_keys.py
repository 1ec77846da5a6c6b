"""A review (d650) or a relabel (d729) saved once, however often the page sends it.

The case page carries one key per page it shows (a hidden `save_key`, made here). The key the
service stores is a digest of that key and of everything the page posted (the hidden CSRF token,
the key itself and which Save button aside), so:

- the same save arriving again (a double click, a retry after the connection dropped or timed
  out after the server had saved it, Back and Save again with nothing changed) finds the review
  its first arrival saved, and nothing more is written;
- a save from the same page with something changed is a new save, and is then checked as any
  other (the reviewer's own review saved after the page was shown is a conflict the page shows).

Only the person's own reviews (or relabels) of the same case are looked up (reviews.services),
so a key copied from another person's page finds nothing of theirs."""

from __future__ import annotations

import hashlib
import json
import secrets

from django.db import models
from django.http import HttpRequest, QueryDict

# What a post may differ by and still be the same save.
NOT_CONTENT = frozenset({"csrfmiddlewaretoken", "save_key", "next"})
KEY_CHARS = 64


def save_key_once(owner: str, name: str) -> models.UniqueConstraint:
    """The table's unique key of a save: one row per person (`owner`) and stored key; rows
    without a key (an API caller, an old page) are not held to it."""
    return models.UniqueConstraint(
        fields=[owner, "save_key"], condition=~models.Q(save_key=""), name=name
    )


def case_save_key(save_key: str, case_id: int) -> str:
    """The stored key of one case's row in a bulk relabel sent with `save_key` (d737): one per
    case, so the table's unique key holds row by row; empty when the page sent none."""
    if not save_key:
        return ""
    return hashlib.sha256(f"{save_key}:{case_id}".encode()).hexdigest()


def page_save_key() -> str:
    """A fresh key for a page's form."""
    return secrets.token_hex(16)


def save_key_of(post: QueryDict) -> str:
    """The stored key of a posted save: empty when the page sent no key (an API caller, an old
    page), so nothing is matched."""
    key = post.get("save_key", "").strip()
    if not key or len(key) > KEY_CHARS:
        return ""
    content = sorted(
        (name, value)
        for name, values in post.lists()
        if name not in NOT_CONTENT
        for value in values
    )
    text = json.dumps([key, content], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def wants_json(request: HttpRequest) -> bool:
    """The page's own script sends the save and reads a short JSON answer; a plain form post
    (no script) gets the pages as before."""
    return "application/json" in request.headers.get("Accept", "")
