"""A bounded load test with hostile input mixed in (issue 14).

Run: DEBUG=1 .venv/bin/python bench/bench_load.py [--clients 16] [--seconds 60] [--port 8114]

gunicorn (2 workers x 8 threads) on 127.0.0.1 against a throwaway SQLite file (WAL, IMMEDIATE
transactions, as configured by default) under bench/out/load/. 16 client threads for 60 s, each
request drawn in turn from a fixed mix: gate a new answer case, list cases, read a case, import a
small JSONL batch, and hostile requests (a body over the request limit, NaN in an ignored key, an
id past 255 characters, a 64-bit-overflowing id in a URL, an export with an impossible offset).
Reports requests by status, 5xx (the goal is zero), latency percentiles, and the peak RSS of the
server's processes (sampled from /proc every 0.2 s).
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "load"
PY = sys.executable
TOKEN = "ada".ljust(40, "0")

SEED = f"""
import django
django.setup()
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
dataset, _ = dataset_get_or_create(slug="team")
user = get_user_model().objects.create_user("ada", password="ada-secret-pw")
membership_grant(dataset=dataset, user=user, role="admin")
Token.objects.create(user=user, key={TOKEN!r})
with open({str(ROOT / "fixtures" / "demo" / "cases.jsonl")!r}, "rb") as fh:
    case_import_lines(dataset=dataset, lines=fh)
"""


def env(port: int) -> dict:
    return dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{OUT / 'load.sqlite3'}",
        MEDIA_ROOT=str(OUT / "media"),
        DJANGO_SETTINGS_MODULE="groundgate.settings",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="ERROR",
        DEBUG="0",
        SECRET_KEY="bench-load-" + "k" * 50,
        GROUNDGATE_MAX_REQUEST_BYTES=str(1024 * 1024),
    )


def answer_case(case_id: str, **extra) -> dict:
    return {
        "case_id": case_id,
        "question": "How heavy is the box?",
        "raw_chunks": [{"chunk_id": "c1", "text": "The box weighs 2 kg and costs 5 euros."}],
        "answer": {
            "conclusion": "The box weighs 2 kg.",
            "evidences": [{"chunk_id": "c1", "excerpt": "The box weighs 2 kg"}],
        },
        **extra,
    }


class Mix:
    """The request mix, one request per call, shared by the client threads."""

    def __init__(self) -> None:
        self.counter = itertools.count()

    def next(self) -> tuple[str, str, bytes | None, str]:
        n = next(self.counter)
        kind = n % 10
        if kind in (0, 1, 2):
            body = json.dumps(answer_case(f"load-{n}")).encode()
            return "POST", "/api/v1/gate/answer?dataset=team", body, "application/json"
        if kind == 3:
            return "GET", "/api/v1/datasets/team/cases/?page_size=50", None, ""
        if kind == 4:
            return "GET", "/api/v1/datasets/team/cases/1/", None, ""
        if kind == 5:
            lines = [json.dumps(answer_case(f"import-{n}-{i}")) for i in range(20)]
            body = "\n".join(lines).encode()
            return "POST", "/api/v1/datasets/team/cases/import", body, "application/x-ndjson"
        if kind == 6:
            body = b'{"question": "' + b"x" * (2 * 1024 * 1024) + b'"}'
            return "POST", "/api/v1/answer", body, "application/json"
        if kind == 7:
            text = json.dumps(answer_case(f"nan-{n}", score=float("nan"))).encode()
            return "POST", "/api/v1/gate/answer?dataset=team", text, "application/json"
        if kind == 8:
            body = json.dumps(answer_case("x" * 300)).encode()
            return "POST", "/api/v1/gate/answer?dataset=team", body, "application/json"
        path = (
            "/api/v1/datasets/team/cases/99999999999999999999999/"
            if n % 20 == 9
            else "/api/v1/datasets/team/export?since=2024-01-01T00:00:00%2B99:00"
        )
        return "GET", path, None, ""


def rss_of_tree(pid: int) -> int:
    """Resident bytes of `pid` and its children (the gunicorn workers)."""
    total = 0
    for child in [pid, *children(pid)]:
        try:
            with open(f"/proc/{child}/status") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--port", type=int, default=8114)
    args = parser.parse_args()

    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    environment = env(args.port)
    subprocess.run([PY, "manage.py", "migrate", "-v0"], cwd=ROOT, env=environment, check=True)
    subprocess.run([PY, "-c", SEED], cwd=ROOT, env=environment, check=True)
    gunicorn = Path(PY).parent / "gunicorn"
    command = [str(gunicorn), "groundgate.wsgi", "-b", f"127.0.0.1:{args.port}"]
    command += ["-w", "2", "--threads", "8", "--log-level", "error"]
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env=environment,
    )
    try:
        time.sleep(3)
        mix, statuses, latencies = Mix(), Counter(), []
        lock = threading.Lock()
        peak = [0]
        deadline = time.monotonic() + args.seconds

        def client() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=120)
            while time.monotonic() < deadline:
                method, path, body, content_type = mix.next()
                headers = {"Authorization": f"Token {TOKEN}"}
                if content_type:
                    headers["Content-Type"] = content_type
                started = time.perf_counter()
                try:
                    conn.request(method, path, body=body, headers=headers)
                    response = conn.getresponse()
                    response.read()
                    status = response.status
                    if response.getheader("Connection", "").lower() == "close":
                        conn.close()
                        conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=120)
                except (OSError, http.client.HTTPException):
                    status = "connection error"
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=120)
                elapsed = time.perf_counter() - started
                with lock:
                    statuses[status] += 1
                    latencies.append(elapsed)

        def sample() -> None:
            while time.monotonic() < deadline:
                peak[0] = max(peak[0], rss_of_tree(server.pid))
                time.sleep(0.2)

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        threads.append(threading.Thread(target=sample))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        server.wait(timeout=30)

    total = sum(statuses.values())
    fives = sum(n for s, n in statuses.items() if isinstance(s, int) and s >= 500)
    latencies.sort()
    rate = total / args.seconds
    print(f"{args.clients} clients, {args.seconds:g} s: {total} requests, {rate:.0f}/s")
    print("by status:", dict(sorted(statuses.items(), key=str)))
    print(f"5xx: {fives}; connection errors: {statuses['connection error']}")
    print(
        f"latency median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p95 {latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms, "
        f"max {latencies[-1] * 1000:.0f} ms"
    )
    print(f"server peak RSS (master + 2 workers): {peak[0] / 1024 / 1024:.0f} MB")


if __name__ == "__main__":
    main()
