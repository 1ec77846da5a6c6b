"""Admins assign a filtered set of cases to a reviewer; the reviewer finds them under "assigned
to you"; the admin sees each reviewer's progress on her assigned cases."""

from __future__ import annotations

from groundgate.models import Case
from reviews.models import Assignment
from reviews.services import review_submit


def test_an_admin_assigns_a_filtered_set_and_follows_progress(admin, reviewer):
    queue = admin.get("/d/demo/", {"q": "demo-en-1"})
    count = queue.context["page"].count
    assert count > 1
    form = {"q": "demo-en-1", "expected_count": str(count), "reviewer": "rita"}
    assert reviewer.post("/d/demo/assign", form).status_code == 403
    stale = admin.post("/d/demo/assign", {**form, "expected_count": "1"}, follow=True)
    assert not Assignment.objects.exists()  # the set changed (as far as the form knew)
    # Her choice is said back with the set as it is now (d826).
    said = f"nothing assigned. It now holds {count} cases: assign them to rita again"
    assert said in stale.content.decode()
    admin.post("/d/demo/assign", form)
    assigned = set(Assignment.objects.values_list("case__external_id", flat=True))
    assert len(assigned) == count and all(a.startswith("demo-en-1") for a in assigned)

    first = Case.objects.get(external_id=sorted(assigned)[0])
    review_submit(case=first, reviewer=reviewer.user, label="grounded")
    page = reviewer.get("/d/demo/").content.decode()
    assert f"assigned to you: 1 of {count} reviewed" in page
    mine = reviewer.get("/d/demo/", {"assigned": "rita"}).context["page"]
    assert mine.count == count
    progress = admin.get("/d/demo/").context["assignments"]
    assert progress == [{"reviewer": "rita", "total": count, "reviewed": 1}]

    # Taking them back.
    admin.post("/d/demo/assign", {"assigned": "rita", "expected_count": str(count), "reviewer": ""})
    assert not Assignment.objects.exists()


def test_progress_is_the_reviewers_own_reviews_whenever_they_came(admin, reviewer, second_reviewer):
    """The maintained flag equals "she has a review of the case": a review before the
    assignment counts, another reviewer's review does not; the migration's fill agrees."""
    from importlib import import_module

    from django.db import connection

    from reviews.models import Review
    from reviews.services import cases_assign

    cases = list(Case.objects.filter(external_id__startswith="demo-en-1").order_by("id"))[:4]
    review_submit(case=cases[0], reviewer=reviewer.user, label="grounded")  # before
    count = len(cases)
    cases_assign(dataset=cases[0].dataset, cases=cases, admin=admin.user, reviewer=reviewer.user)
    review_submit(case=cases[1], reviewer=second_reviewer.user, label="grounded")  # not hers
    review_submit(case=cases[2], reviewer=reviewer.user, label="grounded")  # after
    flags = dict(Assignment.objects.values_list("case_id", "reviewed"))
    truth = {
        a.case_id: Review.objects.filter(case_id=a.case_id, reviewer=a.reviewer).exists()
        for a in Assignment.objects.all()
    }
    assert flags == truth and sum(flags.values()) == 2 and len(flags) == count
    Assignment.objects.update(reviewed=False)
    with connection.cursor() as cursor:
        cursor.execute(import_module("reviews.migrations.0014_assignment_progress").FILL)
    assert dict(Assignment.objects.values_list("case_id", "reviewed")) == truth


def test_an_assignments_review_state_follows_its_case_and_counts_without_probes(
    admin, reviewer, second_reviewer, demo_dataset
):
    """Assignment.review_state (d393) is the case's queue review state through reviews, a
    dispute, an adjudicating relabel and a later assignment; the migration's fill agrees; and
    "her cases in a review state" is counted from her assignment rows alone."""
    from importlib import import_module

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from reviews.models import QueueEntry
    from reviews.selectors import queue_page
    from reviews.services import case_relabel, cases_assign

    demo_dataset.reviews_required = 2
    demo_dataset.save()
    cases = list(Case.objects.filter(external_id__startswith="demo-en-1").order_by("id"))[:5]
    review_submit(case=cases[0], reviewer=reviewer.user, label="grounded")  # before assigning
    cases_assign(dataset=demo_dataset, cases=cases, admin=admin.user, reviewer=reviewer.user)
    review_submit(case=cases[0], reviewer=second_reviewer.user, label="grounded")  # reviewed
    review_submit(case=cases[1], reviewer=reviewer.user, label="grounded")
    review_submit(case=cases[1], reviewer=second_reviewer.user, label="not_grounded")  # disputed
    review_submit(case=cases[2], reviewer=reviewer.user, label="grounded")
    review_submit(case=cases[2], reviewer=second_reviewer.user, label="not_grounded")
    case_relabel(case=cases[2], admin=admin.user, to_label="grounded", reason="settled")

    def truth():
        return dict(
            QueueEntry.objects.filter(case_id__in=[c.pk for c in cases]).values_list(
                "case_id", "review_state"
            )
        )

    states = dict(Assignment.objects.values_list("case_id", "review_state"))
    assert states == truth()
    assert set(states.values()) == {"reviewed", "disputed", "adjudicated", "unreviewed"}
    Assignment.objects.update(review_state="unreviewed")
    with connection.cursor() as cursor:
        cursor.execute(import_module("reviews.migrations.0016_pages_assignment_review_state").FILL)
    assert dict(Assignment.objects.values_list("case_id", "review_state")) == truth()

    for state in ("unreviewed", "reviewed", "disputed", "adjudicated"):
        filters = {"assigned": "rita", "review": state}
        with CaptureQueriesContext(connection) as queries:
            page = queue_page(dataset=demo_dataset, filters=filters)
        expected = sorted(c for c, s in truth().items() if s == state)
        assert page.count == len(expected) and sorted(e.case_id for e in page) == expected
        # Counted from the stored AssignmentCount rows (issue 30): no count of rows at all.
        sqls = [q["sql"] for q in queries]
        assert any("reviews_assignmentcount" in sql for sql in sqls), sqls
        assert not [sql for sql in sqls if "COUNT(" in sql and "reviews_queueentry" in sql]
