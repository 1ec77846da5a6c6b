"""Per-reviewer progress without reading her reviews (issue 30): an assignment carries whether
its reviewer has reviewed the case, filled here from the stored reviews, with an index."""

from django.db import migrations, models

FILL = """
UPDATE reviews_assignment SET reviewed = EXISTS (
    SELECT 1 FROM reviews_review r
    WHERE r.case_id = reviews_assignment.case_id AND r.reviewer_id = reviews_assignment.reviewer_id
)
"""


class Migration(migrations.Migration):

    dependencies = [
        ("reviews", "0013_queue_search"),
    ]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="reviewed",
            field=models.BooleanField(default=False),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name="assignment",
            index=models.Index(fields=["dataset", "reviewer", "reviewed"], name="assignment_progress"),
        ),
    ]
