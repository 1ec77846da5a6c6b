"""The trace import as a service of (dataset, file, format): a JSON-lines file is read trace by
trace (two passes, memory not growing with the file), and gives the cases a whole-file read
gives, whatever order the spans are in."""

from __future__ import annotations

import io
import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.integrations.openinference.cases import compile_citation_pattern
from groundgate.integrations.openinference.stream import index_traces, trace_cases
from groundgate.models import Case
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import trace_file_import
from tests.integrations.test_openinference_parse import T1, T2, TRACES, by_id, convert


def phoenix_lines() -> list[str]:
    return (TRACES / "phoenix-spans.jsonl").read_text().splitlines()


def streamed(data: bytes, fmt: str = "openinference"):
    file = io.BytesIO(data)
    index = index_traces(file, fmt)
    pattern = compile_citation_pattern(None)
    built = list(trace_cases(file, index, fmt=fmt, citation_pattern=pattern))
    return [c for c, problems in built if c is not None and not problems], index.problems


def test_interleaved_spans_give_the_cases_of_a_whole_file_read():
    lines = phoenix_lines()
    random.Random(7).shuffle(lines)
    data = "\n".join(lines).encode()
    cases, problems = streamed(data)
    assert problems == []
    whole, _ = convert(data)
    assert by_id(cases) == by_id(whole)
    assert set(by_id(cases)) == {T1, T2}


def test_an_otlp_line_carrying_several_traces_is_split_by_trace():
    request = json.loads((TRACES / "otlp-traces.json").read_text())
    other = json.loads(json.dumps(request).replace(T1, "1" * 32))
    data = (json.dumps(request) + "\n" + json.dumps(other) + "\n").encode()
    cases, problems = streamed(data, "otlp")
    assert problems == []
    assert list(by_id(cases)) == [T1, "1" * 32]


def test_a_line_that_is_not_json_stops_the_whole_file():
    lines = phoenix_lines()
    lines.insert(3, '{"name": "cut off')
    cases, problems = streamed("\n".join(lines).encode())
    assert cases == []
    (problem,) = problems
    assert problem.line == 4 and problem.trace_id is None


@pytest.mark.django_db
def test_the_service_takes_an_uploaded_file_and_a_format():
    dataset, _ = dataset_get_or_create(slug="uploaded")
    upload = SimpleUploadedFile("runs.jsonl", (TRACES / "langsmith-runs.jsonl").read_bytes())
    report = trace_file_import(dataset=dataset, file=upload, fmt="langsmith")
    assert (report.imported, report.errors) == (2, [])
    assert Case.objects.filter(dataset=dataset).count() == 2
    again = trace_file_import(dataset=dataset, file=upload, fmt="langsmith")
    assert (again.imported, again.unchanged) == (0, 2)
    with pytest.raises(ValueError, match="format must be one of"):
        trace_file_import(dataset=dataset, file=upload, fmt="zipkin")


@pytest.mark.django_db
def test_a_bad_case_found_late_leaves_nothing_when_the_caller_wants_all_or_nothing():
    """The first trace's case is written by its own batch before the second trace's case turns
    out bad: an all-or-nothing caller (as the admin import page does for JSONL) wraps the
    import in a transaction and rolls it back when the report has errors; the error still
    names the line, the trace and the span."""
    from django.db import transaction

    from reviews.models import QueueCount, QueueEntry

    dataset, _ = dataset_get_or_create(slug="whole")
    lines = phoenix_lines()
    span = json.loads(lines[5])
    span["attributes"]["output.value"] = "void if run dry \u0000 [C0]"
    lines[5] = json.dumps(span)
    data = "\n".join(lines).encode()

    class Rollback(Exception):
        pass

    with pytest.raises(Rollback), transaction.atomic():
        report = trace_file_import(dataset=dataset, file=io.BytesIO(data), batch_size=1)
        assert Case.objects.filter(dataset=dataset).count() == 1  # the first batch went in
        if report.errors:
            raise Rollback
    (error,) = report.errors
    assert error.line == 6 and error.message.startswith(f"line 6 (trace {T2}, span ")
    assert "NUL" in error.message
    assert not Case.objects.filter(dataset=dataset).exists()
    assert not QueueEntry.objects.filter(dataset=dataset).exists()
    assert not QueueCount.objects.filter(dataset=dataset).exists()
    # Without the wrapper, the import keeps the good trace (the command's and the API's way).
    report = trace_file_import(dataset=dataset, file=io.BytesIO(data), batch_size=1)
    assert (report.imported, len(report.errors)) == (1, 1)
    assert list(Case.objects.filter(dataset=dataset).values_list("external_id", flat=True)) == [T1]
