"""Memos of what the engine reads from a text, bounded by their size in bytes, not by a count.

A case's excerpts are read by several rules (the evidence index, the context rule, the
derivations' operands), and excerpts repeat across cases (answers about one filing cite its
pages again). A pure function of a text keeps its result here, least recently used first out,
until the memo's estimated bytes pass its budget: a count-bounded cache (functools.lru_cache)
holds as many megabyte texts as short lines (decision d386). An entry costs the characters of
its text arguments (and of the texts in a tuple argument) plus `item_bytes` for each item of
its result (a tuple of values, a set of words); a text bigger than an eighth of the budget
is read and not kept. Results are shared: they must be immutable (tuples, frozensets) or
copied by the caller.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Per entry: the key tuple, its OrderedDict node and the result's container, roughly.
_ENTRY_BYTES = 200
# No result kept (a kept result may be None).
_MISSING = object()


class TextMemo(Generic[P, R]):
    """`function`, memoised by its arguments within `max_bytes` (see the module docstring)."""

    def __init__(self, function: Callable[P, R], max_bytes: int, item_bytes: int) -> None:
        self._function = function
        self.max_bytes = max_bytes
        self._item_bytes = item_bytes
        # args -> result: no (result, cost) pair per entry, which the garbage collector would
        # track and walk in every full collection (the cost is made again when dropped, d586).
        self._entries: OrderedDict[object, R] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0
        functools.update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs:  # (no caller passes keywords: such a call is not kept)
            return self._function(*args, **kwargs)
        entries = self._entries
        found = entries.get(args, _MISSING)
        if found is not _MISSING:
            try:
                entries.move_to_end(args)
            except KeyError:  # another thread dropped it meanwhile: it is still the result
                pass
            return found  # type: ignore[return-value]
        result = self._function(*args, **kwargs)  # (kwargs: empty here)
        cost = self._cost(args, result)
        if cost * 8 > self.max_bytes:
            return result  # too big to keep: it would push out the many small texts
        with self._lock:
            if args not in entries:
                entries[args] = result
                self.bytes += cost
                while self.bytes > self.max_bytes:
                    dropped, kept = entries.popitem(last=False)
                    self.bytes -= self._cost(dropped, kept)  # type: ignore[arg-type]
        return result

    def _cost(self, args: tuple[object, ...], result: R) -> int:
        """An entry's estimated bytes: a pure function of its arguments and result (results
        are immutable), so the same when it is kept and when it is dropped."""
        # (One text argument, most calls: its length without a call per argument.)
        first = args[0] if len(args) == 1 else None
        cost = _ENTRY_BYTES + (len(first) if type(first) is str else sum(map(_text_bytes, args)))
        try:
            cost += self._item_bytes * len(result)  # type: ignore[arg-type]
        except TypeError:
            pass  # a result without a length: the entry's own bytes
        return cost

    def peek(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        """The kept result for these arguments, or None (nothing is computed)."""
        return None if kwargs else self._entries.get(args)

    def __len__(self) -> int:
        return len(self._entries)

    def cache_clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


def _text_bytes(arg: object) -> int:
    """The characters of a text argument, or of the texts in a tuple argument (at any depth:
    a key made of a case's texts, number_grounding._placed)."""
    if type(arg) is str:
        return len(arg)
    if type(arg) is tuple:
        return sum(map(_text_bytes, arg))
    return 0


def text_memo(max_bytes: int, item_bytes: int) -> Callable[[Callable[P, R]], TextMemo[P, R]]:
    """A decorator: TextMemo(function, max_bytes, item_bytes)."""

    def wrap(function: Callable[P, R]) -> TextMemo[P, R]:
        return TextMemo(function, max_bytes, item_bytes)

    return wrap
