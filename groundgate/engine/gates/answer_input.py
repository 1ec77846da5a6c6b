"""The answer gate's input: a case (raw chunks, an answer with its evidences), apart from its
policy (gates/answer_case.py, which re-exports these names for the modules that import them
from there).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, Int, Number

Status = Literal["ok", "citation_insufficient", "no_evidence"]
# [page_number (1-based), x0, x1, top, bottom] - the RAGFlow convention.
Position = tuple[Int, Number, Number, Number, Number]
# [x0, top, x1, bottom]
BBox = tuple[Number, Number, Number, Number]


class RawChunk(InputModel):
    chunk_id: str
    text: str
    page_index: Int | None = None
    position_int: list[Position] | None = None


class Evidence(InputModel):
    chunk_id: str
    excerpt: str
    page_index: Int | None = None
    bbox: BBox | None = None


class Answer(InputModel):
    conclusion: str | None = None
    evidences: list[Evidence] = Field(default_factory=list)


class AnswerCase(InputModel):
    case_id: str
    question: str = ""
    raw_chunks: list[RawChunk] | None = None
    answer: Answer
