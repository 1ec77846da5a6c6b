"""Database triggers that refuse UPDATE on append-only tables (SQLite and PostgreSQL).

Used by migrations. DELETE is refused in the ORM only: test teardown must be able to flush.
"""


def create_append_only_triggers(schema_editor, tables: list[str]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        # params=None: the % in RAISE is PL/pgSQL's, not a query placeholder.
        schema_editor.execute(
            "CREATE OR REPLACE FUNCTION groundgate_append_only() RETURNS trigger AS $$ "
            "BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END; "
            "$$ LANGUAGE plpgsql;",
            params=None,
        )
    for table in tables:
        if vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END;"
            )
        elif vendor == "postgresql":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION groundgate_append_only();"
            )


def drop_append_only_triggers(schema_editor, tables: list[str]) -> None:
    vendor = schema_editor.connection.vendor
    for table in tables:
        if vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only;")
        elif vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
