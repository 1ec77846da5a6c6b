"""The second pass of a big trace import in forked reader processes (docs/decisions.md 153).

A trace import is three kinds of work: reading each trace again and building its case, the
case's validation and gate, and the writes. The first two need no database, so READERS forked
processes share them, trace k going to reader k % READERS, while the importing process only
writes: on two cores a 100k-span file imports at 10-12k spans/s instead of ~7.5k, for 10-25%
more CPU in all (docs/benchmarks.md).

What crosses from a reader is plain values: per trace its problems and either the case's
error (BadInput) or what its rows need (imports.PreparedCase: the payload, digest, id,
question and the gate run's values), made by imports.case_prepare, the same function the
importing process uses when it reads the file itself, so the report and the rows are the same
byte for byte either way (tests/integrations/test_trace_reader_process.py). The importer takes
the readers' records in turn, which is the order of trace_cases.

When readers are used (`readers_usable`): a fork-capable platform, more than one core, and a
process with one thread. Forking a threaded process (a web server's worker, the development
server) copies locks other threads may hold at that instant; those imports read the file in
the importing process, as does a small file (READER_PROCESS_FROM).
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
from collections import deque
from collections.abc import Generator
from multiprocessing.connection import Connection
from typing import IO, Any, NoReturn

import orjson
from django.conf import settings

from groundgate.engine.limits import CaseLimits
from groundgate.engine.registry import GateSpec, get_gate
from groundgate.engine.runner import BadInput
from groundgate.integrations.openinference.cases import TraceCase, TraceProblem
from groundgate.integrations.openinference.citation_pattern import CitationPattern
from groundgate.integrations.openinference.stream import TraceIndex, trace_cases
from groundgate.services.imports import CaseSource, PreparedCase, case_prepare

# From this many spans a JSON-lines file's second pass runs in reader processes; below it, the
# processes cost more than they save.
READER_PROCESS_FROM = 5_000
# Two readers share the second pass (each about a third of the import's work; the importer
# writes, the last third), so on two cores neither core waits for the other.
READERS = 2
# Traces per message from a reader: enough to make the pipe's cost per case small.
TRACES_PER_MESSAGE = 100
# A message of TRACES_PER_MESSAGE traces is ~250 KB (payloads and gate runs as JSON), more than
# a pipe's default 64 KB: a reader could be at most one message ahead, and both waited on every
# batch the importer wrote (10.6 s for 100k spans; 7.8-8.6 s with 1 MB pipes, Linux's default
# maximum for an unprivileged process: each reader runs ~4 messages ahead).
PIPE_BYTES = 1 << 20


def case_source(case: TraceCase | None, trace_problems: list[TraceProblem]) -> CaseSource | None:
    """The case of a trace to import, or None when the trace is left out."""
    if case is None or trace_problems:
        return None
    # Where the case came from travels with it, so an error names the trace and span without
    # a list of every case's origin.
    context = f"{case.where} (trace {case.trace_id}, span {case.span_id})"
    return CaseSource(case.line, orjson.dumps(case.case), context)


def readers_usable(spans: int) -> bool:
    """Whether an import of a JSON-lines file of `spans` spans uses reader processes."""
    return (
        spans >= READER_PROCESS_FROM
        and hasattr(os, "fork")
        and _cores() > 1
        and threading.active_count() == 1
    )


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def prepared_by_readers(
    file: IO[bytes],
    index: TraceIndex,
    fmt: str,
    pattern: CitationPattern,
    gate: bool,
    problems: list[TraceProblem],
) -> Generator[PreparedCase | BadInput, None, None]:
    """The second pass in READERS forked processes, reader k taking the traces k, k + READERS,
    ... (in the order of trace_cases): each reads them from the file (its own copy of the file
    object and of the index), builds each case and prepares it (imports.case_prepare, with the
    gate run's values), and sends one record per trace, a message at a time. The traces'
    problems go to `problems` as their records arrive. A reader touches no database connection
    and leaves by os._exit, so its copies of this process's connections are never used or
    closed. Close the generator to stop the readers (a failed import does)."""
    spec, limits = get_gate("answer"), settings.GROUNDGATE_CASE_LIMITS
    readers = READERS if _reopened_path(file) != "" else 1
    pids: list[int] = []
    receivers: list[Connection] = []
    try:
        for part in range(readers):
            read_end, write_end = os.pipe()
            _widen(write_end)
            pid = os.fork()
            if pid == 0:  # a reader
                os.close(read_end)
                for other in receivers:
                    other.close()
                sender = Connection(write_end, readable=False)
                _reader_main(sender, file, index, fmt, pattern, spec, limits, gate, part, readers)
            pids.append(pid)
            os.close(write_end)
            receivers.append(Connection(read_end, writable=False))
        pending: list[deque[tuple[Any, Any]]] = [deque() for _ in receivers]
        turn = 0
        while True:
            part = turn % readers
            if not pending[part]:
                kind, body = _received(receivers[part])
                if kind == "error":
                    raise body
                if kind == "end":
                    # Reader `part` has no more traces; the readers after it in turn have
                    # none either (each has at most one more than the next).
                    return
                pending[part].extend(body)
            trace_problems, item = pending[part].popleft()
            problems.extend(trace_problems)
            if item is not None:
                yield _unpacked(item)
            turn += 1
    finally:
        for receiver in receivers:
            receiver.close()  # a reader still writing gets a broken pipe and leaves
        for pid in pids:
            os.waitpid(pid, 0)


def _widen(fd: int) -> None:
    try:
        import fcntl  # not on Windows, where nothing here runs (no fork)
    except ImportError:
        return
    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)  # Linux only
    if setpipe is not None:
        with contextlib.suppress(OSError):  # a lower limit set on this machine: the default
            fcntl.fcntl(fd, setpipe, PIPE_BYTES)


def _reopened_path(file: IO[bytes]) -> str | None:
    """Where a reader process opens `file` again with an offset of its own: processes forked
    with an open file share its offset, so two readers seeking in it would read each other's
    lines. None for a file in memory (each process has its own copy); "" when the platform
    cannot reopen it (one reader then: nothing else reads the file while it does)."""
    try:
        fd = file.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        return None
    path = f"/proc/self/fd/{fd}"
    return path if os.path.exists(path) else ""


def _received(receiver: Connection) -> tuple[str, Any]:
    try:
        message: tuple[str, Any] = receiver.recv()
    except EOFError:
        raise RuntimeError("a trace reader process ended without its last message") from None
    return message


def _packed(item: PreparedCase | BadInput) -> tuple[Any, ...]:
    """A prepared case as plain values for the pipe. The payload and the run's values go as
    JSON (orjson): pickling their dicts cost ~90 µs a case, more than validating it, and JSON
    gives back the same values (dicts in their key order, str, int, bool, None, finite floats
    to the bit). What orjson cannot write (an integer beyond 64 bits) is pickled as it is.
    The case's JSON text stays behind: after validation only its line and context are used."""
    if isinstance(item, BadInput):
        return (item.line, item.message, item.fields)
    values: bytes | tuple[dict[str, Any], dict[str, Any] | None]
    try:
        values = orjson.dumps((item.payload, item.run))
    except orjson.JSONEncodeError:
        values = (item.payload, item.run)
    source = item.source
    return (source.line, source.context, item.external_id, item.question, item.sha256, values)


def _unpacked(item: tuple[Any, ...]) -> PreparedCase | BadInput:
    if len(item) == 3:
        return BadInput(*item)
    line, context, external_id, question, sha256, values = item
    payload, run = orjson.loads(values) if isinstance(values, bytes) else values
    source = CaseSource(line, b"", context)
    return PreparedCase(source, external_id, question, payload, sha256, run=run)


def _reader_main(
    sender: Connection,
    file: IO[bytes],
    index: TraceIndex,
    fmt: str,
    pattern: CitationPattern,
    spec: GateSpec,
    limits: CaseLimits,
    gate: bool,
    part: int,
    readers: int,
) -> NoReturn:
    code = 0
    try:
        if path := _reopened_path(file):
            file = open(path, "rb")
        batch = []
        for case, trace_problems in trace_cases(
            file, index, fmt=fmt, citation_pattern=pattern, part=(part, readers)
        ):
            source = case_source(case, trace_problems)
            item = None
            if source is not None:
                item = _packed(case_prepare(spec=spec, source=source, limits=limits, gate=gate))
            batch.append((trace_problems, item))
            if len(batch) >= TRACES_PER_MESSAGE:
                sender.send(("traces", batch))
                batch = []
        if batch:
            sender.send(("traces", batch))
        sender.send(("end", None))
    except BrokenPipeError:
        code = 1  # the importer stopped reading (it failed or was interrupted)
    except BaseException as exc:  # the importer raises it, as the in-process read would
        code = 1
        try:
            sender.send(("error", exc))
        except BaseException:
            with contextlib.suppress(BaseException):
                sender.send(("error", RuntimeError(f"the trace reader failed: {exc!r}")))
    finally:
        os._exit(code)
