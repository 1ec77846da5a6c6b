"""The located finding every gate emits. The review UI draws these; it never re-derives them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

# info: not a problem - how a value was grounded other than verbatim, shown to the reviewer.
Severity = Literal["error", "warning", "info"]


class Box(BaseModel):
    """A rectangle on a page: 0-based page_index and bbox [x0, top, x1, bottom] in PDF points."""

    model_config = ConfigDict(frozen=True)

    page_index: int
    bbox: tuple[int | float, int | float, int | float, int | float]


class ValueRef(BaseModel):
    """A value in the evidence, and where: `span` points into the excerpt of evidence
    `evidence_index`, `chunk_span` into the text of chunk `chunk_id` (either may be missing: a
    value outside every excerpt has no evidence span)."""

    model_config = ConfigDict(frozen=True)

    text: str
    evidence_index: int | None = None
    span: tuple[int, int] | None = None
    chunk_id: str | None = None
    chunk_span: tuple[int, int] | None = None
    # Set when the value is not in the evidence but in the answer itself ("answer.conclusion":
    # an earlier step of the answer's own calculation); span then points into that text.
    field: str | None = None


class NearMatch(ValueRef):
    """The value that is almost what the answer says, and why it is close. A hint for the
    reviewer; it never changes the verdict. The reasons, most useful first, are
    groundgate.engine.near_miss.NEAR_MISS_REASONS."""

    reason: str
    detail: str | None = None


class Derivation(BaseModel):
    """A calculation from cited values that gives an answer's value (derivations.py)."""

    model_config = ConfigDict(frozen=True)

    operation: str
    formula: str
    operands: list[ValueRef]


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


class NumberFinding(Finding):
    """A finding about one value of the answer (answer gate): the equivalence rules that
    grounded it and the evidence value that did, or the calculation that would give it."""

    rules: list[str] | None = None
    grounded_by: ValueRef | None = None
    derivation: Derivation | None = None
