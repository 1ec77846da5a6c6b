"""A long PDF's pages read by several processes (documents/page_parts.py): the same chunks, the
same refusals and the same crash reports as one process, and no worker outlives its child."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from groundgate.documents import standby
from groundgate.documents.chunking import stored_chunk
from groundgate.documents.isolated import IsolationLimits, extract_pdf_isolated
from groundgate.documents.page_parts import page_ranges
from groundgate.documents.pdf_text import PdfLimits, PdfProblem, extract_pdf
from tests.conftest import SHARED
from tests.hostile.pdfs import pages_pdf, spaces_stream, text_bomb_pdf, text_stream

PDFS = SHARED / "data" / "pdfs"
MB = 1024 * 1024


def problem(data: bytes, processes: int, **kwargs) -> PdfProblem:
    with pytest.raises(PdfProblem) as caught:
        extract_pdf_isolated(data, processes=processes, **kwargs)
    return caught.value


def test_page_ranges_split_evenly_and_keep_short_documents_whole():
    assert page_ranges(352, 2) == [(0, 176), (176, 352)]
    assert page_ranges(14, 3) == [(0, 4), (4, 9), (9, 14)]
    assert page_ranges(7, 2) == [(0, 7)]  # 4 pages at least per process
    assert page_ranges(8, 2) == [(0, 4), (4, 8)]
    assert page_ranges(500, 1) == [(0, 500)]


@pytest.mark.parametrize("name", ["tracemonkey.pdf", "freeculture.pdf"])
def test_any_number_of_processes_gives_what_one_run_in_this_process_gives(name):
    data = (PDFS / name).read_bytes()
    here = extract_pdf(data)
    expected = ([list(stored_chunk(c)) for c in here.chunks], here.pages, here.warnings)
    for processes in (1, 2, 3):
        got = extract_pdf_isolated(data, processes=processes)
        assert ([list(c) for c in got.chunks], got.pages, got.warnings) == expected, processes


def test_a_bomb_on_a_page_another_process_reads_names_the_same_page():
    streams = [text_stream(f"page {i}") for i in range(8)]
    streams[6] = spaces_stream(300)
    data = pages_pdf(streams)
    one, two = problem(data, 1), problem(data, 2)
    assert one.reason == two.reason
    assert two.reason.startswith("page 6: the content streams inflate to more than 256 MB")


def test_the_budget_counts_every_process_s_pages_together():
    # Just over 2 MB per page and a 10 MB budget: each half (4 pages) is under it, the file is
    # not; one run passes it on page 4 (the fifth), and so must two processes.
    data = pages_pdf([spaces_stream(2, f"page {i}") for i in range(8)])
    limits = PdfLimits(max_decompressed_bytes=10 * MB)
    one, two = problem(data, 1, limits=limits), problem(data, 2, limits=limits)
    assert one.reason == two.reason
    assert two.reason.startswith("page 4: the content streams inflate to more than 10 MB")


def test_running_out_of_memory_in_another_process_is_reported_as_in_one():
    streams = [text_stream(f"page {i}") for i in range(8)]
    glyphs = text_bomb_pdf(40)
    # The text bomb's page content, as a page of the long document.
    start = glyphs.index(b"stream\n") + len(b"stream\n")
    streams[7] = glyphs[start : glyphs.index(b"\nendstream")]
    data = pages_pdf(streams)
    isolation = IsolationLimits(max_memory_bytes=512 * MB)
    one, two = problem(data, 1, isolation=isolation), problem(data, 2, isolation=isolation)
    assert one.reason == two.reason
    assert "needed more than 512 MB of memory (GROUNDGATE_PDF_MAX_MEMORY_MB)" in two.reason


# A child whose page workers (not the child itself) misbehave: a real process, run as the
# caller runs it, with page_parts._read replaced in the workers only.
CHILD = """
import os, signal, sys, time
from groundgate.documents import page_parts
from groundgate.documents.isolated import _child
real_read, parent = page_parts._read, os.getpid()
def read(doc, first, stop, policy, limits):
    if os.getpid() != parent:
        with open(os.environ["WORKER_PID_FILE"], "w") as fh:
            fh.write(str(os.getpid()))
        if os.environ["WORKER_DOES"] == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(60)
    return real_read(doc, first, stop, policy, limits)
page_parts._read = read
sys.exit(_child())
"""


@pytest.fixture
def misbehaving_workers(monkeypatch, tmp_path):
    pid_file = tmp_path / "worker.pid"
    monkeypatch.setenv("WORKER_PID_FILE", str(pid_file))
    monkeypatch.setattr(standby, "COMMAND", [sys.executable, "-c", CHILD])
    monkeypatch.setattr(standby, "_waiting", None)  # no child started with the real command
    yield pid_file
    monkeypatch.setattr(standby, "_waiting", None)  # nor one started with this one


def alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "\nState:\tZ" not in status.read_text()
    except FileNotFoundError:
        return False


def test_a_worker_crash_is_reported_as_a_crash_of_the_child(misbehaving_workers, monkeypatch):
    monkeypatch.setenv("WORKER_DOES", "crash")
    data = (PDFS / "tracemonkey.pdf").read_bytes()
    reason = problem(data, 2).reason
    assert reason == "parsing crashed (SIGSEGV) on this file; the file was not ingested"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_timeout_ends_the_workers_too(misbehaving_workers, monkeypatch):
    monkeypatch.setenv("WORKER_DOES", "hang")
    data = (PDFS / "tracemonkey.pdf").read_bytes()
    started = time.monotonic()
    reason = problem(data, 2, isolation=IsolationLimits(timeout_seconds=3)).reason
    assert reason == "parsing took longer than 3 s (GROUNDGATE_PDF_TIMEOUT_SECONDS); " + (
        "the file was not ingested"
    )
    assert time.monotonic() - started < 10  # the worker held none of the child's output pipes
    worker = int(misbehaving_workers.read_text())
    deadline = time.monotonic() + 5
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(worker), "a page worker outlived its child"
    assert worker != os.getpid()
