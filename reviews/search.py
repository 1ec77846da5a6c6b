"""The queue's text search (filter `q`): a case id, or a piece of a case's external (request)
id, question or answer text, found through an index instead of a scan of every payload.

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
from django.db.models import Expression, IntegerField

from groundgate.families import FAMILIES
from reviews.reads import shared_read

SEARCH_MAX_CHARS = 200
# A piece shorter than this cannot use a trigram index.
INDEXED_MIN_CHARS = 3


def search_text(*, kind: str, external_id: str, question: str, payload: Any) -> str:
    """The text a case is searched by (QueueText.text): its id, its question and its answer's
    text, the family's own (an answer's conclusion, a pipeline answer's model text: d391). The
    0013_queue_search and 0015_pages_search_family_text migrations fill stored cases likewise."""
    family = FAMILIES.get(kind)
    answer = family.text.of(payload) if family is not None and isinstance(payload, dict) else ""
    return f"{external_id}\n{question or ''}\n{answer}"


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


# A search finds at most this many cases (policy "search-first-2000", d365): the first the
# index returns (on SQLite the oldest cases; on PostgreSQL the table's order), handed to the
# queue as a list of ids, each entry then read by its key. More matches were a subquery walked
# in queue order, counted and faceted by walking again: 330 ms CPU a page at 1M cases on
# SQLite, 2-5 s on PostgreSQL, for a piece ("pump") that a third of the cases hold. The page
# says that the search found more and shows these (search_capped); more words narrow it.
LIST_MAX = 2000


# The matches of the last searches: a queue page asks for its filter several times (the page,
# its count, five facet counts), and the index's answer for a common piece costs ~10 ms. An
# answer stays good while no case is added (cases never change; a deleted case's id matches no
# queue entry): the newest searched case id, one read of the key's end, tells.
_RECENT: dict[tuple[str, int, str], tuple[int, tuple[int, ...]]] = {}
_RECENT_MAX = 64


def _newest(cursor: Any) -> int:
    """The newest searched case id (read once per page: reviews.reads)."""
    cursor.execute("SELECT max(case_id) FROM reviews_queuetext")
    return cursor.fetchone()[0] or 0


def _dataset_ids(text: str, dataset_id: int) -> tuple[int, ...]:
    with connection.cursor() as cursor:
        newest = shared_read(("queuetext_newest", connection.alias), lambda: _newest(cursor))
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


def search_ids(*, dataset_id: int, text: str) -> tuple[int, ...]:
    """The ids of the dataset's cases that match `text` (stripped, at most SEARCH_MAX_CHARS):
    the case whose id `text` is, and those whose searched text holds it, ignoring case; at most
    LIST_MAX of the latter (search_capped tells when there were more)."""
    text = text.strip()[:SEARCH_MAX_CHARS]
    ids = _dataset_ids(text, dataset_id)[:LIST_MAX]
    if text.isdigit() and len(text) < 19 and int(text) not in ids:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT case_id FROM reviews_queuetext WHERE case_id = %s AND dataset_id = %s",
                [int(text), dataset_id],
            )
            ids += tuple(row[0] for row in cursor.fetchall())
    return ids


class IdList(Expression):
    """Case ids as an SQL list of integer literals, for `case_id__in=IdList(ids)`: Django binds
    a Python list's ids one parameter each, resolving every one (2,000 ids, four times a page:
    ~200 ms CPU at 1M cases); integers need no binding. Empty: a list that matches nothing."""

    def __init__(self, ids: tuple[int, ...]) -> None:
        super().__init__(output_field=IntegerField())
        self.ids = tuple(int(i) for i in ids)  # int(): never text in the SQL

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        return "(" + (",".join(map(str, self.ids)) or "NULL") + ")", []


def search_capped(*, dataset_id: int, text: str) -> int:
    """LIST_MAX when more than LIST_MAX of the dataset's cases hold `text` (the queue shows
    LIST_MAX of them), else 0. From the same read as search_ids (kept for the page's other
    questions)."""
    text = text.strip()[:SEARCH_MAX_CHARS]
    return LIST_MAX if len(_dataset_ids(text, dataset_id)) > LIST_MAX else 0
