"""The settings helpers fail loudly, naming the variable, on bad values."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from groundgate import envconfig
from tests.conftest import settings_module


def test_bool_accepts_the_usual_spellings(monkeypatch):
    for raw, expected in [("1", True), ("yes", True), ("OFF", False), ("", False)]:
        monkeypatch.setenv("DEBUG", raw)
        assert envconfig.env_bool("DEBUG") is expected


def test_bool_rejects_anything_else(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        envconfig.env_bool("DEBUG")


def test_int_names_the_variable(monkeypatch):
    monkeypatch.setenv("GROUNDGATE_IMPORT_BATCH_SIZE", "many")
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_IMPORT_BATCH_SIZE"):
        envconfig.env_int("GROUNDGATE_IMPORT_BATCH_SIZE", 500)
    monkeypatch.setenv("GROUNDGATE_IMPORT_BATCH_SIZE", "0")
    with pytest.raises(ImproperlyConfigured, match=">= 1"):
        envconfig.env_int("GROUNDGATE_IMPORT_BATCH_SIZE", 500, minimum=1)


def test_allowed_hosts_list(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "a.example, b.example")
    assert envconfig.env_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]
    monkeypatch.setenv("ALLOWED_HOSTS", "a.example,,b")
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS"):
        envconfig.env_list("ALLOWED_HOSTS", [])


def test_database_url_sqlite_and_postgres(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://gg:pw@127.0.0.1:5432/groundgate")
    config = envconfig.env_database("DATABASE_URL", "sqlite:///x.db")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["HOST"], config["PORT"]) == ("groundgate", "127.0.0.1", 5432)
    monkeypatch.delenv("DATABASE_URL")
    assert envconfig.env_database("DATABASE_URL", "sqlite:////tmp/x.db")["ENGINE"].endswith(
        "sqlite3"
    )


def test_database_url_rejects_other_schemes(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://u@h/db")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        envconfig.env_database("DATABASE_URL", "sqlite:///x.db")


def test_broker_unset_means_eager_and_bad_urls_fail(monkeypatch):
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    assert envconfig.env_broker("CELERY_BROKER_URL") == ""
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")
    assert envconfig.env_broker("CELERY_BROKER_URL").startswith("redis://")
    monkeypatch.setenv("CELERY_BROKER_URL", "http://nope")
    with pytest.raises(ImproperlyConfigured, match="CELERY_BROKER_URL"):
        envconfig.env_broker("CELERY_BROKER_URL")


def test_settings_module_refuses_a_bad_env_at_import():
    """The whole settings module, run afresh, with a bad DEBUG."""
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be"):
        settings_module(DEBUG="perhaps")


def test_sqlite_gets_wal_a_busy_timeout_and_immediate_transactions(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/x.sqlite3")
    options = envconfig.env_database("DATABASE_URL", "")["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] == 20
    assert "PRAGMA journal_mode=WAL" in options["init_command"]


def test_postgres_binds_on_the_server_and_prepares_unless_switched_off(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://gg:pw@127.0.0.1:5432/groundgate")
    monkeypatch.delenv("GROUNDGATE_PG_PREPARED_STATEMENTS", raising=False)
    options = envconfig.env_database("DATABASE_URL", "")["OPTIONS"]
    assert (options["server_side_binding"], options["prepare_threshold"]) == (True, 5)
    monkeypatch.setenv("GROUNDGATE_PG_PREPARED_STATEMENTS", "off")
    options = envconfig.env_database("DATABASE_URL", "").get("OPTIONS", {})
    assert "server_side_binding" not in options and "prepare_threshold" not in options
    monkeypatch.setenv("GROUNDGATE_PG_PREPARED_STATEMENTS", "sometimes")
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_PG_PREPARED_STATEMENTS"):
        envconfig.env_database("DATABASE_URL", "")


def test_private_webhook_targets_are_refused_unless_the_setting_says_otherwise():
    """The production default, the settings module run afresh without the tests' own values
    (the tests allow private targets: their receivers listen on 127.0.0.1); a bad value names
    the variable."""

    def run(**extra: str) -> tuple[object, object]:
        unset: dict[str, str | None] = {
            "GROUNDGATE_WEBHOOK_ALLOW_PRIVATE": None,
            "GROUNDGATE_OUTBOX_BACKOFF_MS": None,
        }
        names = settings_module(**(unset | extra))
        return names["GROUNDGATE_WEBHOOK_ALLOW_PRIVATE"], names["GROUNDGATE_OUTBOX_BACKOFF_MS"]

    assert run() == (False, 1000)
    # The former name is still read.
    assert run(GROUNDGATE_WEBHOOK_EMBEDDED_BACKOFF_MS="250")[1] == 250
    assert run(GROUNDGATE_WEBHOOK_ALLOW_PRIVATE="yes")[0] is True
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_WEBHOOK_ALLOW_PRIVATE must be"):
        run(GROUNDGATE_WEBHOOK_ALLOW_PRIVATE="only-on-tuesdays")
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_OUTBOX_BACKOFF_MS must be >= 0"):
        run(GROUNDGATE_OUTBOX_BACKOFF_MS="-1")
