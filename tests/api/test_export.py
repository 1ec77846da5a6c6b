"""Export of audited datasets: every record validates against the published JSON Schema."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command

from groundgate.models import Case, Role
from groundgate.services.datasets import membership_grant
from reviews.services import Decision, case_relabel, review_submit
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "export.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


@pytest.fixture
def audited(demo_dataset):
    """The demo dataset with a review (and decision) and a relabel."""
    admin = api_client("ada", demo_dataset, Role.ADMIN)
    reviewer = admin.user
    case = Case.objects.get(external_id="demo-en-17")
    review_submit(
        case=case, reviewer=reviewer, label="not_grounded", decisions=[Decision(0, "right")]
    )
    case_relabel(
        case=Case.objects.get(external_id="demo-en-18"),
        admin=reviewer,
        to_label="grounded",
        reason="4.75 is 38% of 12.50",
    )
    return admin


def lines(response) -> list[dict]:
    return [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]


def test_every_record_validates_against_the_schema(audited, demo_dataset):
    response = audited.get("/api/v1/datasets/demo/export")
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    records = lines(response)
    assert len(records) == Case.objects.filter(dataset=demo_dataset).count()
    for record in records:
        errors = sorted(VALIDATOR.iter_errors(record), key=str)
        assert not errors, (record["case"]["external_id"], errors[0])
    reviewed = next(r for r in records if r["case"]["external_id"] == "demo-en-17")
    assert reviewed["reviews"][0]["decisions"] == [
        {"finding_index": 0, "code": "UNGROUNDED_NUMBER", "call": "right", "reason": None}
    ]
    assert reviewed["cited_chunks"][0]["source"] == "case"
    relabelled = next(r for r in records if r["case"]["external_id"] == "demo-en-18")
    assert relabelled["final_label"] == "grounded"
    assert relabelled["relabels"][0]["reason"] == "4.75 is 38% of 12.50"
    assert relabelled["gate_runs"][0]["verdict"]["status"] == "citation_insufficient"


def test_filters(audited):
    reviewed = lines(audited.get("/api/v1/datasets/demo/export?reviewed=true"))
    assert {r["case"]["external_id"] for r in reviewed} == {"demo-en-17", "demo-en-18"}
    labelled = lines(audited.get("/api/v1/datasets/demo/export?label=grounded"))
    assert [r["case"]["external_id"] for r in labelled] == ["demo-en-18"]
    coded = lines(audited.get("/api/v1/datasets/demo/export?code=NO_CHUNKS"))
    assert len(coded) == 2
    assert lines(audited.get("/api/v1/datasets/demo/export?since=2999-01-01")) == []
    response = audited.get("/api/v1/datasets/demo/export?since=yesterday&label=meh")
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"since", "label"}


def test_csv_has_one_row_per_case(audited, demo_dataset):
    response = audited.get("/api/v1/datasets/demo/export?format=csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert len(rows) == Case.objects.filter(dataset=demo_dataset).count()
    row = next(r for r in rows if r["external_id"] == "demo-en-18")
    assert row["final_label"] == "grounded" and json.loads(row["relabels"])[0]["to_label"]


def test_only_admins_export(demo_dataset):
    reviewer = api_client("rita", demo_dataset, Role.REVIEWER)
    assert reviewer.get("/api/v1/datasets/demo/export").status_code == 403


def test_the_export_command_writes_the_same_records(audited, tmp_path):
    out = tmp_path / "demo.jsonl"
    call_command("export", "--dataset", "demo", "--output", str(out), stderr=io.StringIO())
    from_command = [json.loads(x) for x in out.read_text().splitlines()]
    assert from_command == lines(audited.get("/api/v1/datasets/demo/export"))


def test_membership_grant_is_needed_for_a_new_admin(demo_dataset):
    admin = api_client("new-admin")
    assert admin.get("/api/v1/datasets/demo/export").status_code == 404
    membership_grant(dataset=demo_dataset, user=admin.user, role=Role.ADMIN)
    assert admin.get("/api/v1/datasets/demo/export").status_code == 200


def _demo_lines(prefix: str) -> bytes:
    """Demo case lines with new external ids (to import the demo cases a second time)."""
    from tests.conftest import DEMO_CASES

    out = []
    for line in DEMO_CASES.read_text().splitlines()[:3]:
        case = json.loads(line)
        case["case_id"] = prefix + case["case_id"]
        out.append(json.dumps(case))
    return "\n".join(out).encode()


def test_batches_read_only_their_own_cases(audited, demo_dataset, monkeypatch):
    """Batches are read by case id range: another dataset's cases inside that range (imported
    between two of this dataset's) never leak in, and the batch size changes no byte."""
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines
    from reviews import export

    other, _ = dataset_get_or_create(slug="other")
    assert not case_import_lines(dataset=other, lines=io.BytesIO(_demo_lines("o-"))).errors
    assert not case_import_lines(dataset=demo_dataset, lines=io.BytesIO(_demo_lines("d-"))).errors
    whole = b"".join(audited.get("/api/v1/datasets/demo/export").streaming_content)
    monkeypatch.setattr(export, "BATCH", 4)
    batched = b"".join(audited.get("/api/v1/datasets/demo/export").streaming_content)
    assert batched == whole
    records = [json.loads(line) for line in whole.splitlines()]
    ids = [r["case"]["id"] for r in records]
    assert ids == sorted(ids) and len(ids) == Case.objects.filter(dataset=demo_dataset).count()
    assert {r["case"]["dataset"] for r in records} == {"demo"}
    assert not any(r["case"]["external_id"].startswith("o-") for r in records)
    for record in records:
        runs = record["gate_runs"]
        assert runs and all(r["verdict"]["case_id"] == record["case"]["external_id"] for r in runs)


def test_since_counts_reviews_and_relabels_as_activity(audited):
    """A case created before `since` is exported when a review or a relabel came after it."""
    from django.utils import timezone

    moment = timezone.now()
    review_submit(
        case=Case.objects.get(external_id="demo-en-03"), reviewer=audited.user, label="grounded"
    )
    case_relabel(
        case=Case.objects.get(external_id="demo-en-04"),
        admin=audited.user,
        to_label="not_grounded",
        reason="the figure is not in the chunk",
    )
    since = moment.isoformat().replace("+00:00", "Z")
    recent = lines(audited.get("/api/v1/datasets/demo/export", {"since": since}))
    assert [r["case"]["external_id"] for r in recent] == ["demo-en-03", "demo-en-04"]
