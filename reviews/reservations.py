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
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
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
def case_reserve(*, case: Case, user: User, now: datetime | None = None) -> Hold | None:
    """Hold `case` for `user` (a member who may review it) for the configured time, unless
    someone else holds it: then nothing changes and their hold is returned. Opening a case lets
    go of the user's other holds in the dataset: a reviewer works on one case at a time. A case
    the user has reviewed already is not held again (the page after a save, a look back): None,
    or the other reviewer's hold.

    One conditional upsert takes or extends the hold: it writes only where the row is the
    user's or has expired, so of two reviewers opening a free case at once exactly one gets it,
    without locking the case row first (every case page opens with this write: few statements)."""
    require(user=user, dataset=case.dataset, action=Action.REVIEW)
    now = now or timezone.now()
    reviewed = Review.objects.filter(case=case, reviewer=user).exists()
    mine_elsewhere = Reservation.objects.filter(dataset_id=case.dataset_id, reviewer=user)
    if not reviewed:
        mine_elsewhere = mine_elsewhere.exclude(case=case)
    mine_elsewhere.delete()
    if not reviewed:
        expires = now + timedelta(minutes=_minutes())
        table = Reservation._meta.db_table
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (case_id, dataset_id, reviewer_id, expires_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (case_id) DO UPDATE SET "
                "reviewer_id = excluded.reviewer_id, expires_at = excluded.expires_at "
                f"WHERE {table}.reviewer_id = excluded.reviewer_id OR {table}.expires_at <= %s",
                [
                    case.pk,
                    case.dataset_id,
                    user.pk,
                    connection.ops.adapt_datetimefield_value(expires),
                    connection.ops.adapt_datetimefield_value(now),
                ],
            )
    current = (
        Reservation.objects.filter(case=case, expires_at__gt=now).select_related("reviewer").first()
    )
    if current is None:
        return None
    mine = current.reviewer_id == user.pk
    return Hold(current.reviewer_id, current.reviewer.username, current.expires_at, mine)


def case_hold(
    *, case: Case, user: AbstractBaseUser | AnonymousUser, now: datetime | None = None
) -> Hold | None:
    """Who holds `case` now, without taking it: an admin reading a case holds nothing (she would
    hide it from the reviewers for the hold's length)."""
    now = now or timezone.now()
    current = (
        Reservation.objects.filter(case=case, expires_at__gt=now).select_related("reviewer").first()
    )
    if current is None:
        return None
    mine = current.reviewer_id == user.pk
    return Hold(current.reviewer_id, current.reviewer.username, current.expires_at, mine)


def case_page_hold(
    *, case: Case, user: User, is_admin: bool, asked: bool = False
) -> tuple[Hold | None, bool]:
    """The hold the case page shows `user`, and whether she reads without holding: the same on
    opening the case and on every page shown again after a save that did not happen (a refused
    form, a conflict), where her input is kept and she still works on the case. A reviewer takes
    or keeps the hold (case_reserve); an admin reads without holding unless she asked (?hold=1)."""
    if is_admin and not asked:
        return case_hold(case=case, user=user), True
    return case_reserve(case=case, user=user), False


def reservation_release(*, case: Case, user: User) -> bool:
    """Let go of `user`'s hold on `case` (after their review is saved). True if there was one."""
    deleted, _ = Reservation.objects.filter(case=case, reviewer=user).delete()
    return bool(deleted)


def live_holds(
    *,
    dataset: Dataset | None = None,
    case_ids: list[int] | None = None,
    except_user: AbstractBaseUser | AnonymousUser | None = None,
    now: datetime | None = None,
) -> dict[int, Hold]:
    """case id -> the live hold, among a dataset's cases or the given `case_ids`, leaving out
    `except_user`'s own: the one query behind the queue's hold column and the relabels' notes."""
    now = now or timezone.now()
    rows = Reservation.objects.filter(expires_at__gt=now)
    if dataset is not None:
        rows = rows.filter(dataset=dataset)
    if case_ids is not None:
        rows = rows.filter(case_id__in=case_ids)
    if except_user is not None:
        rows = rows.exclude(reviewer_id=except_user.pk)
    found = rows.values_list("case_id", "reviewer_id", "reviewer__username", "expires_at")
    return {case_id: Hold(who, name, until, False) for case_id, who, name, until in found}


def reservations_live(*, dataset: Dataset, now: datetime | None = None) -> dict[int, Hold]:
    """case id -> the live hold, for the dataset's queue. Live holds are few (one per reviewer
    at most, since opening a case lets go of the previous one), so the queue can afford them."""
    return live_holds(dataset=dataset, now=now)


def held_by_others(
    *, case_ids: list[int], user: AbstractBaseUser | AnonymousUser, now: datetime | None = None
) -> dict[int, Hold]:
    """case id -> the live hold of another reviewer, among `case_ids`: what a relabel of chosen
    cases tells the admin before and after (the Django admin's action shows every selected case,
    held ones included, and relabels what it showed - d368's rule for the queue's bulk relabel)."""
    return live_holds(case_ids=case_ids, except_user=user, now=now)
