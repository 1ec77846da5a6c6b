"""The queue at a million cases (issue 30): p50/p95 server time of every queue filter.

Run: .venv/bin/python bench/bench_queue.py [--cases 1000000] [--requests 12] [--reuse]
    [--database-url postgres://...] [--only NAME,...]
Builds a throwaway database (SQLite under bench/out/queue/, or the PostgreSQL database named by
--database-url, dropped and made again unless --reuse) in bulk: the demo dataset is loaded and
gated through the services once (every family: answer, PDF, anchored, synthesis, report, code),
then its rows are copied with executemany into three datasets (`big` holds --cases, two others
a tenth each), as real cases look: each copy its own external id (`ans-...` request ids, `case-N`
ids), a question and conclusion with a few words of its own (searchable), the template's gate
run (status, findings, finding codes, verdict) and queue rows, reviews by five reviewers (20%
reviewed, 2% disputed, with a call per finding, and the calls' queue rows), assignments (10%),
a few live reservations.
The maintained counts are then recounted (reviews.queue.queue_recount, progress_recount,
assignment_recount), as `rebuild_queue` ends. 1M cases: a few minutes on SQLite, more on PostgreSQL.

Then times Django handling each queue URL (the test client: server time without the network)
as a reviewer and as an admin, every filter the page offers, alone and combined, searches, and
deep keyset pages, interleaved in a random order; prints p50/p95 per URL and the slowest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "queue"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

REVIEWERS = ["rita", "rob", "rae", "ron", "ria"]
SYLLABLES = ["ka", "lo", "mi", "ne", "su", "ta", "ve", "ro", "pi", "da", "go", "fu", "zi", "he"]


def setup_django(reuse: bool, database_url: str | None) -> None:
    if not reuse:
        if database_url:
            from bench_api import recreate_postgres

            recreate_postgres(database_url)
        else:
            (OUT / "bench.sqlite3").unlink(missing_ok=True)
    OUT.mkdir(parents=True, exist_ok=True)
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{OUT / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(OUT / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    # As served: DEBUG off (no query log, no debug toolbar), with a throwaway key.
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(3))


def _insert(model, rows: list[dict]) -> None:
    """Plain rows (column name -> value) into `model`'s table: COPY on PostgreSQL (psycopg's
    copy, rows as they are), executemany on SQLite."""
    from django.db import connection

    if not rows:
        return
    columns = list(rows[0])
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(tuple(row.values()))
            return
        marks = ", ".join(["%s"] * len(columns))
        cursor.executemany(
            f"INSERT INTO {table} ({names}) VALUES ({marks})", [tuple(r.values()) for r in rows]
        )


def _templates() -> list[dict]:
    """The demo's cases, gated through the services: each with its case, newest run, queue
    entry and codes as plain column values."""
    from groundgate.models import Case, GateRun
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.demo import demo_load
    from reviews.models import QueueEntry

    demo, _ = dataset_get_or_create(slug="demo")
    demo_load(dataset=demo)
    out = []
    for case in Case.objects.filter(dataset=demo).order_by("id"):
        run = GateRun.objects.filter(case=case).order_by("-id").first()
        entry = QueueEntry.objects.filter(case=case).first()
        if run is None or entry is None:
            continue
        out.append({"case": case, "run": run, "entry": entry})
    return out


def build(count: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.utils import timezone

    from groundgate.models import Case, GateRun, Role
    from groundgate.services.datasets import dataset_get_or_create, membership_grant
    from reviews.assignment_counts import assignment_recount
    from reviews.models import (
        Assignment,
        FindingDecision,
        QueueCall,
        QueueCode,
        QueueEntry,
        QueueText,
        Reservation,
        Review,
    )
    from reviews.queue import RANK, progress_recount, queue_recount, review_state
    from reviews.search import search_text

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    templates = _templates()
    users = get_user_model()
    admin = users.objects.create_user("ada", password="x")
    reviewers = [users.objects.create_user(name, password="x") for name in REVIEWERS]
    rng = random.Random(7)
    now = timezone.now()
    next_case = (Case.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1
    next_run = (GateRun.objects.order_by("-id").values_list("id", flat=True).first() or 0) + 1
    next_review = 1
    payloads = [json.loads(json.dumps(t["case"].payload)) for t in templates]
    for t in templates:  # the run's JSON columns, written once per template
        t["findings"] = json.dumps(t["run"].findings)
        t["metrics"] = json.dumps(t["run"].metrics)
    for slug, size in (("big", count), ("side-a", count // 10), ("side-b", count // 10)):
        dataset, _ = dataset_get_or_create(slug=slug)
        membership_grant(dataset=dataset, user=admin, role=Role.ADMIN)
        for user in reviewers:
            membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
        for start in range(0, size, 5000):
            cases, runs, entries, codes, reviews, decisions, assigned = [], [], [], [], [], [], []
            calls, texts = [], []
            for n in range(start, min(size, start + 5000)):
                t = templates[n % len(templates)]
                case, run, entry = t["case"], t["run"], t["entry"]
                words = f"{_word(rng)} {_word(rng)}"
                payload = payloads[n % len(templates)]
                answer = payload.get("answer") if isinstance(payload, dict) else None
                if isinstance(answer, dict) and isinstance(answer.get("conclusion"), str):
                    payload = {**payload, "answer": {**answer}}
                    payload["answer"]["conclusion"] = f"{answer['conclusion']} ({words})"
                external = (
                    f"ans-{(n * 2654435761) % 2**32:08x}{n:07x}" if n % 3 else f"{slug}-case-{n}"
                )
                question = f"{case.question} [{words}]" if case.question else ""
                cid, rid = next_case, next_run
                next_case, next_run = next_case + 1, next_run + 1
                texts.append(  # as reviews.queue writes it (the FTS5 table by its triggers)
                    {
                        "case_id": cid,
                        "dataset_id": dataset.pk,
                        "text": search_text(
                            kind=case.kind, external_id=external, question=question, payload=payload
                        ),
                    }
                )
                cases.append(
                    {
                        "id": cid,
                        "dataset_id": dataset.pk,
                        "kind": case.kind,
                        "external_id": external,
                        "question": question,
                        "payload": json.dumps(payload, ensure_ascii=False),
                        "payload_sha256": f"{cid:064x}",
                        "created_at": now,
                    }
                )
                runs.append(
                    {
                        "id": rid,
                        "case_id": cid,
                        "gate": run.gate,
                        "gate_version": run.gate_version,
                        "policy_id": run.policy_id,
                        "policy_sha256": run.policy_sha256,
                        "status": run.status,
                        "passed": run.passed,
                        "findings": t["findings"],
                        "finding_codes": run.finding_codes,
                        "metrics": t["metrics"],
                        "verdict": run.verdict,
                        "created_at": now,
                    }
                )
                labels: dict[int, str] = {}
                called: set[tuple[str, str]] = set()  # the calls of the reviewers' reviews
                roll = rng.random()
                if roll < 0.22:
                    first = rng.randrange(len(reviewers))
                    labels[reviewers[first].pk] = rng.choice(["grounded", "not_grounded"])
                    if roll < 0.02:  # a second reviewer who disagrees
                        other = reviewers[(first + 1) % len(reviewers)].pk
                        labels[other] = (
                            "cannot_judge"
                            if labels[reviewers[first].pk] == "grounded"
                            else "grounded"
                        )
                for reviewer_id, label in labels.items():
                    reviews.append(
                        {
                            "id": next_review,
                            "case_id": cid,
                            "gate_run_id": rid,
                            "reviewer_id": reviewer_id,
                            "label": label,
                            "comment": "",
                            "created_at": now - timedelta(days=rng.randrange(30)),
                        }
                    )
                    for index, finding in enumerate(run.findings[:3]):
                        call = rng.choice(["right", "right", "wrong"])
                        decisions.append(
                            {
                                "review_id": next_review,
                                "finding_index": index,
                                "code": finding.get("code", ""),
                                "call": call,
                                "reason": "",
                            }
                        )
                        called.add((finding.get("code", ""), call))
                    next_review += 1
                state, final, agreed = review_state(labels, 1, None)
                entries.append(
                    {
                        "case_id": cid,
                        "dataset_id": dataset.pk,
                        "kind": entry.kind,
                        "external_id": external,
                        "question": question[:300],
                        "gate_status": entry.gate_status,
                        "outcome": entry.outcome,
                        "passed": entry.passed,
                        "finding_codes": entry.finding_codes,
                        "review_state": state,
                        "review_rank": RANK[state],
                        "review_count": len(labels),
                        "final_label": final,
                        "review_label": agreed,
                    }
                )
                for code in entry.finding_codes.split():
                    codes.append(
                        {
                            "dataset_id": dataset.pk,
                            "case_id": cid,
                            "code": code,
                            "passed": entry.passed,
                            "review_rank": RANK[state],
                        }
                    )
                for code, call in sorted(called):  # as reviews.queue keeps them
                    calls.append(
                        {
                            "dataset_id": dataset.pk,
                            "case_id": cid,
                            "code": code,
                            "call": call,
                            "passed": entry.passed,
                            "review_rank": RANK[state],
                        }
                    )
                if rng.random() < 0.1:
                    assignee = rng.choice(reviewers).pk
                    assigned.append(
                        {
                            "case_id": cid,
                            "dataset_id": dataset.pk,
                            "reviewer_id": assignee,
                            "assigned_by_id": admin.pk,
                            "assigned_at": now,
                            "reviewed": assignee in labels,  # as review_submit keeps it
                            "review_state": state,  # as reviews.queue keeps it (d393)
                        }
                    )
            with transaction.atomic():
                _insert(Case, cases)
                _insert(GateRun, runs)
                _insert(QueueEntry, entries)
                _insert(QueueCode, codes)
                _insert(Review, reviews)
                _insert(FindingDecision, decisions)
                _insert(QueueCall, calls)
                _insert(QueueText, texts)
                _insert(Assignment, assigned)
            if start % 100_000 == 0:
                print(
                    f"  {slug}: {start + len(cases)} cases, {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
        holds = QueueEntry.objects.filter(dataset=dataset, review_rank=0).values_list(
            "case_id", flat=True
        )[:40]
        _insert(
            Reservation,
            [
                {
                    "case_id": cid,
                    "dataset_id": dataset.pk,
                    "reviewer_id": reviewers[i % len(reviewers)].pk,
                    "expires_at": now + timedelta(days=3650),
                }
                for i, cid in enumerate(holds)
            ],
        )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for model in (Case, GateRun, Review, FindingDecision, QueueCode, QueueCall):
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT MAX(id) FROM {table}))"
                )
            cursor.execute("ANALYZE")
    else:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    queue_recount()
    progress_recount()
    assignment_recount()
    print(f"built {count} + 2 x {count // 10} cases in {time.perf_counter() - started:.0f} s")


def urls(slug: str) -> list[tuple[str, str, str]]:
    """(name, user, url) of every queue view to time."""
    from django.db.models import Count

    from groundgate.models import Case
    from reviews.models import QueueCode, QueueEntry
    from reviews.selectors import queue_entries

    dataset = QueueEntry.objects.filter(dataset__slug=slug).first().dataset
    codes = list(
        QueueCode.objects.filter(dataset=dataset)
        .values_list("code")
        .annotate(n=Count("*"))
        .order_by("n")
    )
    rare, common = codes[0][0], codes[-1][0]
    sample = Case.objects.filter(
        dataset=dataset, external_id__startswith="ans-", question__endswith="]"
    ).order_by("id")
    first = sample.first()
    some = sample.filter(id__gte=first.id + 20_011).first() or first
    words = some.question.rsplit("[", 1)[-1].rstrip("]")

    def deep(query: str, fraction: float) -> str:
        from urllib.parse import parse_qsl

        filters = dict(parse_qsl(query))
        entries = queue_entries(dataset=dataset, filters=filters)
        total = entries.count()
        n = max(1, int(total * fraction) // 50 * 50)
        row = entries[n - 1]
        key = f"{int(row.passed)}.{row.review_rank}.{row.case_id}"
        return f"{query}{'&' if query else ''}page={n // 50 + 1}&after={key}"

    base = f"/d/{slug}/?"
    views = [
        ("default", ""),
        ("status=ok", "status=ok"),
        ("status=no_evidence", "status=no_evidence"),
        ("outcome=rejected", "outcome=rejected"),
        ("kind=report", "kind=report"),
        ("review=unreviewed", "review=unreviewed"),
        ("review=reviewed", "review=reviewed"),
        ("review=disputed", "review=disputed"),
        ("code (commonest)", f"code={common}"),
        ("code (rarest)", f"code={rare}"),
        ("code + status + review", f"code={common}&status=ungrounded&review=unreviewed"),
        ("code + call=wrong", f"code={common}&call=wrong"),
        ("no_code (commonest)", f"no_code={common}"),
        ("review_label=grounded", "review_label=grounded"),
        ("final_label=not_grounded", "final_label=not_grounded"),
        ("assigned=rita", "assigned=rita"),
        ("assigned + review=unreviewed", "assigned=rob&review=unreviewed"),
        ("reservation=mine", "reservation=mine"),
        ("search: case id", f"q={some.pk}"),
        ("search: request id prefix", f"q={some.external_id[:10]}"),
        ("search: phrase (1 case)", f"q={words}"),
        ("search: phrase (common)", "q=pump"),
        ("search: phrase (none)", "q=zzqx nothing"),
        ("deep: middle page", deep("", 0.5)),
        ("deep: last pages", deep("", 0.999)),
        ("deep: code, middle", deep(f"code={common}", 0.5)),
        ("deep: review=reviewed, end", deep("review=reviewed", 0.99)),
    ]
    out = [(name, "rita", base + query) for name, query in views]
    out += [
        ("admin: default", "ada", base),
        ("admin: reservation=all", "ada", base + "reservation=all"),
        ("admin: reservation=others", "ada", base + "reservation=others"),
    ]
    return out


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(p * len(ordered)) - 1))]


def measure(requests: int, only: set[str] | None) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    clients = {}
    for name in ("rita", "ada"):
        clients[name] = Client()
        clients[name].force_login(get_user_model().objects.get(username=name))
    views = [v for v in urls("big") if not only or any(o in v[0] for o in only)]
    for name, user, url in views:  # warm up each once (the first query of a plan)
        t0 = time.perf_counter()
        response = clients[user].get(url)
        assert response.status_code == 200, (url, response.status_code)
        print(f"  warm-up {name:34} {(time.perf_counter() - t0) * 1000:8.1f} ms", flush=True)
    samples: dict[str, list[float]] = {name: [] for name, _, _ in views}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in views}
    rng = random.Random(11)
    order = [v for v in views for _ in range(requests)]
    rng.shuffle(order)
    for name, user, url in order:
        t0, c0 = time.perf_counter(), time.process_time()
        response = clients[user].get(url)
        samples[name].append(time.perf_counter() - t0)
        cpu[name].append(time.process_time() - c0)
        assert response.status_code == 200, (url, response.status_code)
    everything = [s for v in samples.values() for s in v]
    # Wall time, and this process's CPU time (Django and, on SQLite, the queries; on
    # PostgreSQL the server's part is not in it): the machine is shared, so both are shown.
    print(f"{'queue view':34} {'n':>3} {'p50 ms':>8} {'p95 ms':>8} {'cpu p50':>8} {'cpu p95':>8}")
    for name, values in samples.items():
        print(
            f"{name:34} {len(values):3} {statistics.median(values) * 1000:8.1f} "
            f"{percentile(values, 0.95) * 1000:8.1f} {statistics.median(cpu[name]) * 1000:8.1f} "
            f"{percentile(cpu[name], 0.95) * 1000:8.1f}"
        )
    print(
        f"{'all views':34} {len(everything):3} {statistics.median(everything) * 1000:8.1f} "
        f"{percentile(everything, 0.95) * 1000:8.1f}"
    )
    worst = max(samples, key=lambda n: percentile(samples[n], 0.95))
    print(f"slowest p95: {worst} {percentile(samples[worst], 0.95) * 1000:.1f} ms")


def main() -> None:
    global OUT
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=12)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--only", default="", help="time only views whose name has one of these")
    parser.add_argument("--out", default=None, help=f"the SQLite database's folder ({OUT})")
    args = parser.parse_args()
    if args.out:
        OUT = Path(args.out).resolve()
    reuse = args.reuse and (args.database_url or (OUT / "bench.sqlite3").exists())
    setup_django(bool(reuse), args.database_url)
    if reuse:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
    else:
        build(args.cases)
    only = {o for o in args.only.split(",") if o} or None
    measure(args.requests, only)


if __name__ == "__main__":
    main()
