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


def _matches(text: str) -> tuple[str, list[Any]]:
    """SQL for the ids of the cases (of every dataset) whose searched text holds `text`."""
    table = "reviews_queuetext"
    if len(text) < INDEXED_MIN_CHARS:
        like = "ILIKE" if connection.vendor == "postgresql" else "LIKE"  # SQLite's: no case
        return f"SELECT case_id FROM {table} WHERE text {like} %s ESCAPE '\\'", [_like(text)]
    if connection.vendor == "postgresql":
        return f"SELECT case_id FROM {table} WHERE text ILIKE %s ESCAPE '\\'", [_like(text)]
    # A quoted FTS5 string of the trigram tokenizer matches it as a substring.
    quoted = '"' + text.replace('"', '""') + '"'
    return f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH %s", [quoted]


def _dataset_matches(text: str, dataset_id: int, limit: int) -> tuple[str, list[Any]]:
    """SQL for the first `limit` ids of the dataset's cases whose text holds `text`, read from
    the index's answer (SQLite: CROSS JOIN keeps the FTS5 table outermost, so the dataset's
    rows are looked up by key, never scanned)."""
    table = "reviews_queuetext"
    sql, params = _matches(text)
    if connection.vendor == "sqlite" and len(text) >= INDEXED_MIN_CHARS:
        return (
            f"SELECT t.case_id FROM {table}_fts CROSS JOIN {table} t "
            f"ON t.case_id = {table}_fts.rowid "
            f"WHERE {table}_fts MATCH %s AND t.dataset_id = %s LIMIT {limit}",
            [*params, dataset_id],
        )
    return f"{sql} AND dataset_id = %s LIMIT {limit}", [*params, dataset_id]


# Up to this many matches of a dataset are handed to the queue as a list of ids: each entry is
# then read by its key (the planners scanned the dataset's 1M entries against the index's
# answer instead: 8 s for a phrase no case holds, its facet counts five such scans). More
# matches stay a subquery: they are dense enough that a page finds its rows early.
LIST_MAX = 2000


# The matches of the last searches: a queue page asks for its filter several times (the page,
# its count, five facet counts), and the index's answer for a common piece costs ~10 ms. An
# answer stays good while no case is added (cases never change; a deleted case's id matches no
# queue entry): the newest searched case id, one read of the key's end, tells.
_RECENT: dict[tuple[str, int, str], tuple[int, tuple[int, ...]]] = {}
_RECENT_MAX = 64


def _dataset_ids(text: str, dataset_id: int) -> tuple[int, ...]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT max(case_id) FROM reviews_queuetext")
        newest = cursor.fetchone()[0] or 0
        key = (connection.alias, dataset_id, text)
        known = _RECENT.get(key)
        if known is not None and known[0] == newest:
            return known[1]
        cursor.execute(*_dataset_matches(text, dataset_id, LIST_MAX + 1))
        ids = tuple(row[0] for row in cursor.fetchall())
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.clear()
    _RECENT[key] = (newest, ids)
    return ids


def search_ids(*, dataset_id: int, text: str) -> tuple[int, ...] | None:
    """The ids of the dataset's cases that match `text` (stripped, at most SEARCH_MAX_CHARS):
    the case whose id `text` is, and those whose searched text holds it, ignoring case; None
    when more than LIST_MAX match (then search_filter's subquery finds them)."""
    text = text.strip()[:SEARCH_MAX_CHARS]
    ids = _dataset_ids(text, dataset_id)
    if len(ids) > LIST_MAX:
        return None
    if text.isdigit() and len(text) < 19 and int(text) not in ids:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT case_id FROM reviews_queuetext WHERE case_id = %s AND dataset_id = %s",
                [int(text), dataset_id],
            )
            ids += tuple(row[0] for row in cursor.fetchall())
    return ids


def search_filter(*, text: str) -> Q:
    """The queue entries whose case matches `text` (of any dataset: the caller narrows), by
    the index's answer as a subquery - for a piece held by more than LIST_MAX cases, dense
    enough that a page in queue order finds its rows early."""
    text = text.strip()[:SEARCH_MAX_CHARS]
    sql, params = _matches(text)
    found = Q(case_id__in=RawSQL(sql, params))
    if text.isdigit() and len(text) < 19:
        found |= Q(case_id=int(text))
    return found
