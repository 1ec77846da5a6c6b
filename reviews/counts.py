"""Stored counts (QueueCount, QueueCallCount, AssignmentCount): a delta per key, added to the
stored n in one upsert, in the writer's transaction (d450)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import connection
from django.db.models import Model

# A stored count's key (its table's unique columns) -> rows to add.
Delta = Counter[tuple[Any, ...]]


def upsert(
    model: type[Model], columns: tuple[str, ...], delta: Delta
) -> tuple[str, list[Any]] | None:
    """The upsert adding `delta` (keyed by `columns`, the table's unique key) to `model`'s n."""
    rows = sorted((key, n) for key, n in delta.items() if n)
    if not rows:
        return None
    table = model._meta.db_table
    names = ", ".join(columns)
    values = ", ".join([f"({', '.join(['%s'] * (len(columns) + 1))})"] * len(rows))
    return (
        f"INSERT INTO {table} ({names}, n) VALUES {values} "
        f"ON CONFLICT ({names}) DO UPDATE SET n = {table}.n + excluded.n",
        [p for key, n in rows for p in (*key, n)],
    )


def upsert_add(model: type[Model], columns: tuple[str, ...], delta: Delta) -> None:
    statement = upsert(model, columns, delta)
    if statement is not None:
        with connection.cursor() as cursor:
            cursor.execute(*statement)
