"""The garbage collector during a long import: the objects alive before it are left out of its
full collections.

An import keeps a batch of cases alive across many young collections (parsed JSON, models,
verdicts), so every batch's objects reach the oldest generation, and CPython runs a full
collection each time that generation grows by a quarter. Each full collection walks every object
of the process: Django, the modules, a web server's state (~90k objects before the first case).
At 100k spans a trace import ran 24 of them, ~65 ms each: 1.6 s of its 16 s
(docs/benchmarks.md). With the objects that were alive before the import frozen (gc.freeze:
moved to the permanent generation, which collections skip), the same 24 walk only the import's
own objects: 0.2 s.

`old_objects_frozen()` is counted, so imports running at once in threads of one process share
one frozen scope (each entry freezes what is alive then): the last one to leave unfreezes
(gc.unfreeze puts the objects back in the oldest generation, where the next full collection
looks at them again, as it would have).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0


@contextmanager
def old_objects_frozen() -> Iterator[None]:
    global _depth
    with _lock:
        _depth += 1
        # At every entry, the outermost's too: a scope opened inside another (the trace import's
        # case import, after its first pass) freezes what the outer one has built so far.
        gc.freeze()
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.unfreeze()
