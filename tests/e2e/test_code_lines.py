"""A long code line wraps inside its box at 1366x768 (it was cut behind a horizontal scroll), its
continuation indented past the line numbers, which stay one column.

The case cites a small repository of the test's own, not the demo's code case: that one cites this
checkout's engine, whose lines change with the engine (a refactoring left it no long line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundgate.engine.gates.code import attach_symbols
from groundgate.models import Case, Chunk, ChunkKind, Dataset
from groundgate.services.code_ingestion import code_repository_ingest
from groundgate.services.imports import case_import_lines
from tests.e2e.test_case_page import demo, log_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]  # the fixture

_LONG = "    return " + " + ".join(f'"part {i} of a long line"' for i in range(12)) + "\n"


def _wide_case(repo: Path) -> Case:
    dataset = Dataset.objects.get(slug="demo")
    (repo / "wide.py").write_text(
        'def wide() -> str:\n    """One line far wider than the code box."""\n' + _LONG
    )
    code_repository_ingest(dataset=dataset, repo=repo, title="wide")
    symbols = {
        c.chunk_id: c.metadata for c in Chunk.objects.filter(dataset=dataset, kind=ChunkKind.CODE)
    }
    target = symbols["wide.py::wide"]
    ref = {
        k: target[k]
        for k in ("symbol_id", "file_path", "start_line", "end_line", "source_hash", "repo_commit")
    }
    line = {
        "case_id": "wide-01",
        "context_symbols": [target["symbol_id"]],
        "sample": {
            "question": "What does wide return?",
            "answer": "wide returns a string.",
            "evidence_refs": [ref],
        },
    }
    report = case_import_lines(
        dataset=dataset, lines=[json.dumps(attach_symbols(line, symbols))], kind="code"
    )
    assert report.imported == 1, report.errors
    return Case.objects.get(dataset=dataset, kind="code", external_id="wide-01")


def test_long_code_lines_wrap_inside_their_box(page, live_server, demo, tmp_path):
    case = _wide_case(tmp_path)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/demo/cases/{case.pk}/")
    pre = page.locator("figure.code pre").first
    # Nothing hidden to the right: the box is as wide as its content.
    assert pre.evaluate("p => p.scrollWidth <= p.clientWidth"), "a code line runs out of its box"
    lines = pre.locator(":scope > span")
    heights = [lines.nth(i).bounding_box()["height"] for i in range(lines.count())]
    assert max(heights) > 1.5 * min(heights), heights  # the long line took two rows
    numbers = pre.locator(".ln").evaluate_all("ns => ns.map(n => n.getBoundingClientRect().left)")
    assert max(numbers) - min(numbers) < 1, numbers
    shoot(page, "code-wrapped")
