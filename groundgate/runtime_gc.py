"""How the product's own processes tune Python's cyclic garbage collector (issue 28, d587).

The engine's text memos keep ~300k objects alive across cases, and each full collection walks
them all: on real answers the collector took ~12% of the gate's CPU (docs/benchmarks.md). The
engine is a library and leaves process-wide state alone; the processes that run it (the CLI's
gate commands, the Celery worker, the web process) call `tune_gc` once at start-up
(the web process and the worker with settings.GROUNDGATE_GC_GEN0, read by envconfig.env_gc).

GROUNDGATE_GC (read by `gc_setting`, bad values refused with the variable named):
- unset, empty or "on": `gc.freeze()` (the objects alive at start-up, modules and the like, go
  to a permanent generation no collection walks) and a gen-0 threshold of GEN0_THRESHOLD;
- "off": Python's own behaviour (nothing frozen, thresholds left as they are);
- an integer N >= MIN_GEN0: as "on" with a gen-0 threshold of N.

Pure Python, no Django: the CLI imports it without configuring Django.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping

VARIABLE = "GROUNDGATE_GC"
GEN0_THRESHOLD = 5_000  # measured on the CLI: docs/benchmarks.md, "Answer gate: speed"
MIN_GEN0 = 100
MAX_GEN0 = 10_000_000


def gc_setting(environ: Mapping[str, str]) -> int | None:
    """The gen-0 threshold GROUNDGATE_GC asks for, or None for "off". Raises ValueError naming
    the variable on a bad value."""
    raw = environ.get(VARIABLE)
    value = "" if raw is None else raw.strip().lower()
    if value in {"", "on"}:
        return GEN0_THRESHOLD
    if value == "off":
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValueError(
            f"{VARIABLE} must be on, off or a gen-0 threshold ({MIN_GEN0}-{MAX_GEN0}); got {raw!r}"
        ) from None
    if not MIN_GEN0 <= number <= MAX_GEN0:
        raise ValueError(f"{VARIABLE} must be between {MIN_GEN0} and {MAX_GEN0}; got {number}")
    return number


def tune_gc(threshold: int | None) -> None:
    """Apply a `gc_setting` to this process (None: leave Python's collector as it is). Call it
    once start-up imports are done: they are what gc.freeze() puts aside."""
    if threshold is None:
        return
    gc.collect()  # what start-up left as garbage is freed, not frozen
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(threshold, gen1, gen2)
