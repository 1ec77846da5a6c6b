"""Read a long PDF's pages in several processes at once, inside the isolated child.

The child (documents/isolated.py) opens the PDF, then forks one page worker per further part of
the page range: each worker reads its pages and chunks them, exactly as a single run would, and
sends its part back through a pipe; the child reads the first part itself and joins the parts in
page order (pdf_text.finish_parts), so the chunks are the same whatever the number of processes.

A worker is a fork of the child after its limits were set: it has the same memory cap
(RLIMIT_AS, per process) and CPU cap, touches nothing but the already opened document, and dies
with the child (PR_SET_PDEATHSIG), so a timeout that kills the child kills its workers too. A
worker that fails reports what a single run would have reported (a PdfProblem, running out of
memory, an error); one killed by a signal makes the child die of the same signal, so the caller
gives the same reason as for a crash of the child itself.

No Django here, like the rest of groundgate.documents.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

import orjson
import pymupdf

from groundgate.documents.chunking import ChunkingPolicy, stored_chunk
from groundgate.documents.pdf_text import (
    PageInfo,
    PagesPart,
    PdfLimits,
    PdfProblem,
    extract_part,
)

# A part smaller than this is not worth a process: forking and joining cost a few milliseconds.
MIN_PAGES_PER_PROCESS = 4


def page_ranges(page_count: int, processes: int) -> list[tuple[int, int]]:
    """Split 0..page_count-1 into at most `processes` consecutive ranges of (nearly) equal size."""
    count = max(1, min(processes, page_count // MIN_PAGES_PER_PROCESS))
    bounds = [page_count * i // count for i in range(count + 1)]
    return list(itertools.pairwise(bounds))


def read_parts(
    doc: pymupdf.Document, ranges: list[tuple[int, int]], policy: ChunkingPolicy, limits: PdfLimits
) -> list[PagesPart]:
    """Every range's part, in page order, its chunks in their stored form (chunking.StoredChunk
    as lists). The first range is read here, the others in forked workers (here too when a fork
    fails: slower, never wrong)."""
    workers: dict[int, tuple[int, int]] = {}  # range number -> (pid, read end of its pipe)
    parts: dict[int, PagesPart] = {}
    try:
        for number in range(1, len(ranges)):
            try:
                workers[number] = _fork(doc, *ranges[number], policy, limits)
            except OSError:
                break
        for number, (first, stop) in enumerate(ranges):
            if number not in workers:
                parts[number] = _read(doc, first, stop, policy, limits)
        for number in sorted(workers):
            pid, read_fd = workers.pop(number)
            parts[number] = _collect(pid, read_fd)
        return [parts[number] for number in range(len(ranges))]
    finally:
        for pid, read_fd in workers.values():  # left over when an earlier part failed
            os.close(read_fd)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def _fork(
    doc: pymupdf.Document, first: int, stop: int, policy: ChunkingPolicy, limits: PdfLimits
) -> tuple[int, int]:
    read_fd, write_fd = os.pipe()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        raise
    if pid == 0:  # the worker: never returns
        os.close(read_fd)
        _worker(lambda: _read(doc, first, stop, policy, limits), write_fd, parent)
    os.close(write_fd)
    return pid, read_fd


def _read(
    doc: pymupdf.Document, first: int, stop: int, policy: ChunkingPolicy, limits: PdfLimits
) -> PagesPart:
    part = extract_part(doc, first, stop, policy=policy, limits=limits)
    # Each process turns its own chunks into their stored form: that work is parallel too.
    part.chunks = [list(stored_chunk(chunk)) for chunk in part.chunks]
    return part


def _worker(read: Callable[[], PagesPart], write_fd: int, parent: int) -> None:
    _die_with_parent(parent)
    # The caller waits for the end of the child's stdout and stderr: a worker must not hold them.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    code = 0
    try:
        answer: dict[str, object]
        try:
            answer = {"part": _to_wire(read())}
        except PdfProblem as problem:
            answer = {"problem": [problem.status, problem.reason, problem.warnings]}
        except MemoryError:
            answer = {"memory": True}
        except Exception as exc:
            answer = {"error": [type(exc).__name__, str(exc)[:300]]}
        payload = orjson.dumps(answer)
        with os.fdopen(write_fd, "wb") as out:
            out.write(payload)
    except BaseException:
        code = 1
    os._exit(code)  # no cleanup of the forked interpreter's state: it belongs to the child


def _collect(pid: int, read_fd: int) -> PagesPart:
    with os.fdopen(read_fd, "rb") as fh:
        payload = fh.read()
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        # Die as the worker died (SIGXCPU past the CPU limit, SIGSEGV in MuPDF...): the caller
        # reads the signal from this process's exit and names it.
        number = os.WTERMSIG(status)
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
    if not payload:
        raise RuntimeError(f"a page worker ended without an answer (exit {os.WEXITSTATUS(status)})")
    answer = orjson.loads(payload)
    if "problem" in answer:
        raise PdfProblem(*answer["problem"])
    if "memory" in answer:
        raise MemoryError("a page worker ran out of memory")
    if "error" in answer:
        name, message = answer["error"]
        raise _WorkerError(name, message)
    return _from_wire(answer["part"])


class _WorkerError(Exception):
    """An error raised in a worker, named as the worker named it (the same reason a single run
    gives: "the PDF could not be parsed: KeyError: ...")."""

    def __init__(self, name: str, message: str):
        super().__init__(message)
        self.name = name


def error_name(exc: Exception) -> str:
    return exc.name if isinstance(exc, _WorkerError) else type(exc).__name__


def _to_wire(part: PagesPart) -> dict[str, Any]:
    return {
        "first": part.first,
        "pages": [[p.index, p.width, p.height, p.rotation] for p in part.pages],
        "chunks": part.chunks,
        "warnings": part.warnings,
        "empty_pages": part.empty_pages,
        "charges": part.charges,
        # MuPDF's warnings live in each process; the child adds its own and then the workers'.
        "mupdf_warnings": [w for w in pymupdf.TOOLS.mupdf_warnings().splitlines() if w.strip()],
    }


def _from_wire(wire: dict[str, Any]) -> PagesPart:
    return PagesPart(
        first=wire["first"],
        pages=[PageInfo(*page) for page in wire["pages"]],
        chunks=wire["chunks"],
        warnings=wire["warnings"],
        empty_pages=wire["empty_pages"],
        charges=[[(xref, size) for xref, size in page] for page in wire["charges"]],
        mupdf_warnings=wire["mupdf_warnings"],
    )


def _die_with_parent(parent: int) -> None:
    """Ask Linux to SIGKILL this process when the child that forked it dies (its timeout, a
    crash): a worker is never left running on its own. Elsewhere the CPU limit still ends it."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    PR_SET_PDEATHSIG = 1
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
    if os.getppid() != parent:  # the child died before the request took effect
        os._exit(1)
