"""Read-side queries of the queue: its filters and reservation scope, the filtered entries, their
count and pages. A search's matches, count and facets: reviews/search_results.py; the assignments'
reads: reviews/assignment_reads.py; the reviews' (the case page, progress, instructions):
reviews/review_reads.py; the faceted counts: reviews/queue_facets.py."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, OuterRef, QuerySet

from groundgate.access import member_role, reserved_by_others_visible
from groundgate.models import Dataset
from reviews import search_results
from reviews.assignment_reads import _assigned, _assigned_count, _many
from reviews.facets import (
    EXTRA,
    FILTERS,
    RESERVATION,
    Scope,
    call_total,
    count_rows,
    only_without_code,
)
from reviews.facets import total as facet_total
from reviews.models import (
    QueueCall,
    QueueCode,
    QueueEntry,
    Review,
    ReviewState,
)
from reviews.reservations import Hold, reservations_live
from reviews.search import IdList, search_ids


def queue_filters(params: Mapping[str, str]) -> dict[str, str]:
    """The queue filters set in `params` (a QueryDict or dict: the page's query string, a form
    that carries them along, the API's query parameters)."""
    return {name: value for name in FILTERS if (value := params.get(name))}


def queue_scope(
    *,
    dataset: Dataset,
    user: AbstractBaseUser | AnonymousUser,
    filters: dict[str, str],
    holds: dict[int, Hold] | None = None,
) -> Scope:
    """The reservation filter resolved for `user`: by default the cases other reviewers hold are
    left out; "mine" shows the user's own; "all" and "others" (for those the access module lets
    see held cases) show everything, or only what others hold. `holds`: the live holds, when the
    caller read them already (reservations_live)."""
    if holds is None:
        holds = reservations_live(dataset=dataset)
    if not holds:
        return Scope(only=set() if filters.get(RESERVATION) in ("mine", "others") else None)
    mine = {case_id for case_id, hold in holds.items() if hold.reviewer_id == user.pk}
    others = set(holds) - mine
    held = list(QueueEntry.objects.filter(case_id__in=holds))
    wanted = filters.get(RESERVATION, "")
    if wanted in ("all", "others") and not reserved_by_others_visible(
        role=member_role(user=user, dataset=dataset)
    ):
        wanted = ""
    if wanted == "mine":
        return Scope(only=mine, held=held)
    if wanted == "others":
        return Scope(only=others, held=held)
    if wanted == "all":
        return Scope(held=held)
    return Scope(hidden=others, held=held)


def queue_entries(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None = None
) -> QuerySet[QueueEntry]:
    """The dataset's queue, filtered, rejected and unreviewed first."""
    found = search_ids(dataset_id=dataset.pk, text=filters["q"]) if filters.get("q") else None
    if found is not None:
        # The search's few matches, read by their keys: they are the dataset's by construction,
        # and without the dataset's column the planners cannot pick one of its indexes and scan
        # the dataset's rows against the list (1.1-1.3 s a query at 1M cases on SQLite).
        entries = QueueEntry.objects.filter(case_id__in=IdList(found))
    else:
        entries = QueueEntry.objects.filter(dataset=dataset)
    for name, column in (
        ("outcome", "outcome"),
        ("status", "gate_status"),
        ("kind", "kind"),
        ("review", "review_state"),
        ("final_label", "final_label"),
        ("review_label", "review_label"),
    ):
        if filters.get(name):
            entries = entries.filter(**{column: filters[name]})
    if filters.get("code"):
        entries = entries.filter(_has_code(dataset, filters["code"]))
    if filters.get("call") and filters.get("code"):
        entries = entries.filter(_called(dataset, filters["code"], filters["call"]))
    if filters.get("assigned"):
        assigned = _assigned(dataset, filters)
        if found is None and _many(dataset, filters):
            # Many cases: walk the queue's order, asking each entry whether it is hers (read
            # by key and sorted, 20k of 1M were 360-390 ms a page on SQLite; walked, 12-15 ms).
            entries = entries.filter(Exists(assigned.filter(case_id=OuterRef("case_id"))))
        else:
            entries = entries.filter(case_id__in=assigned.values("case_id"))
    if filters.get("no_code"):
        entries = entries.exclude(_has_code(dataset, filters["no_code"]))
    if scope is not None:
        if scope.only is not None:
            entries = entries.filter(case_id__in=scope.only)
        elif scope.hidden:
            entries = entries.exclude(case_id__in=scope.hidden)
    return entries.order_by("passed", "review_rank", "case_id")


def _called(dataset: Dataset, code: str, call: str) -> Exists:
    """Cases where a reviewer's latest review called this finding code right (or wrong): a probe
    of the maintained QueueCall rows (finding every reviewer's latest review among all reviews
    was 19.7 s at 1M cases)."""
    return Exists(
        QueueCall.objects.filter(dataset=dataset, code=code, call=call, case_id=OuterRef("case_id"))
    )


def _has_code(dataset: Dataset, code: str) -> Exists:
    """The entry's case has finding `code`: a probe of the queuecode_filter index per row (an
    IN list of a common code's 333k cases was built first, 1.2 s at 1M cases on SQLite)."""
    return Exists(QueueCode.objects.filter(dataset=dataset, code=code, case_id=OuterRef("case_id")))


def has_extra(filters: dict[str, str]) -> bool:
    return any(filters.get(name) for name in EXTRA)


def only_assigned(filters: dict[str, str]) -> bool:
    """`assigned`, maybe with `review` (and the reservation filter), nothing else: counted from
    the stored AssignmentCount rows."""
    others = (name for name in FILTERS if name not in ("assigned", "review", RESERVATION))
    return bool(filters.get("assigned")) and not any(filters.get(name) for name in others)


def only_call(filters: dict[str, str]) -> bool:
    """`code` + `call`, maybe with the other faceted filters, no other extra filter: counted from
    the stored QueueCallCount rows (facets.call_total)."""
    extra = [name for name in EXTRA if filters.get(name)]
    return extra == ["call"] and bool(filters.get("code"))


# Filters without maintained counts (EXTRA) are counted by reading their rows: up to this many
# (a page then says "more than 10,000 cases" and its selects show no counts); reading a label
# held by 200k of 1M cases, five times for the facets, was seconds.
COUNT_CAP = 10_000


def capped_count(rows: QuerySet[Any]) -> int:
    """Rows of `rows` (a _page_source), read up to COUNT_CAP + 1 (that figure means "more than
    COUNT_CAP")."""
    return rows.order_by().values("case_id")[: COUNT_CAP + 1].count()


def count_source(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None
) -> QuerySet[Any]:
    """The rows to count a filtered queue by: the page's source, or - for cases assigned to a
    reviewer - her assignment rows, each kept when its entry passes the other filters (read
    from the queue's order, a count of 10,001 of her 20k cases walked half of 1M entries)."""
    if not filters.get("assigned") or filters.get("code"):
        return _page_source(dataset=dataset, filters=filters, scope=scope)
    others = {name: value for name, value in filters.items() if name not in ("assigned", "review")}
    assigned = _assigned(dataset, filters)
    if not any(others.get(name) for name in FILTERS if name != RESERVATION):
        # Her cases alone, or in one review state (the assignment's own column, d393): every
        # case has its queue entry (the one queue writer, rule 9), so only the holds leave some
        # out - no probe of the entries per row (10,001 probes were ~50 ms at 1M on SQLite).
        return _without_holds(assigned, scope)
    entries = queue_entries(dataset=dataset, filters=others, scope=scope)
    return assigned.filter(Exists(entries.filter(case_id=OuterRef("case_id")).order_by()))


@dataclass(frozen=True)
class QueuePage:
    """One page of the filtered queue, found by keyset (the queue order's key of the row before
    or after it), so a deep page costs what the first one does."""

    entries: list[QueueEntry]
    count: int  # rows of the whole filtered queue
    next_key: str | None  # ?after= for the next page
    previous_key: str | None  # ?before= for the previous page
    first: bool  # the first page of the queue

    @property
    def capped(self) -> bool:
        """The count stopped at COUNT_CAP: the filtered queue has more rows."""
        return self.count > COUNT_CAP

    @property
    def cap(self) -> int:
        return COUNT_CAP

    def __iter__(self) -> Iterator[QueueEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


def _key(entry: QueueEntry) -> str:
    return f"{int(entry.passed)}.{entry.review_rank}.{entry.case_id}"


def _parse_key(text: str | None) -> tuple[bool, int, int] | None:
    """A page key from the query string; None for a missing or malformed one (the first page)."""
    parts = (text or "").split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) < 19 for p in parts):
        return None
    return parts[0] == "1", int(parts[1]), int(parts[2])


def _beyond(entries: QuerySet[Any], key: tuple[bool, int, int], *, after: bool) -> QuerySet[Any]:
    """The rows after (or before) `key` in queue order (passed, review_rank, case_id). A row-value
    comparison: SQLite and PostgreSQL both seek the queue_order index (or a filter's index,
    which ends with the same columns) straight to the key; the equivalent OR of ANDs makes
    SQLite scan the dataset's rows (6 ms against 0.06 ms at 100k)."""
    table = entries.model._meta.db_table
    op = ">" if after else "<"
    return entries.extra(
        where=[
            f'("{table}"."passed", "{table}"."review_rank", "{table}"."case_id") {op} (%s, %s, %s)'
        ],
        params=list(key),
    )


def queue_filtered_count(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None = None
) -> int:
    """Rows of the filtered queue: a sum of maintained counts (no scan) for any combination of
    the faceted filters; a COUNT over the rows for the dashboard's extra filters, capped
    (COUNT_CAP + 1 means more than COUNT_CAP)."""
    if only_assigned(filters):
        return _assigned_count(dataset, filters, scope)
    if only_call(filters):
        return call_total(dataset, filters, scope or Scope())
    if filters.get("q") and not filters.get("call"):
        # Counted from the search's rows, which the page's facets read too (search_rows): one
        # read of the matches, not two (~10 ms each at 1M cases on PostgreSQL). A search finds
        # at most reviews.search.LIST_MAX cases, fewer than COUNT_CAP; capped all the same.
        found, _ = search_results.search_counts(dataset=dataset, filters=filters, scope=scope)
        return min(found, COUNT_CAP + 1)
    if has_extra(filters) and not only_without_code(filters):
        return capped_count(count_source(dataset=dataset, filters=filters, scope=scope))
    rows, scope = count_rows(dataset), scope or Scope()
    if filters.get("no_code"):
        # Entries without code X = all - those with X, both maintained sums (a code's rows
        # are one per entry): reading 10,001 entries, probing each for X, was ~95 ms at 1M.
        others = {name: value for name, value in filters.items() if name != "no_code"}
        having = others | {"code": filters["no_code"]}
        return facet_total(rows, others, scope) - facet_total(rows, having, scope)
    return facet_total(rows, filters, scope)


def _page_source(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None
) -> QuerySet[Any]:
    """The rows a page is read from, in queue order (passed, review_rank, case_id): the queue
    entries; with a code filter, the code's rows (which carry the queue order: the
    queuecode_order index), each kept when its entry passes the other filters - a code held by
    a third of 1M cases was 1.2 s as a filter of the entries on SQLite."""
    if not filters.get("code"):
        return queue_entries(dataset=dataset, filters=filters, scope=scope)
    code, call = filters["code"], filters.get("call")
    others = {name: value for name, value in filters.items() if name not in ("code", "call")}
    if not call and others and not has_extra(others):
        # Read from whichever side holds fewer rows (both counts are maintained): the code's
        # rows, or the entries the other filters choose - a commonest code with a status no
        # case has was a walk over all 333k of its rows (5.9 s at 1M cases on SQLite).
        rows = count_rows(dataset)
        if facet_total(rows, others, scope or Scope()) < facet_total(
            rows, {"code": code}, scope or Scope()
        ):
            return queue_entries(dataset=dataset, filters=filters, scope=scope)
    entries = queue_entries(dataset=dataset, filters=others, scope=scope)
    if call:
        # The calls' rows in queue order (a call is rarer than its code), each kept when the
        # case still has the code and its entry passes the other filters.
        source: QuerySet[Any] = QueueCall.objects.filter(dataset=dataset, code=code, call=call)
        if not any(others.get(name) for name in FILTERS if name != RESERVATION):
            # No other filter: every case has its entry (the one queue writer, rule 9), so a
            # call's row needs only the code's probe and the holds - not the entry's as well.
            source = source.filter(_has_code(dataset, code))
            return _without_holds(source, scope)
        entries = entries.filter(_has_code(dataset, code))
    else:
        source = QueueCode.objects.filter(dataset=dataset, code=code)
    return source.filter(Exists(entries.filter(case_id=OuterRef("case_id")).order_by()))


def _without_holds(rows: QuerySet[Any], scope: Scope | None) -> QuerySet[Any]:
    """`rows` (keyed by case_id) less the cases the reservation scope leaves out."""
    if scope is not None and scope.only is not None:
        return rows.filter(case_id__in=scope.only)
    if scope is not None and scope.hidden:
        return rows.exclude(case_id__in=scope.hidden)
    return rows


def _entries(rows: QuerySet[Any]) -> list[QueueEntry]:
    """The queue entries of a slice of _page_source, in its order."""
    if rows.model is QueueEntry:
        return list(rows)
    ids = list(rows.values_list("case_id", flat=True))
    found = QueueEntry.objects.in_bulk(ids)
    return [found[i] for i in ids if i in found]


def queue_page(
    *,
    dataset: Dataset,
    filters: dict[str, str],
    after: str | None = None,
    before: str | None = None,
    size: int = 50,
    scope: Scope | None = None,
) -> QueuePage:
    """The page of the filtered queue after the row keyed `after` (or before `before`; the first
    page without either), in queue order."""
    after_key, before_key = _parse_key(after), _parse_key(before)
    if filters.get("q") and not filters.get("call"):
        return _search_page(dataset, filters, after_key, before_key, size, scope)
    source = _page_source(dataset=dataset, filters=filters, scope=scope)
    page: list[QueueEntry] = []
    if before_key is not None:
        # Walk backwards from `before`, then put the page back in queue order.
        back = _beyond(source, before_key, after=False)
        rows = _entries(back.order_by("-passed", "-review_rank", "-case_id")[: size + 1])
        if len(rows) > size:
            page, first, more_after = rows[:size][::-1], False, True
        # Otherwise this is the start: the whole first page, as without a key (it may have
        # gained rows since the reader walked away from it).
    if not page:
        if before_key is None and after_key is not None:
            source = _beyond(source, after_key, after=True)
        rows = _entries(source.order_by("passed", "review_rank", "case_id")[: size + 1])
        first = before_key is not None or after_key is None
        page, more_after = rows[:size], len(rows) > size
    return QueuePage(
        entries=page,
        count=queue_filtered_count(dataset=dataset, filters=filters, scope=scope),
        next_key=_key(page[-1]) if page and more_after else None,
        previous_key=_key(page[0]) if page and not first else None,
        first=first,
    )


def _search_page(
    dataset: Dataset,
    filters: dict[str, str],
    after_key: tuple[bool, int, int] | None,
    before_key: tuple[bool, int, int] | None,
    size: int,
    scope: Scope | None,
) -> QueuePage:
    """queue_page for a search: its page found among the matches read once (search_matches),
    by the same keyset rules, then the page's entries read by their keys."""
    keys = search_results._search_keys(
        search_results.search_matches(dataset=dataset, filters=filters, scope=scope), filters
    )
    chosen: list[tuple[bool, int, int]] = []
    if before_key is not None:
        back = [k for k in keys if k < before_key][::-1][: size + 1]
        if len(back) > size:
            chosen, first, more_after = back[:size][::-1], False, True
    if not chosen:
        rows = (
            keys
            if before_key is not None or after_key is None
            else [k for k in keys if k > after_key]
        )
        first = before_key is not None or after_key is None
        chosen, more_after = rows[:size], len(rows) > size
    found = QueueEntry.objects.in_bulk([k[2] for k in chosen])
    page = [found[k[2]] for k in chosen if k[2] in found]
    return QueuePage(
        entries=page,
        count=queue_filtered_count(dataset=dataset, filters=filters, scope=scope),
        next_key=_key(page[-1]) if page and more_after else None,
        previous_key=_key(page[0]) if page and not first else None,
        first=first,
    )


def queue_next(
    *, dataset: Dataset, filters: dict[str, Any], user: User, after_case_id: int
) -> int | None:
    """For "save and next": the first case in queue order that still needs a review and that
    this reviewer has not reviewed yet (other than the one just saved), and that nobody else
    holds."""
    mine = Review.objects.filter(case__dataset=dataset, reviewer=user).values("case_id")
    scope = queue_scope(dataset=dataset, user=user, filters={})
    return (
        queue_entries(dataset=dataset, filters=filters, scope=scope)
        .exclude(review_state__in=[ReviewState.REVIEWED, ReviewState.ADJUDICATED])
        .exclude(case_id=after_case_id)
        .exclude(case_id__in=mine)
        .values_list("case_id", flat=True)
        .first()
    )
