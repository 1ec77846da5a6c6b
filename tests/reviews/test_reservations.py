"""Reservations: opening a case holds it for a while; the queue hides it from the others; saving
a review, opening another case or the time running out lets it go. Named actors: Rita and Sam
(reviewers), Ada (admin), Otto (outsider)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from groundgate.models import Case
from reviews.models import Reservation, ReviewerDay
from reviews.queue import progress_recount
from reviews.reservations import case_reserve, reservation_release, reservations_live

pytestmark = pytest.mark.django_db


def case(external_id: str) -> Case:
    return Case.objects.get(external_id=external_id)


def queue_ids(client, query: str = "") -> list[str]:
    return [e.external_id for e in client.get(f"/d/demo/?{query}").context["page"]]


def test_opening_a_case_holds_it_and_the_others_queue_hides_it(
    reviewer, second_reviewer, admin, settings
):
    settings.GROUNDGATE_RESERVATION_MINUTES = 15
    c = case("demo-en-09")
    everyone = second_reviewer.get("/d/demo/").context["page"].count
    page = reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "held for you until" in page
    hold = Reservation.objects.get(case=c)
    assert hold.reviewer == reviewer.user
    assert timedelta(minutes=14) < hold.expires_at - timezone.now() <= timedelta(minutes=15)
    # Sam's queue hides it, and its counts agree; Rita still sees it, marked as hers.
    sams = second_reviewer.get("/d/demo/")
    assert "demo-en-09" not in [e.external_id for e in sams.context["page"]]
    assert sams.context["page"].count == everyone - 1
    assert sum(n for _, n in sams.context["counts"]["kind"]) == everyone - 1
    assert "demo-en-09" in queue_ids(reviewer)
    assert queue_ids(reviewer, "reservation=mine") == ["demo-en-09"]
    # A reviewer may not ask for the cases others hold; the admin may, and sees them marked.
    assert "demo-en-09" not in queue_ids(second_reviewer, "reservation=all")
    assert queue_ids(admin, "reservation=others") == ["demo-en-09"]
    assert "held by rita" in admin.get("/d/demo/?reservation=all").content.decode()
    # Sam opening it anyway (a link) does not take it over; the page says who holds it.
    taken = second_reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "rita opened this case and holds it" in taken
    assert Reservation.objects.get(case=c).reviewer == reviewer.user


def test_saving_a_review_releases_the_hold(reviewer, second_reviewer):
    c = case("demo-en-09")
    reviewer.get(f"/d/demo/cases/{c.pk}/")
    seen = reviewer.get(f"/d/demo/cases/{c.pk}/").context["seen_review_id"]
    response = reviewer.post(
        f"/d/demo/cases/{c.pk}/review", {"label": "grounded", "seen_review_id": seen}
    )
    assert response.status_code == 302
    assert not Reservation.objects.filter(case=c).exists()
    assert "demo-en-09" in queue_ids(second_reviewer)
    # Rita's progress counts the review; it is today's.
    progress = reviewer.get("/d/demo/").context["progress"]
    assert (progress.today, progress.total) == (1, 1)
    assert second_reviewer.get("/d/demo/").context["progress"].total == 0
    # A second review of the same case is not a second case; a recount agrees.
    reviewer.post(f"/d/demo/cases/{c.pk}/review", {"label": "not_grounded", "force": "1"})
    assert reviewer.get("/d/demo/").context["progress"].total == 1
    other = case("demo-en-10")
    reviewer.post(f"/d/demo/cases/{other.pk}/review", {"label": "grounded"})
    before = list(ReviewerDay.objects.values_list("reviewer_id", "day", "cases"))
    ReviewerDay.objects.all().delete()
    progress_recount()
    assert list(ReviewerDay.objects.values_list("reviewer_id", "day", "cases")) == before
    assert before[0][2] == 2


def test_a_hold_expires(reviewer, second_reviewer, demo_dataset):
    c = case("demo-en-09")
    now = timezone.now()
    case_reserve(case=c, user=reviewer.user, now=now - timedelta(minutes=16))
    assert reservations_live(dataset=demo_dataset) == {}
    assert "demo-en-09" in queue_ids(second_reviewer)
    # An expired hold is taken over by the next reviewer who opens the case.
    hold = case_reserve(case=c, user=second_reviewer.user, now=now)
    assert hold.mine and Reservation.objects.get(case=c).reviewer == second_reviewer.user


def test_opening_another_case_lets_go_of_the_first(reviewer, demo_dataset):
    first, second = case("demo-en-09"), case("demo-en-10")
    case_reserve(case=first, user=reviewer.user)
    case_reserve(case=second, user=reviewer.user)
    assert list(reservations_live(dataset=demo_dataset)) == [second.pk]
    assert reservation_release(case=second, user=reviewer.user)
    assert not reservation_release(case=second, user=reviewer.user)


def test_an_outsider_cannot_reserve(outsider, demo_dataset):
    with pytest.raises(PermissionDenied):
        case_reserve(case=case("demo-en-09"), user=outsider.user)
    assert outsider.get(f"/d/demo/cases/{case('demo-en-09').pk}/").status_code == 404
    assert not Reservation.objects.exists()


def test_save_and_next_skips_cases_others_hold(reviewer, second_reviewer):
    c = case("demo-en-09")
    first_next = (
        reviewer.post(f"/d/demo/cases/{c.pk}/review", {"label": "grounded", "next": "1"})
        .url.split("/cases/")[1]
        .split("/")[0]
    )
    # Sam opens that next case; Rita's next save must not send her there.
    second_reviewer.get(f"/d/demo/cases/{first_next}/")
    other = next(x for x in Case.objects.order_by("pk") if str(x.pk) not in (first_next, str(c.pk)))
    response = reviewer.post(f"/d/demo/cases/{other.pk}/review", {"label": "grounded", "next": "1"})
    assert response.url.split("/cases/")[1].split("/")[0] != first_next


def test_a_case_already_reviewed_is_not_held_again(reviewer, second_reviewer):
    c = case("demo-en-09")
    reviewer.post(f"/d/demo/cases/{c.pk}/review", {"label": "grounded"})
    # The page after the save (and any later look back) does not hold the case again.
    assert reviewer.get(f"/d/demo/cases/{c.pk}/").context["hold"] is None
    assert not Reservation.objects.exists()
    assert "demo-en-09" in queue_ids(second_reviewer)


def test_an_admin_reads_a_case_without_holding_it(reviewer, admin):
    c = case("demo-en-09")
    page = admin.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "reading without holding" in page
    assert not Reservation.objects.filter(case=c).exists()
    assert "demo-en-09" in queue_ids(reviewer)
    # She may hold it on purpose.
    admin.get(f"/d/demo/cases/{c.pk}/?hold=1")
    assert Reservation.objects.get(case=c).reviewer == admin.user
    assert "demo-en-09" not in queue_ids(reviewer)
