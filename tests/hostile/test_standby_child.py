"""The isolated child started ahead of time (documents/standby.py): a Celery worker process
starts its first PDF's child when it starts, and that child, which never saw a file, takes the
worker's first job."""

from __future__ import annotations

import os

import pytest
from celery.signals import worker_process_init

import groundgate.celery_app  # noqa: F401 - what a worker imports: it connects the signal
from groundgate.documents import standby
from groundgate.documents.isolated import extract_pdf_isolated
from tests.conftest import SHARED

PDFS = SHARED / "data" / "pdfs"


@pytest.fixture
def no_waiting_child(monkeypatch):
    monkeypatch.setattr(standby, "_waiting", None)
    yield
    if standby._waiting is not None and standby._waiting[0] == os.getpid():
        standby._close(standby._waiting[1])
    monkeypatch.setattr(standby, "_waiting", None)


def test_a_worker_process_starts_the_child_of_its_first_pdf_when_it_starts(no_waiting_child):
    worker_process_init.send(sender=None)
    assert standby._waiting is not None
    owner, started = standby._waiting
    assert owner == os.getpid() and started.poll() is None

    data = (PDFS / "tracemonkey.pdf").read_bytes()
    extracted = extract_pdf_isolated(data, processes=2)

    assert len(extracted.chunks) == 185 and extracted.page_count == 14
    # The child started with the worker did the job (and exited); the next one waits.
    assert started.wait(timeout=10) == 0
    assert standby._waiting is not None and standby._waiting[1] is not started


def test_a_waiting_child_given_no_job_ends_with_its_process(no_waiting_child):
    worker_process_init.send(sender=None)
    _, started = standby._waiting
    standby._end_waiting_child()  # what runs when the worker process exits
    # Ended: by itself on the end of its stdin (0), or killed if still importing after 2 s.
    assert started.returncode is not None
    assert standby._waiting is None
