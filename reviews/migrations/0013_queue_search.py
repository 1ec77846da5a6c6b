"""The queue's search through an index (issue 30): each case's searched text (QueueText: its
external id, question and answer conclusion), filled from the stored cases, and the database's
own substring index over it - an FTS5 trigram table kept in step by triggers on SQLite, a
pg_trgm GIN index on PostgreSQL (reviews.search)."""

import django.db.models.deletion
from django.db import migrations, models

SQLITE_FTS = [
    "CREATE VIRTUAL TABLE reviews_queuetext_fts USING fts5("
    "text, content='reviews_queuetext', content_rowid='case_id', tokenize='trigram')",
    "CREATE TRIGGER reviews_queuetext_fts_ai AFTER INSERT ON reviews_queuetext BEGIN "
    "INSERT INTO reviews_queuetext_fts(rowid, text) VALUES (new.case_id, new.text); END",
    "CREATE TRIGGER reviews_queuetext_fts_ad AFTER DELETE ON reviews_queuetext BEGIN "
    "INSERT INTO reviews_queuetext_fts(reviews_queuetext_fts, rowid, text) "
    "VALUES ('delete', old.case_id, old.text); END",
    "CREATE TRIGGER reviews_queuetext_fts_au AFTER UPDATE ON reviews_queuetext BEGIN "
    "INSERT INTO reviews_queuetext_fts(reviews_queuetext_fts, rowid, text) "
    "VALUES ('delete', old.case_id, old.text); "
    "INSERT INTO reviews_queuetext_fts(rowid, text) VALUES (new.case_id, new.text); END",
]
SQLITE_FILL = """
INSERT INTO reviews_queuetext (case_id, dataset_id, text)
SELECT id, dataset_id, external_id || char(10) || coalesce(question, '') || char(10) ||
    CASE WHEN json_type(payload, '$.answer.conclusion') = 'text'
    THEN json_extract(payload, '$.answer.conclusion') ELSE '' END
FROM groundgate_case
"""
POSTGRES_FILL = """
INSERT INTO reviews_queuetext (case_id, dataset_id, text)
SELECT id, dataset_id, external_id || E'\\n' || coalesce(question, '') || E'\\n' ||
    CASE WHEN jsonb_typeof(payload -> 'answer' -> 'conclusion') = 'string'
    THEN payload -> 'answer' ->> 'conclusion' ELSE '' END
FROM groundgate_case
"""
POSTGRES_INDEX = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX queuetext_trgm ON reviews_queuetext USING gin (text gin_trgm_ops)",
]


def index(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(POSTGRES_FILL)
            for statement in POSTGRES_INDEX:
                cursor.execute(statement)
            cursor.execute("ANALYZE reviews_queuetext")
        else:
            for statement in SQLITE_FTS:
                cursor.execute(statement)
            cursor.execute(SQLITE_FILL)


def unindex(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("DROP INDEX IF EXISTS queuetext_trgm")
        else:
            for name in ("ai", "ad", "au"):
                cursor.execute(f"DROP TRIGGER IF EXISTS reviews_queuetext_fts_{name}")
            cursor.execute("DROP TABLE IF EXISTS reviews_queuetext_fts")


class Migration(migrations.Migration):

    dependencies = [
        ("reviews", "0012_queue_calls"),
    ]

    operations = [
        migrations.CreateModel(
            name="QueueText",
            fields=[
                ("case", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name="+", serialize=False, to="groundgate.case")),
                ("text", models.TextField()),
                ("dataset", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="groundgate.dataset")),
            ],
        ),
        migrations.RunPython(index, unindex),
    ]
