"""The located finding every gate emits. The review UI draws these; it never re-derives them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Severity = Literal["error", "warning"]


class Box(BaseModel):
    """A rectangle on a page: 0-based page_index and bbox [x0, top, x1, bottom] in PDF points."""

    model_config = ConfigDict(frozen=True)

    page_index: int
    bbox: tuple[int | float, int | float, int | float, int | float]


class NearMatch(BaseModel):
    """A value that is almost what the answer says (same quantity written differently, or the
    same number with another unit). A hint for the reviewer; it never changes the verdict.
    span points into the excerpt of evidence `evidence_index`."""

    model_config = ConfigDict(frozen=True)

    evidence_index: int
    text: str
    span: tuple[int, int]
    reason: Literal["same_quantity", "different_unit", "part_of_longer_number"]


class Finding(BaseModel):
    """One problem, and where it is.

    span: [start, end) character offsets (Python str indices, i.e. code points) into `field`.
    field: which text the span points into, e.g. "answer.conclusion" or
    "answer.evidences[2].excerpt".
    """

    model_config = ConfigDict(frozen=True)

    code: str
    message: str
    severity: Severity = "error"
    field: str | None = None
    span: tuple[int, int] | None = None
    value: str | None = None
    evidence_index: int | None = None
    chunk_id: str | None = None
    page_index: int | None = None
    bbox: tuple[int | float, int | float, int | float, int | float] | None = None
    chunk_boxes: list[Box] | None = None
    chunk_span: tuple[int, int] | None = None
    near_match: NearMatch | None = None
