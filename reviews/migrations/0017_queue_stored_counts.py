"""Stored counts for the queue at 1M cases (issue 30): AssignmentCount (a reviewer's assigned
cases per review state and reviewed flag) and QueueCallCount (the code + call filter per queue
cell), filled here by two grouped INSERT ... SELECTs over the rows (no row-by-row pass: bounded
by one read of the assignments and of the calls), and kept in step by reviews.queue."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


FILL_ASSIGNMENTS = """
INSERT INTO reviews_assignmentcount (dataset_id, reviewer_id, review_state, reviewed, n)
SELECT dataset_id, reviewer_id, review_state, reviewed, count(*)
FROM reviews_assignment
GROUP BY dataset_id, reviewer_id, review_state, reviewed
"""

# As reviews.queue.CALLS_RECOUNT: the calls whose case still has the code, per queue cell.
FILL_CALLS = """
INSERT INTO reviews_queuecallcount
    (dataset_id, code, call, gate_status, outcome, kind, review_state, n)
SELECT c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state, count(*)
FROM reviews_queuecall c JOIN reviews_queueentry e ON e.case_id = c.case_id
WHERE EXISTS (
    SELECT 1 FROM reviews_queuecode q
    WHERE q.dataset_id = c.dataset_id AND q.code = c.code AND q.case_id = c.case_id
)
GROUP BY c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state
"""


class Migration(migrations.Migration):

    dependencies = [
        ('groundgate', '0010_dataset_phoenix_url'),
        ('reviews', '0016_pages_assignment_review_state'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AssignmentCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('review_state', models.CharField(choices=[('unreviewed', 'Unreviewed'), ('reviewed', 'Reviewed'), ('disputed', 'Disputed'), ('adjudicated', 'Adjudicated')], max_length=16)),
                ('reviewed', models.BooleanField()),
                ('n', models.IntegerField(default=0)),
                ('dataset', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='groundgate.dataset')),
                ('reviewer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('dataset', 'reviewer', 'review_state', 'reviewed'), name='assignmentcount_key')],
            },
        ),
        migrations.CreateModel(
            name='QueueCallCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('gate_status', models.CharField(blank=True, max_length=32)),
                ('outcome', models.CharField(blank=True, max_length=16)),
                ('kind', models.CharField(blank=True, max_length=16)),
                ('review_state', models.CharField(blank=True, max_length=16)),
                ('code', models.CharField(max_length=64)),
                ('call', models.CharField(max_length=8)),
                ('n', models.IntegerField(default=0)),
                ('dataset', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='groundgate.dataset')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('dataset', 'code', 'call', 'gate_status', 'outcome', 'kind', 'review_state'), name='queuecallcount_key')],
            },
        ),
        migrations.RunSQL(FILL_ASSIGNMENTS, migrations.RunSQL.noop),
        migrations.RunSQL(FILL_CALLS, migrations.RunSQL.noop),
    ]
