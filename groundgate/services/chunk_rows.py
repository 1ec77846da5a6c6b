"""The one writer of Chunk rows (DESIGN.md rule 9): PDF ingestion, code ingestion and the import
of externally produced chunks each say what their rows hold (a ChunkRow each) and this module
writes them, in one bulk statement (COPY on PostgreSQL; models/rows.py).

JSON columns arrive as the JSON text Django's JSONField writes (json.dumps): PDF ingestion builds
that text itself for speed (documents/chunking.py: StoredChunk), the others call `json_text`.
The caller decides which rows are new (a chunk id is unique per dataset) and holds the
transaction.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from django.db import connection
from django.utils import timezone

from groundgate.models import Chunk, ChunkKind, Dataset, Document
from groundgate.models.rows import rows_copy

# Columns written for each Chunk row, in this order (every column but the id).
CHUNK_COLUMNS = (
    "dataset",
    "document",
    "chunk_id",
    "kind",
    "ordinal",
    "text",
    "page_index",
    "bbox",
    "position_int",
    "knowledge_id",
    "knowledge_type",
    "equipment_id",
    "event_date",
    "source_reference",
    "metadata",
    "word_boxes",
    "created_at",
)


class ChunkRow(NamedTuple):
    """One Chunk row's own values (the dataset, the document and created_at are the writer's)."""

    chunk_id: str
    ordinal: int
    text: str
    kind: str = ChunkKind.TEXT
    page_index: int | None = None
    bbox: str | None = None  # JSON text, or None for SQL NULL
    position_int: str = "[]"
    knowledge_id: str = ""
    knowledge_type: str = ""
    equipment_id: str | None = None
    event_date: dt.date | None = None
    source_reference: str = ""
    metadata: str = "{}"
    word_boxes: str = "[]"


def json_text(value: Any) -> str:
    """A JSON column's value as Django's JSONField writes it."""
    return json.dumps(value)


def chunk_rows_write(*, dataset: Dataset, document: Document, rows: Iterable[ChunkRow]) -> None:
    created_at = Chunk._meta.get_field("created_at").get_db_prep_save(timezone.now(), connection)
    rows_copy(
        Chunk,
        CHUNK_COLUMNS,
        (
            (
                dataset.pk,
                document.pk,
                row.chunk_id,
                str(row.kind),  # a ChunkKind is written as its value
                row.ordinal,
                row.text,
                row.page_index,
                row.bbox,
                row.position_int,
                row.knowledge_id,
                row.knowledge_type,
                row.equipment_id,
                None if row.event_date is None else row.event_date.isoformat(),
                row.source_reference,
                row.metadata,
                row.word_boxes,
                created_at,
            )
            for row in rows
        ),
    )
