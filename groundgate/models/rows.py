"""Bulk COPY of plain rows for PDF ingestion (a book's pages and chunks).

The one raw write path left beside the ORM (docs/decisions.md, d248, d257): a book
has thousands of chunks, and building a model instance for each and preparing every value
through its field was half of the ingestion's time. The gate service's rows go through the ORM.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from django.db import connection, models


def rows_copy(
    model: type[models.Model], names: Sequence[str], rows: Iterable[Sequence[Any]]
) -> None:
    """INSERT many rows of `model` given as plain column values already in their database form
    (JSON columns as JSON text, timestamps as a field's get_db_prep_save gives them), in the order
    of `names`: COPY FROM STDIN on PostgreSQL, one executemany on SQLite. For bulk writes of
    thousands of rows (a book's chunks) where building a model instance and preparing each value
    through its field is most of the time. No primary keys are read back; no signals."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(_column(model, name)) for name in names)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # psycopg 3's COPY: rows stream to the server in large writes, parsed there.
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            placeholders = ", ".join(["%s"] * len(names))
            # Django's executemany takes any iterable of rows (it counts them only if it can);
            # django-stubs asks for a Sequence.
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES ({placeholders})",
                cast(Sequence[Sequence[Any]], rows),
            )


def _column(model: type[models.Model], name: str) -> str:
    """The database column of `model`'s field `name` (a concrete field: a relation's other side
    or a generic foreign key has no column of this table)."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field) or field.column is None:
        raise AttributeError(f"{model.__name__}.{name} has no column")
    return field.column
