"""Review UI figures (issue 5): queue and case page server time with 100k cases, p95.

Run: .venv/bin/python bench/bench_review_ui.py [--cases 100000] [--requests 60] [--reuse]
    [--rebuild] [--database-url postgres://...]
Builds a throwaway SQLite database under bench/out/ui/ (100k answer cases cycled from the demo
cases, each with a gate run and a queue entry, some reviewed), then times Django handling of
queue pages (default order, each filter, deep pages) and case pages through the test client
(server time: everything but the network). --reuse keeps a database built before (migrated to
the current schema) instead of building one (~35 s idle, minutes on a busy machine); --rebuild
also times `rebuild_queue` over all the cases while a writer stores a new gated case every
20 ms, and reports the longest such write (how long the rebuild kept a writer waiting).
--database-url measures on PostgreSQL instead (that database is dropped and made again unless
--reuse; the role needs CREATEDB), e.g. the server `.ci/start-postgres` starts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "ui"
sys.path.insert(0, str(ROOT))


def setup_django(reuse: bool, database_url: str | None) -> None:
    if not reuse:
        shutil.rmtree(OUT, ignore_errors=True)
        if database_url:
            sys.path.insert(0, str(ROOT / "bench"))
            from bench_api import recreate_postgres

            recreate_postgres(database_url)
    OUT.mkdir(parents=True, exist_ok=True)
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{OUT / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(OUT / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()


def build(count: int) -> tuple[int, list[int]]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import transaction

    from groundgate.engine.registry import get_gate
    from groundgate.models import Case, Role
    from groundgate.services.datasets import dataset_get_or_create, membership_grant
    from groundgate.services.gating import gate_runs_record, gaterun_build, policy_record_for
    from reviews.models import Review
    from reviews.queue import queue_refresh

    call_command("migrate", verbosity=0)
    dataset, _ = dataset_get_or_create(slug="big")
    user = get_user_model().objects.create_user("rita", password="x")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    spec = get_gate("answer")
    record = policy_record_for(spec=spec, policy=spec.default_policy)
    templates = [json.loads(line) for line in
                 (ROOT / "fixtures" / "demo" / "cases.jsonl").read_text().splitlines()]  # fmt: skip
    gated = []
    for t in templates:
        parsed = spec.input_model.model_validate(t)
        gated.append((t, parsed, spec.run(parsed, spec.default_policy)))
    rng = random.Random(7)
    started = time.perf_counter()
    for start in range(0, count, 2000):
        with transaction.atomic():
            cases, runs = [], []
            for n in range(start, min(count, start + 2000)):
                payload, parsed, verdict = gated[n % len(gated)]
                cases.append(Case(dataset=dataset, kind="answer", external_id=f"big-{n}",
                                  question=payload["question"], payload=payload,
                                  payload_sha256=f"{n:064x}"))  # fmt: skip
            Case.objects.bulk_create(cases)
            for case, n in zip(cases, range(start, start + len(cases)), strict=True):
                _, parsed, verdict = gated[n % len(gated)]
                runs.append(gaterun_build(case=case, spec=spec, verdict=verdict,
                                          policy_record=record))  # fmt: skip
            gate_runs_record(runs=runs)
            reviewed = [c for c in cases if rng.random() < 0.2]
            for c in reviewed:
                Review(case=c, gate_run=runs[cases.index(c)], reviewer=user,
                       label=rng.choice(["grounded", "not_grounded"])).save()  # fmt: skip
            queue_refresh([c.pk for c in cases])
    print(f"built {count} cases in {time.perf_counter() - started:.0f} s")
    ids = list(Case.objects.filter(dataset=dataset).values_list("id", flat=True))
    return dataset.pk, ids


def deep_url(query: str, page: int) -> str:
    """The queue URL of page `page` (50 rows a page) of the queue filtered by `query`."""
    from urllib.parse import parse_qsl

    from reviews.models import QueueEntry
    from reviews.selectors import queue_entries

    filters = dict(parse_qsl(query))
    dataset = QueueEntry.objects.filter(dataset__slug="big").first().dataset
    row = queue_entries(dataset=dataset, filters=filters)[(page - 1) * 50 - 1]
    key = f"{int(row.passed)}.{row.review_rank}.{row.case_id}"
    return f"/d/big/?{query}{'&' if query else ''}page={page}&after={key}"


# CPU time of this process per request (Django's part of each page, without the time spent
# waiting for a core or for the database server): steadier than wall time on a shared machine.
CPU: dict[str, list[float]] = {}


def timed(client, url: str) -> float:
    t0, c0 = time.perf_counter(), time.process_time()
    response = client.get(url)
    elapsed = time.perf_counter() - t0
    CPU.setdefault("case page" if "/cases/" in url else "queue", []).append(
        time.process_time() - c0
    )
    assert response.status_code == 200, (url, response.status_code)
    return elapsed


def report(name: str, samples: list[float]) -> None:
    samples.sort()
    p95 = samples[max(0, int(len(samples) * 0.95) - 1)]
    print(f"{name:34} n={len(samples):3}  median {statistics.median(samples) * 1000:6.1f} ms  "
          f"p95 {p95 * 1000:6.1f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    reuse = args.reuse and (args.database_url or (OUT / "bench.sqlite3").exists())
    setup_django(bool(reuse), args.database_url)
    if reuse:
        from django.core.management import call_command

        from groundgate.models import Case

        call_command("migrate", verbosity=0)
        ids = list(Case.objects.filter(dataset__slug="big").values_list("id", flat=True))
        args.cases = len(ids)
    else:
        _, ids = build(args.cases)
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username="rita"))
    pages = args.cases // 50
    # Deep pages name both the page number and the queue key of the row before the page (the
    # keyset link the page gives since issue 15; ?page= before it): the same page either way.
    queue_urls = [
        "/d/big/", "/d/big/?status=ok", "/d/big/?code=UNGROUNDED_NUMBER",
        "/d/big/?review=reviewed", "/d/big/?kind=answer&status=no_evidence",
        deep_url("", pages // 2), deep_url("code=NO_CHUNKS", 10),
    ]  # fmt: skip
    rng = random.Random(11)
    for url in queue_urls[:2]:
        timed(client, url)  # warm up
    by_url: dict[str, list[float]] = {url: [] for url in queue_urls}
    queue = []
    for _ in range(args.requests):
        url = rng.choice(queue_urls)
        queue.append(timed(client, url))
        by_url[url].append(queue[-1])
    report(f"queue ({args.cases} cases)", queue)
    for url, samples in by_url.items():
        if samples:
            report("  " + url.split("&after=")[0][6:][:32], samples)
    case_pages = [timed(client, f"/d/big/cases/{rng.choice(ids)}/") for _ in range(args.requests)]
    report(f"case page ({args.cases} cases)", case_pages)
    for name, samples in CPU.items():
        report(f"{name}: this process's CPU", samples)
    if args.rebuild:
        from reviews.queue import BATCH, queue_rebuild

        probe = WriterProbe()
        probe.start()
        t0 = time.perf_counter()
        count = queue_rebuild()
        wall = time.perf_counter() - t0
        probe.stop()
        print(f"rebuild_queue, {count} cases: {wall:.1f} s ({-(-count // BATCH)} transactions)")
        report("  a writer meanwhile (new case)", probe.waits)
        print(f"  longest write during the rebuild: {max(probe.waits) * 1000:.0f} ms")


class WriterProbe(threading.Thread):
    """Stores a new gated case every 20 ms (the gate service's write path, which adds a queue
    row and its counts) and records how long each write took, while the rebuild runs."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.waits: list[float] = []
        self.running = True

    def run(self) -> None:
        from django.db import connection

        from groundgate.engine.registry import get_gate
        from groundgate.models import Dataset
        from groundgate.services.gating import case_create_gated

        spec = get_gate("answer")
        payload = json.loads(
            (ROOT / "fixtures" / "demo" / "cases.jsonl").read_text().split("\n")[0]
        )
        verdict = spec.run(spec.input_model.model_validate(payload), spec.default_policy)
        dataset = Dataset.objects.get(slug="big")
        n = 0
        while self.running:
            n += 1
            t0 = time.perf_counter()
            case_create_gated(dataset=dataset, kind="answer", external_id=f"probe-{time.time_ns()}",
                              question="q", payload=payload, verdict=verdict,
                              policy=spec.default_policy)  # fmt: skip
            self.waits.append(time.perf_counter() - t0)
            time.sleep(0.02)
        connection.close()

    def stop(self) -> None:
        self.running = False
        self.join()


if __name__ == "__main__":
    main()
