"""Import externally produced chunks (JSONL) for an ingested document.

Each line: {"chunk_id", "text", "page_index", "position_int", ...optional metadata}. Lines are
validated against the document's pages (page numbers exist, boxes lie on the page); bad lines are
reported by number and skipped; good lines are written in one transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from pydantic import Field, ValidationError, field_validator

from groundgate.engine.contracts import InputModel, Number
from groundgate.engine.errors import describe, one_line
from groundgate.engine.limits import check_case_json
from groundgate.engine.runner import BadInput
from groundgate.models import Chunk, Document, DocumentStatus, Page
from groundgate.services.chunk_rows import ChunkRow, chunk_rows_write, json_text
from groundgate.services.untrusted import NUL_MESSAGE, nul_path

# Boxes may overhang the page edge by this much (glyph extents, rounding to integers).
EDGE_TOLERANCE = 2.0


# A box of position_int: page_number (1-based), x0, x1, top, bottom.
Box = tuple[int, Number, Number, Number, Number]


class ExternalChunk(InputModel):
    chunk_id: str = Field(min_length=1, max_length=255)
    text: str
    page_index: int = Field(ge=0)
    position_int: list[tuple[int, Number, Number, Number, Number]] = Field(min_length=1)
    knowledge_id: str = ""
    knowledge_type: str = ""
    equipment_id: str | None = None
    event_date: dt.date | None = None
    source_reference: str = ""

    @field_validator("position_int")
    @classmethod
    def _boxes_are_ordered(cls, value: list[Box]) -> list[Box]:
        for i, (page_number, x0, x1, top, bottom) in enumerate(value):
            if page_number < 1:
                raise ValueError(f"[{i}]: page_number is 1-based")
            if x0 > x1 or top > bottom:
                raise ValueError(f"[{i}]: needs x0 <= x1 and top <= bottom")
        return value


@dataclass
class ChunkImportReport:
    imported: int = 0
    unchanged: int = 0
    errors: list[BadInput] = field(default_factory=list)


def chunks_import_lines(*, document: Document, lines: Iterable[str | bytes]) -> ChunkImportReport:
    if document.status != DocumentStatus.READY:
        raise ValueError(f"document {document.title!r} is {document.status}, not ready")
    pages = {p.index: p for p in document.pages.all()}
    report = ChunkImportReport()
    limits = settings.GROUNDGATE_CASE_LIMITS
    rows: dict[str, tuple[int, ExternalChunk]] = {}
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        _, limit_problem = check_case_json(text, limits)  # sizes and NaN, as for cases
        if limit_problem is not None:
            message = f"{limit_problem.field}: {limit_problem.message}"
            report.errors.append(BadInput(number, message, (limit_problem.field,)))
            continue
        try:
            chunk = ExternalChunk.model_validate_json(text)
        except ValidationError as exc:
            fields = tuple(path for path, _ in describe(exc))
            report.errors.append(BadInput(number, one_line(exc), fields))
            continue
        if (where := nul_path(chunk.model_dump(mode="json"))) is not None:
            report.errors.append(BadInput(number, f"{where}: {NUL_MESSAGE}", (where,)))
            continue
        problem = _check_against_pages(chunk, pages)
        if problem is not None:
            report.errors.append(BadInput(number, problem[1], (problem[0],)))
            continue
        if chunk.chunk_id in rows:
            report.errors.append(
                BadInput(
                    number,
                    f"chunk_id {chunk.chunk_id!r} repeats line {rows[chunk.chunk_id][0]}",
                    ("chunk_id",),
                )
            )
            continue
        rows[chunk.chunk_id] = (number, chunk)

    existing = {
        c.chunk_id: c
        for c in Chunk.objects.filter(dataset=document.dataset, chunk_id__in=list(rows))
    }
    fresh = []
    for chunk_id, (number, chunk) in rows.items():
        stored = existing.get(chunk_id)
        if stored is None:
            fresh.append(chunk)
        elif stored.text == chunk.text and stored.position_int == _positions(chunk):
            report.unchanged += 1
        else:
            report.errors.append(
                BadInput(
                    number,
                    f"chunk_id {chunk_id!r} already exists in this dataset with other content",
                    ("chunk_id",),
                )
            )
    base = document.chunks.count()
    with transaction.atomic():
        chunk_rows_write(
            dataset=document.dataset,
            document=document,
            rows=(_row(base + i, chunk) for i, chunk in enumerate(fresh)),
        )
    report.imported = len(fresh)
    return report


def _positions(chunk: ExternalChunk) -> list[list[int | Number]]:
    return [list(p) for p in chunk.position_int]


def _check_against_pages(chunk: ExternalChunk, pages: dict[int, Page]) -> tuple[str, str] | None:
    if chunk.page_index not in pages:
        return (
            "page_index",
            f"page_index: {chunk.page_index} is not a page of this document (it has {len(pages)})",
        )
    for i, (page_number, x0, x1, top, bottom) in enumerate(chunk.position_int):
        page = pages.get(page_number - 1)
        where = f"position_int[{i}]"
        if page is None:
            return where, f"{where}: page_number {page_number} is not a page (1..{len(pages)})"
        if (
            min(x0, top) < -EDGE_TOLERANCE
            or x1 > page.width + EDGE_TOLERANCE
            or bottom > page.height + EDGE_TOLERANCE
        ):
            return where, (
                f"{where}: box [{x0}, {x1}, {top}, {bottom}] lies outside page "
                f"{page_number} ({page.width:g} x {page.height:g} points)"
            )
    return None


def _row(ordinal: int, chunk: ExternalChunk) -> ChunkRow:
    first = chunk.position_int[0]
    return ChunkRow(
        chunk_id=chunk.chunk_id,
        ordinal=ordinal,
        text=chunk.text,
        page_index=chunk.page_index,
        bbox=json_text([first[1], first[3], first[2], first[4]]),
        position_int=json_text(_positions(chunk)),
        knowledge_id=chunk.knowledge_id,
        knowledge_type=chunk.knowledge_type,
        equipment_id=chunk.equipment_id,
        event_date=chunk.event_date,
        source_reference=chunk.source_reference,
        metadata=json_text({"imported": True}),
    )
