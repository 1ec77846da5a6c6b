"""The whole flow: R2 select -> Phase-3 sufficiency -> R3 prompt (within the token budget) ->
R4 LLM -> R5 gate (with Phase-3 claim coverage) -> R6 package. Fail fast, no silent
continuation; timings per stage."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from groundgate.engine.gates.anchored import (
    AnchoredCase,
    AnchoredGatePolicy,
    AnchoredVerdict,
    BundleCitation,
    claim_coverages,
    gate_anchored,
)
from groundgate.engine.gates.synthesis import (
    ClaimCoverage,
    RetrievedChunk,
    Sufficiency,
    SynthesisGatePolicy,
)
from groundgate.pipeline import coverage_checks
from groundgate.pipeline.answerability import Answerability, answerability
from groundgate.pipeline.answerability_context import reads_context
from groundgate.pipeline.contracts import AnswerBundle, RetrievalBundle, SelectionPolicy
from groundgate.pipeline.llm import GenerationStatus, LLMResult, Provider
from groundgate.pipeline.package import PublicResponse, package
from groundgate.pipeline.prompt import Prompt, PromptBudgetError, build_prompt_within_budget
from groundgate.pipeline.select import R2ValidationError, select
from groundgate.pipeline.sufficiency import sufficiency as phase3_sufficiency
from groundgate.pipeline.sufficiency import typed_sufficiency


@dataclass
class PipelineRun:
    bundle: AnswerBundle
    sufficiency: Sufficiency | None
    answerable: Answerability | None
    prompt: Prompt | None
    llm: LLMResult
    r5_case: AnchoredCase
    r5: AnchoredVerdict
    coverage: list[ClaimCoverage]
    public: PublicResponse
    reason: str
    timings_ms: dict[str, float] = field(default_factory=dict)


def _no_model(status: GenerationStatus, text: str) -> LLMResult:
    """The model is not called (no evidence, or an earlier stage failed)."""
    return LLMResult(status, text, "none", "", None, 0.0, None, None, None, 0)


def _failed(bundle: AnswerBundle, reason: str) -> AnswerBundle:
    return bundle.model_copy(update={"assembly_status": "FAILED", "reason": reason})


def _narrow(bundle: AnswerBundle, keep: list[str]) -> AnswerBundle:
    """Only the chunks in `keep` (anchors) go on, re-anchored C0, C1, ... in rank order."""
    kept = [u for u in bundle.used_chunks if u.anchor in keep]
    used = [u.model_copy(update={"anchor": f"C{i}"}) for i, u in enumerate(kept)]
    by_chunk = {u.chunk_id: u.anchor for u in used}
    citations = [
        c.model_copy(update={"anchor": by_chunk[c.chunk_id]})
        for c in bundle.citations
        if c.chunk_id in by_chunk
    ]
    metrics = dict(bundle.metrics)
    dropped = dict(metrics.get("dropped", {}))
    if len(bundle.used_chunks) > len(used):
        dropped["unanswering"] = len(bundle.used_chunks) - len(used)
    metrics.update(
        selected_k=len(used),
        dropped=dict(sorted(dropped.items())),
        evidence_tokens=sum(u.token_count for u in used),
        trimmed_chunks=sum(u.trimmed for u in used),
    )
    update = {"used_chunks": used, "citations": citations, "metrics": metrics}
    return bundle.model_copy(update=update)


def _checked(
    question: str,
    answerable: Answerability,
    bundle: AnswerBundle,
    policy: SelectionPolicy,
    same_language_min: float,
) -> Answerability:
    """Answerability's answering chunks narrowed by the policy's coverage checks
    (pipeline/coverage_checks.py); none left -> not answerable, naming the checks failed."""
    chunks = [
        (
            c.anchor,
            c.chunk_text,
            policy.answerability_version >= 3 and c.similarity < same_language_min,
        )
        for c in bundle.used_chunks
        if c.anchor in answerable.supporting
    ]
    passed, failed = coverage_checks.kept(
        question,
        chunks,
        policy.answerability_version,
        policy.paraphrase_min_similarity,
        policy.paraphrase_cross_language_min_similarity,
        frozenset(policy.coverage_checks),
    )
    if passed:
        return replace(answerable, supporting=passed)
    said = ", ".join(f"{anchor} {name}" for anchor, name in failed.items())
    reason = f"the answering chunks fail the coverage checks ({said})"
    return replace(answerable, is_answerable=False, supporting=[], reason=reason)


def r5_policy(policy: SelectionPolicy) -> AnchoredGatePolicy:
    """The R5 policy the pipeline validates with (stored with the verdict)."""
    return AnchoredGatePolicy(
        refusal_text=policy.refusal_text,
        claim_coverage=SynthesisGatePolicy() if policy.claim_coverage else None,
    )


def run_pipeline(
    retrieval: RetrievalBundle,
    policy: SelectionPolicy,
    provider: Provider,
    contexts: Mapping[str, str] | None = None,
) -> PipelineRun:
    """`contexts` (answerability-v13): each retrieved chunk's document context (its title and
    section heading, services/chunk_context.py) by chunk_id; older versions never read it."""
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
    answerable = None
    prompt = None
    if bundle.assembly_status == "OK" and policy.answerability == "subject_attribute":
        # Answerability decides which chunks are relevant (subject and attribute found), then
        # Phase-3 asks the answering chunks for the language its query type needs.
        same_language_min = policy.thresholds_for(retrieval.embedding_model)[1]
        answerable = answerability(
            retrieval.user_question,
            [(c.anchor, c.chunk_text) for c in bundle.used_chunks],
            policy.answerability_version,
            # admitted by the cross-language threshold alone (d374)
            frozenset(c.anchor for c in bundle.used_chunks if c.similarity < same_language_min),
            policy.paraphrase_min_similarity,
            policy.paraphrase_cross_language_min_similarity,
            {c.anchor: contexts.get(c.chunk_id, "") for c in bundle.used_chunks}
            if contexts and reads_context(policy.answerability_version)
            else None,
        )
        if answerable.is_answerable and policy.coverage_checks:
            answerable = _checked(
                retrieval.user_question, answerable, bundle, policy, same_language_min
            )
        lap("answerability")
        if answerable.is_answerable:
            bundle = _narrow(bundle, answerable.supporting)
            chunks = [
                RetrievedChunk(semantic_id=c.anchor, text=c.chunk_text) for c in bundle.used_chunks
            ]
            asked = answerable.attribute if policy.answerability_version >= 2 else None
            sufficiency = typed_sufficiency(
                retrieval.user_question,
                chunks,
                asked,
                policy.answerability_version >= 4,
                policy.sufficiency_reading,
            )
            lap("phase3_sufficiency")
            if not sufficiency.is_sufficient:
                reason = f"evidence insufficient: {sufficiency.reason}"
        else:
            reason = f"evidence insufficient: {answerable.reason}"
        if reason:
            bundle = bundle.model_copy(update={"assembly_status": "NO_EVIDENCE", "reason": reason})
    elif bundle.assembly_status == "OK":
        chunks = [
            RetrievedChunk(semantic_id=c.anchor, text=c.chunk_text) for c in bundle.used_chunks
        ]
        sufficiency = phase3_sufficiency(
            retrieval.user_question, chunks, policy.sufficiency_reading
        )
        lap("phase3_sufficiency")
        if not sufficiency.is_sufficient:
            reason = f"evidence insufficient: {sufficiency.reason}"
            bundle = bundle.model_copy(update={"assembly_status": "NO_EVIDENCE", "reason": reason})

    if bundle.assembly_status == "OK":
        model = getattr(provider, "model", provider.name)
        if model != policy.model:
            # Fixed model identity, no silent fallback: the policy names the model.
            bundle = _failed(
                bundle, f"R4: the provider's model {model!r} is not the policy's {policy.model!r}"
            )
        else:
            try:
                bundle, prompt = build_prompt_within_budget(bundle, retrieval.user_question, policy)
            except PromptBudgetError as exc:
                bundle = _failed(bundle, f"R3 token budget: {exc}")
        lap("r3_prompt")

    if bundle.assembly_status == "OK" and prompt is not None:
        llm = provider.generate(prompt, refusal=policy.refusal_text)
        lap("r4_llm")
        if llm.generation_status == "FAILED":
            reason = f"R4: {llm.error or 'generation failed'}"
    elif bundle.assembly_status == "NO_EVIDENCE":
        reason = reason or bundle.reason
        llm = _no_model("NO_EVIDENCE", policy.refusal_text)
    else:
        reason = bundle.reason
        llm = _no_model("FAILED", "")

    evidence = {c.anchor: c for c in bundle.used_chunks}
    r5_case = AnchoredCase(
        request_id=bundle.request_id,
        generation_status=llm.generation_status,
        citations=[
            BundleCitation(
                anchor=c.anchor,
                chunk_id=c.chunk_id,
                knowledge_id=c.knowledge_id,
                source_reference=c.source_reference,
                event_date=c.event_date,
                equipment_id=c.equipment_id,
                chunk_text=evidence[c.anchor].chunk_text,
            )
            for c in bundle.citations
        ],
        raw_model_text=llm.raw_model_text,
    )
    r5_gate_policy = r5_policy(policy)
    r5 = gate_anchored(r5_case, r5_gate_policy)
    lap("r5_validate")

    # The coverage of each sentence, for the run record (R5 already failed the answer when a
    # sentence is not covered: its failure_reason is CLAIM_NOT_COVERED).
    coverage: list[ClaimCoverage] = []
    answered = r5_case.generation_status == "OK" and r5.generation_status != "NO_EVIDENCE"
    if r5_gate_policy.claim_coverage is not None and answered:
        coverage = claim_coverages(
            r5_case.raw_model_text, r5_case.citations, r5_gate_policy.claim_coverage
        )
    if r5.validation_status != "PASSED":
        reason = reason or f"R5: {r5.failure_reason}"

    public = package(bundle, llm, r5)
    lap("r6_package")
    return PipelineRun(
        bundle, sufficiency, answerable, prompt, llm, r5_case, r5, coverage, public, reason, timings
    )
