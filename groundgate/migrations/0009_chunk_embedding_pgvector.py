"""The vector column for pgvector (services/vector_store.py), where the database has it.

On PostgreSQL, the `vector` extension is created when it is available and this role may create it
(else it must already be installed, e.g. in template1 as .ci/start-pgvector does); with it, the
table gets `embedding vector` (no fixed dimension: models differ; each model's HNSW index casts to
its own). SQLite, and PostgreSQL without the extension, are left as they are: the plain path.
"""

from django.db import migrations

TABLE = "groundgate_chunkembedding"


def _has_vector(cursor) -> bool:
    cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'")
    return cursor.fetchone() is not None


def add_column(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if not _has_vector(cursor):
            cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
            if cursor.fetchone() is None:
                return
            cursor.execute("SAVEPOINT gg_vector")
            try:
                cursor.execute("CREATE EXTENSION IF NOT EXISTS vector")
            except Exception:  # not allowed to: the plain path
                cursor.execute("ROLLBACK TO SAVEPOINT gg_vector")
                return
            cursor.execute("RELEASE SAVEPOINT gg_vector")
        cursor.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS embedding vector")


def drop_column(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS embedding")


class Migration(migrations.Migration):
    dependencies = [
        ("groundgate", "0008_case_immutable"),
    ]

    operations = [migrations.RunPython(add_column, drop_column)]
