"""The queue's searched text holds each family's answer text (d391): a pipeline answer's model
text (`groundgate answer` runs are anchored cases), a synthesis's answer, a report, a code
answer - 0013_queue_search filled only an answer case's conclusion. The paths are the families'
CaseText paths (groundgate/families) as of this migration.

In bulk, not a row at a time (d423). On SQLite the FTS5 update trigger is set aside while the
rows change: their old entries leave the index in one statement per kind and the new ones enter
in another, with a 64 MB pending-terms buffer (FTS5's `hashsize`, put back to its default
after). At 1M cases on SQLite, the statements alone (timed in a rolled-back transaction): 439 s
through the trigger per row, 100 s in bulk (150 s with the default buffer); `migrate` to 0015,
its commit included: 504 s before (s32), 245 s now.
On PostgreSQL the rows are updated as before, with a larger pending list for the trigram
index's new entries, merged once at the end (dropping the index and building it again was
slower: it indexes every row, not the third that changes). Same end state either way: the same
rows, the same search results."""

from importlib import import_module

from django.db import migrations

# kind -> the JSON path of its answer text (Family.text.path), frozen here.
PATHS = {
    "anchored": ("raw_model_text",),
    "synthesis": ("answer_text",),
    "report": ("report_markdown",),
    "code": ("sample", "answer"),
}
OLD_PATH = ("answer", "conclusion")

# 0013's FTS5 update trigger, as that migration made it.
_search = import_module("reviews.migrations.0013_queue_search")
SQLITE_UPDATE_TRIGGER = _search.SQLITE_FTS[3]
OF_KIND = "SELECT id FROM groundgate_case WHERE kind = %s"
FTS = "reviews_queuetext_fts"
HASHSIZE = 64 << 20  # bytes of pending terms FTS5 keeps before it writes a segment (default 1 MB)


def _refill(schema_editor, path_of) -> None:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The trigram index's new entries gather in a larger pending list (256 MB, not
            # 4 MB) and are merged into the index once, at the end: fewer, bigger merges.
            cursor.execute("SET LOCAL gin_pending_list_limit = '256MB'")
            cursor.execute("SET LOCAL work_mem = '256MB'")
            for kind in PATHS:
                pg_path = "{" + ",".join(path_of(kind)) + "}"
                cursor.execute(
                    "UPDATE reviews_queuetext t SET text = c.external_id || E'\\n' || "
                    "coalesce(c.question, '') || E'\\n' || CASE WHEN "
                    "jsonb_typeof(c.payload #> %s) = 'string' THEN c.payload #>> %s ELSE '' END "
                    "FROM groundgate_case c WHERE c.id = t.case_id AND c.kind = %s",
                    [pg_path, pg_path, kind],
                )
            cursor.execute("SELECT gin_clean_pending_list('queuetext_trgm')")
            return
        cursor.execute("DROP TRIGGER reviews_queuetext_fts_au")
        cursor.execute(f"INSERT INTO {FTS}({FTS}, rank) VALUES ('hashsize', %s)", [HASHSIZE])
        for kind in PATHS:
            cursor.execute(
                f"INSERT INTO {FTS}({FTS}, rowid, text) "
                f"SELECT 'delete', case_id, text FROM reviews_queuetext WHERE case_id IN ({OF_KIND})",
                [kind],
            )
            json_path = "$." + ".".join(path_of(kind))
            cursor.execute(
                "UPDATE reviews_queuetext SET text = (SELECT c.external_id || char(10) || "
                "coalesce(c.question, '') || char(10) || CASE WHEN "
                "json_type(c.payload, %s) = 'text' THEN json_extract(c.payload, %s) "
                "ELSE '' END FROM groundgate_case c WHERE c.id = reviews_queuetext.case_id) "
                f"WHERE case_id IN ({OF_KIND})",
                [json_path, json_path, kind],
            )
            cursor.execute(
                f"INSERT INTO {FTS}(rowid, text) "
                f"SELECT case_id, text FROM reviews_queuetext WHERE case_id IN ({OF_KIND})",
                [kind],
            )
        cursor.execute(SQLITE_UPDATE_TRIGGER)
        # The default again: set through FTS5 (which re-reads its settings), then the row that
        # setting left dropped, as before this migration.
        cursor.execute(f"INSERT INTO {FTS}({FTS}, rank) VALUES ('hashsize', %s)", [1 << 20])
        cursor.execute(f"DELETE FROM {FTS}_config WHERE k = 'hashsize'")


def refill(apps, schema_editor):
    _refill(schema_editor, lambda kind: PATHS[kind])


def unfill(apps, schema_editor):
    _refill(schema_editor, lambda kind: OLD_PATH)


class Migration(migrations.Migration):

    dependencies = [
        ("reviews", "0014_assignment_progress"),
    ]

    operations = [migrations.RunPython(refill, unfill)]
