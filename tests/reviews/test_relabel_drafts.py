"""A bulk relabel that cannot go through keeps what the admin typed (d826): a set that changed
since she looked is shown again for confirmation with her label and reason; a relabel that goes
back to the queue with an error finds the queue's form open and filled again, once."""

from __future__ import annotations

import pytest

from reviews.models import Relabel

pytestmark = pytest.mark.django_db

BULK = {
    "code": "NO_CHUNKS",
    "to_label": "not_grounded",
    "reason": "no retrieval <b>at all</b>",
    "expected_count": "2",
}


def shown_key(html: str) -> str:
    return html.split('name="save_key" value="')[1].split('"')[0]


def test_a_confirmation_of_a_changed_set_shows_the_new_set_with_the_reason_typed(admin):
    shown = admin.post("/d/demo/relabel", BULK)
    html = shown.content.decode()
    stale = BULK | {"confirm": "1", "digest": "0" * 64, "save_key": shown_key(html)}
    again = admin.post("/d/demo/relabel", stale)
    page = again.content.decode()
    # Nothing written; the confirmation page again, with the set as it is now and her words.
    assert again.status_code == 200 and not Relabel.objects.exists()
    assert "The filtered set changed since you looked; nothing relabelled." in page
    assert "It holds other cases than the 2 you saw: check them below and confirm again." in page
    assert 'name="reason" value="no retrieval &lt;b&gt;at all&lt;/b&gt;"' in page
    assert 'name="to_label" value="not_grounded"' in page
    assert again.context["digest"] == shown.context["digest"]
    # Confirming what is shown now goes through, with her reason.
    confirm = BULK | {
        "confirm": "1",
        "digest": again.context["digest"],
        "save_key": shown_key(page),
    }
    assert admin.post("/d/demo/relabel", confirm).status_code == 302
    assert set(Relabel.objects.values_list("reason", flat=True)) == {BULK["reason"]}


def test_a_first_step_on_a_stale_count_says_how_many_cases_there_are_now(admin):
    page = admin.post("/d/demo/relabel", BULK | {"expected_count": "5"}).content.decode()
    assert "It now holds 2 cases (you saw 5): check them below and confirm again." in page
    assert 'id="confirm-relabel">Relabel 2 cases<' in page
    assert not Relabel.objects.exists()


def test_a_relabel_refused_by_its_bound_finds_the_queue_form_filled_again_once(admin, settings):
    settings.GROUNDGATE_RELABEL_MAX_CASES = 1
    shown = admin.post("/d/demo/relabel", BULK)
    confirm = BULK | {"confirm": "1", "digest": shown.context["digest"]}
    back = admin.post("/d/demo/relabel", confirm)
    assert back.status_code == 302 and not Relabel.objects.exists()
    queue = admin.get(back["Location"]).content.decode()
    assert "GROUNDGATE_RELABEL_MAX_CASES" in queue
    assert '<details class="bulk" open>' in queue
    assert 'value="no retrieval &lt;b&gt;at all&lt;/b&gt;"' in queue
    assert '<option value="not_grounded" selected>' in queue
    # Taken once: the next look at the queue is the plain form.
    plain = admin.get(back["Location"]).content.decode()
    assert '<details class="bulk" open>' not in plain and "at all" not in plain


def test_a_draft_waits_for_its_own_filters(admin, settings):
    settings.GROUNDGATE_RELABEL_MAX_CASES = 1
    shown = admin.post("/d/demo/relabel", BULK)
    back = admin.post("/d/demo/relabel", BULK | {"confirm": "1", "digest": shown.context["digest"]})
    other = admin.get("/d/demo/").content.decode()
    assert "at all" not in other
    assert "at all" in admin.get(back["Location"]).content.decode()


def test_a_set_now_empty_says_the_reason_back(admin):
    shown = admin.post("/d/demo/relabel", BULK | {"code": "NO_SUCH_CODE", "expected_count": "0"})
    assert shown.status_code == 200  # an empty set as seen: nothing to relabel, nothing changed
    gone = admin.post("/d/demo/relabel", BULK | {"code": "NO_SUCH_CODE"}, follow=True)
    page = gone.content.decode()
    assert (
        "No case matches it now. Your reason was: “no retrieval &lt;b&gt;at all&lt;/b&gt;”" in page
    )
    assert not Relabel.objects.exists()
