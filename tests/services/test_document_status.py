"""Document.status has one writer, a small state machine (services/document_status.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from groundgate.models import Dataset, Document, DocumentStatus
from groundgate.services.document_status import (
    ALLOWED,
    DocumentStatusRefused,
    document_status_move,
)

ROOT = Path(__file__).resolve().parents[2]
S = DocumentStatus
NOT_LANDED = (S.FAILED, S.NEEDS_PASSWORD, S.NO_TEXT)
MOVES = [(S.PENDING, to) for to in S.values] + [(old, to) for old in NOT_LANDED for to in S.values]


def stored(status: str) -> Document:
    document = Document(dataset=Dataset(slug="d"), title="report.pdf", sha256="0" * 64)
    document.status = status
    document._state.adding = False  # as loaded from the database
    return document


@pytest.mark.parametrize(("old", "new"), MOVES)
def test_allowed_moves(old, new):
    document = stored(old)
    document_status_move(document, new, error="why", warnings=["w"])
    assert (document.status, document.error, document.warnings) == (new, "why", ["w"])


@pytest.mark.parametrize("new", S.values)
def test_a_ready_document_never_moves_and_the_refusal_names_both_statuses(new):
    document = stored(S.READY)
    with pytest.raises(DocumentStatusRefused, match=f"status ready -> {new} is not allowed"):
        document_status_move(document, new, error="late failure")
    assert (document.status, document.error) == (S.READY, "")


@pytest.mark.parametrize("new", S.values)
def test_a_new_document_may_start_in_any_status(new):
    document = Document(title="new.pdf", sha256="1" * 64)
    document_status_move(document, new)
    assert document.status == new


def test_every_status_has_its_moves_and_unknown_statuses_are_refused():
    assert set(ALLOWED) == set(S.values)
    with pytest.raises(ValueError, match="'done' is not a Document status"):
        document_status_move(stored(S.PENDING), "done")


def test_error_and_warnings_are_kept_unless_given():
    document = stored(S.FAILED)
    document.error, document.warnings = "old reason", ["old"]
    document_status_move(document, S.PENDING)
    assert (document.error, document.warnings) == ("old reason", ["old"])


# `document.status = ...`, `status=DocumentStatus.X` in a create, or an update() of the status
# (a status in a filter() reads).
WRITES = re.compile(r"\.status\s*=(?!=)|\bstatus\s*=\s*DocumentStatus\.|update\([^)]*\bstatus\s*=")
READS = re.compile(r"\b(filter|exclude|get)\(")


def test_nobody_else_writes_a_document_status():
    writers = []
    for folder in ("groundgate", "reviews"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "Document" not in text or "migrations" in path.parts:
                continue
            for number, line in enumerate(text.splitlines(), start=1):
                if WRITES.search(line) and not READS.search(line) and "DocumentStatus" in text:
                    writers.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    allowed = "groundgate/services/document_status.py"
    assert [w for w in writers if not w.startswith(allowed)] == []
