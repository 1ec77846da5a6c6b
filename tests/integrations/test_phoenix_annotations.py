"""GroundGate's verdicts and reviews as Phoenix span annotations (the shape Phoenix's
`POST /v1/span_annotations` takes; tests/integrations/phoenix/ sends them to a real Phoenix)."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from groundgate.integrations.phoenix import PhoenixError, push_span_annotations
from groundgate.integrations.phoenix.annotations import record_annotations
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import trace_file_import
from reviews.export import ExportFilters, export_records
from reviews.services import case_relabel, review_submit
from tests.api.conftest import api_client
from tests.hostile.live_server import free_port
from tests.integrations.test_trace_import import T1, TRACES

pytestmark = pytest.mark.django_db


def test_a_traced_case_annotates_its_llm_span_with_verdict_reviews_and_final_label():
    dataset, _ = dataset_get_or_create(slug="traced")
    ada = api_client("ada", dataset, Role.ADMIN).user
    with (TRACES / "phoenix-spans.jsonl").open("rb") as file:
        assert trace_file_import(dataset=dataset, file=file).imported == 2
    case = Case.objects.get(dataset=dataset, external_id=T1)
    review_submit(case=case, reviewer=ada, label="not_grounded", comment="first look")
    review_submit(case=case, reviewer=ada, label="partially_grounded", comment="half", force=True)
    case_relabel(case=case, admin=ada, to_label="grounded", reason="page 3 says so")
    record = next(
        r
        for r in export_records(dataset=dataset, filters=ExportFilters())
        if r["case"]["id"] == case.pk
    )
    verdict, review, final = record_annotations(record, case_url="https://gg/d/traced/cases/1/")
    span = case.payload["trace"]["llm_span_id"]
    assert {a["span_id"] for a in (verdict, review, final)} == {span}
    assert (verdict["name"], verdict["annotator_kind"], verdict["identifier"]) == (
        "groundgate.answer",
        "CODE",
        "groundgate",
    )
    assert verdict["result"]["score"] in (0.0, 1.0) and verdict["result"]["label"]
    assert verdict["metadata"]["groundgate.case_url"] == "https://gg/d/traced/cases/1/"
    # One per reviewer, their newest: pushing again replaces it in Phoenix (same identifier)
    assert review["result"] == {"label": "partially_grounded", "score": 0.5, "explanation": "half"}
    assert review["identifier"] == "groundgate-reviewer-ada"
    assert final["name"] == "groundgate.final_label" and final["result"]["score"] == 1.0


def test_a_phoenix_that_cannot_be_reached_is_an_error_not_a_silent_skip(settings):
    with pytest.raises(PhoenixError, match="not an http"):
        push_span_annotations("ftp://x", [])
    with pytest.raises(PhoenixError, match="cannot connect"):
        record = {
            "case": {"id": 1},
            "answer": {"trace": {"trace_id": "a" * 32, "llm_span_id": "b" * 16}},
            "gate_runs": [{"gate": "answer", "status": "ok", "passed": True}],
        }
        push_span_annotations(f"http://127.0.0.1:{free_port()}", [(record, "")], timeout=5)
    dataset, _ = dataset_get_or_create(slug="traced")
    with (TRACES / "phoenix-spans.jsonl").open("rb") as file:
        trace_file_import(dataset=dataset, file=file)
    with pytest.raises(CommandError, match=r"Phoenix: .*cannot connect"):
        call_command(
            "push_phoenix",
            "--dataset",
            "traced",
            "--phoenix",
            f"http://127.0.0.1:{free_port()}",
            stdout=io.StringIO(),
        )
