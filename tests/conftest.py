from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# In CI the property tests draw the same examples on every run (a fixed seed per test): a red CI
# is then the code's, never the draw's. Locally they keep exploring (and keep what they find in
# .hypothesis/). No per-example deadline anywhere: a test file's first example may load jieba's
# dictionary (~1 s) or share two cores with other workers (or a loaded laptop), and a deadline
# then fails the draw, not the code (speed is measured by bench/, never by a timed test).
hypothesis_settings.register_profile("ci", derandomize=True, database=None, deadline=None)
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

ROOT = Path(__file__).resolve().parent.parent
DEMO_CASES = ROOT / "fixtures" / "demo" / "cases.jsonl"
# ../shared beside the checkout (as in CI), or wherever GROUNDGATE_SHARED_DIR says.
SHARED = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared"))


# `make test-postgres` runs the tests that reach the database (docs/decisions.md, d232): those
# that use pytest-django's database (the django_db mark, or the db/transactional_db fixtures,
# directly or through another fixture), and those marked `postgres` because they reach it another
# way - a server in a subprocess (tests/hostile/live_server.py; a module importing it is marked
# by itself). A test that reaches no database cannot differ between SQLite and PostgreSQL and
# runs once, in `make test`. GROUNDGATE_TEST_ALL_ON_POSTGRES=1 runs the whole suite there.
ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
DATABASE_FIXTURES = {"_django_db_helper", "db", "transactional_db", "live_server"}


def reaches_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("django_db") or item.get_closest_marker("postgres"):
        return True
    if DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    cls = getattr(item, "cls", None)
    if isinstance(cls, type) and any(c.__name__ == "TransactionTestCase" for c in cls.__mro__):
        return True  # Django's own test classes (TestCase is one) use the database
    module = getattr(item, "module", None)
    return getattr(getattr(module, "live_server", None), "__module__", "") == (
        "tests.hostile.live_server"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not ON_POSTGRES or os.environ.get("GROUNDGATE_TEST_ALL_ON_POSTGRES") == "1":
        return
    kept = [item for item in items if reaches_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if not reaches_database(i)])
        items[:] = kept


def shared_data(*parts: str) -> Path:
    """A file or folder of ../shared/data that a test needs. Missing, the test fails rather than
    skips: CI has ../shared beside the checkout, and a test that skips there can never fail.
    GROUNDGATE_TESTS_WITHOUT_SHARED=1 skips instead, for a machine that has no copy of the data."""
    path = SHARED.joinpath("data", *parts)
    if not path.exists():
        message = f"{path} is missing (../shared beside the checkout, or GROUNDGATE_SHARED_DIR)"
        if os.environ.get("GROUNDGATE_TESTS_WITHOUT_SHARED") == "1":
            pytest.skip(message)
        pytest.fail(message)
    return path


@cache
def _financebench_cases() -> dict[str, dict]:
    path = shared_data("financebench", "cases.jsonl")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {row["case"]["case_id"]: row["case"] for row in rows}


def financebench_case(case_id: str) -> dict:
    """One FinanceBench case of ../shared/data/financebench/cases.jsonl, as stored (the answer
    gate's AnswerCase shape), by its case id; a missing id fails the test."""
    cases = _financebench_cases()
    assert case_id in cases, case_id
    return cases[case_id]


@pytest.fixture(scope="session", autouse=True)
def fast_password_hasher(request: pytest.FixtureRequest):
    """Passwords hashed by MD5 in the tests: Django's default hasher spends ~0.5-1 s of CPU per
    user created or logged in by password, by design, and that was most of the review tests'
    setup. Only this process: a server started as a subprocess keeps the real settings.
    Without pytest-django (the engine-only install of `make test-newest-python`), nothing."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    request.getfixturevalue("django_test_environment")
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database; on SQLite, a copy of it as it stands after its migrations
    becomes this process's migrated file for the servers and workers tests start (d402)."""
    from django.db import connection

    from tests.hostile.live_server import keep_migrated

    with django_db_blocker.unblock():
        keep_migrated(connection)
    yield


# Modules whose tests start processes on a fresh database file (tests/hostile/live_server.py).
SUBPROCESS_DATABASE = {"live_server", "migrated_sqlite"}


@pytest.fixture(scope="module", autouse=True)
def database_before_servers(request: pytest.FixtureRequest):
    """In a module that starts processes on a fresh database, the test database is set up first
    (autouse: before the module's own fixtures): its migrated copy spares a `manage.py migrate`
    (d402). A run with a test that uses the database sets it up in every worker anyway."""
    module = request.module
    if request.config.pluginmanager.hasplugin("django") and any(
        getattr(getattr(module, name, None), "__module__", "") == "tests.hostile.live_server"
        for name in SUBPROCESS_DATABASE
    ):
        request.getfixturevalue("django_db_setup")
    yield


@pytest.fixture
def demo_dataset(db):
    """The demo dataset, imported and gated through the same service `make run` uses."""
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines

    dataset, _ = dataset_get_or_create(slug="demo")
    with DEMO_CASES.open("rb") as fh:
        report = case_import_lines(dataset=dataset, lines=fh)
    assert not report.errors
    return dataset


@pytest.fixture
def demo_cases(db):
    """A small factory: a dataset holding only the demo cases a test names (by case id), imported
    and gated like the whole demo dataset. `demo_cases("demo-en-01", "demo-en-02")`."""
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines

    def make(*case_ids: str, slug: str = "demo"):
        wanted = {case_id.encode() for case_id in case_ids}
        with DEMO_CASES.open("rb") as fh:
            lines = [line for line in fh if _demo_case_id(line) in wanted]
        assert len(lines) == len(wanted), f"not in the demo: {sorted(wanted)}"
        dataset, _ = dataset_get_or_create(slug=slug)
        report = case_import_lines(dataset=dataset, lines=lines)
        assert not report.errors
        return dataset

    return make


def _demo_case_id(line: bytes) -> bytes:
    import json

    return str(json.loads(line).get("case_id", "")).encode()


def settings_module(**env: str | None) -> dict[str, object]:
    """groundgate/settings.py run afresh in this process, under this process's environment with
    `env` on top (None unsets a variable); its names, or the exception it raises. The module is
    pure (it reads the environment and raises ImproperlyConfigured), so this is what a fresh
    `django.setup()` in a subprocess reads, without a new interpreter and Django's apps (~1.3 CPU s
    a start, d360). A real start that refuses is tested once, through `manage.py check`
    (tests/test_secret_key.py)."""
    import runpy
    from unittest import mock

    changed = {name: value for name, value in env.items() if value is not None}
    with mock.patch.dict(os.environ, changed):
        for name, value in env.items():
            if value is None:
                os.environ.pop(name, None)
        return runpy.run_path(str(ROOT / "groundgate" / "settings.py"))


def run_groundgate(*args: str, stdin: str | None = None, cwd=None):
    """Run the `groundgate` command as a user does: a real process with no Django settings."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    )
