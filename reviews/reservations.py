"""Reservations: opening a case holds it for the reviewer who opened it for a while
(settings.GROUNDGATE_RESERVATION_MINUTES), so two reviewers do not take the same case. The queue
hides a case another reviewer holds; saving a review of it, opening another case of the dataset,
or the time running out lets it go.

A reservation is a lock, not a record of work: rows are replaced and deleted (reviews, relabels
and decisions stay append-only). "Now" is passed in by tests and defaults to the clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from groundgate.access import Action, require
from groundgate.models import Case, Dataset
from reviews.models import Reservation, Review


@dataclass(frozen=True)
class Hold:
    """Who holds a case and until when, as the case page and the queue show it."""

    reviewer_id: int
    reviewer_name: str
    expires_at: datetime
    mine: bool


def _minutes() -> int:
    return settings.GROUNDGATE_RESERVATION_MINUTES


@transaction.atomic
def case_reserve(*, case: Case, user, now: datetime | None = None) -> Hold | None:
    """Hold `case` for `user` (a member who may review it) for the configured time, unless
    someone else holds it: then nothing changes and their hold is returned. Opening a case lets
    go of the user's other holds in the dataset: a reviewer works on one case at a time. A case
    the user has reviewed already is not held again (the page after a save, a look back): None,
    or the other reviewer's hold."""
    require(user=user, dataset=case.dataset, action=Action.REVIEW)
    now = now or timezone.now()
    # The case row lock serialises two reviewers opening the same case (PostgreSQL; SQLite
    # serialises writers anyway), so exactly one of them gets it.
    Case.objects.select_for_update().filter(pk=case.pk).first()
    current = Reservation.objects.filter(case=case).select_related("reviewer").first()
    if current is not None and current.reviewer_id != user.pk and current.expires_at > now:
        return Hold(current.reviewer_id, current.reviewer.username, current.expires_at, False)
    if Review.objects.filter(case=case, reviewer=user).exists():
        Reservation.objects.filter(case=case, reviewer=user).delete()
        return None
    Reservation.objects.filter(dataset_id=case.dataset_id, reviewer=user).exclude(
        case=case
    ).delete()
    expires = now + timedelta(minutes=_minutes())
    Reservation.objects.update_or_create(
        case=case,
        defaults={"dataset_id": case.dataset_id, "reviewer": user, "expires_at": expires},
    )
    return Hold(user.pk, user.username, expires, True)


def reservation_release(*, case: Case, user) -> bool:
    """Let go of `user`'s hold on `case` (after their review is saved). True if there was one."""
    deleted, _ = Reservation.objects.filter(case=case, reviewer=user).delete()
    return bool(deleted)


def reservations_live(*, dataset: Dataset, now: datetime | None = None) -> dict[int, Hold]:
    """case id -> the live hold, for the dataset's queue. Live holds are few (one per reviewer
    at most, since opening a case lets go of the previous one), so the queue can afford them."""
    now = now or timezone.now()
    rows = Reservation.objects.filter(dataset=dataset, expires_at__gt=now).select_related(
        "reviewer"
    )
    return {r.case_id: Hold(r.reviewer_id, r.reviewer.username, r.expires_at, False) for r in rows}


def reservations_expired_delete(*, now: datetime | None = None) -> int:
    """Delete holds whose time ran out (housekeeping: an expired row already holds nothing)."""
    deleted, _ = Reservation.objects.filter(expires_at__lte=now or timezone.now()).delete()
    return deleted
