"""Queue pages by keyset and the filter counts the queue writer keeps in step."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.management import call_command

from groundgate.models import Case
from groundgate.services.gating import dataset_regate
from reviews.facets import Scope
from reviews.models import QueueCode, QueueCount, QueueEntry
from reviews.queue import queue_recount
from reviews.queue_facets import queue_counts
from reviews.selectors import queue_entries, queue_page
from reviews.services import case_relabel, review_submit

pytestmark = pytest.mark.django_db


def walk(dataset, filters, size):
    """Every page forwards from the first, then every page backwards from the last."""
    pages = [queue_page(dataset=dataset, filters=filters, size=size)]
    while pages[-1].next_key:
        pages.append(
            queue_page(dataset=dataset, filters=filters, after=pages[-1].next_key, size=size)
        )
    backwards = [pages[-1]]
    while backwards[-1].previous_key:
        backwards.append(
            queue_page(
                dataset=dataset, filters=filters, before=backwards[-1].previous_key, size=size
            )
        )
    return pages, backwards


@pytest.mark.parametrize(
    "filters",
    [
        {},
        {"status": "ok"},
        {"review": "unreviewed", "kind": "answer"},
        {"code": "commonest"},  # read from the code's rows (queuecode_order)
        {"code": "commonest", "kind": "answer"},
        {"no_code": "commonest"},
    ],
)
def test_pages_forwards_and_backwards_are_the_queue_in_order(demo_dataset, filters):
    if "commonest" in filters.values():
        codes = Counter(
            QueueCode.objects.filter(dataset=demo_dataset).values_list("code", flat=True)
        )
        commonest = codes.most_common(1)[0][0]
        filters = {k: commonest if v == "commonest" else v for k, v in filters.items()}
    everything = [e.case_id for e in queue_entries(dataset=demo_dataset, filters=filters)]
    assert len(everything) > 7
    pages, backwards = walk(demo_dataset, filters, size=7)
    assert [e.case_id for p in pages for e in p] == everything
    assert [[e.case_id for e in p] for p in backwards] == [[e.case_id for e in p] for p in pages][
        ::-1
    ]
    assert pages[0].first and not any(p.first for p in pages[1:])
    assert all(len(p) == 7 for p in pages[:-1]) and pages[-1].next_key is None
    assert {p.count for p in pages} == {len(everything)}


def test_previous_from_the_second_page_is_a_full_first_page_after_new_rows(demo_dataset):
    second = queue_page(
        dataset=demo_dataset,
        filters={},
        after=queue_page(dataset=demo_dataset, filters={}, size=5).next_key,
        size=5,
    )
    back = queue_page(dataset=demo_dataset, filters={}, before=second.previous_key, size=5)
    assert back.first and back.previous_key is None
    assert [e.case_id for e in back] == [
        e.case_id for e in queue_page(dataset=demo_dataset, filters={}, size=5)
    ]


@pytest.mark.parametrize(
    "key", ["", "x", "1.2", "1.2.3.4", "-1.0.5", "1.0.99999999999999999999999"]
)
def test_a_malformed_page_key_shows_the_first_page(reviewer, key):
    response = reviewer.get(f"/d/demo/?after={key}&before={key}")
    assert response.status_code == 200
    assert response.context["page"].first


def test_the_queue_page_links_the_next_and_previous_pages(reviewer, monkeypatch):
    monkeypatch.setattr("reviews.views.PAGE_SIZE", 10)
    first = reviewer.get("/d/demo/?status=ok")
    page = first.context["page"]
    html = first.content.decode()
    assert f"status=ok&amp;after={page.next_key}" in html and "before=" not in html
    second = reviewer.get(f"/d/demo/?status=ok&after={page.next_key}")
    assert f"status=ok&amp;before={second.context['page'].previous_key}" in second.content.decode()
    assert not {e.case_id for e in second.context["page"]} & {e.case_id for e in page}
    assert all(e.gate_status == "ok" for e in second.context["page"])


def test_the_final_label_is_shown_in_words_with_its_value_on_hover(demo_dataset, reviewer, admin):
    case = Case.objects.get(dataset=demo_dataset, external_id="demo-zh-09")
    case_relabel(case=case, admin=admin.user, to_label="not_grounded", reason="checked")
    html = reviewer.get("/d/demo/?q=demo-zh-09").content.decode()
    assert '<span title="not_grounded">Not grounded</span>' in html
    assert "<td>not_grounded</td>" not in html


def grouped(dataset) -> dict[str, list[tuple[str, int]]]:
    """The filter counts as a GROUP BY over the queue rows computes them (what the page showed
    before the counts were maintained)."""
    entries = QueueEntry.objects.filter(dataset=dataset)
    counts = {
        "outcome": Counter(e.outcome for e in entries if e.outcome),
        "status": Counter(e.gate_status for e in entries if e.gate_status),
        "kind": Counter(e.kind for e in entries),
        "review": Counter(e.review_state for e in entries),
        "code": Counter(QueueCode.objects.filter(dataset=dataset).values_list("code", flat=True)),
    }
    return {facet: sorted(c.items()) for facet, c in counts.items()}


def test_the_counts_follow_reviews_relabels_regating_and_new_cases(demo_dataset, reviewer, admin):
    assert queue_counts(dataset=demo_dataset) == grouped(demo_dataset)
    case = Case.objects.get(dataset=demo_dataset, external_id="demo-en-14")
    review_submit(case=case, reviewer=reviewer.user, label="grounded")
    other = Case.objects.get(dataset=demo_dataset, external_id="demo-zh-09")
    case_relabel(case=other, admin=admin.user, to_label="not_grounded", reason="checked")
    dataset_regate(dataset=demo_dataset, kind=other.kind)
    dataset_regate(dataset=demo_dataset, batch_size=9)
    counts = queue_counts(dataset=demo_dataset)
    assert counts == grouped(demo_dataset)
    # The relabelled case nobody reviewed stays unreviewed: a relabel is not a review.
    assert ("reviewed", 1) in counts["review"]
    # The count of a filter is the number of rows the filter shows, alone and combined.
    for facet, values in counts.items():
        for value, n in values:
            page = queue_page(dataset=demo_dataset, filters={facet: value}, size=1)
            assert (
                page.count
                == n
                == queue_entries(dataset=demo_dataset, filters={facet: value}).count()
            )
    # Combinations: sums of maintained counts, or a COUNT when a code is one of them.
    combinations = [
        {"status": "ok", "review": "unreviewed"},
        {"status": "ok", "review": "reviewed", "kind": "answer"},
        {"kind": "answer", "review": "disputed"},
        {"code": "COORDINATE_MISMATCH", "status": "ok"},
        {"status": "no_such_status"},
        {"code": "NO_SUCH_CODE"},
    ]
    for filters in combinations:
        page = queue_page(dataset=demo_dataset, filters=filters)
        assert page.count == queue_entries(dataset=demo_dataset, filters=filters).count(), filters


def test_rebuild_and_recount_repair_lost_counts(demo_dataset):
    expected = queue_counts(dataset=demo_dataset)
    QueueCount.objects.all().delete()
    QueueEntry.objects.all().delete()
    QueueCode.objects.all().delete()
    assert queue_counts(dataset=demo_dataset) == {
        "outcome": [],
        "status": [],
        "kind": [],
        "review": [],
        "code": [],
    }
    call_command("rebuild_queue", "--dataset", "demo")
    assert queue_counts(dataset=demo_dataset) == expected == grouped(demo_dataset)
    QueueCount.objects.filter(code="").update(n=1)
    queue_recount(dataset_id=demo_dataset.pk)
    assert queue_counts(dataset=demo_dataset) == expected


def test_the_counts_of_a_dataset_are_its_own(demo_dataset, reviewer):
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines
    from tests.conftest import DEMO_CASES

    other, _ = dataset_get_or_create(slug="other")
    lines = DEMO_CASES.read_bytes().splitlines(keepends=True)[:3]
    assert not case_import_lines(dataset=other, lines=lines).errors
    assert sum(n for _, n in queue_counts(dataset=other)["kind"]) == 3
    assert queue_counts(dataset=demo_dataset) == grouped(demo_dataset)


def test_a_view_without_maintained_counts_counts_up_to_the_cap(demo_dataset, admin, monkeypatch):
    """A filter without maintained counts (labels, search, ...) reads at most COUNT_CAP + 1
    rows to count: past the cap the page says "more than", the selects show no counts, and the
    admin's "all cases of this view" forms are not offered."""
    from reviews import selectors

    filters = {"q": "demo"}  # every case
    total = QueueEntry.objects.filter(dataset=demo_dataset).count()
    assert queue_page(dataset=demo_dataset, filters=filters).count == total
    monkeypatch.setattr(selectors, "COUNT_CAP", 5)
    page = queue_page(dataset=demo_dataset, filters=filters, size=3)
    assert page.count == 6 and page.capped and len(page) == 3
    assert all(
        n is None
        for facet in queue_counts(dataset=demo_dataset, filters=filters).values()
        for _, n in facet
    )
    html = admin.get(f"/d/{demo_dataset.slug}/?q=demo").content.decode()
    assert "more than 5 cases" in html and 'id="too-many"' in html
    assert 'id="assign"' not in html and "Relabel all" not in html


def test_no_code_is_counted_from_the_maintained_sums_exactly(demo_dataset, monkeypatch):
    """`no_code` (alone or with faceted filters) is all entries minus those with the code, both
    maintained sums: no read of the entries (it read 10,001 at 1M, ~95 ms); the same figure as
    walking the entries, held cases left out as the page leaves them out."""
    from reviews import selectors

    def walked(filters, scope=None):
        return selectors.queue_entries(dataset=demo_dataset, filters=filters, scope=scope).count()

    monkeypatch.setattr(selectors, "capped_count", None)  # never called for these
    codes = set(QueueCode.objects.filter(dataset=demo_dataset).values_list("code", flat=True))
    for code in [*sorted(codes), "NO_SUCH_CODE"]:
        for extra in ({}, {"status": "citation_insufficient"}, {"review": "unreviewed"}):
            filters = {"no_code": code, **extra}
            assert queue_page(dataset=demo_dataset, filters=filters).count == walked(filters)
    held = QueueEntry.objects.filter(dataset=demo_dataset, finding_codes="").first()
    scope = Scope(hidden={held.case_id}, held=[held])
    filters = {"no_code": sorted(codes)[0]}
    count = selectors.queue_filtered_count(dataset=demo_dataset, filters=filters, scope=scope)
    assert count == walked(filters, scope) == walked(filters) - 1


def test_a_code_with_a_rarer_filter_reads_the_smaller_side_and_pages_the_same(demo_dataset):
    """With a code and faceted filters, the page is read from whichever side has fewer rows
    (the code's rows or the entries the other filters choose): the same pages either way,
    also for a status no case has."""
    from reviews import selectors

    codes = Counter(QueueCode.objects.filter(dataset=demo_dataset).values_list("code", flat=True))
    commonest = codes.most_common(1)[0][0]
    statuses = set(
        QueueEntry.objects.filter(dataset=demo_dataset).values_list("gate_status", flat=True)
    )
    for status in [*sorted(statuses), "ungrounded"]:
        filters = {"code": commonest, "status": status}
        source = selectors._page_source(dataset=demo_dataset, filters=filters, scope=None)
        everything = [e.case_id for e in queue_entries(dataset=demo_dataset, filters=filters)]
        pages, backwards = walk(demo_dataset, filters, size=2)
        assert [e.case_id for p in pages for e in p] == everything, (status, source.model)
        assert {p.count for p in pages} == {len(everything)}
        assert [[e.case_id for e in p] for p in backwards][::-1] == [
            [e.case_id for e in p] for p in pages
        ]
    rare = {"code": commonest, "status": "ungrounded"}
    assert (
        selectors._page_source(dataset=demo_dataset, filters=rare, scope=None).model is QueueEntry
    )


def test_the_rows_link_escape_cut_and_name_holds(demo_dataset, reviewer, second_reviewer, admin):
    """The rows made in Python (reviews/queue_rows.py) show what the template showed: each row
    links to its case with the queue's filters, text is escaped and a long question cut at 90
    characters, holds name who holds the case and until when."""
    from django.utils.timezone import localtime

    from reviews.reservations import case_reserve

    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id")[:2])
    long = "<b>Bold</b> & " + "x" * 120
    QueueEntry.objects.filter(case_id=cases[0].pk).update(question=long)
    mine = case_reserve(case=cases[0], user=reviewer.user)
    theirs = case_reserve(case=cases[1], user=second_reviewer.user)
    html = reviewer.get("/d/demo/?reservation=mine&kind=answer").content.decode()
    url = f"/d/demo/cases/{cases[0].pk}/?kind=answer&amp;reservation=mine"
    assert f'data-href="{url}"><td><a href="{url}">' in html
    assert f"held by you until {localtime(mine.expires_at):%H:%M}" in html
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; " + "x" * 75 + "…</td>" in html
    assert "<b>Bold" not in html
    seen = admin.get("/d/demo/?reservation=others").content.decode()
    assert f"held by sam until {localtime(theirs.expires_at):%H:%M}" in seen
    assert 'class="rejected held"' in seen or 'class="passed held"' in seen


@pytest.mark.parametrize("others", [{}, {"review": "unreviewed"}, {"outcome": "reject"}])
def test_a_reviewers_cases_page_the_same_walked_or_read_by_key(
    demo_dataset, reviewer, second_reviewer, admin, monkeypatch, others
):
    """assigned=: many cases are found by walking the queue's order (an Exists per entry), few
    by reading them by key (reviews.selectors._many): the same pages and counts either way, a
    case another reviewer holds left out of both."""
    from reviews.reservations import case_reserve, reservations_live
    from reviews.selectors import queue_filtered_count, queue_scope
    from reviews.services import cases_assign

    cases = list(Case.objects.filter(dataset=demo_dataset).order_by("id"))[::2]
    cases_assign(dataset=demo_dataset, cases=cases, admin=admin.user, reviewer=reviewer.user)
    case_reserve(case=cases[1], user=second_reviewer.user)
    filters = {"assigned": "rita", **others}
    seen = []
    for many in (True, False):
        monkeypatch.setattr("reviews.selectors._many", lambda rows, dataset, many=many: many)
        holds = reservations_live(dataset=demo_dataset)
        scope = queue_scope(dataset=demo_dataset, user=reviewer.user, filters=filters, holds=holds)
        pages = [queue_page(dataset=demo_dataset, filters=filters, size=5, scope=scope)]
        while pages[-1].next_key:
            pages.append(
                queue_page(
                    dataset=demo_dataset,
                    filters=filters,
                    after=pages[-1].next_key,
                    size=5,
                    scope=scope,
                )
            )
        ids = [e.case_id for p in pages for e in p.entries]
        count = queue_filtered_count(dataset=demo_dataset, filters=filters, scope=scope)
        seen.append((ids, count))
    assert seen[0] == seen[1]
    ids, count = seen[0]
    assert count == len(ids) and cases[1].pk not in ids
    mine = {c.pk for c in cases} - {cases[1].pk}
    assert set(ids) <= mine and (others or set(ids) == mine)


def test_the_navigation_offers_import_and_export_to_admins_only(demo_dataset, reviewer, admin):
    """The queue gives the template the access it decided with; the navigation's links follow
    the role without asking the database again."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        mine = reviewer.get("/d/demo/").content.decode()
    assert sum("groundgate_membership" in q["sql"] for q in queries.captured_queries) == 1
    assert 'href="/d/demo/import"' not in mine and 'href="/d/demo/export"' not in mine
    theirs = admin.get("/d/demo/").content.decode()
    assert 'href="/d/demo/import"' in theirs and 'href="/d/demo/export"' in theirs
