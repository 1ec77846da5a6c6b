"""R6: the public response. Public citation fields only; no chunk text, no similarity."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from groundgate.engine.gates.anchored import AnchoredVerdict
from groundgate.pipeline.contracts import AnswerBundle
from groundgate.pipeline.llm import LLMResult


class PublicCitation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    anchor: str
    knowledge_id: str
    source_reference: str
    event_date: str | None
    equipment_id: str | None


class TokenUsage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    prompt: int | None
    completion: int | None
    total: int | None


class PublicResponse(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    request_id: str
    status: Literal["OK", "NO_EVIDENCE", "FAILED"]
    answer: str
    citations: list[PublicCitation]
    token_usage: TokenUsage
    latency_ms: float


def package(bundle: AnswerBundle, llm: LLMResult, r5: AnchoredVerdict) -> PublicResponse:
    usage = TokenUsage(
        prompt=llm.prompt_tokens_actual,
        completion=llm.completion_tokens_actual,
        total=llm.total_tokens_actual,
    )

    def response(
        status: Literal["OK", "NO_EVIDENCE", "FAILED"],
        answer: str,
        citations: list[PublicCitation],
    ) -> PublicResponse:
        return PublicResponse(
            request_id=bundle.request_id,
            status=status,
            answer=answer,
            citations=citations,
            token_usage=usage,
            latency_ms=llm.llm_latency_ms,
        )

    if r5.validation_status != "PASSED":
        return response("FAILED", "", [])
    if r5.generation_status == "NO_EVIDENCE":
        return response("NO_EVIDENCE", r5.validated_answer_text, [])
    by_anchor = {c.anchor: c for c in bundle.citations}
    citations = [
        PublicCitation(
            anchor=a,
            knowledge_id=by_anchor[a].knowledge_id,
            source_reference=by_anchor[a].source_reference,
            event_date=by_anchor[a].event_date,
            equipment_id=by_anchor[a].equipment_id,
        )
        for a in r5.validated_citations
        if a in by_anchor
    ]
    return response("OK", r5.validated_answer_text, citations)
