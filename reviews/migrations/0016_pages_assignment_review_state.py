"""An assignment carries its case's review state (d393), filled here from the queue entries and
kept in step by reviews.queue: "her cases, unreviewed" is counted from index rows."""

from django.db import migrations, models


FILL = """
UPDATE reviews_assignment SET review_state = coalesce((
    SELECT e.review_state FROM reviews_queueentry e WHERE e.case_id = reviews_assignment.case_id
), 'unreviewed')
"""


class Migration(migrations.Migration):

    dependencies = [
        ('reviews', '0015_pages_search_family_text'),
    ]

    operations = [
        migrations.AddField(
            model_name='assignment',
            name='review_state',
            field=models.CharField(choices=[('unreviewed', 'Unreviewed'), ('reviewed', 'Reviewed'), ('disputed', 'Disputed'), ('adjudicated', 'Adjudicated')], default='unreviewed', max_length=16),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name='assignment',
            index=models.Index(fields=['dataset', 'reviewer', 'review_state', 'case'], name='assignment_review_state'),
        ),
    ]
