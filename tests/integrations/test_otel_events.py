"""GroundGate's verdicts, findings and reviews as OpenTelemetry `gen_ai.evaluation.result`
events: the OTLP/JSON export parses with OpenTelemetry's own OTLP/JSON codec
(opentelemetry-proto-json, generated from opentelemetry-proto) and encodes back to the same
JSON, and the events of a case imported from a trace sit on that trace's LLM span."""

from __future__ import annotations

import json

import orjson
import pytest
from opentelemetry.proto_json.collector.logs.v1.logs_service import ExportLogsServiceRequest

from groundgate.integrations.otel import EVENT_NAME, otlp_logs_stream
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from reviews.services import case_relabel, review_submit
from tests.api.conftest import api_client
from tests.integrations.test_trace_import import T1, TRACES

pytestmark = pytest.mark.django_db


def attributes(log_record: dict) -> dict:
    out = {}
    for item in log_record["attributes"]:
        ((kind, value),) = item["value"].items()
        if kind == "arrayValue":
            value = [next(iter(v.values())) for v in value.get("values", [])]
        out[item["key"]] = value
    return out


def parsed(body: bytes) -> list[dict]:
    """Each line through OpenTelemetry's OTLP/JSON codec, which must give back the same JSON."""
    lines = body.splitlines()
    assert lines, "no OTLP request"
    requests = []
    for line in lines:
        request = ExportLogsServiceRequest.from_json(line)
        assert request.to_dict() == orjson.loads(line)
        requests.append(orjson.loads(line))
    return requests


def test_imported_traces_gated_and_reviewed_export_as_evaluation_events_on_their_spans():
    dataset, _ = dataset_get_or_create(slug="traced")
    admin = api_client("ada", dataset, Role.ADMIN)
    response = admin.post(
        "/api/v1/datasets/traced/traces/import",
        data=(TRACES / "phoenix-spans.jsonl").read_bytes(),
        content_type="application/x-ndjson",
    )
    assert response.json()["imported"] == 2
    case = Case.objects.get(dataset=dataset, external_id=T1)
    review_submit(case=case, reviewer=admin.user, label="partially_grounded", comment="half")
    case_relabel(case=case, admin=admin.user, to_label="grounded", reason="page 3 says so")

    export = admin.get("/api/v1/datasets/traced/export?format=otel")
    assert export.status_code == 200
    assert export["Content-Type"] == "application/x-ndjson"
    assert 'filename="traced.otlp.jsonl"' in export["Content-Disposition"]
    (request,) = parsed(b"".join(export.streaming_content))

    (resource_logs,) = request["resourceLogs"]
    assert attributes(resource_logs["resource"]) == {"service.name": "groundgate"}
    (scope_logs,) = resource_logs["scopeLogs"]
    events = scope_logs["logRecords"]
    assert {e["eventName"] for e in events} == {EVENT_NAME}
    mine = [e for e in events if attributes(e)["groundgate.case.external_id"] == T1]
    llm_span = case.payload["trace"]["llm_span_id"]
    assert {(e["traceId"], e["spanId"]) for e in mine} == {(T1, llm_span)}

    names = [attributes(e)["gen_ai.evaluation.name"] for e in mine]
    run = case.gate_runs.get()
    assert names[0] == "groundgate.answer"
    assert names[1:-2] == [f"groundgate.finding.{f['code']}" for f in run.findings]
    assert names[-2:] == ["groundgate.review", "groundgate.final_label"]
    verdict = attributes(mine[0])
    assert verdict["gen_ai.evaluation.score.value"] == (1.0 if run.passed else 0.0)
    assert verdict["gen_ai.evaluation.score.label"] == run.status.lower()
    assert verdict["groundgate.gate_run.id"] == str(run.pk)  # an int64: a string in OTLP/JSON
    review, relabel = attributes(mine[-2]), attributes(mine[-1])
    assert (review["gen_ai.evaluation.score.label"], review["gen_ai.evaluation.score.value"]) == (
        "partially_grounded",
        0.5,
    )
    assert review["gen_ai.evaluation.explanation"] == "half"
    assert relabel["gen_ai.evaluation.score.label"] == "grounded"
    assert relabel["gen_ai.evaluation.explanation"] == "page 3 says so"
    # time of the review, in Unix nanoseconds
    reviewed = case.reviews.get().created_at
    assert int(mine[-2]["timeUnixNano"]) // 1000 == int(reviewed.timestamp() * 1_000_000)


def test_a_case_not_from_a_trace_has_no_trace_link_and_requests_are_blocks_of_cases():
    records = [
        {
            "case": {"id": i, "external_id": f"c{i}", "kind": "answer", "dataset": "d"},
            "answer": {"case_id": f"c{i}", "trace": {"trace_id": "not-hex", "llm_span_id": "x"}},
            "gate_runs": [
                {
                    "id": i,
                    "gate": "answer",
                    "status": "PASSED",
                    "passed": True,
                    "created_at": "2026-11-20T10:00:00.000001Z",
                    "verdict": {"findings": []},
                }
            ],
        }
        for i in range(1001)
    ]
    requests = parsed(b"".join(otlp_logs_stream(iter(records))))
    assert len(requests) == 2
    events = [e for r in requests for e in r["resourceLogs"][0]["scopeLogs"][0]["logRecords"]]
    assert len(events) == 1001
    assert all("traceId" not in e and "spanId" not in e for e in events)
    assert events[0]["timeUnixNano"] == "1795168800000001000"  # 2026-11-20T10:00:00.000001Z
    assert attributes(events[0])["gen_ai.evaluation.explanation"] == "no findings"
    assert json.loads(json.dumps(events[0])) == events[0]
