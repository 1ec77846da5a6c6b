"""The queue's faceted counts per filter value (the search's and the dashboard filters' too):
moved out of reviews/selectors.py, which keeps the queue's rows, pages and filtered count.
Read-side only: summed from the maintained QueueCount rows (reviews.facets), or counted from
the filtered queue's rows for filters without maintained counts, up to selectors.COUNT_CAP."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Count, QuerySet

from groundgate.models import Dataset
from reviews import search_results, selectors
from reviews.facets import FACETS, Scope, count_rows, facet_counts, facet_values
from reviews.models import QueueCode


def queue_counts(
    *,
    dataset: Dataset,
    filters: dict[str, str] | None = None,
    scope: Scope | None = None,
    count: int | None = None,
) -> dict[str, list[tuple[str, int | None]]]:
    """Counts per value of each filter, each respecting the other active filters (faceted). Every
    value the dataset has is listed, with 0 when the other filters leave none. Summed from
    QueueCount (reviews.facets): one indexed query of a few hundred rows however many cases
    the dataset has; filters without maintained counts fall back to GROUP BY queries. `count`:
    the filtered queue's count (queue_filtered_count), when the caller has it already."""
    filters = filters or {}
    scope = scope or Scope()
    rows = count_rows(dataset)
    everything = facet_values(rows)  # each facet's values, listed with 0 when none is left
    if selectors.has_extra(filters):
        many = count
        if many is None:
            many = selectors.capped_count(
                selectors.count_source(dataset=dataset, filters=filters, scope=scope)
            )
        if many > selectors.COUNT_CAP:  # the values without counts (COUNT_CAP)
            return {
                name: sorted((value, None) for value in everything[name] if value)
                for name in FACETS
            }
        counted = _counts_by_query(dataset, filters, scope)
    else:
        counted = facet_counts(rows, filters, scope)
    return {
        name: sorted((value, counted[name][value]) for value in everything[name] if value)
        for name in FACETS
    }


def _counts_by_query(dataset: Dataset, filters: dict[str, str], scope: Scope) -> dict[str, Any]:
    if filters.get("q") and not filters.get("call"):
        # A search's matches (at most reviews.search.LIST_MAX) read once, every facet counted
        # from them as from the maintained rows: five GROUP BYs over the id list were 25-48 ms
        # each at 1M cases on SQLite. The page's count is summed from the same read.
        return search_results.search_counts(dataset=dataset, filters=filters, scope=scope)[1]
    counted = {}
    for name, column in FACETS.items():
        others = {k: v for k, v in filters.items() if k != name}
        entries = selectors.queue_entries(dataset=dataset, filters=others, scope=scope).order_by()
        if name == "code":
            # The entries' own code lists when they are few (a search's matches): grouping the
            # code rows against them walked the dataset's 600k code rows (0.3-0.5 s at 1M).
            few = list(entries.values_list("finding_codes", flat=True)[: selectors.COUNT_CAP + 1])
            if len(few) <= selectors.COUNT_CAP:
                counted[name] = Counter(code for codes in few for code in codes.split())
                continue
            grouped: QuerySet[Any, Any] = (
                QueueCode.objects.filter(dataset=dataset, case_id__in=entries.values("case_id"))
                .values_list("code")
                .annotate(n=Count("*"))
                .order_by()
            )
        else:
            grouped = entries.values_list(column).annotate(n=Count("*")).order_by()
        counted[name] = Counter(dict(grouped))
    return counted
