"""The whole flow: R2 select -> Phase-3 sufficiency -> R3 prompt -> R4 LLM -> R5 gate ->
Phase-3 claim coverage -> R6 package. Fail fast, no silent continuation; timings per stage."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from groundgate.engine.gates.anchored import (
    AnchoredCase,
    AnchoredGatePolicy,
    AnchoredVerdict,
    gate_anchored,
)
from groundgate.engine.gates.synthesis import (
    ClaimCoverage,
    RetrievedChunk,
    Sufficiency,
    check_claim_coverage,
    is_evidence_sufficient,
)
from groundgate.engine.sentences import split_sentences
from groundgate.pipeline.contracts import AnswerBundle, RetrievalBundle, SelectionPolicy
from groundgate.pipeline.llm import LLMResult, Provider
from groundgate.pipeline.package import PublicResponse, package
from groundgate.pipeline.prompt import Prompt, build_prompt
from groundgate.pipeline.select import R2ValidationError, select


@dataclass
class PipelineRun:
    bundle: AnswerBundle
    sufficiency: Sufficiency | None
    prompt: Prompt | None
    llm: LLMResult
    r5_case: AnchoredCase
    r5: AnchoredVerdict
    coverage: list[ClaimCoverage]
    public: PublicResponse
    reason: str
    timings_ms: dict[str, float] = field(default_factory=dict)


def _no_model(bundle: AnswerBundle, status: str, text: str, prompt_sha: str) -> LLMResult:
    """The model is not called (no evidence, or R2 failed)."""
    return LLMResult(status, text, "none", prompt_sha, None, 0.0, None, None, None, 0)  # type: ignore[arg-type]


def run_pipeline(
    retrieval: RetrievalBundle, policy: SelectionPolicy, provider: Provider
) -> PipelineRun:
    timings: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[stage] = round((now - clock) * 1000, 3)
        clock = now

    reason = ""
    try:
        bundle = select(retrieval, policy)
    except R2ValidationError as exc:
        bundle = AnswerBundle(
            request_id=retrieval.request_id,
            assembly_status="FAILED",
            reason=str(exc),
            used_chunks=[],
            citations=[],
            trace={},
            metrics={},
        )
    lap("r2_select")

    sufficiency = None
    prompt = None
    if bundle.assembly_status == "OK":
        chunks = [
            RetrievedChunk(semantic_id=c.anchor, text=c.chunk_text) for c in bundle.used_chunks
        ]
        sufficiency = is_evidence_sufficient(retrieval.user_question, chunks)
        lap("phase3_sufficiency")
        if not sufficiency.is_sufficient:
            reason = f"evidence insufficient: {sufficiency.reason}"
            bundle = bundle.model_copy(update={"assembly_status": "NO_EVIDENCE", "reason": reason})

    if bundle.assembly_status == "OK":
        prompt = build_prompt(bundle, retrieval.user_question, policy)
        # Never exceed the total prompt budget: drop the lowest-ranked evidence and rebuild.
        while (
            prompt.tokens + policy.reserved_output_tokens > policy.max_total_prompt_tokens
            and len(bundle.used_chunks) > 1
        ):
            bundle = bundle.model_copy(
                update={"used_chunks": bundle.used_chunks[:-1], "citations": bundle.citations[:-1]}
            )
            prompt = build_prompt(bundle, retrieval.user_question, policy)
        lap("r3_prompt")
        llm = provider.generate(prompt, refusal=policy.refusal_text)
        lap("r4_llm")
    elif bundle.assembly_status == "NO_EVIDENCE":
        reason = reason or bundle.reason
        llm = _no_model(bundle, "NO_EVIDENCE", policy.refusal_text, "")
    else:
        reason = bundle.reason
        llm = _no_model(bundle, "FAILED", "", "")

    evidence = {c.anchor: c for c in bundle.used_chunks}
    r5_case = AnchoredCase(
        request_id=bundle.request_id,
        generation_status=llm.generation_status,
        citations=[
            {
                "anchor": c.anchor,
                "chunk_id": c.chunk_id,
                "knowledge_id": c.knowledge_id,
                "source_reference": c.source_reference,
                "event_date": c.event_date,
                "equipment_id": c.equipment_id,
                "chunk_text": evidence[c.anchor].chunk_text,
            }
            for c in bundle.citations
        ],
        raw_model_text=llm.raw_model_text,
    )
    r5 = gate_anchored(r5_case, AnchoredGatePolicy(refusal_text=policy.refusal_text))
    lap("r5_validate")

    coverage: list[ClaimCoverage] = []
    failed_coverage = False
    if r5.validation_status == "PASSED" and r5.generation_status == "OK":
        chunks = [
            RetrievedChunk(semantic_id=c.anchor, text=c.chunk_text) for c in bundle.used_chunks
        ]
        for sentence in split_sentences(r5.validated_answer_text):
            claim = check_claim_coverage(sentence.text, chunks, span=(sentence.start, sentence.end))
            coverage.append(claim)
            if not claim.is_covered or claim.missing_citations:
                failed_coverage = True
        if failed_coverage:
            reason = "claim coverage: a sentence is not covered by the evidence it cites"
        lap("phase3_coverage")
    elif r5.validation_status != "PASSED":
        reason = reason or f"R5: {r5.failure_reason}"

    public = package(bundle, llm, r5, failed=failed_coverage)
    lap("r6_package")
    return PipelineRun(
        bundle, sufficiency, prompt, llm, r5_case, r5, coverage, public, reason, timings
    )
