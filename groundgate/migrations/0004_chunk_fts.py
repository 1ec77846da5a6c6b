"""A full-text index of chunks for retrieval: SQLite FTS5 (BM25 ranking). Other databases use
the Python scorer in groundgate.services.retrieval, so nothing is created for them."""

from django.db import migrations


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(
            "CREATE VIRTUAL TABLE groundgate_chunk_fts USING fts5("
            "body, chunk_pk UNINDEXED, dataset_id UNINDEXED, tokenize='unicode61')"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS groundgate_chunk_fts")


class Migration(migrations.Migration):
    dependencies = [("groundgate", "0003_chunk_index_state")]
    operations = [migrations.RunPython(create, drop)]
