"""The queue index: recompute QueueEntry/QueueCode/QueueCall rows from the append-only records,
and keep QueueCount (rows per filter value) in step with them.

Called for the cases a write touched, in the same transaction (gating services send
groundgate.services.signals.cases_changed; review services call it directly). rebuild_queue
recomputes everything, e.g. after a restore, a batch per transaction so that writers wait for a
moment at most, then recounts.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Count, F, Max, Min
from django.utils import timezone

from groundgate.families import outcome_of
from groundgate.models import Case, GateRun
from reviews.assignment_counts import assignment_recount, assignments_follow
from reviews.counts import Delta, upsert, upsert_add
from reviews.models import (
    FindingDecision,
    QueueCall,
    QueueCallCount,
    QueueCode,
    QueueCount,
    QueueEntry,
    QueueText,
    Relabel,
    Review,
    ReviewerDay,
    ReviewState,
)
from reviews.search import search_text

RANK = {
    ReviewState.UNREVIEWED: 0,
    ReviewState.DISPUTED: 1,
    ReviewState.REVIEWED: 2,
    ReviewState.ADJUDICATED: 2,
}
BATCH = 500
# Seconds between two rebuild batches on SQLite (longer than its busy handler's 100 ms retry).
SQLITE_WRITER_WINDOW = 0.12


def review_state(
    labels_by_reviewer: dict[int, str], required: int, relabel: str | None
) -> tuple[ReviewState, str, str]:
    """(state, final label, the reviewers' agreed label). The state comes from reviews alone:
    reviewers' latest labels must agree, and enough reviewers must have reviewed. An admin's
    relabel sets the final label but is not a review (a case only an admin labelled is still
    unreviewed); it does settle a dispute (adjudicated)."""
    labels = set(labels_by_reviewer.values())
    if len(labels) > 1:
        return (ReviewState.ADJUDICATED if relabel else ReviewState.DISPUTED), relabel or "", ""
    if not labels or len(labels_by_reviewer) < required:
        return ReviewState.UNREVIEWED, relabel or "", ""
    agreed = labels.pop()
    return ReviewState.REVIEWED, relabel or agreed, agreed


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
    _texts_add(ids)
    newest = GateRun.objects.filter(case_id__in=ids).values("case_id").annotate(last=Max("id"))
    runs = {
        r["case_id"]: r
        for r in GateRun.objects.filter(id__in=[n["last"] for n in newest]).values(
            "case_id", "status", "passed", "finding_codes", "verdict"
        )
    }
    latest_labels: dict[int, dict[int, str]] = defaultdict(dict)
    latest_ids: dict[tuple[int, int], int] = {}  # (case, reviewer) -> her latest review
    for r in (
        Review.objects.filter(case_id__in=ids)
        .order_by("id")
        .values("id", "case_id", "reviewer_id", "label")
    ):
        latest_labels[r["case_id"]][r["reviewer_id"]] = r["label"]
        latest_ids[(r["case_id"], r["reviewer_id"])] = r["id"]
    called = set(
        FindingDecision.objects.filter(review_id__in=list(latest_ids.values())).values_list(
            "review__case_id", "code", "call"
        )
    )
    relabels: dict[int, str] = {}
    for relabel in (
        Relabel.objects.filter(case_id__in=ids).order_by("id").values("case_id", "to_label")
    ):
        relabels[relabel["case_id"]] = relabel["to_label"]

    entries, codes, calls = [], [], []
    order = {}
    for case in cases:
        run: Mapping[str, Any] = runs.get(case["id"], {})
        labels = latest_labels.get(case["id"], {})
        state, final, agreed = review_state(
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
                outcome=outcome_of(
                    kind=case["kind"],
                    status=run.get("status", ""),
                    passed=run.get("passed", False),
                    verdict=run.get("verdict"),
                ),
                passed=run.get("passed", False),
                finding_codes=run.get("finding_codes", ""),
                review_state=state,
                review_rank=RANK[state],
                review_count=len(labels),
                final_label=final,
                review_label=agreed,
            )
        )
        for code in run.get("finding_codes", "").split():
            codes.append(
                QueueCode(
                    dataset_id=case["dataset_id"],
                    case_id=case["id"],
                    code=code,
                    passed=entries[-1].passed,
                    review_rank=entries[-1].review_rank,
                )
            )
        order[case["id"]] = entries[-1]
    for case_id, code, call in sorted(called):
        entry = order.get(case_id)
        if entry is not None:
            calls.append(
                QueueCall(
                    dataset_id=entry.dataset_id,
                    case_id=case_id,
                    code=code,
                    call=call,
                    passed=entry.passed,
                    review_rank=entry.review_rank,
                )
            )
    old = QueueEntry.objects.filter(case_id__in=ids)
    old_codes = QueueCode.objects.filter(case_id__in=ids)
    old_calls = QueueCall.objects.filter(case_id__in=ids)
    was = [
        QueueEntry(**row)
        for row in old.values(
            "case_id",
            "dataset_id",
            "gate_status",
            "outcome",
            "kind",
            "review_state",
            "finding_codes",
        )
    ]
    delta = _counted(entries, codes)
    delta.subtract(
        _counted(
            was, [QueueCode(**row) for row in old_codes.values("case_id", "dataset_id", "code")]
        )
    )
    call_delta = _calls_counted(entries, calls)
    call_delta.subtract(
        _calls_counted(
            was, [QueueCall(**row) for row in old_calls.values("case_id", "code", "call")]
        )
    )
    old.delete()
    old_codes.delete()
    old_calls.delete()
    QueueEntry.objects.bulk_create(entries)
    QueueCode.objects.bulk_create(codes)
    QueueCall.objects.bulk_create(calls)
    _counts_add(delta)
    upsert_add(QueueCallCount, CALL_KEY, call_delta)
    assignments_follow(entries)


CALL_KEY = ("dataset_id", "code", "call", "gate_status", "outcome", "kind", "review_state")


def _texts_add(ids: list[int]) -> None:
    """The searched text of the cases among `ids` that have none yet (a case's id, question and
    payload never change once stored, so an existing row stays as it is)."""
    have = set(QueueText.objects.filter(case_id__in=ids).values_list("case_id", flat=True))
    missing = [i for i in ids if i not in have]
    if missing:
        QueueText.objects.bulk_create(
            QueueText(
                case_id=c["id"],
                dataset_id=c["dataset_id"],
                text=search_text(
                    kind=c["kind"],
                    external_id=c["external_id"],
                    question=c["question"],
                    payload=c["payload"],
                ),
            )
            for c in Case.objects.filter(id__in=missing).values(
                "id", "dataset_id", "kind", "external_id", "question", "payload"
            )
        )


def _counted(entries: Iterable[QueueEntry], codes: Iterable[QueueCode]) -> Delta:
    """The QueueCount keys (dataset_id, gate_status, outcome, kind, review_state, code) -> rows:
    a cell per entry, and a code row per code in its entry's cell."""
    counted: Delta = Counter()
    cells = {}
    for e in entries:
        cell = (e.dataset_id, e.gate_status, e.outcome, e.kind, e.review_state)
        cells[e.case_id] = cell
        counted[(*cell, "")] += 1
    for c in codes:
        counted[(*cells[c.case_id], c.code)] += 1
    return counted


def _calls_counted(entries: Iterable[QueueEntry], calls: Iterable[QueueCall]) -> Delta:
    """The QueueCallCount keys (CALL_KEY) -> rows: a call counts in its entry's cell when the
    entry still has the code (a later gate run may have dropped a code a review called)."""
    cells = {
        e.case_id: (e.dataset_id, e.gate_status, e.outcome, e.kind, e.review_state, e.finding_codes)
        for e in entries
    }
    counted: Delta = Counter()
    for c in calls:
        cell = cells.get(c.case_id)
        if cell is not None and c.code in cell[5].split():
            counted[(cell[0], c.code, c.call, *cell[1:5])] += 1
    return counted


def _counts_add(delta: Delta) -> None:
    """Add `delta` to the stored counts in one statement (see _counts_upsert)."""
    statement = _counts_upsert(delta)
    if statement is not None:
        with connection.cursor() as cursor:
            cursor.execute(*statement)


def _counts_upsert(delta: Delta) -> tuple[str, list[Any]] | None:
    """The statement that adds `delta` to the stored counts: an upsert that adds to the stored
    value (ORM upserts can only overwrite it); rows in key order, so two writers lock them in
    the same order and never deadlock. None when there is nothing to add."""
    columns = ("dataset_id", "gate_status", "outcome", "kind", "review_state", "code")
    return upsert(QueueCount, columns, delta)


def queue_recount(*, dataset_id: int | None = None) -> None:
    """Count the queue rows again from scratch (rebuild_queue ends with it: a repair). On
    PostgreSQL the counts table is locked meanwhile so no writer adds to a count being
    replaced; on SQLite the IMMEDIATE transaction already keeps writers out. Two grouped
    passes: a moment, even at 100k cases."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                for model in (QueueCount, QueueCallCount):
                    cursor.execute(f"LOCK TABLE {model._meta.db_table} IN EXCLUSIVE MODE")
        entries = QueueEntry.objects.all()
        codes = QueueCode.objects.all()
        counts = QueueCount.objects.all()
        if dataset_id is not None:
            entries = entries.filter(dataset_id=dataset_id)
            codes = codes.filter(dataset_id=dataset_id)
            counts = counts.filter(dataset_id=dataset_id)
        cell = ("dataset_id", "gate_status", "outcome", "kind", "review_state")
        cells = entries.values_list(*cell)
        # A code row takes its case's cell: grouped over the codes joined to their entries.
        code_rows = (
            codes.values_list(*(f"case__queue_entry__{c}" for c in cell[1:]), "dataset_id", "code")
            .annotate(n=Count("*"))
            .order_by()
        )
        counts.delete()
        _calls_recount(dataset_id)
        QueueCount.objects.bulk_create(
            [
                QueueCount(
                    dataset_id=ds,
                    gate_status=status,
                    outcome=outcome,
                    kind=kind,
                    review_state=review,
                    n=n,
                )
                for ds, status, outcome, kind, review, n in cells.annotate(n=Count("*")).order_by()
            ]
            + [
                QueueCount(
                    dataset_id=ds,
                    gate_status=status,
                    outcome=outcome,
                    kind=kind,
                    review_state=review,
                    code=code,
                    n=n,
                )
                for status, outcome, kind, review, ds, code, n in code_rows
            ]
        )


# The calls per cell whose case still has the code (QueueCallCount), counted from the rows:
# grouped once over the calls joined to their entries, each probed for its code.
CALLS_RECOUNT = """
INSERT INTO reviews_queuecallcount
    (dataset_id, code, call, gate_status, outcome, kind, review_state, n)
SELECT c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state, count(*)
FROM reviews_queuecall c JOIN reviews_queueentry e ON e.case_id = c.case_id
WHERE EXISTS (
    SELECT 1 FROM reviews_queuecode q
    WHERE q.dataset_id = c.dataset_id AND q.code = c.code AND q.case_id = c.case_id
){where}
GROUP BY c.dataset_id, c.code, c.call, e.gate_status, e.outcome, e.kind, e.review_state
"""


def _calls_recount(dataset_id: int | None) -> None:
    """QueueCallCount again from the calls (of one dataset, or all), in the caller's transaction."""
    rows = QueueCallCount.objects.all()
    if dataset_id is not None:
        rows = rows.filter(dataset_id=dataset_id)
    rows.delete()
    with connection.cursor() as cursor:
        if dataset_id is None:
            cursor.execute(CALLS_RECOUNT.format(where=""))
        else:
            cursor.execute(CALLS_RECOUNT.format(where=" AND c.dataset_id = %s"), [dataset_id])


def progress_add(*, case: Case, reviewer: User, at: datetime) -> None:
    """Count `case` as reviewed by `reviewer` on the day of `at` (their first review of it; the
    caller knows), in the caller's transaction."""
    row, _ = ReviewerDay.objects.get_or_create(
        dataset_id=case.dataset_id, reviewer=reviewer, day=timezone.localdate(at)
    )
    ReviewerDay.objects.filter(pk=row.pk).update(cases=F("cases") + 1)


def progress_recount(*, dataset_id: int | None = None) -> None:
    """Count every reviewer's cases per day again from the reviews (rebuild_queue ends with it)."""
    reviews = Review.objects.all()
    rows = ReviewerDay.objects.all()
    if dataset_id is not None:
        reviews = reviews.filter(case__dataset_id=dataset_id)
        rows = rows.filter(dataset_id=dataset_id)
    firsts = (
        reviews.values_list("case__dataset_id", "reviewer_id", "case_id")
        .annotate(first=Min("created_at"))
        .order_by()
    )
    days: Delta = Counter()
    for dataset, reviewer, _, first in firsts.iterator():
        days[(dataset, reviewer, timezone.localdate(first))] += 1
    with transaction.atomic():
        rows.delete()
        ReviewerDay.objects.bulk_create(
            ReviewerDay(dataset_id=ds, reviewer_id=reviewer, day=day, cases=n)
            for (ds, reviewer, day), n in sorted(days.items())
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
    progress_recount(dataset_id=dataset_id)
    assignment_recount(dataset_id=dataset_id)
    return len(ids)


def queue_add_new(runs: Sequence[GateRun]) -> None:
    """Queue rows for cases created in this transaction with `runs` as their only gate runs
    (gate_runs_record(new_cases=True)): built from the runs and their cases in hand, nothing
    read. A new case has no review and no relabel, so it is unreviewed whatever its dataset
    requires; the rows are those _refresh would compute. Written at once (three INSERTs)."""
    entries, codes = [], []
    counts: Delta = Counter()
    for run in runs:
        case = run.case
        # A stored case is linked by its id: `case=case` on a one-to-one field also caches the
        # entry on the case, a reference cycle that only the collector's full passes free
        # (~13% of a 100k-span trace import).
        entry = QueueEntry(
            case_id=case.pk,
            dataset_id=case.dataset_id,
            kind=case.kind,
            external_id=case.external_id,
            question=(case.question or "")[:300],
            gate_status=run.status,
            outcome=outcome_of(
                kind=case.kind, status=run.status, passed=run.passed, verdict=run.verdict
            ),
            passed=run.passed,
            finding_codes=run.finding_codes,
            review_state=ReviewState.UNREVIEWED,
            review_rank=RANK[ReviewState.UNREVIEWED],
            review_count=0,
            final_label="",
            review_label="",
        )
        entries.append(entry)
        cell = (entry.dataset_id, entry.gate_status, entry.outcome, entry.kind, entry.review_state)
        counts[(*cell, "")] += 1
        for code in run.finding_codes.split():
            codes.append(
                QueueCode(
                    dataset_id=case.dataset_id,
                    case_id=case.pk,
                    code=code,
                    passed=entry.passed,
                    review_rank=entry.review_rank,
                )
            )
            counts[(*cell, code)] += 1
    upsert = _counts_upsert(counts)
    QueueEntry.objects.bulk_create(entries)
    QueueCode.objects.bulk_create(codes)
    QueueText.objects.bulk_create(
        QueueText(
            case_id=run.case.pk,
            dataset_id=run.case.dataset_id,
            text=search_text(
                kind=run.case.kind,
                external_id=run.case.external_id,
                question=run.case.question,
                payload=run.case.payload,
            ),
        )
        for run in runs
    )
    if upsert is not None:
        with connection.cursor() as cursor:
            cursor.execute(*upsert)


def on_cases_changed(
    sender: object,
    case_ids: Iterable[int],
    runs: Sequence[GateRun] | None = None,
    **kwargs: object,
) -> None:
    if runs is not None:
        queue_add_new(runs)
    else:
        queue_refresh(case_ids)
