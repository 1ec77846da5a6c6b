"""The queue at a million cases (issue 30): the calls of each reviewer's latest review, kept as
derived rows in queue order (QueueCall), filled here from the reviews already stored."""

import django.db.models.deletion
from django.db import migrations, models

FILL = """
INSERT INTO reviews_queuecall (dataset_id, case_id, code, call, passed, review_rank)
SELECT DISTINCT e.dataset_id, r.case_id, d.code, d.call, e.passed, e.review_rank
FROM reviews_findingdecision d
JOIN reviews_review r ON r.id = d.review_id
JOIN reviews_queueentry e ON e.case_id = r.case_id
WHERE r.id IN (SELECT MAX(id) FROM reviews_review GROUP BY case_id, reviewer_id)
"""


def analyze(apps, schema_editor):
    """Statistics for the new table's index (see 0010_queue_indexes)."""
    with schema_editor.connection.cursor() as cursor:
        if schema_editor.connection.vendor == "sqlite":
            cursor.execute("PRAGMA analysis_limit=1000")
        cursor.execute("ANALYZE reviews_queuecall")


class Migration(migrations.Migration):

    dependencies = [
        ("reviews", "0011_should_have_answered"),
    ]

    operations = [
        migrations.CreateModel(
            name="QueueCall",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("code", models.CharField(max_length=64)),
                ("call", models.CharField(max_length=8)),
                ("passed", models.BooleanField(default=False)),
                ("review_rank", models.PositiveSmallIntegerField(default=0)),
                ("case", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="groundgate.case")),
                ("dataset", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="groundgate.dataset")),
            ],
            options={
                "indexes": [models.Index(fields=["dataset", "code", "call", "passed", "review_rank", "case"], name="queuecall_order")],
            },
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.RunPython(analyze, migrations.RunPython.noop),
    ]
