"""The queue's text search (filter `q`): a case id, or a piece of a case's external (request)
id, question or answer conclusion, found through an index instead of a scan of every payload.

The searched text is QueueText (written by reviews.queue with the queue entry). Its index is
the database's own substring index: on SQLite an FTS5 table with the trigram tokenizer
(`reviews_queuetext_fts`, kept in step by triggers), on PostgreSQL a pg_trgm GIN index
(`queuetext_trgm`); both match a piece of three characters or more through the index and
ignore case. A shorter piece is matched by a scan of the dataset's texts (what every search
was before: 1M payloads).
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Q
from django.db.models.expressions import RawSQL

SEARCH_MAX_CHARS = 200
# A piece shorter than this cannot use a trigram index.
INDEXED_MIN_CHARS = 3


def search_text(*, external_id: str, question: str, payload: Any) -> str:
    """The text a case is searched by (QueueText.text); the 0013_queue_search migration fills
    stored cases with the same in SQL."""
    answer = payload.get("answer") if isinstance(payload, dict) else None
    conclusion = answer.get("conclusion") if isinstance(answer, dict) else None
    return f"{external_id}\n{question or ''}\n{conclusion if isinstance(conclusion, str) else ''}"


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def search_filter(text: str) -> Q:
    """The queue entries whose case matches `text` (stripped, at most SEARCH_MAX_CHARS): its
    id when `text` is a number, or a piece of its searched text, ignoring case."""
    text = text.strip()[:SEARCH_MAX_CHARS]
    table = "reviews_queuetext"
    if len(text) < INDEXED_MIN_CHARS:
        like = "ILIKE" if connection.vendor == "postgresql" else "LIKE"  # SQLite's: no case
        sql = f"SELECT case_id FROM {table} WHERE text {like} %s ESCAPE '\\'"
        params: list[Any] = [_like(text)]
    elif connection.vendor == "postgresql":
        sql = f"SELECT case_id FROM {table} WHERE text ILIKE %s ESCAPE '\\'"
        params = [_like(text)]
    else:
        # A quoted FTS5 string of the trigram tokenizer matches it as a substring.
        sql = f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH %s"
        params = ['"' + text.replace('"', '""') + '"']
    found = Q(case_id__in=RawSQL(sql, params))
    if text.isdigit() and len(text) < 19:
        found |= Q(case_id=int(text))
    return found
