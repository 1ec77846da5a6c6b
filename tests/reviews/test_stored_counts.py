"""The queue's stored counts for issue 30 (the queue at 1M cases): AssignmentCount (a reviewer's
assigned cases per review state and reviewed flag) and QueueCallCount (the code + call filter per
queue cell) are kept in step by every writer, in its transaction, and always equal what counting
the rows says - which is also what their migration fills them with. The queue's counts for
`assigned=` and `code + call=` read them, and agree with the rows the page walks."""

from __future__ import annotations

from collections import Counter
from importlib import import_module

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count

from groundgate.models import Case
from reviews.assignment_counts import assignment_recount
from reviews.models import Assignment, AssignmentCount, QueueCallCount, QueueCode, QueueEntry
from reviews.queue import CALLS_RECOUNT, queue_rebuild, queue_recount
from reviews.selectors import _page_source, queue_page, queue_scope
from reviews.services import Decision, case_relabel, cases_assign, review_submit

pytestmark = pytest.mark.django_db
MIGRATION = import_module("reviews.migrations.0017_queue_stored_counts")


def stored_assignments() -> Counter:
    return Counter(
        {
            (r.dataset_id, r.reviewer_id, r.review_state, r.reviewed): r.n
            for r in AssignmentCount.objects.filter(n__gt=0)
        }
    )


def counted_assignments() -> Counter:
    """The definition: the assignment rows, grouped."""
    rows = Assignment.objects.values_list("dataset_id", "reviewer_id", "review_state", "reviewed")
    return Counter({tuple(r[:4]): r[4] for r in rows.annotate(n=Count("*")).order_by()})


def stored_calls() -> Counter:
    key = ("dataset_id", "code", "call", "gate_status", "outcome", "kind", "review_state")
    return Counter(
        {tuple(r[:7]): r[7] for r in QueueCallCount.objects.filter(n__gt=0).values_list(*key, "n")}
    )


def counted_calls() -> Counter:
    """The definition, read from the queue rows: calls whose case still has the code, by cell."""
    QueueCallCount.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(CALLS_RECOUNT.format(where=""))
    counted = stored_calls()
    return counted


def refill_as_the_migration_does() -> tuple[Counter, Counter]:
    AssignmentCount.objects.all().delete()
    QueueCallCount.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(MIGRATION.FILL_ASSIGNMENTS)
        cursor.execute(MIGRATION.FILL_CALLS)
    return stored_assignments(), stored_calls()


def review(who, external_id: str, label: str, calls: list[str] | None = None) -> None:
    case = Case.objects.get(external_id=external_id)
    decisions = [
        Decision(i, call, "formatting" if call == "wrong" else "")
        for i, call in enumerate(calls or [])
    ]
    saved = review_submit(case=case, reviewer=who, label=label, decisions=decisions, force=True)
    assert saved.saved


def test_an_admins_assignments_and_the_reviews_keep_the_stored_counts_right(
    admin, reviewer, second_reviewer, demo_dataset
):
    """Ada assigns cases to Rita, Rita and Sam review (Sam disagrees: a dispute), Ada settles it
    with a relabel, reassigns some to Sam and takes others back: after every step the stored
    counts equal the rows counted, the queue's counts read them, and the migration's fill
    gives the same."""
    ada, rita, sam = admin.user, reviewer.user, second_reviewer.user
    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id"))[:12]
    cases_assign(dataset=demo_dataset, cases=cases[:8], admin=ada, reviewer=rita)
    assert stored_assignments() == counted_assignments()
    assert stored_assignments()[(demo_dataset.pk, rita.pk, "unreviewed", False)] == 8

    review(rita, cases[0].external_id, "grounded")
    review(rita, cases[1].external_id, "grounded")
    review(sam, cases[1].external_id, "not_grounded")  # a dispute on Rita's case
    review(sam, cases[2].external_id, "grounded")  # someone else's review of her case
    assert stored_assignments() == counted_assignments()
    key = (demo_dataset.pk, rita.pk)
    assert stored_assignments()[(*key, "reviewed", True)] == 1
    assert stored_assignments()[(*key, "disputed", True)] == 1
    assert stored_assignments()[(*key, "reviewed", False)] == 1  # Sam's review, not hers

    case_relabel(case=cases[1], admin=ada, to_label="grounded", reason="checked the source")
    assert stored_assignments()[(*key, "adjudicated", True)] == 1
    cases_assign(dataset=demo_dataset, cases=cases[4:10], admin=ada, reviewer=sam)  # 4 of hers
    cases_assign(dataset=demo_dataset, cases=cases[6:7], admin=ada, reviewer=None)  # one back
    assert stored_assignments() == counted_assignments()

    total, done = 4, 2  # cases 0-3 are still hers; she reviewed 0 and 1
    progress = admin.get("/d/demo/").context["assignments"]
    assert {"reviewer": "rita", "total": total, "reviewed": done} in progress
    assert reviewer.get("/d/demo/").context["mine_assigned"] == (total, done)
    mine = queue_page(dataset=demo_dataset, filters={"assigned": "rita"})
    assert mine.count == len(mine.entries) == total
    unreviewed = queue_page(
        dataset=demo_dataset, filters={"assigned": "rita", "review": "unreviewed"}
    )
    assert unreviewed.count == len(unreviewed.entries) == 1  # case 3 (case 2 is Sam's review)

    maintained = (stored_assignments(), stored_calls())
    assert refill_as_the_migration_does() == maintained
    AssignmentCount.objects.update(n=99)
    assignment_recount()
    assert stored_assignments() == maintained[0]


def test_the_code_and_call_count_follows_the_calls_and_leaves_out_held_cases(
    reviewer, second_reviewer, demo_dataset
):
    """Rita and Sam call the findings of a few cases right and wrong (each reviewer's latest
    review counts); the code + call count, alone and with a faceted filter, is the stored sum
    and equals the rows the page is read from; a case Sam holds is left out of Rita's count."""
    rita, sam = reviewer.user, second_reviewer.user
    review(rita, "demo-en-19", "not_grounded", ["right", "wrong"])  # NUMBER_EQUIVALENT, UNGROUNDED
    review(rita, "demo-en-17", "not_grounded", ["wrong"])
    review(sam, "demo-en-17", "not_grounded", ["wrong"])
    review(rita, "demo-en-17", "grounded", ["right"])  # her latest review: "right" now
    assert stored_calls() == counted_calls() != Counter()

    for code, call in {(k[1], k[2]) for k in stored_calls()}:
        for extra in ({}, {"review": "reviewed"}, {"status": "ungrounded"}):
            filters = {"code": code, "call": call, **extra}
            page = queue_page(dataset=demo_dataset, filters=filters, size=500)
            rows = _page_source(dataset=demo_dataset, filters=filters, scope=None).count()
            assert page.count == len(page.entries) == rows, filters

    wrong = {"code": "UNGROUNDED_NUMBER", "call": "wrong"}
    en19 = Case.objects.get(external_id="demo-en-19")
    before = queue_page(dataset=demo_dataset, filters=wrong).count
    assert before >= 1
    # Sam opens en-19, which he has not reviewed: he holds it now.
    assert second_reviewer.get(f"/d/demo/cases/{en19.pk}/").status_code == 200
    scope = queue_scope(dataset=demo_dataset, user=rita, filters=wrong)
    held = queue_page(dataset=demo_dataset, filters=wrong, scope=scope)
    assert held.count == len(held.entries) == before - 1
    assert reviewer.get("/d/demo/", wrong).context["page"].count == before - 1
    mine = queue_scope(dataset=demo_dataset, user=sam, filters={**wrong, "reservation": "mine"})
    assert queue_page(dataset=demo_dataset, filters=wrong, scope=mine).count == 1


def test_a_recount_and_a_rebuild_give_the_maintained_counts_back(reviewer, demo_dataset):
    """A regate that drops a code a review called takes the call out of the count; the repair
    (rebuild_queue: queue_recount, assignment_recount) agrees with what the writers kept."""
    rita = reviewer.user
    review(rita, "demo-en-19", "not_grounded", ["right", "wrong"])
    en19 = Case.objects.get(external_id="demo-en-19")
    codes = QueueEntry.objects.get(case=en19).finding_codes.split()
    assert stored_calls() == counted_calls()
    from groundgate.models import GateRun

    run = GateRun.objects.filter(case=en19).order_by("-id").first()
    run.pk, run.finding_codes = None, " ".join(codes[1:])  # a newer run, the first code gone
    run._state.adding = True
    run.save()
    from reviews.queue import queue_refresh

    queue_refresh([en19.pk])
    assert not QueueCode.objects.filter(case=en19, code=codes[0]).exists()
    maintained = stored_calls()
    assert maintained == counted_calls()
    assert not any(key[1] == codes[0] for key in maintained)
    queue_recount()
    assert stored_calls() == maintained
    queue_rebuild(dataset_id=demo_dataset.pk)
    assert stored_calls() == maintained


@pytest.mark.parametrize("page", ["dashboard", "export", "import"])
def test_a_page_asked_for_with_a_trailing_slash_redirects_to_its_address(admin, page):
    """/d/demo/dashboard/ (what APPEND_SLASH habits lead one to type) is a permanent redirect to
    /d/demo/dashboard, the query string kept; the page there answers as usual."""
    response = admin.get(f"/d/demo/{page}/?status=ok")
    assert response.status_code == 301
    assert response["Location"] == f"/d/demo/{page}?status=ok"
    assert admin.get(response["Location"]).status_code == 200
    assert admin.get(f"/d/demo/{page}/").status_code == 301


def test_the_redirect_keeps_a_post_and_shows_an_outsider_nothing(admin, outsider):
    posted = admin.post("/d/demo/export/", {"format": "jsonl"})
    assert posted.status_code == 308 and posted["Location"] == "/d/demo/export"
    # Otto follows the redirect to the page, which the access module answers: not found.
    followed = outsider.get("/d/demo/dashboard/", follow=True)
    assert followed.redirect_chain == [("/d/demo/dashboard", 301)]
    assert followed.status_code == 404


def test_the_counts_table_has_one_row_per_key(demo_dataset, admin, reviewer):
    """The stored rows are keyed (unique): the upserts add to one row per key."""
    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id"))[:3]
    for _ in range(2):
        cases_assign(dataset=demo_dataset, cases=cases, admin=admin.user, reviewer=reviewer.user)
    rows = AssignmentCount.objects.values_list(
        "dataset_id", "reviewer_id", "review_state", "reviewed"
    )
    assert len(rows) == len(set(rows))
    assert (
        stored_assignments()
        == counted_assignments()
        == Counter({(demo_dataset.pk, reviewer.user.pk, "unreviewed", False): 3})
    )
    assert get_user_model().objects.filter(username="rita").exists()
