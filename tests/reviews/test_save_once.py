"""A review is saved once however often the page sends it (reviews.save_keys): a double click, a
retry after a lost answer, the form posted again. The page's script asks for JSON and keeps its
page whatever the answer; a plain form post gets pages as before."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from reviews.models import Review
from reviews.save_keys import save_key_of

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def form(external_id: str, **more):
    c = Case.objects.get(external_id=external_id)
    run = c.gate_runs.order_by("-id").first()
    data = {
        "label": "not_grounded",
        "seen_review_id": 0,
        "gate_run_id": run.pk,
        "comment": "checked the table",
        "save_key": "k" * 32,
        **more,
    }
    return c, f"/d/demo/cases/{c.pk}/review", data


def test_the_same_save_sent_twice_is_saved_once_and_both_answers_say_saved(reviewer):
    c, url, data = form("demo-en-17", **{"call-0": "right"})
    first = reviewer.post(url, data)
    again = reviewer.post(url, data | {"csrfmiddlewaretoken": "other", "next": "0"})
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == f"/d/demo/cases/{c.pk}/"
    saved = Review.objects.filter(case=c)
    assert saved.count() == 1 and saved.get().decisions.count() == 1
    # The second answer's page says it was saved once.
    page = reviewer.get(again["Location"]).content.decode()
    assert "saved once" in page


def test_the_script_gets_json_and_a_retry_finds_the_first_save(reviewer):
    c, url, data = form("demo-en-17")
    first = reviewer.post(url, data, **JSON)
    assert first.status_code == 200
    body = first.json()
    assert body["saved"] is True and body["location"] == f"/d/demo/cases/{c.pk}/"
    assert body["message"].startswith("Saved demo-en-17: Not grounded")
    retry = reviewer.post(url, data, **JSON).json()
    assert retry["saved"] is True and "saved once" in retry["message"]
    assert Review.objects.filter(case=c).count() == 1


def test_a_json_save_keeps_no_message_waiting_and_gives_the_reviews_list(reviewer):
    # The page's script shows the messages itself (d925): nothing waits in the session for a
    # later page, and a page that stays (d901) gets its Reviews list with the saved review.
    c, url, data = form("demo-en-17")
    body = reviewer.post(url, data, **JSON).json()
    assert body["messages"] == [{"level": "success", "text": body["message"]}]
    assert "checked the table" in body["reviews_html"] and "None yet." not in body["reviews_html"]
    page = reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "Saved demo-en-17" not in page
    # A plain form post (no script) still gets its message on the page it is sent to.
    c2, url2, data2 = form("demo-en-19")
    reviewer.post(url2, data2 | {"call-0": "right", "save_key": "m" * 32})
    assert "Saved demo-en-19" in reviewer.get(f"/d/demo/cases/{c2.pk}/").content.decode()


def test_the_same_key_with_something_changed_is_a_new_save_checked_as_any_other(reviewer):
    # Back after a save, a comment changed, Save again: not the first save's answer (that would
    # drop the change) but the reviewer's own earlier review shown as a conflict.
    c, url, data = form("demo-en-17")
    assert reviewer.post(url, data, **JSON).json()["saved"] is True
    changed = reviewer.post(url, data | {"comment": "on second thought"}, **JSON)
    assert changed.status_code == 409
    assert changed.json() == {
        "saved": False,
        "conflict": True,
        "stale_run": False,
        "error": "Not saved: you reviewed this case in another tab or window meanwhile.",
    }
    # The page then posts the form plainly: the server's page shows the earlier review beside
    # the input, and saving again from it keeps the change, knowingly.
    shown = reviewer.post(url, data | {"comment": "on second thought"})
    assert shown.status_code == 409 and "on second thought" in shown.content.decode()
    newer = {"comment": "on second thought", "seen_review_id": Review.objects.get(case=c).pk}
    kept = reviewer.post(url, data | newer, **JSON)
    assert kept.json()["saved"] is True
    assert list(Review.objects.filter(case=c).values_list("comment", flat=True)) == [
        "checked the table",
        "on second thought",
    ]


def test_a_key_is_only_the_reviewers_own(reviewer, second_reviewer):
    # Another reviewer's page with the same key and content saves her own review.
    c, url, data = form("demo-en-17")
    reviewer.post(url, data)
    other = second_reviewer.post(url, data | {"seen_review_id": Review.objects.get(case=c).pk})
    assert other.status_code == 302
    assert Review.objects.filter(case=c).count() == 2


def test_a_refused_save_answers_json_naming_the_field_and_the_finding(reviewer):
    c, url, data = form("demo-en-17", **{"call-0": "wrong"})
    response = reviewer.post(url, data, **JSON)
    assert response.status_code == 400
    assert response.json() == {
        "saved": False,
        "error": "Not saved: Finding 1 (UNGROUNDED_NUMBER): say why the gate was wrong",
        "field": "",
        "finding": 0,
    }
    _, _, data = form("demo-en-17", label="")
    body = reviewer.post(url, data, **JSON).json()
    assert body["field"] == "label" and body["error"].startswith("Not saved: Your decision:")
    assert not Review.objects.filter(case=c).exists()
    # The error is the page's line, not a message waiting on the next page.
    assert "Not saved" not in reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()


def test_a_page_without_a_key_saves_as_before(reviewer):
    c, url, data = form("demo-en-17")
    del data["save_key"]
    reviewer.post(url, data)
    reviewer.post(url, data)  # the second is the reviewer's own conflict, as before
    assert Review.objects.filter(case=c).count() == 1
    assert Review.objects.get(case=c).save_key == ""


def test_the_stored_key_is_a_digest_of_the_key_and_the_content():
    from django.http import QueryDict

    one = QueryDict("save_key=abc&label=grounded&call-0=right&csrfmiddlewaretoken=x&next=1")
    same = QueryDict("call-0=right&label=grounded&save_key=abc&csrfmiddlewaretoken=y&next=0")
    other = QueryDict("save_key=abc&label=grounded&call-0=wrong")
    assert save_key_of(one) == save_key_of(same) != save_key_of(other)
    assert len(save_key_of(one)) == 64
    assert save_key_of(QueryDict("label=grounded")) == ""
    assert save_key_of(QueryDict("save_key=" + "x" * 65)) == ""


def test_the_case_page_carries_a_fresh_key(reviewer):
    c, _, _ = form("demo-en-17")
    one = reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    two = reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    pick = lambda page: page.split('name="save_key" value="')[1].split('"')[0]  # noqa: E731
    assert len(pick(one)) == 32 and pick(one) != pick(two)


def test_a_relabel_answers_the_script_in_json(admin):
    c = Case.objects.get(external_id="demo-en-17")
    url = f"/d/demo/cases/{c.pk}/relabel"
    refused = admin.post(url, {"to_label": "grounded"}, **JSON)
    assert refused.status_code == 400 and refused.json()["error"].startswith("Not relabelled:")
    done = admin.post(url, {"to_label": "grounded", "reason": "the table says so"}, **JSON)
    said = "Final label: Grounded."  # shown by the page the script opens, not kept (d925)
    answer = done.json()
    # The Label history and the "Now:" line, for a page that stays (d964).
    history, now = answer.pop("label_history_html"), answer.pop("current_label_html")
    # The head's final label likewise (d1006).
    head = answer.pop("head_label_html")
    assert answer == {
        "saved": True,
        "location": f"/d/demo/cases/{c.pk}/",
        "message": said,
        "messages": [{"level": "success", "text": said}],
    }
    assert "the table says so" in history and "<strong>Grounded</strong>" in history
    assert now.startswith('Now: <strong class="label-grounded">Grounded</strong>')
    assert "(relabelled by " in now
    assert head.strip() == (
        '· final label <strong class="label-grounded" title="grounded">Grounded</strong>'
    )
    assert said not in admin.get(f"/d/demo/cases/{c.pk}/").content.decode()


def test_a_save_against_an_older_gate_run_answers_json_for_the_page_to_show(reviewer):
    # The case was gated again since the page was opened: nothing saved; the page then posts
    # the form plainly for the server's page with the new verdict and the input kept.
    c, url, data = form("demo-en-17")
    older = data | {"gate_run_id": data["gate_run_id"] + 1000}
    response = reviewer.post(url, older, **JSON)
    assert response.status_code == 409
    assert response.json()["stale_run"] is True
    assert response.json()["error"] == "Not saved: the case was gated again since you opened it."
    shown = reviewer.post(url, older)
    assert shown.status_code == 409 and "checked the table" in shown.content.decode()
    assert not Review.objects.filter(case=c).exists()


def test_two_arrivals_at_once_the_later_finds_the_earlier_by_the_unique_key(reviewer, monkeypatch):
    # The race the case lock cannot order on SQLite: the other arrival commits after this one
    # looked for it (and for the reviewer's own reviews). The unique save key refuses the second
    # row; the service answers with the first arrival's review and writes nothing.
    import reviews.services as services

    c, url, data = form("demo-en-17")
    reviewer.post(url, data)
    first = Review.objects.get(case=c)
    looked_up = services._saved_once
    calls: list[int] = []

    def first_miss(*args, **kwargs):
        calls.append(1)
        return None if len(calls) == 1 else looked_up(*args, **kwargs)

    monkeypatch.setattr(services, "_saved_once", first_miss)
    result = services.review_submit(
        case=c,
        reviewer=first.reviewer,
        label="not_grounded",
        comment="checked the table",
        gate_run_id=data["gate_run_id"],
        save_key=first.save_key,
    )
    assert result.replayed and result.review == first and len(calls) == 2
    assert Review.objects.filter(case=c).count() == 1
