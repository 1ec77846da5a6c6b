"""Database-level guard: gate runs and policy records can never be UPDATEd, whatever the client.

DELETE is guarded in the ORM only: test teardown (flush) must be able to empty tables, and
on_delete=PROTECT already stops a case with runs from being deleted.
"""

from django.db import migrations

TABLES = ["groundgate_gaterun", "groundgate_gatepolicyrecord"]


def create_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;"
            )
        elif vendor == "postgresql":
            schema_editor.execute(
                "CREATE OR REPLACE FUNCTION groundgate_append_only() RETURNS trigger AS $$ "
                "BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END; "
                "$$ LANGUAGE plpgsql;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION groundgate_append_only();"
            )


def drop_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only;")
        elif vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")


class Migration(migrations.Migration):
    dependencies = [("groundgate", "0001_initial")]
    operations = [migrations.RunPython(create_triggers, drop_triggers)]
