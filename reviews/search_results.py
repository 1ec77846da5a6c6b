"""A search's results on the queue (filter `q`): its matches read once per page, as queue keys
and cells (d457), and its count and facets summed from them. The text search that finds the
ids is reviews/search.py; the page is chosen among the matches by reviews.selectors. Moved out
of reviews/selectors.py."""

from __future__ import annotations

from collections import Counter

from django.db.models.sql.constants import MULTI

from groundgate.models import Dataset
from reviews import selectors
from reviews.facets import FACETS, Scope
from reviews.reads import shared_read
from reviews.search import LIST_MAX

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
        entries = selectors.queue_entries(dataset=dataset, filters=base, scope=scope).order_by()
        columns = entries.values_list(*MATCH_COLUMNS)
        # The database's rows as they come (tuples; `passed` a bool on both backends), without
        # the ORM's per-row iteration and converters: ~2-5 ms less CPU for 2,000 rows on SQLite
        # at 1M cases, within the noise on PostgreSQL. execute_sql answers [] for a filter that
        # can match nothing.
        compiler = columns.query.get_compiler(using=columns.db)
        chunks = compiler.execute_sql(MULTI, chunked_fetch=False, chunk_size=LIST_MAX + 2)
        return [row for chunk in chunks or () for row in chunk]

    return shared_read(key, read)


# search_counts' columns of a match's cell (Match[3:]), per faceted filter.
_CELL = (("status", 0), ("outcome", 1), ("kind", 2), ("review", 3))


def search_counts(
    *, dataset: Dataset, filters: dict[str, str], scope: Scope | None
) -> tuple[int, dict[str, Counter[str]]]:
    """A search's count under `filters` and its facets (per faceted filter, per value: the
    matches that value would leave, the other filters as they are), from its matches
    (search_matches) in one pass over their cells grouped (a few hundred groups of 2,000
    matches). The same sums as facets.facet_sum over the matches' count rows (a cell row per
    match and a row per finding code), one pass instead of six over them (~0.1-0.2 ms CPU a
    page at 1M cases; grouping the 2,000 matches, ~0.5 ms, is the rest). Made once per page."""
    matches = search_matches(dataset=dataset, filters=filters, scope=scope)

    def make() -> tuple[int, dict[str, Counter[str]]]:
        wanted = [(name, index, filters[name]) for name, index in _CELL if filters.get(name)]
        code = filters.get("code")
        counted: dict[str, Counter[str]] = {name: Counter() for name in FACETS}
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
