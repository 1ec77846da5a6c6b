"""Ingestion into the database: whole or nothing, idempotent, stable ids, clear statuses."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from groundgate.models import Chunk, Document, Page
from groundgate.services.chunk_imports import chunks_import_lines
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def ingest(name: str, slug: str = "docs", **kwargs):
    dataset, _ = dataset_get_or_create(slug=slug)
    return document_ingest(
        dataset=dataset, data=(PDFS / name).read_bytes(), filename=name, **kwargs
    )


def test_a_pdf_lands_whole():
    result = ingest("tracemonkey.pdf")
    doc = result.document
    assert (result.status, doc.page_count) == ("ready", 14)
    assert Page.objects.filter(document=doc).count() == 14
    chunks = list(Chunk.objects.filter(document=doc).order_by("ordinal"))
    assert len(chunks) > 100
    first = chunks[0]
    assert first.chunk_id == f"{doc.sha256[:12]}-00000"
    assert first.page_index == 0 and first.bbox == [
        first.position_int[0][1],
        first.position_int[0][3],
        first.position_int[0][2],
        first.position_int[0][4],
    ]
    assert doc.file.read()[:5] == b"%PDF-"


def test_reingesting_the_same_file_is_a_no_op_and_ids_are_stable():
    first = ingest("tracemonkey.pdf")
    ids = list(Chunk.objects.order_by("ordinal").values_list("chunk_id", flat=True))
    again = ingest("tracemonkey.pdf")
    assert again.already and again.document.pk == first.document.pk
    assert list(Chunk.objects.order_by("ordinal").values_list("chunk_id", flat=True)) == ids
    elsewhere = ingest("tracemonkey.pdf", slug="other-team")
    other_ids = Chunk.objects.filter(document=elsewhere.document).order_by("ordinal")
    assert list(other_ids.values_list("chunk_id", flat=True)) == ids


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("poppler-85140-0.pdf", "failed"),
        ("bug1020226.pdf", "failed"),
        ("issue6010_1.pdf", "needs_password"),
        ("issue5567.pdf", "no_text"),
    ],
)
def test_bad_pdfs_leave_a_status_and_no_partial_rows(name, status):
    result = ingest(name)
    doc = Document.objects.get(pk=result.document.pk)
    assert doc.status == status and doc.error
    assert not doc.pages.exists() and not doc.chunks.exists()
    assert not doc.file


def test_needs_password_then_ingested_with_it():
    assert ingest("issue6010_2.pdf").status == "needs_password"
    result = ingest("issue6010_2.pdf", password="æøå")
    assert result.status == "ready"
    assert Document.objects.filter(sha256=result.document.sha256).count() == 1
    assert result.document.chunks.get().text == "Issue 6010"


def test_a_database_failure_leaves_nothing_behind(monkeypatch, settings):
    from groundgate.services import ingestion

    def explode_on_chunks(**_kwargs):
        # The pages are written by then: they must go too.
        raise RuntimeError("disk full")

    monkeypatch.setattr(ingestion, "chunk_rows_write", explode_on_chunks)
    with pytest.raises(RuntimeError):
        ingest("rotation.pdf")
    assert not Document.objects.exists() and not Page.objects.exists()
    assert not list(settings.MEDIA_ROOT.rglob("*.pdf"))  # no orphan file either


def test_the_ingest_command_prints_a_line_per_file_and_a_summary():
    out = io.StringIO()
    paths = [str(PDFS / n) for n in ("rotation.pdf", "poppler-85140-0.pdf", "nope.pdf")]
    with pytest.raises(SystemExit) as exit_info:
        call_command("ingest", *paths, "--dataset", "cmd", stdout=out)
    assert exit_info.value.code == 1
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(" s)") and "rotation.pdf: ready, 2 pages, 2 chunks" in lines[0]
    assert "poppler-85140-0.pdf: failed: not a readable PDF" in lines[1]
    assert "nope.pdf: cannot read" in lines[2]
    assert lines[3].startswith("3 file(s): 1 ingested, 2 not;")
    out = io.StringIO()
    call_command("ingest", paths[0], "--dataset", "cmd", stdout=out)  # exit 0: all ingested
    assert "already ingested" in out.getvalue()


def test_external_chunks_are_validated_against_the_pages():
    doc = ingest("rotation.pdf").document  # pages: 612 x 792 points
    good = {
        "chunk_id": "ext-1",
        "text": "x",
        "page_index": 1,
        "position_int": [[2, 90, 120, 440, 720]],
    }
    lines = [
        json.dumps(good),
        json.dumps(good | {"chunk_id": "ext-2", "page_index": 5}),
        json.dumps(good | {"chunk_id": "ext-3", "position_int": [[3, 1, 2, 3, 4]]}),
        json.dumps(good | {"chunk_id": "ext-4", "position_int": [[1, 0, 900, 3, 4]]}),
        "{bad json",
        json.dumps(good | {"chunk_id": "ext-5", "position_int": [[1, 50, 10, 3, 4]]}),
        json.dumps(good),
    ]
    report = chunks_import_lines(document=doc, lines=lines)
    assert report.imported == 1
    assert [(e.line, e.fields[0]) for e in report.errors] == [
        (2, "page_index"),
        (3, "position_int[0]"),
        (4, "position_int[0]"),
        (5, "(root)"),
        (6, "position_int"),
        (7, "chunk_id"),
    ]
    assert "outside page 1 (612 x 792 points)" in report.errors[2].message
    again = chunks_import_lines(document=doc, lines=[json.dumps(good)])
    assert (again.imported, again.unchanged) == (0, 1)
