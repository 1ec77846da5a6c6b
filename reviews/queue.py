"""The queue index: recompute QueueEntry/QueueCode rows from the append-only records, and keep
QueueCount (rows per filter value) in step with them.

Called for the cases a write touched, in the same transaction (gating services send
groundgate.services.signals.cases_changed; review services call it directly). rebuild_queue
recomputes everything, e.g. after a restore, a batch per transaction so that writers wait for a
moment at most, then recounts.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import Count, Max

from groundgate.models import Case, GateRun
from groundgate.models.rows import rows_insert
from reviews.models import QueueCode, QueueCount, QueueEntry, Relabel, Review, ReviewState

RANK = {ReviewState.UNREVIEWED: 0, ReviewState.DISPUTED: 1, ReviewState.REVIEWED: 2}
BATCH = 500
# Seconds between two rebuild batches on SQLite (longer than its busy handler's 100 ms retry).
SQLITE_WRITER_WINDOW = 0.12


def review_state(labels_by_reviewer: dict[int, str], required: int, relabel: str | None):
    """(state, final label). An admin's relabel settles a case; otherwise reviewers' latest
    labels must agree, and enough reviewers must have reviewed."""
    if relabel:
        return ReviewState.REVIEWED, relabel
    labels = set(labels_by_reviewer.values())
    if not labels:
        return ReviewState.UNREVIEWED, ""
    if len(labels) > 1:
        return ReviewState.DISPUTED, ""
    if len(labels_by_reviewer) < required:
        return ReviewState.UNREVIEWED, ""
    return ReviewState.REVIEWED, labels.pop()


@transaction.atomic
def queue_refresh(case_ids: Iterable[int]) -> None:
    ids = list(dict.fromkeys(case_ids))
    for start in range(0, len(ids), BATCH):
        _refresh(ids[start : start + BATCH])


def _refresh(ids: list[int]) -> None:
    cases = list(
        Case.objects.filter(id__in=ids).values(
            "id", "dataset_id", "kind", "external_id", "question", "dataset__reviews_required"
        )
    )
    newest = GateRun.objects.filter(case_id__in=ids).values("case_id").annotate(last=Max("id"))
    runs = {
        r["case_id"]: r
        for r in GateRun.objects.filter(id__in=[n["last"] for n in newest]).values(
            "case_id", "status", "passed", "finding_codes"
        )
    }
    latest_labels: dict[int, dict[int, str]] = defaultdict(dict)
    for r in (
        Review.objects.filter(case_id__in=ids)
        .order_by("id")
        .values("case_id", "reviewer_id", "label")
    ):
        latest_labels[r["case_id"]][r["reviewer_id"]] = r["label"]
    relabels: dict[int, str] = {}
    for r in Relabel.objects.filter(case_id__in=ids).order_by("id").values("case_id", "to_label"):
        relabels[r["case_id"]] = r["to_label"]

    entries, codes = [], []
    for case in cases:
        run = runs.get(case["id"], {})
        labels = latest_labels.get(case["id"], {})
        state, final = review_state(
            labels, case["dataset__reviews_required"], relabels.get(case["id"])
        )
        entries.append(
            QueueEntry(
                case_id=case["id"],
                dataset_id=case["dataset_id"],
                kind=case["kind"],
                external_id=case["external_id"],
                question=(case["question"] or "")[:300],
                gate_status=run.get("status", ""),
                passed=run.get("passed", False),
                finding_codes=run.get("finding_codes", ""),
                review_state=state,
                review_rank=RANK[state],
                review_count=len(labels),
                final_label=final,
            )
        )
        for code in run.get("finding_codes", "").split():
            codes.append(QueueCode(dataset_id=case["dataset_id"], case_id=case["id"], code=code))
    old = QueueEntry.objects.filter(case_id__in=ids)
    old_codes = QueueCode.objects.filter(case_id__in=ids)
    delta = _counted(entries, codes)
    delta.subtract(
        _counted(
            [
                QueueEntry(**row)
                for row in old.values("dataset_id", "gate_status", "kind", "review_state")
            ],
            [QueueCode(**row) for row in old_codes.values("dataset_id", "code")],
        )
    )
    old.delete()
    old_codes.delete()
    QueueEntry.objects.bulk_create(entries)
    QueueCode.objects.bulk_create(codes)
    _counts_add(delta)


def _counted(entries: Iterable[QueueEntry], codes: Iterable[QueueCode]) -> Counter:
    """The QueueCount keys (dataset_id, gate_status, kind, review_state, code) -> rows."""
    counted: Counter = Counter()
    for e in entries:
        counted[(e.dataset_id, e.gate_status, e.kind, e.review_state, "")] += 1
    for c in codes:
        counted[(c.dataset_id, "", "", "", c.code)] += 1
    return counted


def _counts_add(delta: Counter) -> None:
    """Add `delta` to the stored counts in one statement. An upsert that adds to the stored
    value (ORM upserts can only overwrite it); rows in key order, so two writers lock them in
    the same order and never deadlock."""
    rows = sorted((key, n) for key, n in delta.items() if n)
    if not rows:
        return
    table = QueueCount._meta.db_table
    columns = "dataset_id, gate_status, kind, review_state, code"
    values = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * len(rows))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({columns}, n) VALUES {values} "
            f"ON CONFLICT ({columns}) DO UPDATE SET n = {table}.n + excluded.n",
            [p for key, n in rows for p in (*key, n)],
        )


def queue_recount(*, dataset_id: int | None = None) -> None:
    """Count the queue rows again from scratch (rebuild_queue ends with it: a repair). On
    PostgreSQL the counts table is locked meanwhile so no writer adds to a count being
    replaced; on SQLite the IMMEDIATE transaction already keeps writers out. Two grouped
    passes: a moment, even at 100k cases."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {QueueCount._meta.db_table} IN EXCLUSIVE MODE")
        entries = QueueEntry.objects.all()
        codes = QueueCode.objects.all()
        counts = QueueCount.objects.all()
        if dataset_id is not None:
            entries = entries.filter(dataset_id=dataset_id)
            codes = codes.filter(dataset_id=dataset_id)
            counts = counts.filter(dataset_id=dataset_id)
        cells = entries.values_list("dataset_id", "gate_status", "kind", "review_state")
        per_code = codes.values_list("dataset_id", "code")
        counts.delete()
        QueueCount.objects.bulk_create(
            [
                QueueCount(dataset_id=ds, gate_status=status, kind=kind, review_state=review, n=n)
                for ds, status, kind, review, n in cells.annotate(n=Count("*")).order_by()
            ]
            + [
                QueueCount(dataset_id=ds, code=code, n=n)
                for ds, code, n in per_code.annotate(n=Count("*")).order_by()
            ]
        )


def queue_rebuild(*, dataset_id: int | None = None) -> int:
    """Recompute every queue row, BATCH cases per transaction: a writer waits for one batch at
    most, never for the whole rebuild (25-50 s at 100k cases in one transaction), then the
    counts are recounted once. On SQLite a batch excludes writers while it reads and writes, so
    it commits what the records say; on PostgreSQL (read committed) a review saved while a
    batch holding its case runs can be overwritten by that batch, as it could in the single
    transaction before: run the rebuild when reviewers are idle."""
    cases = Case.objects.order_by("id")
    if dataset_id is not None:
        cases = cases.filter(dataset_id=dataset_id)
    ids = list(cases.values_list("id", flat=True))
    for start in range(0, len(ids), BATCH):
        if start and connection.vendor == "sqlite":
            # SQLite does not queue writers: one waiting for the lock retries every 100 ms
            # (its busy handler), so a batch started at once after the last commit wins every
            # time and a writer waited through batch after batch (10.9 s at 100k cases). This
            # pause lets it in: ~20 s more over 100k cases, no writer waits more than a batch.
            time.sleep(SQLITE_WRITER_WINDOW)
        with transaction.atomic():
            _refresh(ids[start : start + BATCH])
    queue_recount(dataset_id=dataset_id)
    return len(ids)


def queue_add_new(runs) -> None:
    """Queue rows for cases created in this transaction with `runs` as their only gate runs
    (gate_runs_record(new_cases=True)): built from the runs and their cases in hand, two INSERTs,
    nothing read. A new case has no review and no relabel, so it is unreviewed whatever its
    dataset requires; the rows are those _refresh would compute."""
    entries, codes = [], []
    for run in runs:
        case = run.case
        entries.append(
            QueueEntry(
                case_id=case.pk,
                dataset_id=case.dataset_id,
                kind=case.kind,
                external_id=case.external_id,
                question=(case.question or "")[:300],
                gate_status=run.status,
                passed=run.passed,
                finding_codes=run.finding_codes,
                review_state=ReviewState.UNREVIEWED,
                review_rank=RANK[ReviewState.UNREVIEWED],
                review_count=0,
                final_label="",
            )
        )
        for code in run.finding_codes.split():
            codes.append(QueueCode(dataset_id=case.dataset_id, case_id=case.pk, code=code))
    # A handful of rows per request on the gate service's path: no query compiler.
    rows_insert(entries)
    rows_insert(codes)
    _counts_add(_counted(entries, codes))


def on_cases_changed(sender, case_ids, runs=None, **kwargs) -> None:
    if runs is not None:
        queue_add_new(runs)
    else:
        queue_refresh(case_ids)
