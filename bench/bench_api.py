"""API figures (issues 6, 15). Run:
    .venv/bin/python bench/bench_api.py [--seconds 15] [--clients 1,4,16] [--port 8765] [--export 0]
        [--database-url postgres://...] [--client raw|http]

1. POST /api/v1/gate/answer under gunicorn (2 sync workers) on 127.0.0.1: requests/s, median
   and p95 at 1, 4 and 16 client threads (--clients), new cases (each request stores a case, a
   gate run and its queue row). The load is bounded (threads x time). The client's own CPU per
   request is printed beside the server's: they share the machine's cores (see load()).
2. Export of N audited records (`manage.py export`, the same code as the API) in a subprocess:
   records/s and peak RSS. Goals: >= 20,000 records/s, <= 200 MB.
Everything runs on loopback against a throwaway SQLite database under bench/out/api/.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "api"
PY = sys.executable
# --database-url: a PostgreSQL server to measure on instead (its database is dropped and made
# again; the role needs CREATEDB), e.g. the one `.ci/start-postgres` starts:
# postgres://groundgate_test:groundgate_test@127.0.0.1:5432/groundgate_bench
DATABASE_URL = f"sqlite:///{OUT / 'api.sqlite3'}"
CASE = json.loads((ROOT / "fixtures" / "demo" / "cases.jsonl").read_text().splitlines()[18])


def env() -> dict:
    return dict(
        os.environ,
        DATABASE_URL=DATABASE_URL,
        MEDIA_ROOT=str(OUT / "media"),
        DJANGO_SETTINGS_MODULE="groundgate.settings",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="ERROR",
    )


def manage(*args: str) -> str:
    return subprocess.run(
        [PY, "manage.py", *args], cwd=ROOT, env=env(), check=True, capture_output=True, text=True
    ).stdout


def recreate_postgres(url: str) -> None:
    from urllib.parse import urlsplit

    import psycopg

    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def setup_api() -> str:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    if DATABASE_URL.startswith("postgres"):
        recreate_postgres(DATABASE_URL)
    manage("migrate", "-v0")
    script = (
        "from django.contrib.auth import get_user_model;"
        "from rest_framework.authtoken.models import Token;"
        "from groundgate.services.datasets import dataset_get_or_create, membership_grant;"
        "d,_=dataset_get_or_create(slug='bench');u=get_user_model().objects.create_user('bot');"
        "membership_grant(dataset=d,user=u);print(Token.objects.create(user=u).key)"
    )
    return manage("shell", "-c", script).strip().splitlines()[-1]


def load(
    port: int, token: str, seconds: float, threads: int, phase: str, client: str
) -> list[float]:
    """Send new cases from `threads` client threads for `seconds`; each request's latency.

    client "raw": a request is a few prepared bytes on a new socket, read to the close (the
    sync workers close every connection): ~0.1 ms of this process's CPU per request. "http":
    http.client and json.dumps per request, the harness of the figures before 2026-11-23:
    ~0.5 ms per request. Client and server share this machine's cores, so a heavy client
    slows the server it measures, the more so the less CPU the server needs per request."""
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds
    counter = iter(range(10_000_000))
    # The case as JSON with a marker where each request's own case_id goes.
    head, tail = json.dumps(CASE | {"case_id": "\x00"}).encode().split(b"\\u0000")
    request_line = (
        b"POST /api/v1/gate/answer?dataset=bench HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Authorization: Token " + token.encode() + b"\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\n"
    )

    def raw_request() -> None:
        body = head + f"{phase}-{next(counter)}".encode() + tail
        message = request_line + b"Content-Length: %d\r\n\r\n" % len(body) + body
        t0 = time.perf_counter()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(message)
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        elapsed = time.perf_counter() - t0
        status = b"".join(chunks)[9:12]
        assert status == b"201", status
        with lock:
            latencies.append(elapsed)

    def http_request() -> None:
        body = json.dumps(CASE | {"case_id": f"{phase}-{next(counter)}"})
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        t0 = time.perf_counter()
        conn.request(
            "POST",
            "/api/v1/gate/answer?dataset=bench",
            body=body,
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        response = conn.getresponse()
        response.read()
        elapsed = time.perf_counter() - t0
        conn.close()
        assert response.status == 201, response.status
        with lock:
            latencies.append(elapsed)

    one = raw_request if client == "raw" else http_request

    def worker() -> None:
        while time.perf_counter() < stop:
            one()

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return latencies


def bench_gate(
    seconds: float, clients: list[int], port: int, threads_per_worker: int = 1, client: str = "raw"
) -> None:
    token = setup_api()
    server = subprocess.Popen(
        [
            PY,
            "-m",
            "gunicorn",
            "groundgate.wsgi",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            # 1: sync workers (the figures of docs/benchmarks.md); more: gthread workers.
            "--threads",
            str(threads_per_worker),
        ],
        cwd=ROOT,
        env=env(),
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/login/")
                break
            except OSError:
                time.sleep(0.1)
        load(port, token, 2, max(clients), "warm", client)
        workers_note = f" x {threads_per_worker} threads" if threads_per_worker > 1 else ""
        for threads in clients:
            cpu, db_cpu = server_cpu_seconds(server.pid), database_cpu_seconds()
            load_before = os.getloadavg()[0]
            started, client_cpu = time.perf_counter(), time.process_time()
            latencies = load(port, token, seconds, threads, f"run{threads}", client)
            wall = time.perf_counter() - started
            client_cpu = time.process_time() - client_cpu
            cpu = server_cpu_seconds(server.pid) - cpu
            db_cpu = database_cpu_seconds() - db_cpu
            latencies.sort()
            p95 = latencies[int(len(latencies) * 0.95) - 1]
            db = f", PostgreSQL {db_cpu / len(latencies) * 1000:.2f}" if db_cpu else ""
            print(
                f"gate endpoint (gunicorn 2 workers{workers_note}, {threads:2d} client threads, "
                f"{seconds:g} s): "
                f"{len(latencies) / wall:.0f} requests/s, median "
                f"{statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms; "
                f"server CPU {cpu / len(latencies) * 1000:.2f}{db} ms/request, "
                f"client ({client}) {client_cpu / len(latencies) * 1000:.2f} ms/request; "
                f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    finally:
        server.terminate()
        server.wait(10)


def server_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by the gunicorn workers, children of `pid` (Linux
    /proc). On a shared machine this is steadier than requests/s: it does not count the time a
    request waited for a core. The database server's own CPU (PostgreSQL) is not in it."""
    total = 0
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            workers = [int(p) for p in fh.read().split()]
    except OSError:
        return 0.0
    for worker in workers:
        try:
            with open(f"/proc/{worker}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds() -> float:
    """CPU time (user + system) used so far by the PostgreSQL backends serving the bench's
    database (the gunicorn workers' kept connections), from /proc: the database server's share
    of a request, on the same cores. 0 on SQLite or when the server's processes are not
    visible (another machine or container)."""
    if not DATABASE_URL.startswith("postgres"):
        return 0.0
    from urllib.parse import urlsplit

    import psycopg

    name = urlsplit(DATABASE_URL).path.lstrip("/")
    with psycopg.connect(DATABASE_URL, autocommit=True) as conn:
        pids = [
            pid
            for (pid,) in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [name],
            )
        ]
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def bench_export(count: int) -> None:
    build = subprocess.run(
        [PY, "bench/bench_review_ui.py", "--cases", str(count), "--requests", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        raise SystemExit(build.stderr)
    ui_env = dict(
        env(), DATABASE_URL=f"sqlite:///{ROOT / 'bench' / 'out' / 'ui' / 'bench.sqlite3'}"
    )
    # Run the export command in a process that reports its own peak RSS at exit.
    code = (
        "import resource, sys, os; sys.argv = ['manage.py', 'export', '--dataset', 'big',"
        f" '--output', {str(OUT / 'export.jsonl')!r}];"
        "import django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'groundgate.settings');"
        "from django.core.management import execute_from_command_line;"
        "execute_from_command_line(sys.argv);"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)"
    )
    t0 = time.perf_counter()
    result = subprocess.run([PY, "-c", code], cwd=ROOT, env=ui_env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    assert result.returncode == 0, result.stderr
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    lines = sum(1 for _ in (OUT / "export.jsonl").open("rb"))
    size = (OUT / "export.jsonl").stat().st_size / 1e6
    print(
        f"export {lines} records ({size:.0f} MB JSONL) in {wall:.2f} s (process start included): "
        f"{lines / wall:,.0f} records/s, peak RSS {peak_kb / 1024:.0f} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument(
        "--clients", default="1,4,16", help="client thread counts, comma-separated (one run each)"
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--export", type=int, default=100_000, help="0 skips the export figure")
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (1: sync workers)"
    )
    parser.add_argument(
        "--client",
        choices=("raw", "http"),
        default="raw",
        help="the load's client: raw sockets (light) or http.client (the earlier figures')",
    )
    args = parser.parse_args()
    if args.database_url:
        global DATABASE_URL
        DATABASE_URL = args.database_url
    OUT.mkdir(parents=True, exist_ok=True)
    bench_gate(
        args.seconds,
        [int(c) for c in args.clients.split(",")],
        args.port,
        args.threads,
        args.client,
    )
    if args.export:
        bench_export(args.export)


if __name__ == "__main__":
    main()
