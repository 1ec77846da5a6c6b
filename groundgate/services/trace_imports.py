"""Import traces from tracing tools (Phoenix/OpenInference spans, OTLP JSON, LangSmith runs,
Langfuse observations) as cases.

`trace_file_import(dataset=, file=, fmt=)` is the entry point for every caller (the command,
the API, an upload page): `file` is a binary file object that can seek (an open file, a Django
UploadedFile, io.BytesIO). A JSON-lines file is read trace by trace in two passes
(groundgate/integrations/openinference/stream.py), so memory does not grow with the file; a file
that is one JSON document is parsed whole. The cases then go through `case_import_sources`, the
one import path, so validation, limits, idempotence, conflicts and gating are exactly those of a
JSONL import. A trace with a bad span is reported (its line or place in the file, trace and span
id) and not imported at all; a line that is not JSON stops the whole file.

A big JSON-lines file's second pass runs in two forked reader processes that build, validate and
gate the cases while this process writes them, in the same order (services/trace_readers.py).
"""

from __future__ import annotations

import io
from collections.abc import Generator, Iterable
from typing import IO

from django.conf import settings

from groundgate.engine.limits import depth_message, json_too_deep
from groundgate.engine.runner import BadInput
from groundgate.integrations.openinference import read_spans, traces_to_cases
from groundgate.integrations.openinference.cases import (
    TraceCase,
    TraceProblem,
    compile_citation_pattern,
)
from groundgate.integrations.openinference.spans import FORMATS
from groundgate.integrations.openinference.stream import (
    index_traces,
    is_json_lines,
    trace_cases,
)
from groundgate.models import Dataset
from groundgate.services.garbage_collection import old_objects_frozen
from groundgate.services.imports import (
    CaseSource,
    ImportReport,
    case_import_prepared,
    case_import_sources,
)
from groundgate.services.trace_readers import case_source, prepared_by_readers, readers_usable


def trace_file_import(
    *,
    dataset: Dataset,
    file: IO[bytes],
    fmt: str = "openinference",
    citation_pattern: str | None = None,
    gate: bool = True,
    batch_size: int = 500,
    reader_process: bool | None = None,
) -> ImportReport:
    """Import the traces in `file`; ValueError for a bad `fmt` or `citation_pattern` (nothing
    is read then). `reader_process`: whether the second pass of a JSON-lines file runs in
    reader processes (None: trace_readers.readers_usable decides); either way the same cases
    come in the same order."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    pattern = compile_citation_pattern(citation_pattern)
    trace_file_depth_check(file)
    problems: list[TraceProblem] = []
    readers = None
    sources: Iterable[CaseSource] = ()
    with old_objects_frozen():
        if is_json_lines(file):
            index = index_traces(file, fmt)
            problems.extend(TraceProblem(**p.__dict__) for p in index.problems)
            if reader_process is None:
                reader_process = readers_usable(index.spans)
            if reader_process:
                readers = prepared_by_readers(file, index, fmt, pattern, gate, problems)
            else:
                built = trace_cases(file, index, fmt=fmt, citation_pattern=pattern)
                sources = _sources(built, problems)
        else:
            spans, span_problems = read_spans(file.read(), fmt)
            cases, problems = traces_to_cases(
                spans, span_problems, fmt=fmt, citation_pattern=pattern
            )
            sources = _sources(((case, []) for case in cases), problems)
        if readers is None:
            report = case_import_sources(
                dataset=dataset, sources=sources, kind="answer", gate=gate, batch_size=batch_size
            )
        else:
            try:
                report = case_import_prepared(
                    dataset=dataset,
                    prepared=readers,
                    kind="answer",
                    gate=gate,
                    batch_size=batch_size,
                )
            finally:
                readers.close()  # the reader processes are stopped if the import failed
    return _with_problems(report, problems)


class TraceFileTooDeep(ValueError):
    """The file nests deeper than the gate's one limit (GROUNDGATE_CASE_MAX_DEPTH)."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def trace_file_depth_check(file: IO[bytes]) -> None:
    """TraceFileTooDeep when the file (each line of a JSON-lines file, or the whole document)
    nests deeper than GROUNDGATE_CASE_MAX_DEPTH: refused before any parser recurses into it
    (orjson stops at 1,024 levels, Python's json at the recursion limit). Linear in the file;
    leaves it at its start."""
    limits = settings.GROUNDGATE_CASE_LIMITS
    message = f"the file is {depth_message(limits)}; nothing was imported"
    if is_json_lines(file):
        for number, line in enumerate(file, start=1):
            if json_too_deep(line, limits.max_depth):
                file.seek(0)
                raise TraceFileTooDeep(number, message)
    elif json_too_deep(file.read(), limits.max_depth):
        file.seek(0)
        raise TraceFileTooDeep(None, message)
    file.seek(0)


def _with_problems(report: ImportReport, problems: list[TraceProblem]) -> ImportReport:
    """The file's problems (before any case's error, as they concern whole traces)."""
    errors = [BadInput(p.line, p.one_line(), (p.field,) if p.field else ()) for p in problems]
    report.errors = errors + report.errors
    return report


def _sources(
    built: Iterable[tuple[TraceCase | None, list[TraceProblem]]], problems: list[TraceProblem]
) -> Generator[CaseSource, None, None]:
    """The cases to import; the problems of the traces left out go to `problems`."""
    for case, trace_problems in built:
        problems.extend(trace_problems)
        if (source := case_source(case, trace_problems)) is not None:
            yield source


def trace_cases_import(
    *,
    dataset: Dataset,
    data: bytes,
    fmt: str = "openinference",
    citation_pattern: str | None = None,
    gate: bool = True,
    batch_size: int = 500,
) -> ImportReport:
    """`trace_file_import` of bytes already in memory (a request body)."""
    return trace_file_import(
        dataset=dataset,
        file=io.BytesIO(data),
        fmt=fmt,
        citation_pattern=citation_pattern,
        gate=gate,
        batch_size=batch_size,
    )
