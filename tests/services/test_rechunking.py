"""Re-chunking stored documents (services/rechunking.py, manage.py rechunk_documents, d908): a
document stored with version 1's chunks gets version 2's rows in the same Chunk rows (ids,
ordinals, pages, boxes, lengths unchanged), with progress printed; one whose chunks a stored
case cites keeps its text, as the case was gated on it. Ulta Beauty's real earnings release."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from groundgate.documents.chunking import CHUNKING_VERSION, block_view
from groundgate.models import Chunk, Document
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from tests.conftest import shared_data

pytestmark = pytest.mark.django_db
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"


def _as_version_1(document: Document) -> dict[int, tuple]:
    """The document as version 1 stored it (rows joined by spaces, no "rows", no version
    recorded); what version 2 stored, by chunk pk."""
    kept = {}
    for chunk in Chunk.objects.filter(document=document):
        kept[chunk.pk] = (chunk.chunk_id, chunk.text, chunk.metadata, chunk.position_int)
        metadata = {k: v for k, v in chunk.metadata.items() if k != "rows"}
        Chunk.objects.filter(pk=chunk.pk).update(
            text=block_view(chunk.text, chunk.metadata), metadata=metadata
        )
    document.metadata = {k: v for k, v in document.metadata.items() if k != "chunking"}
    document.save(update_fields=["metadata"])
    return kept


@pytest.fixture
def stored(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    data = shared_data("financebench", ULTA).read_bytes()
    free, _ = dataset_get_or_create(slug="free", name="Free")
    cited, _ = dataset_get_or_create(slug="cited", name="Cited")
    docs = {}
    for dataset in (free, cited):
        document = document_ingest(dataset=dataset, data=data, filename=ULTA).document
        docs[dataset.slug] = (document, _as_version_1(document))
    # A case of "cited" cites the balance sheet chunk, as version 1 gave it.
    sheet = next(c for c in Chunk.objects.filter(document=docs["cited"][0]) if "737,877" in c.text)
    evidence = {"chunk_id": sheet.chunk_id, "excerpt": sheet.text}
    line = {
        "case_id": "cash",
        "question": "Cash?",
        "raw_chunks": [{"chunk_id": sheet.chunk_id, "text": sheet.text}],
        "answer": {"conclusion": "Cash was $737,877 thousand.", "evidences": [evidence]},
    }
    assert case_import_lines(dataset=cited, lines=[json.dumps(line)]).imported == 1
    return docs


def test_a_stored_document_gets_the_rows_and_keeps_its_ids(stored):
    document, v2 = stored["free"]
    out = io.StringIO()
    call_command("rechunk_documents", "--dataset", "free", stdout=out)
    assert f"[1/1] document {document.pk}" in out.getvalue()
    assert "rechunked" in out.getvalue() and "documents: 1 rechunked" in out.getvalue()
    for chunk in Chunk.objects.filter(document=document):
        assert (chunk.chunk_id, chunk.text, chunk.metadata, chunk.position_int) == v2[chunk.pk]
    document.refresh_from_db()
    assert document.metadata["chunking"] == CHUNKING_VERSION
    # Once more: nothing to do.
    out = io.StringIO()
    call_command("rechunk_documents", "--dataset", "free", stdout=out)
    assert "documents: 1 current" in out.getvalue()


def test_a_cited_document_keeps_what_its_cases_were_gated_on(stored):
    document, _ = stored["cited"]
    before = {c.pk: c.text for c in Chunk.objects.filter(document=document)}
    out = io.StringIO()
    call_command("rechunk_documents", "--dataset", "cited", stdout=out)
    assert "cited" in out.getvalue() and "kept as they were gated" in out.getvalue()
    assert {c.pk: c.text for c in Chunk.objects.filter(document=document)} == before
    document.refresh_from_db()
    assert "chunking" not in document.metadata


def test_a_dry_run_writes_nothing(stored):
    document, _ = stored["free"]
    before = {c.pk: c.text for c in Chunk.objects.filter(document=document)}
    out = io.StringIO()
    call_command("rechunk_documents", "--document", str(document.pk), "--dry-run", stdout=out)
    assert "(dry run)" in out.getvalue() and "rechunked" in out.getvalue()
    assert {c.pk: c.text for c in Chunk.objects.filter(document=document)} == before


def test_a_version_2_document_whose_bounds_move_is_kept(settings, tmp_path):
    """Version 3 moves chunk bounds (a table's head kept with its rows, d965-d969): a document
    stored by version 2 whose new chunks do not line up one for one is kept as it is."""
    from groundgate.documents.chunking import ChunkingPolicy

    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="old", name="Old")
    data = shared_data("financebench", ULTA).read_bytes()
    old = ChunkingPolicy(version=2)
    document = document_ingest(dataset=dataset, data=data, filename=ULTA, policy=old).document
    assert document.metadata["chunking"] == 2
    before = {c.pk: c.text for c in Chunk.objects.filter(document=document)}
    out = io.StringIO()
    call_command("rechunk_documents", "--dataset", "old", stdout=out)
    assert "moved" in out.getvalue() and "do not line up" in out.getvalue()
    assert {c.pk: c.text for c in Chunk.objects.filter(document=document)} == before
