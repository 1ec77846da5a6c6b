"""Export records as OpenTelemetry `gen_ai.evaluation.result` events, in OTLP/JSON.

The OpenTelemetry GenAI semantic conventions (model/gen-ai/events.yaml, stability
"development") define the event `gen_ai.evaluation.result` with the attributes
`gen_ai.evaluation.name` (required), `gen_ai.evaluation.score.value` and
`gen_ai.evaluation.score.label` (conditionally required), `gen_ai.evaluation.explanation`
(recommended); the event SHOULD be parented to the GenAI operation span it evaluates. Events are
log records with `eventName` set, so the output is what an OTLP/JSON logs exporter writes: JSON
lines, each an `ExportLogsServiceRequest` (`{"resourceLogs": [...]}`), in the OTLP JSON encoding
(lowerCamelCase keys, trace and span ids as hex, 64-bit integers as strings).

Per case (one export record), oldest first:
- the current verdict: name `groundgate.<gate>` (e.g. `groundgate.answer`), value 1 passed / 0
  not, label the gate's status, explanation the finding codes;
- each finding of the current verdict: name `groundgate.finding.<CODE>`, label its severity,
  explanation its message;
- each review: name `groundgate.review`, label the reviewer's label, value 1 / 0.5 / 0 for
  grounded / partially / not grounded (none for cannot_judge), explanation the comment;
- each relabel: name `groundgate.final_label`, label the new label, explanation the reason.
A case imported from a trace (its payload's `trace`) puts every event on that trace, parented to
its LLM span (`traceId`, `spanId`), so a tracing backend shows them beside the span.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

import orjson

EVENT_NAME = "gen_ai.evaluation.result"
RECORDS_PER_REQUEST = 1000
SEVERITY_INFO = 9  # SeverityNumber.SEVERITY_NUMBER_INFO
LABEL_SCORES = {"grounded": 1.0, "partially_grounded": 0.5, "not_grounded": 0.0}
_HEX = re.compile(r"[0-9a-f]+")
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _value(value: Any) -> dict[str, Any]:
    """An OTLP AnyValue. The exact types the export holds take the first branches (a type test,
    not an isinstance chain: this runs for every attribute of every event)."""
    kind = type(value)
    if kind is str:
        return {"stringValue": value}
    if kind is int:
        return {"intValue": str(value)}
    if kind is bool:
        return {"boolValue": value}
    if kind is float:
        return {"doubleValue": value}
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, list | tuple):
        return {"arrayValue": {"values": [_value(v) for v in value]}}
    return {"stringValue": str(value)}


def _attributes(items: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"key": k, "value": _value(v)} for k, v in items.items() if v is not None]


def _nanos(iso: str | None) -> str:
    """Unix nanoseconds of an ISO 8601 time, as OTLP/JSON writes a fixed64: a string."""
    if not iso:
        return "0"
    moment = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return str((moment - _EPOCH) // dt.timedelta(microseconds=1) * 1000)


def _hex_id(value: Any, length: int) -> str | None:
    """A trace (32) or span (16) id as OTLP/JSON writes it, or None if `value` is not one."""
    text = str(value or "").lower()
    if length == 32 and len(text) == 36 and text.count("-") == 4:
        text = text.replace("-", "")  # a UUID (LangSmith's trace id) is the same 128 bits
    if len(text) == length and _HEX.fullmatch(text) and text.strip("0"):
        return text
    return None


def _parsed(value: Any) -> Any:
    """The export embeds stored JSON unparsed (orjson.Fragment): parse what is read here."""
    if isinstance(value, orjson.Fragment):
        return orjson.loads(orjson.dumps(value))
    return value


def _answer(record: dict[str, Any]) -> Any:
    """The case's payload: as the export parsed it already (reviews.export.ExportRecord carries
    it), or parsed here from the record."""
    try:
        return record.payload  # type: ignore[attr-defined]
    except AttributeError:
        return _parsed(record.get("answer"))


def _verdict(record: dict[str, Any], run: dict[str, Any]) -> Any:
    """The newest run's verdict, parsed from the raw text the export carries when it does."""
    raw = getattr(record, "last_verdict", None)
    if raw is not None:
        return orjson.loads(raw)
    return _parsed(run.get("verdict"))


def _trace_link(answer: Any) -> dict[str, Any]:
    """traceId/spanId of the trace the case was imported from, when it was."""
    trace = answer.get("trace") if isinstance(answer, dict) else None
    if not isinstance(trace, dict):
        return {}
    link = {}
    trace_id = _hex_id(trace.get("trace_id"), 32)
    span_id = _hex_id(trace.get("llm_span_id"), 16)
    if trace_id:
        link["traceId"] = trace_id
        if span_id:
            link["spanId"] = span_id
    return link


def _event(nanos: str, attributes: list[dict[str, Any]], link: dict[str, Any]) -> dict[str, Any]:
    """One LogRecord; `attributes` already holds the event's own attributes, then the case's."""
    event = {
        "timeUnixNano": nanos,
        "observedTimeUnixNano": nanos,
        "severityNumber": SEVERITY_INFO,
        "eventName": EVENT_NAME,
        "attributes": attributes,
    }
    if link:
        event.update(link)
    return event


def record_events(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The log records (OTLP/JSON LogRecord objects) of one export record."""
    case = record.get("case") or {}
    link = _trace_link(_answer(record))
    # The case's attributes close every event's list: built once per case (the same objects
    # serialise the same way each time they appear).
    common = _attributes(
        {
            "groundgate.case.id": case.get("id"),
            "groundgate.case.external_id": case.get("external_id"),
            "groundgate.case.kind": case.get("kind"),
            "groundgate.dataset": case.get("dataset"),
        }
    )
    events = []
    runs = record.get("gate_runs") or []
    if runs:
        run = runs[-1]
        findings = (_verdict(record, run) or {}).get("findings") or []
        codes = sorted({f.get("code", "") for f in findings})
        explanation = "findings: " + ", ".join(codes) if codes else "no findings"
        nanos = _nanos(run.get("created_at"))
        run_id = _attributes({"groundgate.gate_run.id": run.get("id")})
        events.append(
            _event(
                nanos,
                _attributes(
                    {
                        "gen_ai.evaluation.name": f"groundgate.{run.get('gate')}",
                        "gen_ai.evaluation.score.value": 1.0 if run.get("passed") else 0.0,
                        "gen_ai.evaluation.score.label": str(run.get("status", "")).lower(),
                        "gen_ai.evaluation.explanation": explanation,
                    }
                )
                + run_id
                + _attributes(
                    {
                        "groundgate.gate.version": run.get("gate_version"),
                        "groundgate.policy.sha256": run.get("policy_sha256"),
                        "groundgate.finding_codes": codes or None,
                    }
                )
                + common,
                link,
            )
        )
        for index, finding in enumerate(findings):
            events.append(
                _event(
                    nanos,
                    _attributes(
                        {
                            "gen_ai.evaluation.name": f"groundgate.finding.{finding.get('code')}",
                            "gen_ai.evaluation.score.label": finding.get("severity", "error"),
                            "gen_ai.evaluation.explanation": finding.get("message", ""),
                        }
                    )
                    + run_id
                    + _attributes(
                        {
                            "groundgate.finding.index": index,
                            "groundgate.finding.field": finding.get("field"),
                            "groundgate.finding.chunk_id": finding.get("chunk_id"),
                        }
                    )
                    + common,
                    link,
                )
            )
    for review in record.get("reviews") or []:
        events.append(
            _event(
                _nanos(review.get("created_at")),
                _attributes(
                    {
                        "gen_ai.evaluation.name": "groundgate.review",
                        "gen_ai.evaluation.score.value": LABEL_SCORES.get(review.get("label", "")),
                        "gen_ai.evaluation.score.label": review.get("label"),
                        "gen_ai.evaluation.explanation": review.get("comment") or None,
                        "groundgate.review.id": review.get("id"),
                        "groundgate.reviewer": review.get("reviewer"),
                        "groundgate.gate_run.id": review.get("gate_run_id"),
                    }
                )
                + common,
                link,
            )
        )
    for relabel in record.get("relabels") or []:
        events.append(
            _event(
                _nanos(relabel.get("created_at")),
                _attributes(
                    {
                        "gen_ai.evaluation.name": "groundgate.final_label",
                        "gen_ai.evaluation.score.value": LABEL_SCORES.get(
                            relabel.get("to_label", "")
                        ),
                        "gen_ai.evaluation.score.label": relabel.get("to_label"),
                        "gen_ai.evaluation.explanation": relabel.get("reason"),
                        "groundgate.relabel.id": relabel.get("id"),
                        "groundgate.admin": relabel.get("admin"),
                        "groundgate.from_label": relabel.get("from_label"),
                    }
                )
                + common,
                link,
            )
        )
    return events


def otlp_logs_stream(
    records: Iterable[dict[str, Any]], *, service_name: str = "groundgate", scope_version: str = ""
) -> Iterator[bytes]:
    """JSON lines, one ExportLogsServiceRequest per RECORDS_PER_REQUEST export records (a case's
    events stay in one request). Memory is one block of records at a time."""
    records = iter(records)
    resource = {"attributes": _attributes({"service.name": service_name})}
    scope = {"name": "groundgate", **({"version": scope_version} if scope_version else {})}
    while block := list(islice(records, RECORDS_PER_REQUEST)):
        log_records = [event for record in block for event in record_events(record)]
        request = {
            "resourceLogs": [
                {
                    "resource": resource,
                    "scopeLogs": [{"scope": scope, "logRecords": log_records}],
                }
            ]
        }
        yield orjson.dumps(request) + b"\n"
