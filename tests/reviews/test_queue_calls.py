"""The "Was the gate right?" calls as derived rows (QueueCall): each reviewer's latest review's
calls, kept by the review writer in its transaction, equal to the definition read from the
append-only reviews, and what the queue's code + call filter and the dashboard count."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Max

from groundgate.models import Case
from reviews.dashboard import dashboard
from reviews.models import FindingDecision, QueueCall, Review
from reviews.queue import queue_rebuild
from reviews.selectors import queue_page
from reviews.services import Decision, review_submit

pytestmark = pytest.mark.django_db


def user(name: str):
    return get_user_model().objects.get(username=name)


def save(who: str, external_id: str, label: str, calls: list[str]) -> None:
    c = Case.objects.get(external_id=external_id)
    decisions = [
        Decision(i, call, "formatting" if call == "wrong" else "") for i, call in enumerate(calls)
    ]
    result = review_submit(case=c, reviewer=user(who), label=label, decisions=decisions, force=True)
    assert result.saved


def by_definition(dataset) -> set[tuple[int, str, str]]:
    """The calls of each reviewer's latest review, read from the records themselves."""
    latest = (
        Review.objects.filter(case__dataset=dataset)
        .values("case_id", "reviewer_id")
        .annotate(last=Max("id"))
        .values("last")
    )
    return set(
        FindingDecision.objects.filter(review__in=latest).values_list(
            "review__case_id", "code", "call"
        )
    )


def stored(dataset) -> set[tuple[int, str, str]]:
    return set(QueueCall.objects.filter(dataset=dataset).values_list("case_id", "code", "call"))


def test_the_calls_follow_each_reviewers_latest_review(demo_dataset, reviewer, second_reviewer):
    en19 = Case.objects.get(external_id="demo-en-19")  # NUMBER_EQUIVALENT, UNGROUNDED_NUMBER
    save("rita", "demo-en-19", "not_grounded", ["right", "wrong"])
    save("rita", "demo-en-17", "not_grounded", ["wrong"])
    assert stored(demo_dataset) == by_definition(demo_dataset)
    wrong = {"code": "UNGROUNDED_NUMBER", "call": "wrong"}
    assert en19.pk in [e.case_id for e in queue_page(dataset=demo_dataset, filters=wrong)]
    # Rita changes her mind: her older review's calls no longer count.
    save("rita", "demo-en-19", "grounded", ["right", "right"])
    assert en19.pk not in [e.case_id for e in queue_page(dataset=demo_dataset, filters=wrong)]
    right = {"code": "UNGROUNDED_NUMBER", "call": "right"}
    assert en19.pk in [e.case_id for e in queue_page(dataset=demo_dataset, filters=right)]
    # Another reviewer's call counts beside hers.
    save("sam", "demo-en-19", "not_grounded", ["right", "wrong"])
    assert en19.pk in [e.case_id for e in queue_page(dataset=demo_dataset, filters=wrong)]
    assert stored(demo_dataset) == by_definition(demo_dataset)
    # Rows carry the entry's queue order (a review moves the case down the queue).
    for row in QueueCall.objects.filter(case=en19):
        assert (row.passed, row.review_rank) == (
            en19.queue_entry.passed,
            en19.queue_entry.review_rank,
        )
    # The dashboard's per-rule counts are these rows: each is its link's queue count.
    stats = dashboard(dataset=demo_dataset)
    for code, n_right, n_wrong in stats.rule_calls:
        for call, n in (("right", n_right), ("wrong", n_wrong)):
            page = queue_page(dataset=demo_dataset, filters={"code": code, "call": call})
            assert page.count == n, (code, call)


def test_a_rebuild_and_the_migrations_fill_give_the_same_rows(demo_dataset, reviewer):
    save("rita", "demo-en-19", "not_grounded", ["right", "wrong"])
    save("rita", "demo-en-17", "not_grounded", ["wrong"])
    save("rita", "demo-en-17", "grounded", ["right"])
    incremental = stored(demo_dataset)
    queue_rebuild(dataset_id=demo_dataset.pk)
    assert stored(demo_dataset) == incremental == by_definition(demo_dataset)
    # The migration fills the table from stored reviews with one statement: the same rows.
    from importlib import import_module

    fill = import_module("reviews.migrations.0012_queue_calls").FILL
    QueueCall.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(fill)
    assert stored(demo_dataset) == incremental


def test_code_and_call_pages_forwards_and_backwards(demo_dataset, reviewer):
    for external_id in ("demo-en-17", "demo-en-19", "demo-en-03", "demo-en-05"):
        c = Case.objects.get(external_id=external_id)
        findings = c.gate_runs.order_by("-id").first().findings
        if findings:
            save("rita", external_id, "not_grounded", ["wrong"] * len(findings))
    filters = {"code": "UNGROUNDED_NUMBER", "call": "wrong"}
    expected = sorted(
        c
        for c, code, call in by_definition(demo_dataset)
        if (code, call) == tuple(filters.values())
    )
    pages = [queue_page(dataset=demo_dataset, filters=filters, size=1)]
    while pages[-1].next_key:
        pages.append(
            queue_page(dataset=demo_dataset, filters=filters, after=pages[-1].next_key, size=1)
        )
    assert sorted(e.case_id for p in pages for e in p) == expected and len(expected) >= 2
    back = queue_page(dataset=demo_dataset, filters=filters, before=pages[-1].previous_key, size=1)
    assert [e.case_id for e in back] == [e.case_id for e in pages[-2]]


def test_a_code_and_call_page_leaves_out_a_case_another_reviewer_holds(
    demo_dataset, reviewer, second_reviewer
):
    """code + call alone reads the calls' rows with the code's probe and the holds only (every
    case has its entry): the same cases and count as with another filter that keeps them all."""
    from reviews.reservations import case_reserve, reservations_live
    from reviews.selectors import queue_scope

    save("rita", "demo-en-17", "not_grounded", ["wrong"])
    save("rita", "demo-en-19", "not_grounded", ["wrong", "wrong"])
    held = Case.objects.get(external_id="demo-en-17")
    case_reserve(case=held, user=user("sam"))
    alone = {"code": "UNGROUNDED_NUMBER", "call": "wrong"}
    seen = []
    for filters in (alone, {**alone, "kind": "answer"}):
        holds = reservations_live(dataset=demo_dataset)
        scope = queue_scope(dataset=demo_dataset, user=user("rita"), filters=filters, holds=holds)
        page = queue_page(dataset=demo_dataset, filters=filters, scope=scope)
        seen.append(([e.case_id for e in page], page.count))
    assert seen[0] == seen[1]
    ids, count = seen[0]
    assert held.pk not in ids and count == len(ids) >= 1
