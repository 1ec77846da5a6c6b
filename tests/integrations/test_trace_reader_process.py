"""The second pass of a big JSON-lines trace file runs in forked reader processes
(services/trace_readers.py, docs/decisions.md 153): the import must report the same errors and
store the same rows, byte for byte, as when the file is read in the importing process."""

from __future__ import annotations

import io
import json
import os
import threading

import pytest
from django.core.management import call_command

from groundgate.models import Case, Dataset, GateRun
from groundgate.services import trace_imports, trace_readers
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import trace_file_import
from reviews.models import QueueCode, QueueCount, QueueEntry
from tests.integrations.test_openinference_parse import T1, T2
from tests.integrations.test_trace_file_import import phoenix_lines

pytestmark = pytest.mark.django_db

TRACES = 260  # 130 copies of the two fixture traces: several of the reader's messages


def trace_file(*, changed: int | None = None, traces: int = TRACES) -> bytes:
    """Copies of the fixture's two traces under new trace ids, every trace's spans interleaved
    with the next one's, with a bad line of each kind the import reports: a span without an
    object of attributes (found by the first pass), a document whose metadata is not JSON (the
    second pass), an answer with a NUL (the case's validation, in the importing process).
    `changed`: this trace's answer says something else (a conflict on a second import)."""
    lines = phoenix_lines()
    out = []
    for copy in range(traces // 2):
        block = []
        for text in lines:
            for old, number in ((T1, 2 * copy), (T2, 2 * copy + 1)):
                text = text.replace(old, f"{number:032x}")
            block.append(json.loads(text))
        for span in block:
            number = int(span["context"]["trace_id"], 16)
            attributes = span["attributes"]
            if number == 7 and span["span_kind"] == "CHAIN":
                span["attributes"] = "not an object"
            if number == 40 and span["span_kind"] == "RETRIEVER":
                attributes["retrieval.documents.0.document.metadata"] = "{cut off"
            if number in (91, changed) and span["span_kind"] == "LLM":
                marker = "\u0000" if number == 91 else "changed"
                attributes["output.value"] = f"{attributes['output.value']} {marker}"
        # Spans of the two traces of a block alternate, as an exporter writes them.
        block.sort(key=lambda s: s["start_time"])
        out.extend(json.dumps(span) for span in block)
    return ("\n".join(out) + "\n").encode()


def imported(slug: str, data: bytes, *, reader_process: bool):
    dataset, _ = dataset_get_or_create(slug=slug)
    report = trace_file_import(
        dataset=dataset, file=io.BytesIO(data), batch_size=50, reader_process=reader_process
    )
    return dataset, report


def stored(dataset) -> dict:
    """Every stored row of the dataset but its ids and timestamps."""
    cases = list(
        Case.objects.filter(dataset=dataset)
        .order_by("external_id")
        .values_list("kind", "external_id", "question", "payload", "payload_sha256")
    )
    runs = list(
        GateRun.objects.filter(case__dataset=dataset)
        .order_by("case__external_id")
        .values_list(
            "case__external_id",
            "gate",
            "gate_version",
            "policy_sha256",
            "status",
            "passed",
            "findings",
            "finding_codes",
            "metrics",
            "verdict",
        )
    )
    queue = list(
        QueueEntry.objects.filter(dataset=dataset)
        .order_by("external_id")
        .values_list(
            "external_id",
            "question",
            "gate_status",
            "outcome",
            "passed",
            "finding_codes",
            "review_state",
            "review_rank",
        )
    )
    codes = sorted(
        QueueCode.objects.filter(dataset=dataset).values_list("case__external_id", "code")
    )
    counts = sorted(
        QueueCount.objects.filter(dataset=dataset).values_list(
            "gate_status", "outcome", "kind", "review_state", "code", "n"
        )
    )
    return {"cases": cases, "runs": runs, "queue": queue, "codes": codes, "counts": counts}


def summary(report) -> tuple:
    return (
        report.imported,
        report.unchanged,
        dict(report.by_status),
        [(e.line, e.message, e.fields) for e in report.errors],
        [(c.external_id, c.question, c.status) for c in report.first_cases],
    )


def test_the_reader_process_gives_the_same_report_and_rows_as_reading_in_process():
    data = trace_file()
    here, here_report = imported("in-process", data, reader_process=False)
    there, there_report = imported("reader-process", data, reader_process=True)
    assert summary(there_report) == summary(here_report)
    errors = here_report.errors
    assert [e.fields for e in errors] == [
        ("attributes",),
        ("retrieval.documents.0.document.metadata",),
        ("answer.conclusion",),
    ]
    assert here_report.imported == TRACES - 3
    assert stored(there) == stored(here)
    assert len(stored(here)["cases"]) == TRACES - 3

    # A second import of a file with one trace changed: unchanged cases and a conflict, alike.
    changed = trace_file(changed=101)
    _, here_again = imported("in-process", changed, reader_process=False)
    _, there_again = imported("reader-process", changed, reader_process=True)
    assert summary(there_again) == summary(here_again)
    assert here_again.unchanged == TRACES - 4
    assert "was already imported before" in here_again.errors[-1].message
    assert stored(there) == stored(here)


def test_readers_of_a_file_on_disk_each_read_at_their_own_offset(tmp_path):
    # Processes forked with an open file share its offset: the readers must open it again, or
    # they read each other's lines (cases lost or wrong, a reader failing).
    path = tmp_path / "spans.jsonl"
    path.write_bytes(trace_file(traces=1200))  # long enough for the readers to overlap
    dataset, _ = dataset_get_or_create(slug="on-disk")
    with path.open("rb") as file:
        report = trace_file_import(dataset=dataset, file=file, batch_size=50, reader_process=True)
    here, here_report = imported("in-memory", path.read_bytes(), reader_process=False)
    assert summary(report) == summary(here_report)
    assert stored(dataset) == stored(here)


class VanishingFile(io.BytesIO):
    """A file whose reads fail once its first pass is over (a disk or a network share gone)."""

    def __init__(self, data: bytes, fail_after: int) -> None:
        super().__init__(data)
        self.reads = 0
        self.fail_after = fail_after

    def readline(self, *args):
        self.reads += 1
        if self.reads > self.fail_after:
            raise OSError("the file went away")
        return super().readline(*args)


@pytest.mark.parametrize("reader_process", [False, True])
def test_a_failing_read_in_the_second_pass_reaches_the_caller_either_way(reader_process):
    data = trace_file()
    lines = data.count(b"\n")
    dataset, _ = dataset_get_or_create(slug=f"vanishing-{reader_process}")
    # The first pass reads every line (and one more for the end); the second fails at once.
    file = VanishingFile(data, fail_after=lines + 1)
    with pytest.raises(OSError, match="the file went away"):
        trace_file_import(dataset=dataset, file=file, reader_process=reader_process)
    assert not Case.objects.filter(dataset=dataset).exists()


def test_a_big_file_uses_readers_only_in_a_process_of_one_thread(monkeypatch):
    # Forking a threaded process (a web server's worker) copies locks other threads may hold:
    # such an import reads the file itself.
    monkeypatch.setattr(trace_readers, "_cores", lambda: 2)
    big = trace_readers.READER_PROCESS_FROM
    with monkeypatch.context() as one_thread:
        one_thread.setattr(trace_readers.threading, "active_count", lambda: 1)
        assert trace_readers.readers_usable(big)
        assert not trace_readers.readers_usable(big - 1)
        one_thread.setattr(trace_readers, "_cores", lambda: 1)
        assert not trace_readers.readers_usable(big)
    # The real count of this process's threads is what is asked: one more thread, no readers.
    leave = threading.Event()
    other = threading.Thread(target=leave.wait, args=(10,))
    other.start()
    try:
        assert not trace_readers.readers_usable(big)
    finally:
        leave.set()
        other.join(10)


def test_a_readers_pipe_holds_several_messages():
    fcntl = pytest.importorskip("fcntl")
    if not hasattr(fcntl, "F_GETPIPE_SZ"):
        pytest.skip("pipe sizes are set on Linux only")
    read_end, write_end = os.pipe()
    try:
        trace_readers._widen(write_end)
        size = fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ)
        with open("/proc/sys/fs/pipe-max-size") as limit:
            assert size == min(trace_readers.PIPE_BYTES, int(limit.read()))
        assert size >= 4 * 64 * 1024  # a default pipe (64 KB) held less than one message
    finally:
        os.close(read_end)
        os.close(write_end)


def test_the_command_reads_a_big_file_with_readers_and_stores_what_one_process_stores(
    tmp_path, monkeypatch
):
    # `manage.py import_traces` runs in a process of one thread: a file past the threshold
    # (lowered here) goes through the reader processes without being asked to. This test
    # process may still hold idle threads of earlier tests (tqdm's monitor): counted as one.
    monkeypatch.setattr(trace_readers.threading, "active_count", lambda: 1)
    monkeypatch.setattr(trace_readers, "_cores", lambda: 2)
    path = tmp_path / "spans.jsonl"
    path.write_bytes(trace_file())
    monkeypatch.setattr(trace_readers, "READER_PROCESS_FROM", 10)
    used = []
    real = trace_readers.prepared_by_readers

    def counted(*args, **kwargs):
        used.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(trace_imports, "prepared_by_readers", counted)
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:  # the file's three bad traces: status 1
        call_command("import_traces", str(path), "--dataset", "by-command", stdout=out)
    assert exited.value.code == 1
    assert used == [True]
    assert "imported 257" in out.getvalue()
    here, _ = imported("in-process-too", path.read_bytes(), reader_process=False)
    assert stored(Dataset.objects.get(slug="by-command")) == stored(here)
