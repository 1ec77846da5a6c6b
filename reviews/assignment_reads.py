"""Read-side queries of the assignments: the admin's progress table, a reviewer's own progress,
and the `assigned=` filter's rows, count and plan, from the stored AssignmentCount rows where
they can (d449). Moved out of reviews/selectors.py (the filtered queue, its count and pages)."""

from __future__ import annotations

import math
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet, Subquery

from groundgate.models import Dataset
from reviews.facets import Scope, count_rows
from reviews.facets import total as facet_total
from reviews.models import Assignment, AssignmentCount
from reviews.reads import shared_read


def _assigned(dataset: Dataset, filters: dict[str, str]) -> QuerySet[Assignment]:
    """The assignments of the reviewer `filters` name, in the review state it names if any
    (Assignment.review_state, kept in step with the queue entries: d393)."""
    # The reviewer's id as a subquery evaluated once (no join to the users per probe): with the
    # join PostgreSQL planned the walk of the queue's order in parallel, ~70 ms a page at 1M
    # cases (its workers' start on a loaded machine) against ~8-13 ms serial.
    reviewer = get_user_model().objects.filter(username=filters["assigned"]).values("pk")[:1]
    assigned = Assignment.objects.filter(dataset=dataset, reviewer_id=Subquery(reviewer))
    if filters.get("review"):
        assigned = assigned.filter(review_state=filters["review"])
    return assigned


def assignment_progress(*, dataset: Dataset) -> list[dict[str, Any]]:
    """Per reviewer with assigned cases: how many, and how many of them she has reviewed (the
    assignment's maintained flag), summed from the stored AssignmentCount rows - grouping the
    dataset's 100k assignment rows was ~60 ms a page of the admin's queue at 1M cases."""
    per: dict[int, list[int]] = {}
    for reviewer_id, reviewed, n in AssignmentCount.objects.filter(
        dataset=dataset, n__gt=0
    ).values_list("reviewer_id", "reviewed", "n"):
        counts = per.setdefault(reviewer_id, [0, 0])
        counts[0] += n
        counts[1] += n if reviewed else 0
    names = dict(get_user_model().objects.filter(pk__in=per).values_list("pk", "username"))
    return sorted(
        (
            {"reviewer": names[pk], "total": total, "reviewed": reviewed}
            for pk, (total, reviewed) in per.items()
            if pk in names
        ),
        key=lambda r: r["reviewer"],
    )


def _assignment_rows(dataset: Dataset, username: str) -> list[tuple[str, bool, int]]:
    """(review_state, reviewed, n) of the reviewer's stored AssignmentCount rows here: a few
    rows, read once per page (reads_shared) for her own progress and for `assigned=` her."""
    return shared_read(
        ("assignment_rows", dataset.pk, username),
        lambda: list(
            AssignmentCount.objects.filter(
                dataset=dataset, reviewer__username=username, n__gt=0
            ).values_list("review_state", "reviewed", "n")
        ),
    )


def my_assignments(*, dataset: Dataset, user: AbstractBaseUser | AnonymousUser) -> tuple[int, int]:
    """How many cases are assigned to `user` here, and how many of them she has reviewed: her
    few stored AssignmentCount rows (a pass over her 20k assignment rows was ~10 ms at 1M)."""
    total = reviewed = 0
    for _, done, n in _assignment_rows(dataset, user.get_username()):
        total += n
        reviewed += n if done else 0
    return total, reviewed


def _assigned_stored(dataset: Dataset, filters: dict[str, str]) -> int:
    """The cases assigned to the reviewer `filters` names (in its review state, if any), from
    the stored counts (holds not taken off)."""
    wanted = filters.get("review")
    return sum(
        n
        for state, _, n in _assignment_rows(dataset, filters["assigned"])
        if not wanted or state == wanted
    )


def _assigned_count(dataset: Dataset, filters: dict[str, str], scope: Scope | None) -> int:
    """The filtered queue's count for `assigned` (and `review`) alone: the stored counts, less
    her cases that other reviewers hold (a few rows, read by key); with the reservation filter
    "mine" or "others", her cases among those held."""
    assigned = _assigned(dataset, filters)
    if scope is not None and scope.only is not None:
        return assigned.filter(case_id__in=scope.only).count()
    total = _assigned_stored(dataset, filters)
    if scope is not None and scope.hidden:
        total -= assigned.filter(case_id__in=scope.hidden).count()
    return total


def _many(dataset: Dataset, filters: dict[str, str]) -> bool:
    """Whether the reviewer's assignments (`filters`' assigned, and review) are so many that a
    page is found sooner by walking the queue's order than by reading them all by key and
    sorting: a page of 50 takes about 50 x N / n probes of a walk through N entries, n reads by
    key; they are even at n = sqrt(50 N) (7,100 of 1M cases). Both from the stored counts."""
    entries = facet_total(count_rows(dataset), {}, Scope())
    return _assigned_stored(dataset, filters) >= math.isqrt(50 * entries) + 1
