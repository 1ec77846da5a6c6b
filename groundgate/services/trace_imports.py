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
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import IO

import orjson

from groundgate.engine.runner import BadInput
from groundgate.integrations.openinference import read_spans, traces_to_cases
from groundgate.integrations.openinference.cases import (
    TraceCase,
    TraceProblem,
    compile_citation_pattern,
)
from groundgate.integrations.openinference.spans import FORMATS
from groundgate.integrations.openinference.stream import index_traces, is_json_lines, trace_cases
from groundgate.models import Dataset
from groundgate.services.garbage_collection import old_objects_frozen
from groundgate.services.imports import CaseSource, ImportReport, case_import_sources


def trace_file_import(
    *,
    dataset: Dataset,
    file: IO[bytes],
    fmt: str = "openinference",
    citation_pattern: str | None = None,
    gate: bool = True,
    batch_size: int = 500,
) -> ImportReport:
    """Import the traces in `file`; ValueError for a bad `fmt` or `citation_pattern` (nothing
    is read then)."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    pattern = compile_citation_pattern(citation_pattern)
    with old_objects_frozen():  # from the first pass on: its index lives through the import
        return _file_import(dataset, file, fmt, pattern, gate, batch_size)


def _file_import(
    dataset: Dataset,
    file: IO[bytes],
    fmt: str,
    pattern: re.Pattern[str],
    gate: bool,
    batch_size: int,
) -> ImportReport:
    problems: list[TraceProblem] = []
    if is_json_lines(file):
        index = index_traces(file, fmt)
        problems.extend(TraceProblem(**p.__dict__) for p in index.problems)
        built: Iterator[tuple[TraceCase | None, list[TraceProblem]]] = trace_cases(
            file, index, fmt=fmt, citation_pattern=pattern
        )
    else:
        spans, span_problems = read_spans(file.read(), fmt)
        cases, problems = traces_to_cases(spans, span_problems, fmt=fmt, citation_pattern=pattern)
        built = iter([(case, []) for case in cases])

    def sources() -> Iterator[CaseSource]:
        for case, trace_problems in built:
            problems.extend(trace_problems)
            if case is None or trace_problems:
                continue
            # Where the case came from travels with it, so an error names the trace and span
            # without a list of every case's origin.
            context = f"{case.where} (trace {case.trace_id}, span {case.span_id})"
            yield CaseSource(case.line, orjson.dumps(case.case), context)

    report = case_import_sources(
        dataset=dataset, sources=sources(), kind="answer", gate=gate, batch_size=batch_size
    )
    errors = [BadInput(p.line, p.one_line(), (p.field,) if p.field else ()) for p in problems]
    report.errors = errors + report.errors
    return report


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
