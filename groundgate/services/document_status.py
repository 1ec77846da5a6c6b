"""The one writer of Document.status (DESIGN.md rule 9): a small state machine.

A Document is pending (an upload waiting for its ingestion), ready (its pages and chunks are
stored) or one of three outcomes of an ingestion that did not land: failed, needs_password,
no_text. The moves:

- a new Document (not stored yet) may start in any status: an upload starts pending, an
  ingestion records its outcome, a code repository is ready at once;
- pending -> pending (the same bytes uploaded again), ready, or an outcome that did not land;
- failed / needs_password / no_text -> pending (uploaded again), ready (ingested again, say with
  the password), or another such outcome;
- ready -> nothing: its pages and chunks are what cases and reviews cite, and ingesting the same
  bytes again is a no-op before it reaches this module.

A refused move raises DocumentStatusRefused naming both statuses. The caller saves the Document
in its own transaction (with its other fields: the file, the page count).
"""

from __future__ import annotations

from typing import Any

from groundgate.models import Document, DocumentStatus

NOT_LANDED = frozenset(
    {DocumentStatus.FAILED, DocumentStatus.NEEDS_PASSWORD, DocumentStatus.NO_TEXT}
)
ALLOWED: dict[str, frozenset[str]] = {
    DocumentStatus.PENDING: frozenset({DocumentStatus.PENDING, DocumentStatus.READY}) | NOT_LANDED,
    DocumentStatus.READY: frozenset(),
    **{
        status: frozenset({DocumentStatus.PENDING, DocumentStatus.READY}) | NOT_LANDED
        for status in NOT_LANDED
    },
}


class DocumentStatusRefused(ValueError):
    """A move the state machine does not allow, e.g. "ready -> failed"."""

    def __init__(self, document: Document, old: str, new: str) -> None:
        super().__init__(
            f"document {document.title!r}: status {old} -> {new} is not allowed "
            f"(from {old}: {', '.join(sorted(ALLOWED.get(old, ()))) or 'no move'})"
        )
        self.old, self.new = old, new


def document_status_move(
    document: Document,
    status: str,
    *,
    error: str | None = None,
    warnings: list[Any] | None = None,
) -> None:
    """Set `document`'s status (and, when given, its error and warnings), not saved; refuse a
    move the state machine does not allow. A Document not stored yet may take any status."""
    if status not in DocumentStatus.values:
        raise ValueError(f"{status!r} is not a Document status")
    if not document._state.adding and status not in ALLOWED[document.status]:
        raise DocumentStatusRefused(document, document.status, status)
    document.status = status
    if error is not None:
        document.error = error
    if warnings is not None:
        document.warnings = warnings
