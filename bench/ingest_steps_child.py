"""The isolated child of documents/isolated.py with time stamps, for bench/bench_ingest_steps.py.

Runs the child exactly as `python -m groundgate.documents.isolated` does, after wrapping the steps
of an extraction so each start and end is written to the file named by GROUNDGATE_BENCH_TRACE
(wall clock, pid, CPU time of the process). Forked page workers inherit the wrapping.
"""

from __future__ import annotations

import os
import sys
import time

TRACE = open(os.environ["GROUNDGATE_BENCH_TRACE"], "a")  # open for the life of the process


def mark(what: str) -> None:
    TRACE.write(f"{time.time():.6f} {os.getpid()} C {time.process_time():.6f} {what}\n")
    TRACE.flush()


mark("python started")

import groundgate.documents.isolated as isolated  # noqa: E402
import groundgate.documents.page_parts as page_parts  # noqa: E402

mark("imported")


def wrap(module, name: str) -> None:
    function = getattr(module, name)

    def wrapped(*args, **kwargs):
        mark(f"{name} >")
        try:
            return function(*args, **kwargs)
        finally:
            mark(f"{name} <")

    setattr(module, name, wrapped)


for _name in ("open_pdf", "read_parts", "finish_parts"):
    wrap(isolated, _name)
for _name in ("_read", "_collect"):
    wrap(page_parts, _name)
wrap(isolated, "_child")
_extract = isolated.JOBS["extract"]


def _job(*args, **kwargs):
    mark("job >")  # the job line came: the bytes follow
    return _extract(*args, **kwargs)


isolated.JOBS["extract"] = _job

if hasattr(isolated, "_main"):
    isolated._main()
else:
    sys.exit(isolated._child())
