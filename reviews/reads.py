"""Reads shared within one page: a queue page asks several of its parts (its count, its facets,
the `assigned=` checks, the search) for the same stored rows; within reads_shared each is read
once. Outside it every read goes to the database, as before."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")
# The stored counts a page has read already (reads_shared), or None outside a page.
_SHARED: ContextVar[dict[Hashable, Any] | None] = ContextVar("queue_reads_shared", default=None)


@contextmanager
def reads_shared() -> Iterator[None]:
    """Within the block, a stored count read once is not read again (shared_read): a queue page
    asked for the dataset's QueueCount rows twice (its count and its facets) and, filtered by
    `assigned`, for the reviewer's AssignmentCount rows three times - each a round trip on
    PostgreSQL. Only for a block that reads and does not write (a GET page): a write inside it
    would leave the counts read before it stale."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def shared_read(key: Hashable, read: Callable[[], T]) -> T:
    """read(), once per `key` within reads_shared (every time outside it)."""
    memo = _SHARED.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    value: T = memo[key]
    return value
