"""Small helpers that read environment variables and fail loudly on bad values.

Kept apart from settings.py so they can be unit-tested without configuring Django.
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from typing import TYPE_CHECKING

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from dj_database_url import DBConfig

    from groundgate.engine.limits import CaseLimits

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer; got {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}; got {value}")
    return value


ProxyNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def env_proxies(name: str) -> tuple[ProxyNetwork, ...]:
    """The trusted proxy hop(s) in front of the server: comma-separated addresses or networks
    (`127.0.0.1`, `10.0.0.0/8, fd00::/8`). Unset, empty, 0/false/no/off: no proxy. A bare
    1/true/yes/on is refused: trusting "a proxy" without naming it would let any client write
    the address the login throttle counts."""
    raw = os.environ.get(name)
    if raw is None or raw.strip().lower() in _FALSE:
        return ()
    if raw.strip().lower() in _TRUE:
        raise ImproperlyConfigured(
            f"{name} names the trusted proxy's address or network (e.g. 127.0.0.1 or "
            f"10.0.0.0/8), not on/off; got {raw!r}"
        )
    networks = []
    for item in raw.split(","):
        try:
            networks.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name} is a comma-separated list of IP addresses or networks; "
                f"{item.strip()!r} is not one"
            ) from None
    return tuple(networks)


SECRET_KEY_MIN_CHARS = 50
SECRET_KEY_MIN_UNIQUE = 5


def secret_key_weakness(key: str) -> str | None:
    """Why `key` is too weak to sign sessions in production, or None. Django's own measure
    (`check --deploy`, security.W009): at least 50 characters, at least 5 different ones, and not
    one of Django's generated development keys."""
    if len(key) < SECRET_KEY_MIN_CHARS:
        return f"it has {len(key)} characters; at least {SECRET_KEY_MIN_CHARS} are needed"
    if len(set(key)) < SECRET_KEY_MIN_UNIQUE:
        return f"it has fewer than {SECRET_KEY_MIN_UNIQUE} different characters"
    if key.startswith("django-insecure"):
        return "it is a development key made by Django's startproject"
    return None


def env_minutes(name: str, default: int, *, minimum: int = 1) -> timedelta:
    """A duration given in whole minutes (GROUNDGATE_PENDING_STALE_MINUTES, ...)."""
    return timedelta(minutes=env_int(name, default, minimum=minimum))


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    items = [item.strip() for item in raw.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(
            f"{name} is a comma-separated list with no empty items; got {raw!r}"
        )
    return items


def env_database(name: str, default: str) -> DBConfig:
    """Parse DATABASE_URL. Only SQLite and PostgreSQL are supported, and that is checked here."""
    import dj_database_url

    raw = os.environ.get(name) or default
    scheme = raw.split(":", 1)[0].lower()
    if scheme not in {"sqlite", "postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(
            f"{name} must be a sqlite:/// or postgres:// URL; got scheme {scheme!r}"
        )
    try:
        # Connections are kept for 60 s on SQLite too: opening one and running its PRAGMAs
        # costs ~0.9 ms of CPU, a quarter of a gate request (issue 15).
        config = dj_database_url.parse(raw, conn_max_age=60)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} is not a valid database URL: {exc}") from None
    if scheme == "sqlite":
        config.setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
    elif env_bool("GROUNDGATE_PG_PREPARED_STATEMENTS", True):
        # Parameters bound by the server, and a statement a connection has run PREPARE_AFTER
        # times kept prepared there: PostgreSQL then skips parsing and planning it. The gate
        # service's write (one statement) and its token read cost the server about half the
        # CPU (issue 15, docs/benchmarks.md). Off (=0) for a pooler that cannot keep prepared
        # statements (PgBouncer in transaction mode before 1.21).
        config.setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=PREPARE_AFTER
        )
    return config


# psycopg's own default: a statement is prepared at its fifth run on a connection.
PREPARE_AFTER = 5


# SQLite as a real default for several writers (docs/limits.md, "Concurrency"):
# - WAL: readers never block the writer and the writer never blocks readers;
# - timeout: a writer waits up to 20 s for the lock (the busy timeout) instead of failing;
# - IMMEDIATE: every transaction takes the write lock when it begins. A DEFERRED transaction
#   that reads and then writes cannot wait for a lock upgrade (SQLite answers "database is
#   locked" at once to avoid a deadlock); one that begins IMMEDIATE queues like any writer.
SQLITE_OPTIONS = {
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000",
}


def env_broker(name: str) -> str:
    """CELERY_BROKER_URL: unset means Celery runs eagerly in-process (the one-command default)."""
    raw = os.environ.get(name, "").strip()
    if raw and not raw.startswith(("redis://", "rediss://", "amqp://", "memory://")):
        raise ImproperlyConfigured(
            f"{name} must be a redis://, rediss:// or amqp:// URL, or unset (eager); got {raw!r}"
        )
    return raw


def env_case_limits() -> CaseLimits:
    """Per-case input limits (docs/limits.md); the groundgate CLI reads the same variables with
    engine.limits.limits_from_environ, which this wraps."""
    from groundgate.engine.limits import limits_from_environ

    try:
        return limits_from_environ(os.environ)
    except ValueError as exc:
        raise ImproperlyConfigured(str(exc)) from None


def env_gc() -> int | None:
    """GROUNDGATE_GC: the collector tuning of the web process and the worker (runtime_gc.py;
    on, off or a gen-0 threshold), refused with the variable named."""
    from groundgate.runtime_gc import gc_setting

    try:
        return gc_setting(os.environ)
    except ValueError as exc:
        raise ImproperlyConfigured(str(exc)) from None
