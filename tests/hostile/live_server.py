"""A real server on 127.0.0.1 for the tests (and bench scripts) that need real HTTP: gunicorn
against a fresh database (a SQLite file configured as `make run` configures it, or a fresh
PostgreSQL database beside the suite's when DATABASE_URL says PostgreSQL), seeded with the team
dataset, its three members and their API tokens, and the demo cases."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEMO_CASES = ROOT / "fixtures" / "demo" / "cases.jsonl"
SUITE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = SUITE_URL.startswith(("postgres://", "postgresql://"))

SEED = """
import django
django.setup()
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines

dataset, _ = dataset_get_or_create(slug="team")
User = get_user_model()
for name, role in [("ada", "admin"), ("rita", "reviewer"), ("remy", "reviewer")]:
    user = User.objects.create_user(name, password=name + "-secret-pw")
    membership_grant(dataset=dataset, user=user, role=role)
    Token.objects.create(user=user, key=name.ljust(40, "0"))
with open({cases!r}, "rb") as fh:
    assert not case_import_lines(dataset=dataset, lines=fh).errors
"""


def token(name: str) -> str:
    """The API token SEED gives `name` (ada: admin; rita, remy: reviewers)."""
    return name.ljust(40, "0")


def free_port() -> int:
    """A port nobody listens on now: several test runs share this machine."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _drop_database(connection, name: str) -> None:
    """DROP DATABASE without FORCE (d436): FORCE asks to terminate every session on the
    database, and a role that is not a superuser may not terminate an autovacuum worker ("must
    be a member of the role whose process is being terminated"; seen on CI's PostgreSQL). Our
    own leftover sessions are ended first; a plain DROP signals autovacuum to leave and waits."""
    import psycopg

    for _ in range(40):
        connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND usename = current_user AND pid <> pg_backend_pid()",
            (name,),
        )
        try:
            connection.execute(f"DROP DATABASE IF EXISTS {name}")
            return
        except psycopg.errors.ObjectInUse:
            time.sleep(0.25)
    connection.execute(f"DROP DATABASE IF EXISTS {name}")


def postgres_database(name: str, *, create: bool, template: str | None = None) -> str:
    """A fresh database next to the suite's (its role may create databases), a copy of
    `template` when one is named; its URL."""
    import psycopg

    base, _, _ = SUITE_URL.rpartition("/")
    with psycopg.connect(SUITE_URL.replace("postgres://", "postgresql://"), autocommit=True) as c:
        _drop_database(c, name)
        if create:
            c.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    return f"{base}/{name}"


def server_env(database_url: str, var_dir: Path, **extra: str) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="groundgate.settings",
        GROUNDGATE_VAR_DIR=str(var_dir),
        DEBUG="0",
        SECRET_KEY="live-server-test-" + "k" * 40,
        **extra,
    )
    env.pop("CELERY_BROKER_URL", None)
    return env


def _wait_for_port(process, port: int, log: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(log.read_text())
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


def _migrate_and_seed(env: dict) -> None:
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True
    )
    _seed(env)


def _seed(env: dict) -> None:
    subprocess.run(
        [sys.executable, "-c", SEED.format(cases=str(DEMO_CASES))], cwd=ROOT, env=env, check=True
    )


def _copy_sqlite(source: Path, target: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


# One migrated, empty SQLite file per test process, copied for every test that needs a fresh
# database in a subprocess (a `manage.py migrate` costs ~9 CPU-s, d399). The schema does not
# depend on the environment a test gives its processes, only on the migrations. Under pytest-django
# on SQLite it is a copy of the suite's own test database, taken as soon as it is migrated (d402).
_MIGRATED: list[Path] = []


def keep_migrated(connection) -> None:
    """pytest-django's test database, just migrated, as this process's migrated file when it is
    SQLite, in memory (d402): the same migrations' result, without a `manage.py migrate` of its
    own. Called before any test has used that database (tests/conftest.py's django_db_setup)."""
    if _MIGRATED or connection.vendor != "sqlite" or not connection.is_in_memory_db():
        return  # not SQLite, or no test database: pytest-django sets none up for a run without
        # a test that uses one, and the connection still names the app's own file
    import sqlite3

    folder = Path(tempfile.mkdtemp(prefix="groundgate-migrated-"))
    atexit.register(shutil.rmtree, folder, True)
    template = folder / "groundgate.sqlite3"
    connection.ensure_connection()
    copy = sqlite3.connect(template)
    try:
        connection.connection.backup(copy)
        copy.execute("PRAGMA journal_mode=WAL")  # as the app's connections leave a file
    finally:
        copy.close()
    _MIGRATED.append(template)


def migrated_sqlite(target: Path) -> None:
    """An empty database at `target`, as `manage.py migrate` leaves it (a copy of this process's
    one migrated file)."""
    if not _MIGRATED:
        folder = Path(tempfile.mkdtemp(prefix="groundgate-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "groundgate.sqlite3"
        env = server_env(f"sqlite:///{template}", folder)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        _MIGRATED.append(template)
    _copy_sqlite(_MIGRATED[0], target)


# A migrated and seeded SQLite file per settings, made once per test process and copied for
# each server (the migrate and seed processes cost ~10 CPU-s, and every server's database starts
# out the same). The copy is taken once the seeding process has exited: SQLite has then written
# its WAL back into the file.
_TEMPLATES: dict[tuple[tuple[str, str], ...], Path] = {}


def _seeded_sqlite(target: Path, extra_env: dict[str, str]) -> None:
    key = tuple(sorted(extra_env.items()))
    if key not in _TEMPLATES:
        folder = Path(tempfile.mkdtemp(prefix="groundgate-live-template-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "groundgate.sqlite3"
        migrated_sqlite(template)
        _seed(server_env(f"sqlite:///{template}", folder, **extra_env))
        _TEMPLATES[key] = template
    _copy_sqlite(_TEMPLATES[key], target)


# The same on PostgreSQL: a migrated and seeded database per settings and test process, which
# each server's database copies (CREATE DATABASE ... TEMPLATE: a file copy, no migrations).
_PG_TEMPLATES: dict[tuple[tuple[str, str], ...], str] = {}


def _seeded_postgres(name: str, extra_env: dict[str, str]) -> str:
    key = tuple(sorted(extra_env.items()))
    if key not in _PG_TEMPLATES:
        template = f"gg_live_template_{os.getpid()}_{len(_PG_TEMPLATES)}"
        folder = Path(tempfile.mkdtemp(prefix="groundgate-live-template-"))
        atexit.register(shutil.rmtree, folder, True)
        _migrate_and_seed(server_env(postgres_database(template, create=True), folder, **extra_env))
        atexit.register(_drop_quietly, template)
        _PG_TEMPLATES[key] = template
    return postgres_database(name, create=True, template=_PG_TEMPLATES[key])


def _drop_quietly(name: str) -> None:
    with contextlib.suppress(Exception):
        postgres_database(name, create=False)


@contextmanager
def live_server(
    var_dir: Path, *, port: int, postgres_name: str = "groundgate_live", **extra_env: str
) -> Iterator[str]:
    """gunicorn (2 worker processes x 8 threads) on 127.0.0.1:`port`, seeded; yields the
    database URL. Stopped (terminate, then wait) on exit."""
    if ON_POSTGRES:
        database_url = _seeded_postgres(postgres_name, extra_env)
    else:
        database_url = f"sqlite:///{var_dir / 'groundgate.sqlite3'}"
        _seeded_sqlite(var_dir / "groundgate.sqlite3", extra_env)
    env = server_env(database_url, var_dir, **extra_env)
    python = sys.executable
    # The server's log goes to a file: a pipe nobody reads would fill and stop the server.
    log = var_dir / "server.log"
    process = subprocess.Popen(
        [
            os.path.join(os.path.dirname(python), "gunicorn"),
            "groundgate.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "8",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    try:
        _wait_for_port(process, port, log)
        yield database_url
    finally:
        process.terminate()
        process.wait(timeout=30)
        if ON_POSTGRES:
            postgres_database(postgres_name, create=False)
