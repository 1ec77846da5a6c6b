"""Every gate family's cases are stored as a Case kind with append-only GateRuns; code symbols
are stored as code chunks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from groundgate.models import Case, Chunk, GateRun
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.gating import dataset_regate
from groundgate.services.imports import case_import_lines
from tests.engine.family_samples import PASSING, failing

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", sorted(PASSING))
def test_each_kind_is_stored_and_gated(kind):
    dataset, _ = dataset_get_or_create(slug=f"fam-{kind}")
    bad = failing(kind)
    for key in ("case_id", "request_id"):
        if key in bad:
            bad[key] += "-bad"
    lines = [json.dumps(PASSING[kind]), json.dumps(bad)]
    report = case_import_lines(dataset=dataset, lines=lines, kind=kind)
    assert report.imported == 2 and not report.errors
    runs = GateRun.objects.filter(case__dataset=dataset).order_by("id")
    assert [r.passed for r in runs] == [True, False]
    assert {r.gate for r in runs} == {kind}
    assert all(c.kind == kind for c in Case.objects.filter(dataset=dataset))
    case = Case.objects.filter(dataset=dataset).first()
    assert dataset_regate(dataset=dataset, kind=kind).gated == 2
    assert case.gate_runs.count() == 2


def test_code_symbols_become_code_chunks():
    out = io.StringIO()
    call_command(
        "ingest_code", str(ROOT / "groundgate" / "engine"), "--dataset", "code", stdout=out
    )
    assert "ingested" in out.getvalue()
    chunk = Chunk.objects.get(chunk_id="numbers.py::extract_numbers")
    assert chunk.kind == "code" and chunk.text.startswith("def extract_numbers(")
    assert chunk.metadata["file_path"] == "numbers.py"
    assert chunk.metadata["end_line"] - chunk.metadata["start_line"] + 1 == len(
        chunk.text.split("\n")
    )
    out = io.StringIO()
    call_command(
        "ingest_code", str(ROOT / "groundgate" / "engine"), "--dataset", "code", stdout=out
    )
    assert "already ingested" in out.getvalue()
