"""Uploads whose ingestion task was lost (the broker dropped it, the worker was killed) do not
stay `pending` forever: the sweep queues them again, then records them failed with a reason."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.utils import timezone

from groundgate import envconfig
from groundgate.celery_app import app
from groundgate.models import Document
from groundgate.services.pending_documents import documents_pending_sweep
from groundgate.tasks import sweep_pending_documents_task
from tests.hostile.pdfs import text_pdf
from tests.hostile.test_pdf_ingestion import admin_client, stored_files, upload  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.GROUNDGATE_PENDING_STALE = timedelta(minutes=30)
    settings.GROUNDGATE_PENDING_MAX_REQUEUES = 2
    return settings.MEDIA_ROOT


@pytest.fixture
def lost_upload(admin_client, django_capture_on_commit_callbacks):  # noqa: F811
    """Ada uploads a PDF; its ingestion task is lost (never run): the Document is pending."""
    response, lost = upload(
        admin_client, "report.pdf", text_pdf(), django_capture_on_commit_callbacks, execute=False
    )
    assert response.status_code == 202
    document = Document.objects.get(pk=response.json()["document"]["id"])
    assert document.status == "pending" and len(lost) == 1
    return document, lost


def later(minutes: int):
    return timezone.now() + timedelta(minutes=minutes)


def test_a_lost_task_is_queued_again_after_the_stale_age_and_the_upload_ends_ready(
    lost_upload, django_capture_on_commit_callbacks
):
    document, lost = lost_upload
    assert documents_pending_sweep(now=later(10)).requeued == []  # not stale yet: maybe queued
    with django_capture_on_commit_callbacks(execute=True) as requeued:
        report = documents_pending_sweep(now=later(31))
    assert (report.requeued, report.failed, len(requeued)) == ([document.pk], [], 1)
    document.refresh_from_db()
    assert document.status == "ready" and document.chunks.count() == 1
    # The lost task turns up after all: it finds nothing pending and changes nothing.
    with django_capture_on_commit_callbacks(execute=True):
        lost[0]()
    document.refresh_from_db()
    assert document.status == "ready" and document.chunks.count() == 1


def test_the_sweep_is_idempotent_and_fails_a_document_whose_tasks_keep_getting_lost(
    lost_upload, django_capture_on_commit_callbacks, media
):
    document, lost = lost_upload
    with django_capture_on_commit_callbacks(execute=False):  # each re-queued task is lost too
        assert documents_pending_sweep(now=later(31)).requeued == [document.pk]
        assert documents_pending_sweep(now=later(32)).requeued == []  # its clock started again
        assert documents_pending_sweep(now=later(62)).requeued == [document.pk]
        with django_capture_on_commit_callbacks(execute=True):
            report = documents_pending_sweep(now=later(93))
    assert report.failed == [document.pk]
    document.refresh_from_db()
    assert document.status == "failed"
    assert "still pending after 2 re-queue(s) (GROUNDGATE_PENDING_MAX_REQUEUES=2)" in document.error
    assert not document.file and stored_files(media) == []  # nothing half kept
    again = documents_pending_sweep(now=later(500))
    assert (again.requeued, again.failed) == ([], [])
    # The first task turns up at last: the recorded outcome stands.
    with django_capture_on_commit_callbacks(execute=True):
        lost[0]()
    document.refresh_from_db()
    assert document.status == "failed" and "GROUNDGATE_PENDING_MAX_REQUEUES" in document.error


def test_a_pending_upload_whose_file_is_gone_is_failed_not_queued(lost_upload):
    document, _ = lost_upload
    document.file.storage.delete(document.file.name)
    report = documents_pending_sweep(now=later(31))
    assert (report.requeued, report.failed) == ([], [document.pk])
    document.refresh_from_db()
    assert document.status == "failed" and "no longer stored" in document.error


def test_the_command_and_the_beat_task_run_the_same_sweep(
    lost_upload, settings, django_capture_on_commit_callbacks
):
    document, _ = lost_upload
    out = io.StringIO()
    call_command("sweep_pending_documents", stdout=out)
    assert out.getvalue().strip() == "pending documents: 0 queued again [], 0 recorded failed []"
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command(
            "sweep_pending_documents",
            "--older-than-minutes",
            "0",
            "--max-requeues",
            "0",
            stdout=out,
        )
    assert f"1 recorded failed [{document.pk}]" in out.getvalue()
    # Celery beat's entry names the registered task, which runs the sweep with the settings.
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-pending-documents"]
    assert entry["task"] in app.tasks and entry["task"] == sweep_pending_documents_task.name
    assert sweep_pending_documents_task.max_retries == 5  # retries declared on the task
    assert sweep_pending_documents_task.apply().get() == {"requeued": [], "failed": []}


def test_the_stale_age_is_configuration_in_minutes(monkeypatch):
    monkeypatch.setenv("GROUNDGATE_PENDING_STALE_MINUTES", "45")
    assert envconfig.env_minutes("GROUNDGATE_PENDING_STALE_MINUTES", 30) == timedelta(minutes=45)
    monkeypatch.setenv("GROUNDGATE_PENDING_STALE_MINUTES", "0")
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_PENDING_STALE_MINUTES must be >= 1"):
        envconfig.env_minutes("GROUNDGATE_PENDING_STALE_MINUTES", 30)
