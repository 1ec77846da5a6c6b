"""Reviewers' decisions, conflicts, double review and adjudication, admin relabels, the
dashboard."""

from __future__ import annotations

import re

import pytest

from groundgate.models import Case
from reviews.agreement import cohen_kappa
from reviews.models import FindingDecision, QueueEntry, Relabel, Review
from reviews.queue import queue_rebuild

pytestmark = pytest.mark.django_db


def case(external_id: str) -> Case:
    return Case.objects.get(external_id=external_id)


def review(client, c: Case, label: str, seen: int = 0, **extra):
    run = c.gate_runs.order_by("-id").first()
    form = {"label": label, "seen_review_id": seen, "gate_run_id": run.pk, **extra}
    return client.post(f"/d/demo/cases/{c.pk}/review", form)


def test_a_reviewer_records_a_decision_with_per_finding_calls(reviewer):
    c = case("demo-en-19")  # "$1050" grounded by equivalence (info), "10" ungrounded
    response = review(
        reviewer,
        c,
        "not_grounded",
        **{"call-0": "right", "call-1": "wrong", "reason-1": "formatting", "comment": "1050 ok"},
    )
    assert response.status_code == 302
    saved = Review.objects.get(case=c)
    assert (saved.reviewer.username, saved.label, saved.comment) == (
        "rita",
        "not_grounded",
        "1050 ok",
    )
    calls = list(
        FindingDecision.objects.filter(review=saved)
        .order_by("finding_index")
        .values_list("code", "call", "reason")
    )
    assert calls == [
        ("NUMBER_EQUIVALENT", "right", ""),
        ("UNGROUNDED_NUMBER", "wrong", "formatting"),
    ]
    entry = QueueEntry.objects.get(case=c)
    assert (entry.review_state, entry.final_label) == ("reviewed", "not_grounded")


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"label": "maybe"}, "Your decision: "),
        ({"label": "grounded", "call-9": "right"}, "Finding 10: no such finding"),
        ({"label": "grounded", "call-0": "wrong"}, "Finding 1 (UNGROUNDED_NUMBER): say why"),
        ({"label": "grounded", "call-0": "sideways"}, "Finding 1 (UNGROUNDED_NUMBER): must be"),
    ],
)
def test_bad_decisions_are_refused_naming_the_field(reviewer, form, field):
    c = case("demo-en-17")
    response = reviewer.post(f"/d/demo/cases/{c.pk}/review", form)
    assert response.status_code == 400
    html = response.content.decode()
    # Named in human words, not the service's internal path (decisions[0].reason).
    assert field in html and "decisions[" not in html
    assert not Review.objects.filter(case=c).exists()


def test_a_later_reviewer_is_told_of_the_conflict_and_sees_the_other_decision(
    reviewer, second_reviewer
):
    c = case("demo-en-18")
    # Both open the page when nobody has reviewed (seen_review_id 0); Rita saves first.
    assert review(reviewer, c, "not_grounded", comment="4.75 is derived").status_code == 302
    response = review(second_reviewer, c, "grounded")
    assert response.status_code == 409
    html = response.content.decode()
    assert "Not saved" in html and "rita" in html and "4.75 is derived" in html
    assert Review.objects.filter(case=c).count() == 1  # nothing silently overwritten
    # Knowingly saving anyway records a second review, and the case is disputed.
    assert review(second_reviewer, c, "grounded", force="1").status_code == 302
    assert QueueEntry.objects.get(case=c).review_state == "disputed"
    assert [r.label for r in Review.objects.filter(case=c).order_by("id")] == [
        "not_grounded",
        "grounded",
    ]


def test_double_review_is_independent_and_disagreement_goes_to_adjudication(
    demo_dataset, reviewer, second_reviewer, admin
):
    demo_dataset.reviews_required = 2
    demo_dataset.save()
    queue_rebuild(dataset_id=demo_dataset.pk)
    c = case("demo-zh-13")
    assert review(reviewer, c, "not_grounded").status_code == 302
    assert QueueEntry.objects.get(case=c).review_state == "unreviewed"  # one of two
    page = second_reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "independent review(s) hidden" in page and "not_grounded" not in page.split("Reviews")[1]
    assert review(second_reviewer, c, "partially_grounded").status_code == 302  # no conflict
    assert QueueEntry.objects.get(case=c).review_state == "disputed"
    adjudication = admin.get("/d/demo/?review=disputed").context["page"]
    assert [e.external_id for e in adjudication] == ["demo-zh-13"]
    admin.post(
        f"/d/demo/cases/{c.pk}/relabel",
        {"to_label": "not_grounded", "reason": "20万 is not 200000"},
    )
    entry = QueueEntry.objects.get(case=c)
    # The relabel settles the dispute; it is not a review (adjudicated, not reviewed).
    assert (entry.review_state, entry.final_label) == ("adjudicated", "not_grounded")


def test_admin_relabels_are_kept_and_shown(admin):
    c = case("demo-en-12")
    assert (
        admin.post(
            f"/d/demo/cases/{c.pk}/relabel", {"to_label": "grounded", "reason": ""}
        ).status_code
        == 400
    )
    admin.post(f"/d/demo/cases/{c.pk}/relabel", {"to_label": "grounded", "reason": "whitespace"})
    admin.post(f"/d/demo/cases/{c.pk}/relabel", {"to_label": "cannot_judge", "reason": "unsure"})
    history = list(
        Relabel.objects.filter(case=c)
        .order_by("id")
        .values_list("from_label", "to_label", "admin__username", "reason")
    )
    assert history == [
        ("", "grounded", "ada", "whitespace"),
        ("grounded", "cannot_judge", "ada", "unsure"),
    ]
    html = admin.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "Grounded → <strong>Cannot judge</strong> — unsure" in html  # words, not codes


def test_bulk_relabel_of_a_filtered_set(admin):
    filtered = admin.get("/d/demo/?code=NO_CHUNKS").context["page"]
    ids = [e.case_id for e in filtered]
    assert len(ids) == 2
    form = {
        "code": "NO_CHUNKS",
        "to_label": "not_grounded",
        "reason": "no retrieval",
        "expected_count": "2",
    }
    # First the confirmation: how many and which cases, nothing written yet.
    shown = admin.post("/d/demo/relabel", form)
    assert shown.status_code == 200 and not Relabel.objects.exists()
    assert [e.case_id for e in shown.context["entries"]] == ids
    assert "Relabel 2 cases" in shown.content.decode()
    # Words, the raw statuses on hover only (issue 30's vocabulary).
    table = shown.content.decode().split('id="relabel-cases"')[1]
    assert "Not grounded" in table and ">not_grounded<" not in table
    assert 'title="gate status: ' in table and '<span class="detail">' not in table
    confirm = form | {"confirm": "1", "digest": shown.context["digest"]}
    # A confirmation of another set (a stale digest) relabels nothing.
    admin.post("/d/demo/relabel", confirm | {"digest": "0" * 64})
    assert not Relabel.objects.exists()
    assert admin.post("/d/demo/relabel", confirm).status_code == 302
    assert set(Relabel.objects.values_list("case_id", flat=True)) == set(ids)
    # A stale count (the set changed) relabels nothing.
    admin.post("/d/demo/relabel", confirm | {"expected_count": "5"})
    assert Relabel.objects.count() == 2
    # Relabels are not reviews: the cases are still unreviewed, the progress counts none.
    assert set(
        QueueEntry.objects.filter(case_id__in=ids).values_list("review_state", flat=True)
    ) == {"unreviewed"}
    assert admin.get("/d/demo/").context["progress"].total == 0


def test_a_bulk_relabel_past_its_bound_relabels_nothing_and_names_the_setting(admin, settings):
    """GROUNDGATE_RELABEL_MAX_CASES bounds one relabel (the bulk page and the admin action)."""
    settings.GROUNDGATE_RELABEL_MAX_CASES = 1
    form = {
        "code": "NO_CHUNKS",
        "to_label": "not_grounded",
        "reason": "no retrieval",
        "expected_count": "2",
    }
    shown = admin.post("/d/demo/relabel", form)
    confirm = form | {"confirm": "1", "digest": shown.context["digest"]}
    response = admin.post("/d/demo/relabel", confirm, follow=True)
    assert not Relabel.objects.exists()
    assert "GROUNDGATE_RELABEL_MAX_CASES" in response.content.decode()


def test_save_and_next_goes_to_the_next_case_needing_review(reviewer):
    c = case("demo-en-09")
    response = review(reviewer, c, "not_grounded", next="1")
    assert response.status_code == 302
    next_id = int(response.url.split("/cases/")[1].split("/")[0])
    assert next_id != c.pk
    assert QueueEntry.objects.get(case_id=next_id).review_state == "unreviewed"


def test_the_dashboard_counts_progress_rules_and_agreement(reviewer, second_reviewer, admin):
    for external_id, rita, sam in [
        ("demo-en-17", "not_grounded", "not_grounded"),
        ("demo-en-18", "not_grounded", "grounded"),
        ("demo-en-01", "grounded", "grounded"),
    ]:
        c = case(external_id)
        review(reviewer, c, rita, **({"call-0": "right"} if c.gate_runs.get().findings else {}))
        review(second_reviewer, c, sam, force="1")
    stats = admin.get("/d/demo/dashboard").context["stats"]
    assert dict(stats.progress)["reviewed"] == 2 and dict(stats.progress)["disputed"] == 1
    assert ("UNGROUNDED_NUMBER", 2, 0) in stats.rule_calls
    assert stats.kappa_pairs == 3
    assert stats.kappa == pytest.approx(cohen_kappa([("n", "n"), ("n", "g"), ("g", "g")]))
    # Cases whose reviewers agreed: demo-en-17 (not grounded) and demo-en-01 (grounded).
    outcome_17 = QueueEntry.objects.get(case=case("demo-en-17")).outcome
    assert stats.confusion[outcome_17]["not_grounded"] == 1
    assert sum(sum(row.values()) for row in stats.confusion.values()) == 2


def test_cohen_kappa():
    assert cohen_kappa([]) is None
    assert cohen_kappa([("a", "a"), ("b", "b")]) == 1.0
    assert cohen_kappa([("a", "b"), ("b", "a")]) == -1.0
    # 20 cases, observed 0.7, expected 0.5: kappa 0.4
    pairs = [("y", "y")] * 7 + [("n", "n")] * 7 + [("y", "n")] * 3 + [("n", "y")] * 3
    assert cohen_kappa(pairs) == pytest.approx(0.4)


def test_the_queue_index_always_equals_a_rebuild(reviewer, admin):
    review(reviewer, case("demo-en-17"), "grounded")
    admin.post(
        f"/d/demo/cases/{case('demo-en-18').pk}/relabel", {"to_label": "grounded", "reason": "ok"}
    )
    before = sorted(
        QueueEntry.objects.values_list(
            "case_id", "gate_status", "review_state", "final_label", "finding_codes"
        )
    )
    queue_rebuild()
    after = sorted(
        QueueEntry.objects.values_list(
            "case_id", "gate_status", "review_state", "final_label", "finding_codes"
        )
    )
    assert before == after


def test_admin_site_relabel_action_needs_a_reason_and_uses_the_service(admin, demo_dataset):
    admin.user.is_staff = admin.user.is_superuser = True
    admin.user.save()
    ids = [case("demo-en-01").pk, case("demo-en-02").pk]
    base = {"action": "relabel_cases", "_selected_action": ids}
    form = admin.post("/admin/groundgate/case/", base)
    assert form.status_code == 200 and b"Relabel 2 cases" in form.content
    admin.post(
        "/admin/groundgate/case/", base | {"apply": "1", "to_label": "grounded", "reason": ""}
    )
    assert not Relabel.objects.exists()  # the reason is required
    admin.post(
        "/admin/groundgate/case/",
        base | {"apply": "1", "to_label": "grounded", "reason": "spot check"},
    )
    assert sorted(Relabel.objects.values_list("case_id", flat=True)) == sorted(ids)
    assert admin.get("/admin/reviews/relabel/").status_code == 200
    # The form lists each case with the final label it has now (d730).
    form = admin.post("/admin/groundgate/case/", base).content.decode()
    assert form.count("final label now: Grounded") == 2
    other = admin.post(
        "/admin/groundgate/case/", base | {"_selected_action": [case("demo-en-05").pk]}
    ).content.decode()
    assert "final label now: none" in other


def test_admin_site_relabel_action_sent_twice_is_stored_once(admin, demo_dataset):
    # The Django admin's relabel form carries a save key (d749): the same form sent again (a
    # double click, a retry) finds the first arrival's rows; a new form is a new relabel.
    admin.user.is_staff = admin.user.is_superuser = True
    admin.user.save()
    ids = [case("demo-en-01").pk, case("demo-en-02").pk]
    base = {"action": "relabel_cases", "_selected_action": ids}
    form = admin.post("/admin/groundgate/case/", base).content.decode()
    key = re.search(r'name="save_key" value="([0-9a-f]+)"', form).group(1)
    sent = base | {"apply": "1", "to_label": "grounded", "reason": "spot check", "save_key": key}
    admin.post("/admin/groundgate/case/", sent)
    admin.post("/admin/groundgate/case/", sent)
    assert sorted(Relabel.objects.values_list("case_id", flat=True)) == sorted(ids)
    again = admin.post("/admin/groundgate/case/", base).content.decode()
    fresh = re.search(r'name="save_key" value="([0-9a-f]+)"', again).group(1)
    assert fresh != key
    admin.post("/admin/groundgate/case/", sent | {"save_key": fresh, "to_label": "cannot_judge"})
    assert Relabel.objects.count() == 4  # a new form's relabel is a new row of the history


def test_admin_site_relabel_action_names_the_cases_other_reviewers_hold(admin, reviewer):
    """The admin's action relabels the cases it showed, held ones included (they were selected
    by hand), and says which a reviewer is reviewing now - before and after (it was silent)."""
    admin.user.is_staff = admin.user.is_superuser = True
    admin.user.save()
    held, free = case("demo-en-03"), case("demo-en-04")
    assert reviewer.get(f"/d/demo/cases/{held.pk}/").status_code == 200  # Rita holds it now
    base = {"action": "relabel_cases", "_selected_action": [held.pk, free.pk]}
    form = admin.post("/admin/groundgate/case/", base).content.decode()
    assert "1 of these case" in form and "being reviewed now by another reviewer" in form
    assert f"{held} - held by rita until" in form
    done = admin.post(
        "/admin/groundgate/case/",
        base | {"apply": "1", "to_label": "grounded", "reason": "spot check"},
        follow=True,
    ).content.decode()
    assert "Relabelled 2 cases. 1 of them was held by other reviewers." in done


def test_one_reviewer_saving_from_two_tabs_stores_one_review_unless_they_confirm(reviewer):
    c = case("demo-en-18")
    # Rita opens the case in two tabs (nobody had reviewed: seen_review_id 0) and saves both.
    assert review(reviewer, c, "not_grounded", comment="first tab").status_code == 302
    response = review(reviewer, c, "grounded", comment="second tab")
    assert response.status_code == 409
    html = response.content.decode()
    assert "Not saved" in html and "by you, in another tab" in html and "first tab" in html
    assert [r.comment for r in Review.objects.filter(case=c)] == ["first tab"]
    # Saving again knowingly is a change of mind: the newer review is appended.
    assert review(reviewer, c, "grounded", force="1", comment="second tab").status_code == 302
    assert [r.comment for r in Review.objects.filter(case=c).order_by("id")] == [
        "first tab",
        "second tab",
    ]
    # Reviewing again later, from a page that showed the first review, needs no confirmation.
    latest = Review.objects.filter(case=c).order_by("-id").first()
    assert review(reviewer, c, "not_grounded", seen=latest.pk).status_code == 302


def test_a_bulk_relabel_says_how_many_held_cases_it_leaves_out_and_why(admin, reviewer):
    """A case another reviewer holds is not in the admin's view, so a bulk relabel of the view
    leaves it out: said beside the form, on the confirmation and in the result (it was silent)."""
    ids = [e.case_id for e in admin.get("/d/demo/?code=NO_CHUNKS").context["page"]]
    assert len(ids) == 2
    assert reviewer.get(f"/d/demo/cases/{ids[0]}/").status_code == 200  # Rita holds it now
    queue = admin.get("/d/demo/?code=NO_CHUNKS")
    assert queue.context["page"].count == 1 and queue.context["held_out"] == 1
    assert "1 more case of this filter is held by other reviewers" in queue.content.decode()
    form = {"code": "NO_CHUNKS", "to_label": "not_grounded", "reason": "r", "expected_count": "1"}
    shown = admin.post("/d/demo/relabel", form)
    assert "1 more case of this filter is held by other reviewers" in shown.content.decode()
    done = admin.post(
        "/d/demo/relabel", form | {"confirm": "1", "digest": shown.context["digest"]}, follow=True
    )
    assert (
        "Relabelled 1 case. 1 case the filter matches is held by other reviewers and was not"
        in done.content.decode()
    )
    assert list(Relabel.objects.values_list("case_id", flat=True)) == [ids[1]]
    # Nothing held: nothing said.
    assert admin.get("/d/demo/?code=NO_CHUNKS&reservation=all").context["held_out"] == 0
