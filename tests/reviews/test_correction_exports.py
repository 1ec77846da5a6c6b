"""Every export carries a reviewer's correction with who made it and when: JSON lines, CSV,
Parquet, Label Studio tasks and the reviews API, each fetched as a user would (the export
endpoint, streamed to its end) after a correction on a real filing page (Ulta Beauty's release)."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

import pyarrow.parquet as pq
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.models import Role
from groundgate.selectors.cases import case_current_run
from groundgate.services.datasets import membership_grant
from reviews.corrections import correction_parse
from tests.reviews.test_corrections import filing, submit  # noqa: F401 (the fixture)

# The "10,208.6" cell of the table on page 1 (PDF points), as in test_corrections.py.
BOX = [430.0, 392.0, 467.0, 406.0]


@pytest.fixture
def corrected(filing):  # noqa: F811
    case, rita, document, _ = filing
    run = case_current_run(case=case)
    finding = next(i for i, f in enumerate(run.findings) if f["code"] == "UNGROUNDED_NUMBER")
    data = correction_parse(
        {
            "citations": [],
            "findings": [
                {
                    "finding_index": finding,
                    "document_id": document.pk,
                    "page_index": 0,
                    "bbox": BOX,
                    "value": "$10,208.6 million",
                }
            ],
        }
    )
    result = submit(case, rita, data)
    assert result.saved
    ada = get_user_model().objects.create_user("ada", password="ada-pass-123")
    membership_grant(dataset=case.dataset, user=ada, role=Role.ADMIN)
    client = Client()
    client.force_login(ada)
    return case, result.review, client


def fetch(client: Client, fmt: str) -> bytes:
    response = client.get(f"/api/v1/datasets/filings/export?format={fmt}")
    assert response.status_code == 200, response.content[:400]
    return b"".join(response.streaming_content)


def check(review: dict, saved) -> None:
    """One exported review: who, when, and the correction it carries."""
    assert review["reviewer"] == "rita"
    when = review["created_at"]
    when = when if isinstance(when, datetime) else datetime.fromisoformat(when)
    assert abs((when - saved.created_at).total_seconds()) < 0.001
    correction = review["correction"]
    if isinstance(correction, str):  # Parquet: the correction as JSON text
        correction = json.loads(correction)
    assert correction["answer"]["conclusion"] == (
        "Net sales for the full year were $10,208.6 million."
    )
    assert correction["citations_changed"] and correction["conclusion_changed"]
    assert correction["gate"]["status"] == "ok" and correction["gate"]["passed"]
    [fix] = correction["findings"]
    assert fix["text"] == "10,208.6" and fix["value"] == "$10,208.6 million"
    assert [float(v) for v in fix["bbox"]] == BOX and fix["page_index"] == 0


def test_jsonl_carries_the_correction(corrected):
    _, saved, client = corrected
    [line] = fetch(client, "jsonl").splitlines()
    [review] = json.loads(line)["reviews"]
    check(review, saved)


def test_csv_carries_the_correction(corrected):
    _, saved, client = corrected
    body = fetch(client, "csv").decode()
    [row] = list(csv.DictReader(io.StringIO(body, newline="")))
    [review] = json.loads(row["reviews"])
    check(review, saved)
    assert row["review_count"] == "1" and row["final_label"] == "not_grounded"


def test_parquet_carries_the_correction(corrected):
    _, saved, client = corrected
    table = pq.read_table(io.BytesIO(fetch(client, "parquet")))
    [[review]] = table.column("reviews").to_pylist()
    check(review, saved)


def test_label_studio_tasks_carry_the_correction(corrected):
    case, saved, client = corrected
    [task] = json.loads(fetch(client, "labelstudio"))
    assert task["data"]["case_id"] == case.pk
    [review] = task["data"]["reviews"]
    check(review, saved)
    assert review["label"] == "not_grounded" and review["id"] == saved.pk
    # The verdict itself stays in the other exports (a task is shown to a labeller).
    assert "verdict" not in review["correction"]["gate"]
    assert task["data"]["seen_review_id"] == saved.pk


def test_the_reviews_api_carries_the_correction(corrected):
    case, saved, client = corrected
    url = f"/api/v1/datasets/filings/cases/{case.pk}/reviews/"
    [review] = client.get(url).json()["results"]
    assert review["reviewer"] == "rita"
    when = datetime.fromisoformat(review["created_at"].replace("Z", "+00:00"))
    assert abs((when - saved.created_at).total_seconds()) < 0.001
    correction = review["correction"]
    assert correction["gate_status"] == "ok"
    [fix] = correction["findings"]
    assert fix["bbox"] == BOX and fix["text"] == "10,208.6"
