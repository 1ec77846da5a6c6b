"""Hostile PDFs through every surface (service, CLI, upload API, Celery task): each ends in a final
state with a clear reason, no pages or chunks, and no stored file left behind."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from groundgate.models import Document, OutboxMessage
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from groundgate.tasks import outbox_run_task
from tests.api.conftest import api_client
from tests.conftest import SHARED
from tests.hostile.pdfs import HTML_NAMED_PDF, bomb_pdf, text_bomb_pdf, text_pdf

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return bomb_pdf(300)  # 0.3 MB on disk, 300 MB inflated


def stored_files(media) -> list[str]:
    return sorted(str(p.relative_to(media)) for p in media.rglob("*") if p.is_file())


def ingest(data: bytes, name: str = "x.pdf"):
    dataset, _ = dataset_get_or_create(slug="docs")
    return document_ingest(dataset=dataset, data=data, filename=name)


def assert_final_failed(document: Document, reason: str) -> None:
    document.refresh_from_db()
    assert document.status == "failed", (document.status, document.error)
    assert reason in document.error
    assert not document.pages.exists() and not document.chunks.exists()
    assert not document.file


def test_a_decompression_bomb_fails_before_mupdf_inflates_it(bomb, media):
    assert len(bomb) < 400_000
    result = ingest(bomb, "bomb.pdf")
    assert_final_failed(result.document, "GROUNDGATE_PDF_MAX_DECOMPRESSED_MB")
    assert "inflate to more than 256 MB" in result.document.error
    assert stored_files(media) == []


def test_the_decompressed_budget_is_configuration(settings):
    settings.GROUNDGATE_PDF_MAX_DECOMPRESSED_MB = 1
    result = ingest(bomb_pdf(2), "two-mb.pdf")
    assert_final_failed(result.document, "more than 1 MB")
    settings.GROUNDGATE_PDF_MAX_DECOMPRESSED_MB = 3
    assert ingest(bomb_pdf(2), "two-mb.pdf").status == "ready"


def test_a_pdf_that_needs_too_much_memory_fails_in_its_child_process(settings):
    """40 MB of text operators: extraction would need gigabytes; the child's RLIMIT_AS stops it
    and this process (the web or Celery worker) is untouched."""
    settings.GROUNDGATE_PDF_MAX_MEMORY_MB = 512
    result = ingest(text_bomb_pdf(40), "glyphs.pdf")
    assert_final_failed(result.document, "more than 512 MB of memory")
    assert "GROUNDGATE_PDF_MAX_MEMORY_MB" in result.document.error


def test_parsing_past_the_time_limit_fails(settings):
    settings.GROUNDGATE_PDF_TIMEOUT_SECONDS = 0.01  # less than a Python process takes to start
    result = ingest((PDFS / "rotation.pdf").read_bytes(), "rotation.pdf")
    assert_final_failed(result.document, "took longer than 0.01 s")


def test_too_many_pages_fails_naming_the_limit(settings):
    settings.GROUNDGATE_PDF_MAX_PAGES = 1
    result = ingest((PDFS / "rotation.pdf").read_bytes(), "rotation.pdf")
    assert_final_failed(result.document, "the PDF has 2 pages; at most 1")


def test_an_html_file_named_pdf_is_refused_by_the_service():
    result = ingest(HTML_NAMED_PDF, "report.pdf")
    assert_final_failed(result.document, "not a PDF")


def test_the_cli_reports_every_hostile_file_and_exits_1(tmp_path, bomb, settings):
    settings.GROUNDGATE_PDF_MAX_PAGES = 1
    paths = {
        "bomb.pdf": bomb,
        "report.pdf": HTML_NAMED_PDF,
        "broken.pdf": (PDFS / "poppler-85140-0.pdf").read_bytes(),
        "long.pdf": (PDFS / "rotation.pdf").read_bytes(),
        "good.pdf": text_pdf(),
    }
    for name, data in paths.items():
        (tmp_path / name).write_bytes(data)
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("ingest", *(str(tmp_path / n) for n in paths), "--dataset", "cli", stdout=out)
    assert exit_info.value.code == 1
    lines = out.getvalue().splitlines()
    assert "bomb.pdf: failed: page 0: the content streams inflate" in lines[0]
    assert "report.pdf: failed: not a PDF" in lines[1]
    assert "broken.pdf: failed: not a readable PDF" in lines[2]
    assert "long.pdf: failed: the PDF has 2 pages" in lines[3]
    assert "good.pdf: ready, 1 pages, 1 chunks" in lines[4]
    assert lines[5].startswith("5 file(s): 1 ingested, 4 not;")
    statuses = dict(Document.objects.values_list("title", "status"))
    assert statuses == {
        "bomb.pdf": "failed",
        "report.pdf": "failed",
        "broken.pdf": "failed",
        "long.pdf": "failed",
        "good.pdf": "ready",
    }


@pytest.fixture
def admin_client(db):
    dataset, _ = dataset_get_or_create(slug="team")
    return api_client("ada", dataset, "admin")


def upload(client, name: str, data: bytes, capture, execute: bool = True):
    file = SimpleUploadedFile(name, data, content_type="application/pdf")
    with capture(execute=execute) as callbacks:
        response = client.post(
            "/api/v1/datasets/team/documents/upload", {"file": file}, format="multipart"
        )
    return response, callbacks


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("bomb.pdf", "GROUNDGATE_PDF_MAX_DECOMPRESSED_MB"),
        ("poppler-85140-0.pdf", "not a readable PDF"),
        ("bug1020226.pdf", "the PDF has no pages"),
    ],
)
def test_upload_api_hostile_pdfs_end_failed_with_no_file_kept(
    admin_client, django_capture_on_commit_callbacks, media, bomb, name, reason
):
    data = bomb if name == "bomb.pdf" else (PDFS / name).read_bytes()
    response, _ = upload(admin_client, name, data, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.content
    status = admin_client.get(response.json()["status_url"]).json()
    assert status["status"] == "failed" and reason in status["error"]
    assert_final_failed(Document.objects.get(pk=status["id"]), reason)
    assert stored_files(media) == []


def test_upload_api_refuses_html_named_pdf_with_415(
    admin_client, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    response, _ = upload(admin_client, "report.pdf", HTML_NAMED_PDF, capture)
    assert response.status_code == 415
    assert "file: not a PDF" in response.json()["detail"]
    assert not Document.objects.exists()


def test_a_task_whose_stored_upload_vanished_records_failed_not_pending(
    admin_client, django_capture_on_commit_callbacks, media
):
    response, callbacks = upload(
        admin_client, "good.pdf", text_pdf(), django_capture_on_commit_callbacks, execute=False
    )
    document = Document.objects.get(pk=response.json()["document"]["id"])
    assert document.status == "pending"
    document.file.storage.delete(document.file.name)  # the disk lost it before the worker ran
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()
    assert_final_failed(document, "ingestion failed: FileNotFoundError")


def test_the_celery_task_ends_a_pending_bomb_as_failed(
    admin_client, django_capture_on_commit_callbacks, media, bomb
):
    response, _ = upload(
        admin_client, "bomb.pdf", bomb, django_capture_on_commit_callbacks, execute=False
    )
    document = Document.objects.get(pk=response.json()["document"]["id"])
    assert stored_files(media) != []  # the upload is stored while it waits
    message = OutboxMessage.objects.get(kind="ingest_document", payload__document_id=document.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox_run_task.apply(args=(message.pk,)).get() == "done"
    assert_final_failed(document, "GROUNDGATE_PDF_MAX_DECOMPRESSED_MB")
    assert stored_files(media) == []
    # The same bomb uploaded again is parsed again (and refused again), never left pending.
    again, _ = upload(admin_client, "bomb.pdf", bomb, django_capture_on_commit_callbacks)
    assert admin_client.get(again.json()["status_url"]).json()["status"] == "failed"
