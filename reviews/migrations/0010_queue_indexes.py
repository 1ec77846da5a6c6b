"""The queue at a million cases (issue 30): queue-order indexes for the label filters, and the
entry's order copied onto its code rows (filled from the entries) with an index in that order."""

from django.db import migrations, models

FILL = """
UPDATE reviews_queuecode SET
    passed = (SELECT e.passed FROM reviews_queueentry e WHERE e.case_id = reviews_queuecode.case_id),
    review_rank = (
        SELECT e.review_rank FROM reviews_queueentry e WHERE e.case_id = reviews_queuecode.case_id
    )
WHERE EXISTS (SELECT 1 FROM reviews_queueentry e WHERE e.case_id = reviews_queuecode.case_id)
"""


class Migration(migrations.Migration):

    dependencies = [
        ('reviews', '0009_assignments'),
    ]

    operations = [
        migrations.AddField(
            model_name='queuecode',
            name='passed',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='queuecode',
            name='review_rank',
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name='queuecode',
            index=models.Index(fields=['dataset', 'code', 'passed', 'review_rank', 'case'], name='queuecode_order'),
        ),
        migrations.AddIndex(
            model_name='queueentry',
            index=models.Index(fields=['dataset', 'review_label', 'passed', 'review_rank', 'case'], name='queue_review_label_order'),
        ),
        migrations.AddIndex(
            model_name='queueentry',
            index=models.Index(fields=['dataset', 'final_label', 'passed', 'review_rank', 'case'], name='queue_final_label_order'),
        ),
    ]
