"""Database triggers that refuse UPDATE on append-only tables (SQLite and PostgreSQL).

Used by migrations. DELETE is refused in the ORM only: test teardown must be able to flush.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def create_append_only_triggers(schema_editor: BaseDatabaseSchemaEditor, tables: list[str]) -> None:
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


def drop_append_only_triggers(schema_editor: BaseDatabaseSchemaEditor, tables: list[str]) -> None:
    vendor = schema_editor.connection.vendor
    for table in tables:
        if vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only;")
        elif vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")


# A case's content, fixed once a gate run is about it (the verdicts were made on this text).
CASE_CONTENT_COLUMNS = (
    "dataset_id",
    "kind",
    "external_id",
    "question",
    "payload",
    "payload_sha256",
)


def create_gated_case_trigger(schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Refuse an UPDATE that changes a gated case's content (any client, any SQL): the ORM
    refuses it first (groundgate.models.cases.Case); this holds for raw SQL and other tools."""
    vendor = schema_editor.connection.vendor
    changed = " OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in CASE_CONTENT_COLUMNS)
    gated = "EXISTS (SELECT 1 FROM groundgate_gaterun WHERE case_id = OLD.id)"
    message = "groundgate_case: a gated case is immutable (import it as a new case)"
    if vendor == "sqlite":
        changed_sqlite = changed.replace("IS DISTINCT FROM", "IS NOT")
        schema_editor.execute(
            "CREATE TRIGGER groundgate_case_gated_immutable BEFORE UPDATE ON groundgate_case "
            f"FOR EACH ROW WHEN ({changed_sqlite}) AND {gated} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END;"
        )
    elif vendor == "postgresql":
        schema_editor.execute(
            "CREATE OR REPLACE FUNCTION groundgate_case_gated_immutable() RETURNS trigger AS $$ "
            f"BEGIN IF ({changed}) AND {gated} THEN RAISE EXCEPTION '{message}'; END IF; "
            "RETURN NEW; END; $$ LANGUAGE plpgsql;",
            params=None,
        )
        schema_editor.execute(
            "CREATE TRIGGER groundgate_case_gated_immutable BEFORE UPDATE ON groundgate_case "
            "FOR EACH ROW EXECUTE FUNCTION groundgate_case_gated_immutable();"
        )


def drop_gated_case_trigger(schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute("DROP TRIGGER IF EXISTS groundgate_case_gated_immutable;")
    elif vendor == "postgresql":
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS groundgate_case_gated_immutable ON groundgate_case;"
        )
        schema_editor.execute("DROP FUNCTION IF EXISTS groundgate_case_gated_immutable();")
