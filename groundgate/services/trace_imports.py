"""Import traces from tracing tools (OpenInference: Phoenix span exports, OTLP JSON) as cases.

The pure reader (groundgate/integrations/openinference) turns the file into one answer case per
trace; the cases then go through `case_import_lines`, the one import path, so validation, limits,
idempotence, conflicts and gating are exactly those of a JSONL import. A trace with a bad span
is reported (its line or place in the file, trace and span id) and not imported at all.
"""

from __future__ import annotations

import orjson

from groundgate.engine.runner import BadInput
from groundgate.integrations.openinference import read_spans, traces_to_cases
from groundgate.integrations.openinference.cases import compile_citation_pattern
from groundgate.models import Dataset
from groundgate.services.imports import ImportReport, case_import_lines


def trace_cases_import(
    *,
    dataset: Dataset,
    data: bytes,
    fmt: str = "openinference",
    citation_pattern: str | None = None,
    gate: bool = True,
    batch_size: int = 500,
) -> ImportReport:
    """Import the traces in `data`; ValueError for a bad `fmt` or `citation_pattern` (nothing
    is read then)."""
    pattern = compile_citation_pattern(citation_pattern)
    spans, span_problems = read_spans(data, fmt)
    cases, problems = traces_to_cases(spans, span_problems, fmt=fmt, citation_pattern=pattern)
    report = case_import_lines(
        dataset=dataset,
        lines=(orjson.dumps(c.case) for c in cases),
        kind="answer",
        gate=gate,
        batch_size=batch_size,
    )
    # case_import_lines numbers the generated lines 1..n: say which trace and span each was.
    errors = [BadInput(p.line, p.one_line(), (p.field,) if p.field else ()) for p in problems]
    for error in report.errors:
        case = cases[error.line - 1] if error.line else None
        if case is None:
            errors.append(error)
            continue
        where = f"{case.where} (trace {case.trace_id}, span {case.span_id})"
        errors.append(BadInput(case.line, f"{where}: {error.message}", error.fields))
    report.errors = errors
    return report
