"""Read-side queries for the queue and the case page (the dashboard: reviews/dashboard.py)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Exists, Max, OuterRef, QuerySet, Subquery
from django.db.models.sql.constants import MULTI
from django.utils import timezone

from groundgate.access import member_role, others_reviews_visible, reserved_by_others_visible
from groundgate.models import Case, Dataset
from reviews.facets import (
    EXTRA,
    FACETS,
    FILTERS,
    RESERVATION,
    Scope,
    call_total,
    count_rows,
    only_without_code,
)
from reviews.facets import total as facet_total
from reviews.models import (
    Assignment,
    AssignmentCount,
    QueueCall,
    QueueCode,
    QueueEntry,
    Review,
    ReviewerDay,
    ReviewGuide,
    ReviewState,
)
from reviews.reads import shared_read
from reviews.reservations import Hold, reservations_live
from reviews.search import LIST_MAX, IdList, search_ids


def queue_filters(params) -> dict[str, str]:
    """The queue filters set in `params` (a QueryDict or dict: the page's query string, a form
    that carries them along, the API's query parameters)."""
    return {name: params.get(name) for name in FILTERS if params.get(name)}


def queue_scope(
    *, dataset: Dataset, user, filters: dict[str, str], holds: dict[int, Hold] | None = None
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


def _assigned(dataset: Dataset, filters: dict[str, str]) -> QuerySet[Assignment]:
    """The assignments of the reviewer `filters` name, in the review state it names if any
    (Assignment.review_state, kept in step with the queue entries: d393)."""
    # The reviewer's id as a subquery evaluated once (no join to the users per probe): with the
    # join PostgreSQL planned the walk of the queue's order in parallel, ~70 ms a page at 1M
    # cases (its workers' start on a loaded machine) against ~8-13 ms serial.
    reviewer = get_user_model().objects.filter(username=filters["assigned"]).values("pk")[:1]
    assigned = Assignment.objects.filter(dataset=dataset, reviewer_id=Subquery(reviewer))
    if filters.get("review"):
        assigned = assigned.filter(review_state=filters["review"])
    return assigned


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


def assignment_progress(*, dataset: Dataset) -> list[dict[str, Any]]:
    """Per reviewer with assigned cases: how many, and how many of them she has reviewed (the
    assignment's maintained flag), summed from the stored AssignmentCount rows - grouping the
    dataset's 100k assignment rows was ~60 ms a page of the admin's queue at 1M cases."""
    per: dict[int, list[int]] = {}
    for reviewer_id, reviewed, n in AssignmentCount.objects.filter(
        dataset=dataset, n__gt=0
    ).values_list("reviewer_id", "reviewed", "n"):
        counts = per.setdefault(reviewer_id, [0, 0])
        counts[0] += n
        counts[1] += n if reviewed else 0
    names = dict(get_user_model().objects.filter(pk__in=per).values_list("pk", "username"))
    return sorted(
        (
            {"reviewer": names[pk], "total": total, "reviewed": reviewed}
            for pk, (total, reviewed) in per.items()
            if pk in names
        ),
        key=lambda r: r["reviewer"],
    )


def _assignment_rows(dataset: Dataset, username: str) -> list[tuple[str, bool, int]]:
    """(review_state, reviewed, n) of the reviewer's stored AssignmentCount rows here: a few
    rows, read once per page (reads_shared) for her own progress and for `assigned=` her."""
    return shared_read(
        ("assignment_rows", dataset.pk, username),
        lambda: list(
            AssignmentCount.objects.filter(
                dataset=dataset, reviewer__username=username, n__gt=0
            ).values_list("review_state", "reviewed", "n")
        ),
    )


def my_assignments(*, dataset: Dataset, user) -> tuple[int, int]:
    """How many cases are assigned to `user` here, and how many of them she has reviewed: her
    few stored AssignmentCount rows (a pass over her 20k assignment rows was ~10 ms at 1M)."""
    total = reviewed = 0
    for _, done, n in _assignment_rows(dataset, user.get_username()):
        total += n
        reviewed += n if done else 0
    return total, reviewed


def _assigned_stored(dataset: Dataset, filters: dict[str, str]) -> int:
    """The cases assigned to the reviewer `filters` names (in its review state, if any), from
    the stored counts (holds not taken off)."""
    wanted = filters.get("review")
    return sum(
        n
        for state, _, n in _assignment_rows(dataset, filters["assigned"])
        if not wanted or state == wanted
    )


def _assigned_count(dataset: Dataset, filters: dict[str, str], scope: Scope | None) -> int:
    """The filtered queue's count for `assigned` (and `review`) alone: the stored counts, less
    her cases that other reviewers hold (a few rows, read by key); with the reservation filter
    "mine" or "others", her cases among those held."""
    assigned = _assigned(dataset, filters)
    if scope is not None and scope.only is not None:
        return assigned.filter(case_id__in=scope.only).count()
    total = _assigned_stored(dataset, filters)
    if scope is not None and scope.hidden:
        total -= assigned.filter(case_id__in=scope.hidden).count()
    return total


def _many(dataset: Dataset, filters: dict[str, str]) -> bool:
    """Whether the reviewer's assignments (`filters`' assigned, and review) are so many that a
    page is found sooner by walking the queue's order than by reading them all by key and
    sorting: a page of 50 takes about 50 x N / n probes of a walk through N entries, n reads by
    key; they are even at n = sqrt(50 N) (7,100 of 1M cases). Both from the stored counts."""
    entries = facet_total(count_rows(dataset), {}, Scope())
    return _assigned_stored(dataset, filters) >= math.isqrt(50 * entries) + 1


def dataset_instructions(*, dataset: Dataset) -> str:
    """The dataset's review instructions ("" when its admins wrote none)."""
    guide = ReviewGuide.objects.filter(dataset=dataset).values_list("text", flat=True).first()
    return guide or ""


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

    def __iter__(self):
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


def _beyond(entries: QuerySet[Any], key: tuple[bool, int, int], *, after: bool):
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
        found, _ = search_counts(dataset=dataset, filters=filters, scope=scope)
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


# A search's match as search_matches reads it: its queue order key (passed, review_rank, case_id)
# and its cell (gate_status, outcome, kind, review_state, finding_codes).
Match = tuple[bool, int, int, str, str, str, str, str]
MATCH_COLUMNS = (
    "passed",
    "review_rank",
    "case_id",
    "gate_status",
    "outcome",
    "kind",
    "review_state",
    "finding_codes",
)


def search_matches(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None
) -> list[Match]:
    """The entries a search (`filters`' q) finds under the filters that have no facet (the
    search, `assigned`, `no_code`, the labels) and the reservation scope, as (queue key, cell):
    at most reviews.search.LIST_MAX (+ the case whose id was searched). Read once per page
    (reviews.reads): the page's rows, its count and its facets are all found among them - three
    reads of the 2,000 matches were ~10-14 ms each at 1M cases on PostgreSQL."""
    base = {name: value for name, value in filters.items() if name not in FACETS}
    scope = scope or Scope()
    key = (
        "search_matches",
        dataset.pk,
        tuple(sorted(base.items())),
        frozenset(scope.hidden),
        None if scope.only is None else frozenset(scope.only),
    )

    def read() -> list[Match]:
        entries = queue_entries(dataset=dataset, filters=base, scope=scope).order_by()
        columns = entries.values_list(*MATCH_COLUMNS)
        # The database's rows as they come (tuples; `passed` a bool on both backends), without
        # the ORM's per-row iteration and converters: ~4 ms CPU of 2,000 rows on SQLite, ~1 ms
        # on PostgreSQL. execute_sql answers [] for a filter that can match nothing.
        compiler = columns.query.get_compiler(using=columns.db)
        chunks = compiler.execute_sql(MULTI, chunked_fetch=False, chunk_size=LIST_MAX + 2)
        return [row for chunk in chunks or () for row in chunk]

    return shared_read(key, read)


# search_counts' columns of a match's cell (Match[3:]), per faceted filter.
_CELL = (("status", 0), ("outcome", 1), ("kind", 2), ("review", 3))


def search_counts(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None
) -> tuple[int, dict[str, Counter]]:
    """A search's count under `filters` and its facets (per faceted filter, per value: the
    matches that value would leave, the other filters as they are), from its matches
    (search_matches) in one pass over their cells grouped (a few hundred groups of 2,000
    matches). The same sums as facets.facet_sum over the matches' count rows (a cell row per
    match and a row per finding code): five passes over ~1,000 such rows were ~4 ms CPU a page
    at 1M cases. Made once per page."""
    matches = search_matches(dataset=dataset, filters=filters, scope=scope)

    def make() -> tuple[int, dict[str, Counter]]:
        wanted = [(name, index, filters[name]) for name, index in _CELL if filters.get(name)]
        code = filters.get("code")
        counted: dict[str, Counter] = {name: Counter() for name in FACETS}
        total = 0
        for cell, n in Counter(m[3:] for m in matches).items():
            failed = [(name, index) for name, index, value in wanted if cell[index] != value]
            if len(failed) > 1:
                continue
            codes = cell[4].split()
            if not failed:
                for c in codes:  # the code facet: the other filters, not the code, apply
                    counted["code"][c] += n
            # With a code filter the code's rows count (one per time the match lists it).
            weight = n * codes.count(code) if code else n
            if not weight:
                continue
            if failed:  # only the facet whose value differs counts it, under that value
                name, index = failed[0]
                counted[name][cell[index]] += weight
                continue
            total += weight
            for name, index in _CELL:
                counted[name][cell[index]] += weight
        return total, counted

    return shared_read(("search_counts", id(matches), tuple(sorted(filters.items()))), make)


def _search_keys(matches: list[Match], filters: dict[str, str]) -> list[tuple[bool, int, int]]:
    """The queue keys of the matches the faceted filters keep, in queue order (what
    queue_entries' WHERE and ORDER BY do in SQL)."""
    wanted = [
        (index, filters[name])
        for name, index in (("status", 3), ("outcome", 4), ("kind", 5), ("review", 6))
        if filters.get(name)
    ]
    code = filters.get("code")
    if not wanted and not code:
        return sorted((bool(m[0]), m[1], m[2]) for m in matches)
    return sorted(
        (bool(m[0]), m[1], m[2])
        for m in matches
        if all(m[index] == value for index, value in wanted) and (not code or code in m[7].split())
    )


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
    keys = _search_keys(search_matches(dataset=dataset, filters=filters, scope=scope), filters)
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
    *, dataset: Dataset, filters: dict[str, Any], user, after_case_id: int
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


@dataclass(frozen=True)
class Progress:
    today: int  # cases this reviewer first reviewed today (the server's time zone)
    total: int  # cases of the dataset this reviewer has ever reviewed


def reviewer_progress(*, dataset: Dataset, user, now=None) -> Progress:
    """Per-reviewer progress for the queue: distinct cases, from the reviews alone (relabels are
    not reviews), read from the maintained per-day counts (reviews.queue.progress_add)."""
    today = timezone.localdate(now or timezone.now())
    days = dict(
        ReviewerDay.objects.filter(dataset=dataset, reviewer=user).values_list("day", "cases")
    )
    return Progress(today=days.get(today, 0), total=sum(days.values()))


@dataclass(frozen=True)
class VisibleReviews:
    reviews: QuerySet[Review]  # the reviews of the case this user may see
    hidden: int  # other reviewers' reviews kept from them (independent double review)
    newest_id: int  # the newest review of the case, seen or not (for conflict detection)


def case_reviews_visible(*, user, case: Case, role: str | None) -> VisibleReviews:
    """The reviews of `case` that `user` (a member with `role`) may see. The case page and
    GET /api/v1/datasets/<slug>/cases/<id>/reviews/ both show exactly these."""
    every = Review.objects.filter(case=case)
    ids = list(every.values_list("id", "reviewer_id"))
    has_own = any(reviewer == user.pk for _, reviewer in ids)
    newest = max((i for i, _ in ids), default=0)
    if others_reviews_visible(
        role=role, reviews_required=case.dataset.reviews_required, has_own=has_own
    ):
        return VisibleReviews(every, 0, newest)
    # Before their own review nothing of theirs exists either: they see none.
    return VisibleReviews(every.filter(reviewer=user), len(ids), newest)


def latest_reviews(*, dataset: Dataset) -> QuerySet[Review]:
    """Each reviewer's latest review of each case."""
    last = (
        Review.objects.filter(case__dataset=dataset)
        .values("case_id", "reviewer_id")
        .annotate(last=Max("id"))
        .values("last")
    )
    return Review.objects.filter(id__in=last)
