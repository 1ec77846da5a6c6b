"""The queue index: recompute QueueEntry/QueueCode rows from the append-only records.

Called for the cases a write touched, in the same transaction (gating services send
groundgate.services.signals.cases_changed; review services call it directly). rebuild_queue
recomputes everything, e.g. after a restore.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max

from groundgate.models import Case, GateRun
from reviews.models import QueueCode, QueueEntry, Relabel, Review, ReviewState

RANK = {ReviewState.UNREVIEWED: 0, ReviewState.DISPUTED: 1, ReviewState.REVIEWED: 2}
BATCH = 500


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
    QueueEntry.objects.filter(case_id__in=ids).delete()
    QueueCode.objects.filter(case_id__in=ids).delete()
    QueueEntry.objects.bulk_create(entries)
    QueueCode.objects.bulk_create(codes)


def queue_rebuild(*, dataset_id: int | None = None) -> int:
    cases = Case.objects.order_by("id")
    if dataset_id is not None:
        cases = cases.filter(dataset_id=dataset_id)
    ids = list(cases.values_list("id", flat=True))
    queue_refresh(ids)
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
    QueueEntry.objects.bulk_create(entries)
    if codes:
        QueueCode.objects.bulk_create(codes)


def on_cases_changed(sender, case_ids, runs=None, **kwargs) -> None:
    if runs is not None:
        queue_add_new(runs)
    else:
        queue_refresh(case_ids)
