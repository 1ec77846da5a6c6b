"""position_int rows are [page_number (1-based), x0, x1, top, bottom] (docs/answer-gate.md, the
RAGFlow order; the spec's "position_int data" that evidence coordinates must match): a row out
of that order is refused by one rule, with the field and the line, by the gate API, the CLI,
import_cases and import_chunks alike."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from groundgate.engine.limits import DEFAULT_LIMITS, check_case_json
from groundgate.models import Case, Chunk, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from tests.api.conftest import api_client
from tests.conftest import SHARED, run_groundgate

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"
FIELD = "raw_chunks[0].position_int"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def case(case_id: str, *rows) -> dict:
    return {
        "case_id": case_id,
        "question": "How heavy is the box?",
        "raw_chunks": [
            {
                "chunk_id": "k1",
                "text": "The box weighs 2 kg.",
                "page_index": 0,
                "position_int": list(rows),
            }
        ],
        "answer": {
            "conclusion": "The box weighs 2 kg.",
            "evidences": [{"chunk_id": "k1", "excerpt": "The box weighs 2 kg.", "page_index": 0}],
        },
    }


GOOD = [1, 72, 523, 100, 160]
BAD = [
    # the bbox order [page, x0, top, x1, bottom] by mistake: top > bottom
    ([GOOD, [1, 72, 100, 523, 160]], "[1]: [1, 72, 100, 523, 160] is not [page_number, x0, x1, "),
    ([[1, 523, 72, 100, 160]], "[0]: [1, 523, 72, 100, 160] is not [page_number, x0, x1, top,"),
    ([[1, 72, 523, 160, 100]], "[0]: [1, 72, 523, 160, 100] is not [page_number, x0, x1, top"),
    ([[0, 72, 523, 100, 160]], "[0]: page_number 0: position_int pages are 1-based"),
    ([[1, 72, 5e6, 100, 160]], "[0]: coordinates are at most 1000000 points from the origin"),
]


@pytest.mark.parametrize(("rows", "message"), BAD)
def test_the_gate_api_and_the_cli_refuse_a_row_out_of_order_alike(tmp_path, rows, message):
    dataset, _ = dataset_get_or_create(slug="team")
    payload = case("c-1", *rows)
    response = api_client("ada", dataset, Role.ADMIN).post(
        "/api/v1/gate/answer", json.dumps(payload), content_type="application/json"
    )
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    assert error["field"] == FIELD and error["message"].startswith(message)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(payload))
    cli = run_groundgate("gate", "answer", str(path))
    assert cli.returncode == 2
    assert cli.stderr.strip() == f"groundgate: {path}: {FIELD}: {error['message']}"


def test_rows_in_order_pass():
    assert (
        check_case_json(json.dumps(case("c-1", GOOD, [2, 0, 0, 0, 0])), DEFAULT_LIMITS)[1] is None
    )


def test_import_cases_names_the_line_and_field_and_keeps_the_good_lines(tmp_path):
    dataset_get_or_create(slug="team")
    lines = [case("good-1", GOOD), case("bad-2", [1, 523, 72, 100, 160]), case("good-3", GOOD)]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command(
            "import_cases", str(path), "--dataset", "team", stderr=err, stdout=io.StringIO()
        )
    [reported] = err.getvalue().splitlines()
    assert f"cases.jsonl: line 2: {FIELD}: [0]: [1, 523, 72, 100, 160] is not" in reported
    assert sorted(Case.objects.values_list("external_id", flat=True)) == ["good-1", "good-3"]


def test_import_chunks_names_the_line_and_field(tmp_path):
    dataset, _ = dataset_get_or_create(slug="team")
    document = document_ingest(
        dataset=dataset, data=(PDFS / "rotation.pdf").read_bytes(), filename="rotation.pdf"
    ).document
    chunk = {"chunk_id": "x-1", "text": "t", "page_index": 0, "position_int": [GOOD]}
    swapped = {**chunk, "chunk_id": "x-2", "position_int": [GOOD, [1, 72, 100, 523, 160]]}
    path = tmp_path / "chunks.jsonl"
    path.write_text(json.dumps(chunk) + "\n" + json.dumps(swapped) + "\n")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command(
            "import_chunks",
            str(path),
            "--dataset",
            "team",
            "--document",
            "rotation.pdf",
            stderr=err,
            stdout=io.StringIO(),
        )
    [reported] = err.getvalue().splitlines()
    assert (
        "line 2: position_int: [1]: [1, 72, 100, 523, 160] is not [page_number, x0, x1" in reported
    )
    imported = Chunk.objects.filter(document=document, metadata__imported=True)
    assert list(imported.values_list("chunk_id", flat=True)) == ["x-1"]
