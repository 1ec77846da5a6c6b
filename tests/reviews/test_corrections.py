"""Corrections: a reviewer points at the evidence that grounds a value (a chunk span, or a box
drawn on a real filing page), gives the value the answer should have said, fixes a citation; the
gate runs on the corrected answer; nothing is written when any part is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import orjson
import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection, transaction
from django.test import Client

from groundgate.models import Case, Chunk, Role
from groundgate.models.append_only import AppendOnlyError
from groundgate.selectors.cases import case_current_run
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from reviews.corrections import CorrectionError, correction_as_input, correction_parse
from reviews.export import ExportFilters, export_records
from reviews.models import Correction, FindingCorrection, Review
from reviews.services import ReviewInputError, review_submit
from tests.conftest import SHARED

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
ULTA = SHARED / "data" / "financebench" / "ULTABEAUTY_2023Q4_EARNINGS.pdf"
WRONG = "Net sales for the full year were $10,280.6 million."


@pytest.fixture
def filing(db, settings, tmp_path):
    """Ulta Beauty's release ingested; one answer with a wrong number citing the wrong chunk
    (the press-release paragraph, not the table with the figure)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    rita = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=rita, role=Role.REVIEWER)
    document = document_ingest(dataset=dataset, data=ULTA.read_bytes(), filename=ULTA.name).document
    chunks = list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal")[:12])
    raw = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks
    ]  # fmt: skip
    wrong = chunks[1]
    page_number, x0, x1, top, bottom = wrong.position_int[0]
    evidence = {
        "chunk_id": wrong.chunk_id,
        "excerpt": "announced financial results",
        "page_index": page_number - 1,
        "bbox": [x0, top, x1, bottom],
    }
    line = {
        "case_id": "ulta-sales",
        "question": "What were Ulta Beauty's net sales in fiscal 2022?",
        "raw_chunks": raw,
        "answer": {"conclusion": WRONG, "evidences": [evidence]},
    }
    assert not case_import_lines(dataset=dataset, lines=[json.dumps(line)]).errors
    case = Case.objects.get(external_id="ulta-sales")
    table = next(c for c in chunks if "10,208.6" in c.text)
    return case, rita, document, table


def submit(case, rita, correction, **extra):
    run = case_current_run(case=case)
    return review_submit(
        case=case,
        reviewer=rita,
        label="not_grounded",
        decisions=[],
        gate_run_id=run.pk,
        correction=correction,
        **extra,
    )


def test_a_box_drawn_round_the_cell_corrects_the_value_and_the_gate_agrees(filing):
    case, rita, document, table = filing
    run = case_current_run(case=case)
    assert run.status == "citation_insufficient"
    finding = next(i for i, f in enumerate(run.findings) if f["code"] == "UNGROUNDED_NUMBER")
    # The "10,208.6" cell of the table on page 1 (PDF points), drawn a little loosely.
    box = [430.0, 392.0, 467.0, 406.0]
    data = correction_parse(
        {
            "citations": [],  # the swapped citation removed
            "findings": [
                {
                    "finding_index": finding,
                    "document_id": document.pk,
                    "page_index": 0,
                    "bbox": box,
                    "value": "$10,208.6 million",
                }
            ],
        }
    )
    result = submit(case, rita, data)
    assert result.saved
    correction = Correction.objects.get(review=result.review)
    assert correction.answer["conclusion"] == "Net sales for the full year were $10,208.6 million."
    [evidence] = correction.answer["evidences"]
    assert evidence["chunk_id"] == table.chunk_id and evidence["excerpt"] == "10,208.6"
    assert correction.gate_status == "ok" and correction.gate_passed
    [fix] = correction.findings.all()
    assert (fix.document_id, fix.page_index, fix.bbox) == (document.pk, 0, box)
    assert table.text[fix.start : fix.end] == "10,208.6"
    # Append-only, like reviews: the ORM refuses, and so does the database.
    with pytest.raises(AppendOnlyError):
        correction.save()
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE reviews_correction SET gate_status = 'x'")
    # The export carries it with who and when.
    [record] = export_records(dataset=case.dataset, filters=ExportFilters())
    jsonschema.validate(orjson.loads(orjson.dumps(record)), SCHEMA)
    [review] = record["reviews"]
    assert review["reviewer"] == "rita"
    assert review["correction"]["gate"]["status"] == "ok"
    assert review["correction"]["findings"][0]["text"] == "10,208.6"
    # And the API, with who and when.
    client = Client()
    client.force_login(rita)
    [api] = client.get(f"/api/v1/datasets/filings/cases/{case.pk}/reviews/").json()["results"]
    assert api["reviewer"] == "rita" and api["created_at"]
    assert api["correction"]["gate_status"] == "ok"
    assert api["correction"]["findings"][0]["bbox"] == box


def test_a_span_selected_in_a_chunk_and_an_edited_answer(filing):
    case, rita, _, table = filing
    start = table.text.index("10,208.6")
    data = correction_parse(
        {"citations": [{"chunk_id": table.chunk_id, "start": start, "end": start + 8}]},
        conclusion="Full-year net sales: $10,208.6 million.",
    )
    result = submit(case, rita, data)
    correction = Correction.objects.get(review=result.review)
    assert correction.conclusion_changed and correction.citations_changed
    assert correction.gate_status == "ok"


@pytest.mark.parametrize(
    ("edited", "shown"),
    [
        (None, None),  # the value alone rebuilds the answer: the editor stays closed
        ("Full-year net sales were $10,208.6 million (fiscal 2022).",
         "Full-year net sales were $10,208.6 million (fiscal 2022)."),
    ],
)  # fmt: skip
def test_a_saved_correction_comes_back_as_the_reviewer_saved_it(filing, edited, shown):
    """Reopening the case shows the corrected answer the reviewer typed, even when a finding's
    "should say" value was given too (the walk found the typed answer dropped)."""
    case, rita, _, _ = filing
    run = case_current_run(case=case)
    finding = next(i for i, f in enumerate(run.findings) if f["code"] == "UNGROUNDED_NUMBER")
    data = correction_parse(
        {"findings": [{"finding_index": finding, "value": "$10,208.6 million"}]},
        conclusion=edited,
    )
    correction = Correction.objects.get(review=submit(case, rita, data).review)
    again = correction_as_input(correction, case)
    assert again.get("conclusion") == shown
    assert again["findings"][0]["value"] == "$10,208.6 million"
    # Saved again as shown, the stored answer is the same.
    resaved = correction_parse(again)
    if shown is None:
        assert resaved.conclusion is None
    else:
        assert resaved.conclusion == correction.answer["conclusion"]


@pytest.mark.parametrize(
    ("correction", "conclusion", "field", "words"),
    [
        ({"citations": [{"chunk_id": "CHUNK", "start": 5, "end": 99999}]}, None,
         "correction.citations[0]", "outside chunk"),
        ({}, "   ", "correction.conclusion", "empty"),
        ({"findings": [{"finding_index": 0, "document_id": "DOC", "page_index": 0,
                        "bbox": [0, 0, 5, 5]}]}, None, "correction.findings[0]", "no text"),
        ({"findings": [{"finding_index": 0, "document_id": "DOC", "page_index": 0,
                        "bbox": [0, 0, 5000, 5]}]}, None, "correction.findings[0]", "outside"),
        ({"citations": [{"chunk_id": "nope", "start": 0, "end": 1}]}, None,
         "correction.citations[0]", "not one this case was given"),
    ],
)  # fmt: skip
def test_bad_corrections_are_refused_naming_the_field_and_nothing_is_written(
    filing, correction, conclusion, field, words
):
    case, rita, document, table = filing
    text = json.dumps(correction).replace('"CHUNK"', json.dumps(table.chunk_id))
    text = text.replace('"DOC"', str(document.pk))
    with pytest.raises(ReviewInputError) as caught:
        submit(case, rita, correction_parse(json.loads(text), conclusion=conclusion))
    assert caught.value.field == field and words in str(caught.value)
    assert not Review.objects.exists() and not Correction.objects.exists()
    assert not FindingCorrection.objects.exists()


def test_a_racing_reviewer_saves_nothing_of_the_correction(filing):
    case, rita, _, table = filing
    sam = get_user_model().objects.create_user("sam", password="sam-pass-123")
    membership_grant(dataset=case.dataset, user=sam, role=Role.REVIEWER)
    submit(case, sam, None)
    start = table.text.index("10,208.6")
    data = correction_parse({"citations": [{"chunk_id": table.chunk_id, "start": start,
                                            "end": start + 8}]})  # fmt: skip
    result = submit(case, rita, data, seen_review_id=0)
    assert not result.saved and result.conflicts
    assert not Correction.objects.exists()


def test_the_parser_refuses_malformed_json():
    with pytest.raises(CorrectionError):
        correction_parse({"citations": [{"bbox": [1, 2, 3]}]})
    with pytest.raises(CorrectionError):
        correction_parse({"findings": [{"finding_index": -1}]})
