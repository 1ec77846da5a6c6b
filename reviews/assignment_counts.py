"""Assignments and their stored counts (AssignmentCount, d449-d451): replaced, marked reviewed
and moved with their cases' review states by the rows each statement reports, recounted as a
repair."""

from __future__ import annotations

from collections import Counter

from django.db import connection, transaction
from django.db.models import Count

from groundgate.models import Case
from reviews.counts import Delta, upsert_add
from reviews.models import Assignment, AssignmentCount, QueueEntry, ReviewState

_BATCH = 500  # case ids per DELETE

ASSIGNMENT_KEY = ("dataset_id", "reviewer_id", "review_state", "reviewed")


def assignments_follow(entries: list[QueueEntry]) -> None:
    """The entries' review states onto their cases' assignments (Assignment.review_state, d393),
    and the moved rows onto the reviewers' AssignmentCount: one UPDATE per state and old state,
    of the rows that differ, each returning the rows it changed (only the statement itself knows
    which rows it changed when another transaction writes the same assignments meanwhile)."""
    by_state: dict[str, list[int]] = {}
    for entry in entries:
        by_state.setdefault(entry.review_state, []).append(entry.case_id)
    delta: Delta = Counter()
    table = connection.ops.quote_name(Assignment._meta.db_table)
    with connection.cursor() as cursor:
        for state, ids in by_state.items():
            if not Assignment.objects.filter(case_id__in=ids).exclude(review_state=state).exists():
                continue  # the usual case: no assignment among them, or all in step
            marks = ", ".join(["%s"] * len(ids))
            for old in ReviewState.values:
                if old == state:
                    continue
                cursor.execute(
                    f"UPDATE {table} SET review_state = %s "
                    f"WHERE case_id IN ({marks}) AND review_state = %s "
                    "RETURNING dataset_id, reviewer_id, reviewed",
                    [state, *ids, old],
                )
                for dataset_id, reviewer_id, reviewed in cursor.fetchall():
                    delta[(dataset_id, reviewer_id, old, bool(reviewed))] -= 1
                    delta[(dataset_id, reviewer_id, state, bool(reviewed))] += 1
    assignment_counts_add(delta)


def assignment_counts_add(delta: Delta) -> None:
    """Add `delta` ((dataset_id, reviewer_id, review_state, reviewed) -> assignments) to the
    stored AssignmentCount rows, in the caller's transaction."""
    upsert_add(AssignmentCount, ASSIGNMENT_KEY, delta)


def cases_lock(case_ids: list[int]) -> None:
    """Lock the cases' rows, in id order, as a review's save locks its case before it touches
    the case's assignment (PostgreSQL; SQLite serialises writers anyway). An assignment that
    did not wait for a case row (its foreign key) while that case's review waited for the
    assignment row it had deleted was a deadlock on PostgreSQL; and what the assignment reads
    of the cases' reviews and states after the lock stays true until it commits."""
    if case_ids:
        list(
            Case.objects.select_for_update()
            .filter(pk__in=case_ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )


def assignments_replace(case_ids: list[int], rows: list[Assignment]) -> None:
    """Replace the assignments of `case_ids` (locked: cases_lock) by `rows` (none: taken back),
    and the stored counts with them, in one upsert."""
    if not case_ids:
        return
    delta = _assignments_delete(case_ids)
    Assignment.objects.bulk_create(rows)
    delta.update(Counter((a.dataset_id, a.reviewer_id, a.review_state, a.reviewed) for a in rows))
    assignment_counts_add(delta)


def _assignments_delete(case_ids: list[int]) -> Delta:
    """Delete the assignments of `case_ids`; what the stored counts lose: the DELETE returns the
    rows it removed, so the counts lose exactly those."""
    table = connection.ops.quote_name(Assignment._meta.db_table)
    delta: Delta = Counter()
    with connection.cursor() as cursor:
        for start in range(0, len(case_ids), _BATCH):
            part = case_ids[start : start + _BATCH]
            cursor.execute(
                f"DELETE FROM {table} WHERE case_id IN ({', '.join(['%s'] * len(part))}) "
                "RETURNING dataset_id, reviewer_id, review_state, reviewed",
                part,
            )
            for dataset_id, reviewer_id, state, reviewed in cursor.fetchall():
                delta[(dataset_id, reviewer_id, state, bool(reviewed))] -= 1
    return delta


def assignment_mark_reviewed(*, case_id: int, reviewer_id: int) -> None:
    """The reviewer's assignment of the case, if any, is done (her first review of it): the
    UPDATE returns the row it changed, which moves to the reviewed side of her count."""
    table = connection.ops.quote_name(Assignment._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET reviewed = %s "
            "WHERE case_id = %s AND reviewer_id = %s AND reviewed = %s "
            "RETURNING dataset_id, review_state",
            [True, case_id, reviewer_id, False],
        )
        delta: Delta = Counter()
        for dataset_id, state in cursor.fetchall():
            delta[(dataset_id, reviewer_id, state, False)] -= 1
            delta[(dataset_id, reviewer_id, state, True)] += 1
    assignment_counts_add(delta)


def assignment_recount(*, dataset_id: int | None = None) -> None:
    """Count the assignments again from their rows (rebuild_queue ends with it: a repair)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {AssignmentCount._meta.db_table} IN EXCLUSIVE MODE")
        rows = Assignment.objects.all()
        counts = AssignmentCount.objects.all()
        if dataset_id is not None:
            rows = rows.filter(dataset_id=dataset_id)
            counts = counts.filter(dataset_id=dataset_id)
        counts.delete()
        AssignmentCount.objects.bulk_create(
            AssignmentCount(
                dataset_id=ds, reviewer_id=reviewer, review_state=state, reviewed=reviewed, n=n
            )
            for ds, reviewer, state, reviewed, n in rows.values_list(*ASSIGNMENT_KEY)
            .annotate(n=Count("*"))
            .order_by()
        )
