"""OTLP/HTTP trace intake: the traces of one export request become gated cases, exactly as an
uploaded OTLP/JSON file's (services.trace_imports: one case per trace, idempotent: a trace sent
again is `unchanged`), and the answer says which spans were not taken and why (the OTLP
`partialSuccess`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import orjson

from groundgate.integrations.otlp import OtlpRequest, iter_spans
from groundgate.models import Dataset
from groundgate.services.imports import ImportReport
from groundgate.services.trace_imports import trace_cases_import

SHOWN_PROBLEMS = 5
_TRACE = re.compile(r"\btrace ([0-9a-fA-F]{1,64})\b")


@dataclass(frozen=True)
class OtlpIntake:
    report: ImportReport | None
    rejected_spans: int
    message: str


def otlp_traces_receive(*, dataset: Dataset, request: OtlpRequest) -> OtlpIntake:
    """Import the request's traces (those with their retrieval) into `dataset`."""
    problems = [
        f"trace {trace_id}: no retriever span in this request (a trace is imported when its "
        "retriever and LLM spans are exported together)"
        for trace_id in request.held_out
    ]
    rejected = request.held_out_spans
    report = None
    spans_of: Counter[str] = Counter(
        str(span.get("traceId")) for _, span in iter_spans(request.body)
    )
    if spans_of:
        report = trace_cases_import(dataset=dataset, data=orjson.dumps(request.body), fmt="otlp")
        failed = set()
        for error in report.errors:
            problems.append(error.one_line())
            match = _TRACE.search(error.message)
            if match and match[1] in spans_of:
                failed.add(match[1])
        rejected += sum(spans_of[t] for t in failed)
    shown = "; ".join(problems[:SHOWN_PROBLEMS])
    if len(problems) > SHOWN_PROBLEMS:
        shown += f"; and {len(problems) - SHOWN_PROBLEMS} more"
    return OtlpIntake(report=report, rejected_spans=rejected, message=shown)
