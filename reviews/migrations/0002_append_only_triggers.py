"""Reviews, finding decisions and relabels can never be UPDATEd, whatever the client."""

from django.db import migrations

from groundgate.models.db_triggers import create_append_only_triggers, drop_append_only_triggers

TABLES = ["reviews_review", "reviews_findingdecision", "reviews_relabel"]


class Migration(migrations.Migration):
    dependencies = [("reviews", "0001_initial")]
    operations = [
        migrations.RunPython(
            lambda apps, editor: create_append_only_triggers(editor, TABLES),
            lambda apps, editor: drop_append_only_triggers(editor, TABLES),
        )
    ]
