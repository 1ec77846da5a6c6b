"""Embeddings in a pgvector column, where the database has the extension.

On PostgreSQL with pgvector (migration 0009 adds `groundgate_chunkembedding.embedding vector`
when the extension is installed), the dense half of hybrid retrieval is one SQL query: the
nearest vectors by cosine distance (`<=>`), served by an HNSW index per embedding model and
dimension. Everywhere else (SQLite, PostgreSQL without the extension) the vectors stay in the
`vector` blob only and search multiplies one in-memory matrix (services.embedding_index); both
paths return the same chunks for the same vectors (tests/services/test_pgvector_retrieval.py).

The blob is always written: it is the record the column is filled from (`pgvector_backfill`),
and a database that loses the extension keeps working on the plain path.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
from django.db import connection, transaction

TABLE = "groundgate_chunkembedding"
# HNSW over a filtered set: scan on until LIMIT rows pass the dataset/model filter (pgvector
# 0.8's iterative scan), with a candidate list wide enough for the fused ranking's 50.
EF_SEARCH = 100

_enabled: dict[str, bool] = {}


def pgvector_enabled() -> bool:
    """True on PostgreSQL when the table has the `embedding vector` column (cached per
    database alias and name; the test database is another name)."""
    if connection.vendor != "postgresql":
        return False
    key = f"{connection.alias}:{connection.settings_dict.get('NAME')}"
    if key not in _enabled:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM information_schema.columns WHERE table_name = %s "
                "AND column_name = 'embedding' AND udt_name = 'vector'",
                [TABLE],
            )
            _enabled[key] = cursor.fetchone() is not None
    return _enabled[key]


def _literal(vector: np.ndarray) -> str:
    # pgvector's text form; repr of a float32 keeps every bit (shortest round-trip digits).
    return "[" + ",".join(repr(float(x)) for x in np.asarray(vector, dtype=np.float32)) + "]"


def _index_name(model: str, dim: int) -> str:
    return f"chunkemb_hnsw_{hashlib.sha256(f'{model}/{dim}'.encode()).hexdigest()[:16]}"


def _ensure_hnsw(model: str, dim: int) -> None:
    """An HNSW index on the rows of one model (one dimension), made on its first write. Its
    expression and predicate are the ones `nearest` queries with, so the planner uses it."""
    name = _index_name(model, dim)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", [name])
        if cursor.fetchone() is None:
            # Deferred foreign-key checks of rows written in this transaction would block the
            # CREATE INDEX ("pending trigger events"): run them now.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            quoted = model.replace("'", "''")
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} USING hnsw "
                f"((embedding::vector({dim})) vector_cosine_ops) "
                f"WHERE model = '{quoted}' AND dim = {dim}"
            )


def pgvector_store(model: str, rows: Sequence[tuple[int, np.ndarray]]) -> None:
    """Fill the vector column of the (chunk pk, vector) rows just stored under `model`."""
    if not rows:
        return
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {TABLE} SET embedding = %s::vector WHERE chunk_id = %s AND model = %s",
            [(_literal(v), pk, model) for pk, v in rows],
        )
    _ensure_hnsw(model, int(rows[0][1].shape[0]))


def pgvector_backfill(model: str | None = None) -> int:
    """Copy blobs into the column where it is empty (a database that got the extension after
    its vectors were stored). Returns the rows filled."""
    from groundgate.pipeline.embedding import from_bytes

    filled = 0
    query = f"SELECT id, model, vector, dim FROM {TABLE} WHERE embedding IS NULL"
    params: list[str] = []
    if model is not None:
        query += " AND model = %s"
        params.append(model)
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        rows = cursor.fetchall()
    with transaction.atomic(), connection.cursor() as cursor:
        for pk, _model, blob, _dim in rows:
            cursor.execute(
                f"UPDATE {TABLE} SET embedding = %s::vector WHERE id = %s",
                [_literal(from_bytes(bytes(blob))), pk],
            )
            filled += 1
    for name, dim in {(r[1], r[3]) for r in rows}:
        _ensure_hnsw(name, dim)
    return filled


def nearest(dataset_id: int, model: str, query: np.ndarray, limit: int) -> list[int]:
    """The chunk pks of the `limit` nearest vectors of the dataset under `model` (HNSW, cosine
    distance). Only the choice of candidates is the database's: their similarities are computed
    from the stored float32 vectors as on the plain path, so a threshold sees the same values."""
    dim = int(query.shape[0])
    q = _literal(query)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL hnsw.ef_search = {max(EF_SEARCH, limit)}")
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute(
            f"SELECT chunk_id FROM {TABLE} WHERE model = %s AND dim = %s AND dataset_id = %s "
            f"ORDER BY embedding::vector({dim}) <=> %s::vector({dim}) LIMIT %s",
            [model, dim, dataset_id, q, limit],
        )
        return [int(pk) for (pk,) in cursor.fetchall()]
