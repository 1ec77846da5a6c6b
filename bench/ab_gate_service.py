"""The gate service's cost per request, two checkouts alternately, measured as CPU (issue 33).

    .venv/bin/python bench/ab_gate_service.py OLD_CHECKOUT [NEW_CHECKOUT=.] [--requests 300]
        [--rounds 3] [--database-url postgres://user:pw@127.0.0.1:5432/NAME]

Each checkout runs in its own long-lived child process (its own code on sys.path, its own
throwaway database: SQLite under bench/out/ab_gate_service/, or `NAME_a` / `NAME_b` on the
PostgreSQL server, dropped and made again). The parent asks them in turn, A B A B, for a batch
of new-case POSTs to /api/v1/gate/answer through Django's whole stack (WSGI handler, every
middleware, DRF, the service, the database writes) with a token, and prints per batch: CPU per
request of the child (the web process) and, on PostgreSQL, of its database backend (read from
/proc), wall per request and p95. CPU per request is the figure a loaded, shared machine does not
move much; wall and p95 are printed for the record. A worker process's CPU is what bounds a
gate service's requests per second (docs/benchmarks.md, "Gate service").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASE = json.loads((ROOT / "fixtures" / "demo" / "cases.jsonl").read_text().splitlines()[18])

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, os.getcwd())
import django
django.setup()
from django.core.management import call_command
from django.db import connection
call_command("migrate", verbosity=0, interactive=False)
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from django.test import Client
from groundgate.services.datasets import dataset_get_or_create, membership_grant
dataset, _ = dataset_get_or_create(slug="team")
user = get_user_model().objects.create_user("bench", password="bench-secret-pw")
membership_grant(dataset=dataset, user=user, role="admin")
token = Token.objects.create(user=user)
client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
case = json.loads(sys.argv[1])
backend = None
if connection.vendor == "postgresql":
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
TICK = os.sysconf("SC_CLK_TCK")

def backend_cpu():
    if backend is None:
        return 0.0
    with open(f"/proc/{backend}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK

serial = 0
print("ready", flush=True)
for line in sys.stdin:
    n = int(line)
    walls = []
    cpu0, db0 = time.process_time(), backend_cpu()
    for _ in range(n):
        serial += 1
        body = json.dumps(dict(case, case_id=f"ab-{serial}"))
        t0 = time.perf_counter()
        response = client.post(
            "/api/v1/gate/answer?dataset=team", body, content_type="application/json"
        )
        walls.append(time.perf_counter() - t0)
        assert response.status_code == 201, response.content[:300]
    cpu, db = time.process_time() - cpu0, backend_cpu() - db0
    print(json.dumps({"cpu": cpu, "db": db, "walls": walls}), flush=True)
"""


def start(checkout: Path, database_url: str | None, tag: str) -> subprocess.Popen:
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="groundgate.settings",
        LOG_LEVEL="ERROR",
        DEBUG="0",
        SECRET_KEY="bench-ab-gate-service-" + "k" * 40,
        ALLOWED_HOSTS="testserver",
    )
    out = checkout / "bench" / "out" / "ab_gate_service"
    out.mkdir(parents=True, exist_ok=True)
    if database_url:
        base, _, name = database_url.rpartition("/")
        name = f"{name}_{tag}"
        admin = f"{base}/postgres"
        recreate = (
            f"import psycopg; c = psycopg.connect({admin!r}, autocommit=True); "
            f"c.execute('DROP DATABASE IF EXISTS {name}'); c.execute('CREATE DATABASE {name}')"
        )
        subprocess.run([sys.executable, "-c", recreate], check=True)
        env["DATABASE_URL"] = f"{base}/{name}"
    else:
        db = out / f"ab-{tag}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        env["DATABASE_URL"] = f"sqlite:///{db}"
    env["MEDIA_ROOT"] = str(out / f"media-{tag}")
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, json.dumps(CASE)],
        cwd=checkout,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "ready", tag
    return child


def batch(child: subprocess.Popen, n: int) -> dict:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(f"{n}\n")
    child.stdin.flush()
    return json.loads(child.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    children = {
        "old": start(args.old.resolve(), args.database_url, "a"),
        "new": start(args.new.resolve(), args.database_url, "b"),
    }
    try:
        for child in children.values():
            batch(child, 20)  # warm: imports, first statements, prepared statements
        cpu: dict[str, list[float]] = {"old": [], "new": []}
        for number in range(args.rounds):
            for name, child in children.items():
                got = batch(child, args.requests)
                walls = sorted(got["walls"])
                per = (got["cpu"] + got["db"]) / args.requests * 1000
                cpu[name].append(per)
                print(
                    f"round {number + 1} {name}: CPU {got['cpu'] / args.requests * 1000:.2f} ms"
                    f" + database {got['db'] / args.requests * 1000:.2f} ms per request;"
                    f" wall median {statistics.median(walls) * 1000:.1f} ms,"
                    f" p95 {walls[int(len(walls) * 0.95) - 1] * 1000:.1f} ms;"
                    f" load {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
        old, new = statistics.median(cpu["old"]), statistics.median(cpu["new"])
        print(f"median CPU per request (process + database): old {old:.2f} ms, new {new:.2f} ms,")
        print(f"new / old {new / old:.2f} (above 1: new costs more)")
    finally:
        for child in children.values():
            child.kill()


if __name__ == "__main__":
    main()
