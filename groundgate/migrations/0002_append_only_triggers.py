"""Database-level guard: gate runs and policy records can never be UPDATEd, whatever the client."""

from django.db import migrations

from groundgate.models.db_triggers import create_append_only_triggers, drop_append_only_triggers

TABLES = ["groundgate_gaterun", "groundgate_gatepolicyrecord"]


class Migration(migrations.Migration):
    dependencies = [("groundgate", "0001_initial")]
    operations = [
        migrations.RunPython(
            lambda apps, editor: create_append_only_triggers(editor, TABLES),
            lambda apps, editor: drop_append_only_triggers(editor, TABLES),
        )
    ]
