"""R2's input contract and the AnswerBundle it produces (pydantic, fail fast)."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from groundgate.engine.policy import GatePolicy

RetrievalStatus = Literal["SUCCESS", "NO_EVIDENCE", "FAILED"]
AssemblyStatus = Literal["OK", "NO_EVIDENCE", "FAILED"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class RetrievalRow(Strict):
    rank: int
    chunk_id: str = Field(min_length=1)
    chunk_text: str
    similarity: float
    knowledge_id: str = Field(min_length=1)
    knowledge_type: str = Field(min_length=1, description="knowledge_type_effective")
    source_reference: str = ""
    event_date: str | None = None
    equipment_id: str | None = None


class FiltersApplied(Strict):
    equipment_id: str | None = None
    knowledge_type: str | None = None
    date_from: str | None = None
    date_to: str | None = None


class RetrievalBundle(Strict):
    request_id: str = Field(min_length=1)
    user_question: str = Field(min_length=1)
    retrieval_status: RetrievalStatus
    index_version: str = Field(min_length=1)
    embedding_model: str = Field(min_length=1)
    top_k: int = Field(ge=1)
    results: list[RetrievalRow]
    run_id: str | None = None
    retrieval_latency_ms: float | None = None
    filters_applied: FiltersApplied | None = None

    @field_validator("results", mode="before")
    @classmethod
    def _results_is_a_list(cls, value):
        if not isinstance(value, list):
            raise ValueError("V1: results must be a list")
        return value


class SelectionPolicy(GatePolicy):
    """The frozen R2/R3/R4 policy. Its version and sha256 are stored with every run."""

    policy_version: str = "answer-assembly/2026-11.1"
    min_top_similarity_score: float = Field(default=0.76, ge=0, le=1)
    min_similarity: float = Field(default=0.76, ge=0, le=1)
    max_chunks: int = Field(default=5, ge=1)
    max_per_knowledge_id: int = Field(default=2, ge=1)
    overlap_ratio_threshold: float = Field(default=0.8, gt=0, le=1)
    max_chunk_token_ratio: float = Field(default=0.5, gt=0, le=1)
    max_evidence_tokens: int = Field(default=1200, ge=50)
    max_total_prompt_tokens: int = Field(default=3000, ge=200)
    reserved_output_tokens: int = Field(default=400, ge=16)
    allowed_knowledge_types: tuple[str, ...] = (
        "manual",
        "report",
        "bulletin",
        "decision",
        "regulation",
        "faq",
        "pdf",
        "code",
        "text",
    )
    ordering_mode: Literal["rank_strict"] = "rank_strict"
    prompt_template: str = "synthesis-v1"
    refusal_text: str = "I cannot answer this question from the available evidence."
    model: str = "extractive-v1"
    temperature: float = 0.0
    max_retries: int = Field(default=2, ge=0, le=5)


class UsedChunk(Strict):
    anchor: str
    rank: int
    chunk_id: str
    chunk_text: str
    similarity: float
    knowledge_id: str
    knowledge_type: str
    source_reference: str
    event_date: str | None
    equipment_id: str | None
    token_count: int
    trimmed: bool


class Citation(Strict):
    anchor: str
    chunk_id: str
    knowledge_id: str
    source_reference: str
    event_date: str | None
    equipment_id: str | None


class AnswerBundle(Strict):
    request_id: str
    assembly_status: AssemblyStatus
    reason: str = ""
    used_chunks: list[UsedChunk]
    citations: list[Citation]
    trace: dict
    metrics: dict


def finite(value: float) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)
