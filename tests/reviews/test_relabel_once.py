"""A relabel is saved once however often the page sends it (d729), as a review is (d650): the
same relabel twice, and two arrivals at once, keep one row; the label history stays
append-only (the database refuses an UPDATE of a relabel or a review); the case page's relabel
form says what the final label is now and where it came from."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from groundgate.models import Case
from reviews.models import Relabel, Review

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def relabel_form(external_id: str = "demo-en-17", **more):
    c = Case.objects.get(external_id=external_id)
    data = {"to_label": "not_grounded", "reason": "page 3 disagrees", "save_key": "r" * 32}
    return c, f"/d/demo/cases/{c.pk}/relabel", data | more


def test_the_same_relabel_sent_twice_is_stored_once_and_both_answers_say_relabelled(admin):
    c, url, data = relabel_form()
    first = admin.post(url, data)
    again = admin.post(url, data | {"csrfmiddlewaretoken": "other"})
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == f"/d/demo/cases/{c.pk}/"
    assert Relabel.objects.filter(case=c).count() == 1
    page = admin.get(again["Location"]).content.decode()
    assert "relabelled once" in page
    # The script's retry (JSON) finds it too.
    retry = admin.post(url, data, **JSON)
    assert retry.json()["saved"] is True
    assert retry.json()["location"] == f"/d/demo/cases/{c.pk}/"
    assert "relabelled once" in retry.json()["message"]
    assert Relabel.objects.filter(case=c).count() == 1


def test_a_changed_relabel_from_the_same_page_is_a_new_row_in_the_history(admin):
    c, url, data = relabel_form()
    admin.post(url, data)
    admin.post(url, data | {"to_label": "grounded", "reason": "no, page 4 agrees"})
    rows = list(Relabel.objects.filter(case=c).values_list("from_label", "to_label"))
    assert rows == [("", "not_grounded"), ("not_grounded", "grounded")]


def test_a_relabel_without_a_key_is_stored_each_time_as_before(admin):
    c, url, data = relabel_form()
    del data["save_key"]
    admin.post(url, data)
    admin.post(url, data)
    assert Relabel.objects.filter(case=c, save_key="").count() == 2


def test_a_key_is_only_the_admins_own(admin, demo_dataset):
    from groundgate.models import Role
    from tests.reviews.conftest import logged_in

    other = logged_in("ava", demo_dataset, Role.ADMIN)
    c, url, data = relabel_form()
    admin.post(url, data)
    other.post(url, data)
    assert Relabel.objects.filter(case=c).count() == 2


def test_two_arrivals_at_once_the_later_meets_the_unique_key_and_gets_the_first(admin, monkeypatch):
    # The race the case lock cannot order on SQLite: the other arrival commits after this one
    # looked for it. The unique key refuses the second row; the service (not the view) answers
    # with the first arrival's relabel and writes nothing. Fails without the service's catch.
    import reviews.services as services

    c, url, data = relabel_form()
    admin.post(url, data)
    first = Relabel.objects.get(case=c)
    looked_up = services._relabelled_once
    calls: list[int] = []

    def first_miss(*args, **kwargs):
        calls.append(1)
        return None if len(calls) == 1 else looked_up(*args, **kwargs)

    monkeypatch.setattr(services, "_relabelled_once", first_miss)
    result = services.case_relabel(
        case=c,
        admin=first.admin,
        to_label="not_grounded",
        reason="page 3 disagrees",
        save_key=first.save_key,
    )
    assert result.replayed and result.relabel == first and len(calls) == 2
    assert Relabel.objects.filter(case=c).count() == 1


def test_the_database_refuses_to_update_a_relabel_or_a_review(admin, reviewer):
    # Append-only at the database too: migration 0019 makes the triggers again after SQLite's
    # table rebuilds (0018's had dropped the review's).
    c, url, data = relabel_form()
    admin.post(url, data)
    run = c.gate_runs.order_by("-id").first()
    reviewer.post(
        f"/d/demo/cases/{c.pk}/review",
        {"label": "grounded", "seen_review_id": 0, "gate_run_id": run.pk, "call-0": "right"},
    )
    assert Review.objects.filter(case=c).exists()
    for table in ("reviews_relabel", "reviews_review"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"UPDATE {table} SET save_key = 'changed'")


def test_the_relabel_form_has_a_heading_and_says_the_current_label(admin):
    c, url, data = relabel_form()
    page = admin.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert '<h3 id="relabel-title">Set the final label</h3>' in page
    assert "Now: <strong>none</strong> (no agreed review and no relabel yet)." in page
    assert 'name="save_key"' in page.split('class="relabel"')[1].split("</form>")[0]
    admin.post(url, data)
    page = admin.get(f"/d/demo/cases/{c.pk}/").content.decode()
    now = page.split('id="current-label">')[1].split("</p>")[0]
    assert "Not grounded" in now and "relabelled by ada" in now


BULK = {
    "code": "NO_CHUNKS",
    "to_label": "not_grounded",
    "reason": "no retrieval",
    "expected_count": "2",
}


def confirmation(admin) -> dict:
    """The bulk relabel's confirmation form as the page shows it (its key, its set's digest)."""
    shown = admin.post("/d/demo/relabel", BULK)
    key = shown.content.decode().split('name="save_key" value="')[1].split('"')[0]
    assert len(key) == 32
    return BULK | {"confirm": "1", "digest": shown.context["digest"], "save_key": key}


def test_a_bulk_relabel_confirmed_twice_is_stored_once(admin):
    # The confirmation sent again (a double click, Back and Confirm, a retry): the set is the
    # same, each case's row carries its own key; nothing more is written (d737).
    confirm = confirmation(admin)
    first = admin.post("/d/demo/relabel", confirm, follow=True).content.decode()
    assert "Relabelled 2 cases." in first and "relabelled once" not in first
    again = admin.post("/d/demo/relabel", confirm, follow=True).content.decode()
    assert "Relabelled 2 cases. (it had arrived once already: relabelled once)" in again
    assert Relabel.objects.count() == 2
    assert len(set(Relabel.objects.values_list("save_key", flat=True))) == 2
    # A new confirmation page (a new key) relabels again, as asked: the history grows.
    admin.post("/d/demo/relabel", confirmation(admin))
    assert Relabel.objects.count() == 4


def test_a_bulk_confirmation_again_after_its_cases_left_the_filter_says_it_went_through(admin):
    # Filtered by their final label, the relabelled cases leave the filter: the confirmation
    # sent again no longer matches the set it was shown, and is answered with what its first
    # arrival did, not "the filtered set changed" (d782). Nothing is written twice.
    admin.post("/d/demo/relabel", confirmation(admin) | {"to_label": "grounded"})
    chosen = BULK | {"final_label": "grounded"}
    shown = admin.post("/d/demo/relabel", chosen)
    key = shown.content.decode().split('name="save_key" value="')[1].split('"')[0]
    confirm = chosen | {"confirm": "1", "digest": shown.context["digest"], "save_key": key}
    first = admin.post("/d/demo/relabel", confirm, follow=True).content.decode()
    assert "Relabelled 2 cases." in first
    assert Relabel.objects.count() == 4
    again = admin.post("/d/demo/relabel", confirm, follow=True).content.decode()
    assert "Relabelled 2 cases. (it had arrived once already: relabelled once)" in again
    assert "filtered set changed" not in again
    assert Relabel.objects.count() == 4
    # Another page's key (or none) on a changed set is still told the set changed.
    other = admin.post("/d/demo/relabel", confirm | {"save_key": "x" * 32}, follow=True)
    said = other.content.decode()
    assert "The filtered set changed since you looked; nothing relabelled." in said
    assert Relabel.objects.count() == 4


def test_a_bulk_confirmation_twice_at_once_meets_the_unique_key(admin, monkeypatch):
    # The later arrival looked for the first one's rows before they were committed: its rows
    # meet the unique key, and the service answers with the first arrival's rows.
    import reviews.relabel_once as services

    confirm = confirmation(admin)
    admin.post("/d/demo/relabel", confirm)
    first = set(Relabel.objects.values_list("pk", flat=True))
    looked_up = services._relabels_once
    calls: list[int] = []

    def first_miss(*args, **kwargs):
        calls.append(1)
        return [] if len(calls) == 1 else looked_up(*args, **kwargs)

    monkeypatch.setattr(services, "_relabels_once", first_miss)
    again = admin.post("/d/demo/relabel", confirm, follow=True).content.decode()
    assert "relabelled once" in again and len(calls) == 2
    assert set(Relabel.objects.values_list("pk", flat=True)) == first
