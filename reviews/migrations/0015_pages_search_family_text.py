"""The queue's searched text holds each family's answer text (d391): a pipeline answer's model
text (`groundgate answer` runs are anchored cases), a synthesis's answer, a report, a code
answer - 0013_queue_search filled only an answer case's conclusion. The paths are the families'
CaseText paths (groundgate/families) as of this migration; the FTS5 table follows by its
update trigger."""

from django.db import migrations

# kind -> the JSON path of its answer text (Family.text.path), frozen here.
PATHS = {
    "anchored": ("raw_model_text",),
    "synthesis": ("answer_text",),
    "report": ("report_markdown",),
    "code": ("sample", "answer"),
}
OLD_PATH = ("answer", "conclusion")


def _refill(schema_editor, path_of) -> None:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        for kind in PATHS:
            path = path_of(kind)
            if connection.vendor == "postgresql":
                pg_path = "{" + ",".join(path) + "}"
                cursor.execute(
                    "UPDATE reviews_queuetext t SET text = c.external_id || E'\\n' || "
                    "coalesce(c.question, '') || E'\\n' || CASE WHEN "
                    "jsonb_typeof(c.payload #> %s) = 'string' THEN c.payload #>> %s ELSE '' END "
                    "FROM groundgate_case c WHERE c.id = t.case_id AND c.kind = %s",
                    [pg_path, pg_path, kind],
                )
            else:
                json_path = "$." + ".".join(path)
                cursor.execute(
                    "UPDATE reviews_queuetext SET text = (SELECT c.external_id || char(10) || "
                    "coalesce(c.question, '') || char(10) || CASE WHEN "
                    "json_type(c.payload, %s) = 'text' THEN json_extract(c.payload, %s) "
                    "ELSE '' END FROM groundgate_case c WHERE c.id = reviews_queuetext.case_id) "
                    "WHERE case_id IN (SELECT id FROM groundgate_case WHERE kind = %s)",
                    [json_path, json_path, kind],
                )


def refill(apps, schema_editor):
    _refill(schema_editor, lambda kind: PATHS[kind])


def unfill(apps, schema_editor):
    _refill(schema_editor, lambda kind: OLD_PATH)


class Migration(migrations.Migration):

    dependencies = [
        ("reviews", "0014_assignment_progress"),
    ]

    operations = [migrations.RunPython(refill, unfill)]
