"""Read-side queries of the reviews and the dataset's review settings: the instructions, a
reviewer's progress per day, the reviews of a case a user may see (the access module decides),
each reviewer's latest review for the dashboard. Moved out of reviews/selectors.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Max, QuerySet
from django.utils import timezone

from groundgate.access import others_reviews_visible
from groundgate.models import Case, Dataset
from reviews.models import Label, QueueEntry, Review, ReviewerDay, ReviewGuide


def dataset_instructions(*, dataset: Dataset) -> str:
    """The dataset's review instructions ("" when its admins wrote none)."""
    guide = ReviewGuide.objects.filter(dataset=dataset).values_list("text", flat=True).first()
    return guide or ""


@dataclass(frozen=True)
class Progress:
    today: int  # cases this reviewer first reviewed today (the server's time zone)
    total: int  # cases of the dataset this reviewer has ever reviewed


def reviewer_progress(*, dataset: Dataset, user: User, now: datetime | None = None) -> Progress:
    """Per-reviewer progress for the queue: distinct cases, from the reviews alone (relabels are
    not reviews), read from the maintained per-day counts (reviews.queue.progress_add)."""
    today = timezone.localdate(now or timezone.now())
    days = dict(
        ReviewerDay.objects.filter(dataset=dataset, reviewer=user).values_list("day", "cases")
    )
    return Progress(today=days.get(today, 0), total=sum(days.values()))


@dataclass(frozen=True)
class VisibleReviews:
    reviews: QuerySet[Review]  # the reviews of the case this user may see
    hidden: int  # other reviewers' reviews kept from them (independent double review)
    newest_id: int  # the newest review of the case, seen or not (for conflict detection)


def case_reviews_visible(
    *, user: AbstractBaseUser | AnonymousUser, case: Case, role: str | None
) -> VisibleReviews:
    """The reviews of `case` that `user` (a member with `role`) may see. The case page and
    GET /api/v1/datasets/<slug>/cases/<id>/reviews/ both show exactly these."""
    every = Review.objects.filter(case=case)
    ids = list(every.values_list("id", "reviewer_id"))
    has_own = any(reviewer == user.pk for _, reviewer in ids)
    newest = max((i for i, _ in ids), default=0)
    if others_reviews_visible(
        role=role, reviews_required=case.dataset.reviews_required, has_own=has_own
    ):
        return VisibleReviews(every, 0, newest)
    # Before their own review nothing of theirs exists either: they see none.
    return VisibleReviews(every.filter(reviewer_id=user.pk), len(ids), newest)


def latest_reviews(*, dataset: Dataset) -> QuerySet[Review]:
    """Each reviewer's latest review of each case."""
    last = (
        Review.objects.filter(case__dataset=dataset)
        .values("case_id", "reviewer_id")
        .annotate(last=Max("id"))
        .values("last")
    )
    return Review.objects.filter(id__in=last)


def final_labels(*, case_ids: list[int]) -> dict[int, str]:
    """Each case's final label now, in words ("none" where no agreed review or relabel set one):
    what an admin relabelling them is shown beside each (d730). By the queue index's key."""
    names = dict(Label.choices)
    stored = dict(
        QueueEntry.objects.filter(case_id__in=case_ids).values_list("case_id", "final_label")
    )
    return {i: names.get(stored.get(i) or "", "none") for i in case_ids}
