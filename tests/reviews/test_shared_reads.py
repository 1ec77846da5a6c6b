"""A queue page reads each stored count once (reviews.reads, issue 30): its count, its facets and
the `assigned=` checks asked for the same QueueCount and AssignmentCount rows two or three times,
a round trip each on PostgreSQL. The counts stay exact, and the next page sees a write made
between two pages (nothing is kept beyond a page)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from groundgate.models import Case
from reviews.models import QueueCount
from reviews.reads import reads_shared, shared_read
from reviews.services import cases_assign, review_submit

pytestmark = pytest.mark.django_db


def _page(client, url: str):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.context, [q["sql"] for q in queries.captured_queries]


def test_shared_read_reads_once_within_a_page_and_every_time_outside():
    reads: list[int] = []

    def read() -> int:
        reads.append(1)
        return len(reads)

    assert shared_read("k", read) == 1 and shared_read("k", read) == 2
    with reads_shared():
        assert shared_read("k", read) == 3 and shared_read("k", read) == 3
        assert shared_read("other", read) == 4
        with reads_shared():  # a block of its own reads again
            assert shared_read("k", read) == 5
        assert shared_read("k", read) == 3
    assert shared_read("k", read) == 6


def test_a_queue_page_reads_each_stored_count_once_and_the_next_page_sees_a_write(
    admin, reviewer, demo_dataset
):
    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id"))[:3]
    cases_assign(dataset=demo_dataset, cases=cases, admin=admin.user, reviewer=reviewer.user)
    unreviewed = "/d/demo/?assigned=rita&review=unreviewed"
    for url in ("/d/demo/?assigned=rita", unreviewed, "/d/demo/", "/d/demo/?status=ok"):
        context, sqls = _page(reviewer, url)
        assert sum("reviews_queuecount" in sql for sql in sqls) == 1, (url, sqls)
        assert sum("reviews_assignmentcount" in sql for sql in sqls) == 1, (url, sqls)
        assert context["mine_assigned"] == (3, 0)
    context, _ = _page(reviewer, unreviewed)
    assert context["page"].count == 3
    review_submit(case=cases[0], reviewer=reviewer.user, label="grounded")
    context, _ = _page(reviewer, unreviewed)
    assert context["page"].count == 2 and cases[0].pk not in [e.case_id for e in context["page"]]
    assert context["mine_assigned"] == (3, 1)
    context, _ = _page(reviewer, "/d/demo/?assigned=rita")
    assert context["page"].count == 3
    total = sum(
        QueueCount.objects.filter(dataset=demo_dataset, code="").values_list("n", flat=True)
    )
    context, _ = _page(reviewer, "/d/demo/")
    assert context["page"].count == total


def test_a_search_page_asks_for_the_newest_searched_case_once(reviewer, demo_dataset):
    context, sqls = _page(reviewer, "/d/demo/?q=demo")
    assert context["page"].count > 0
    assert sum("max(case_id)" in sql for sql in sqls) == 1, sqls


def test_a_searchs_count_is_the_rows_its_page_walks(admin, reviewer, second_reviewer, demo_dataset):
    """A search's count is summed from the rows its facets read (one read of the matches, not
    two): under every kind of filter, and with the cases another reviewer holds left out or
    shown alone, it is the number of rows the queue's walk gives."""
    from reviews.reservations import case_reserve
    from reviews.selectors import queue_entries, queue_page, queue_scope

    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id"))
    cases_assign(dataset=demo_dataset, cases=cases[:6], admin=admin.user, reviewer=reviewer.user)
    review_submit(case=cases[1], reviewer=reviewer.user, label="grounded")
    assert case_reserve(case=cases[2], user=second_reviewer.user) is not None
    checked = 0
    for filters in (
        {"q": "demo"},
        {"q": "demo", "status": "ok"},
        {"q": "demo", "review": "unreviewed", "kind": "answer"},
        {"q": "demo", "code": "UNGROUNDED_NUMBER"},
        {"q": "demo", "no_code": "UNGROUNDED_NUMBER"},
        {"q": "demo", "review_label": "grounded"},
        {"q": "demo", "assigned": "rita"},
        {"q": "demo", "assigned": "rita", "review": "unreviewed"},
        {"q": "demo", "reservation": "others"},
        {"q": "pump"},
        {"q": "zzqx nothing"},
    ):
        for user in (reviewer.user, admin.user):
            scope = queue_scope(dataset=demo_dataset, user=user, filters=filters)
            page = queue_page(dataset=demo_dataset, filters=filters, scope=scope, size=500)
            walked = list(queue_entries(dataset=demo_dataset, filters=filters, scope=scope))
            assert page.count == len(walked) == len(page.entries), (filters, user)
            checked += bool(walked)
    assert checked >= 10


def test_a_searchs_pages_are_found_among_its_matches_in_queue_order(reviewer, demo_dataset):
    """A search's page is chosen among its matches read once (no second read of them): walked
    forward and back by its keys, the pages are the walked rows of the queue, in its order."""
    from reviews.selectors import queue_entries, queue_page

    for filters in (
        {"q": "demo"},
        {"q": "demo", "review": "unreviewed"},
        {"q": "demo", "code": "UNGROUNDED_NUMBER"},
        {"q": "demo", "status": "ok", "kind": "answer"},
    ):
        walked = [e.case_id for e in queue_entries(dataset=demo_dataset, filters=filters)]
        assert len(walked) >= 2, filters
        pages = [queue_page(dataset=demo_dataset, filters=filters, size=2)]
        while pages[-1].next_key:
            pages.append(
                queue_page(dataset=demo_dataset, filters=filters, after=pages[-1].next_key, size=2)
            )
        assert [e.case_id for p in pages for e in p] == walked, filters
        assert pages[0].first and pages[0].previous_key is None
        assert all(p.count == len(walked) for p in pages)
        back = [pages[-1]]
        while back[-1].previous_key:
            back.append(
                queue_page(
                    dataset=demo_dataset, filters=filters, before=back[-1].previous_key, size=2
                )
            )
        assert [e.case_id for p in back[::-1] for e in p] == walked, filters
