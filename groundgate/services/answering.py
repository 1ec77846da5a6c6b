"""Answer a question from a dataset's chunks through the grounded pipeline, and store the run as
an anchored Case (with its R5 GateRun) so reviewers see it in the queue.

The request id is derived from the dataset, the question, the index version, the policy and the
model, so asking the same question of the same data again is idempotent (the stored case is
reused) and a changed index or policy gives a new case.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from django.conf import settings
from django.urls import reverse

from groundgate.engine.canonical import sha256_of
from groundgate.models import Case, Dataset
from groundgate.pipeline.answerability_context import reads_context
from groundgate.pipeline.contracts import RetrievalBundle, SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider, OpenAIProvider, Provider
from groundgate.pipeline.run import PipelineRun, r5_policy, run_pipeline
from groundgate.pipeline.select import parse_bundle
from groundgate.selectors.cases import case_stored
from groundgate.services.chunk_context import contexts_of
from groundgate.services.gating import case_create_gated
from groundgate.services.retrieval import Hit, Retriever, retriever_for
from groundgate.services.word_vectors import word_vectors_read

TOP_K = 8


def provider_for(name: str | None = None) -> Provider:
    name = name or settings.GROUNDGATE_LLM_PROVIDER
    if name == "extractive":
        return ExtractiveProvider()
    if name == "openai":
        if not settings.OPENAI_API_KEY:
            raise ValueError("provider openai: set OPENAI_API_KEY (and OPENAI_BASE_URL)")
        return OpenAIProvider(
            base_url=settings.OPENAI_BASE_URL,
            api_key=settings.OPENAI_API_KEY,
            model=settings.GROUNDGATE_LLM_MODEL,
            timeout=settings.GROUNDGATE_LLM_TIMEOUT,
            max_output_tokens=settings.GROUNDGATE_LLM_MAX_OUTPUT_TOKENS,
            max_retries=settings.GROUNDGATE_LLM_MAX_RETRIES,
        )
    raise ValueError(f"provider must be extractive or openai; got {name!r}")


def provider_policy(provider: Provider) -> SelectionPolicy:
    """The default selection policy, for the provider's model (its name if it has none)."""
    return SelectionPolicy(model=getattr(provider, "model", provider.name))


@dataclass
class AnswerRun:
    run: PipelineRun
    case: Case
    created: bool
    retrieval_ms: float

    @property
    def case_path(self) -> str:
        """The case page in the review app (where a reviewer sees this run)."""
        return reverse("reviews:case", args=[self.case.dataset.slug, self.case.pk])

    def case_link(self, base_url: str | None = None) -> dict[str, int | str]:
        """{"case_id", "case_url"}: what the CLI and the API add to the public response."""
        base = (base_url or settings.GROUNDGATE_SITE_URL).rstrip("/")
        return {"case_id": self.case.pk, "case_url": base + self.case_path}

    def response(self, base_url: str | None = None) -> dict[str, Any]:
        """The R6 public response (JSON values) and the case_link: the body of POST
        /api/v1/answer and of `groundgate answer --json`."""
        return self.run.public.model_dump(mode="json") | self.case_link(base_url)


def retrieval_bundle(
    *,
    dataset: Dataset,
    question: str,
    request_id: str,
    hits: Sequence[Hit],
    version: str,
    latency_ms: float,
    embedding_model: str,
) -> RetrievalBundle:
    rows = [
        {
            "rank": rank,
            "chunk_id": h.chunk.chunk_id,
            "chunk_text": h.chunk.text,
            "similarity": float(h.similarity),
            "faiss_id": h.chunk.pk,  # the row id in our index
            "knowledge_id": h.chunk.knowledge_id or None,
            "knowledge_type_effective": h.chunk.knowledge_type or "text",
            "source_reference": h.chunk.source_reference or "",
            "event_date": h.chunk.event_date.isoformat() if h.chunk.event_date else None,
            "equipment_id": h.chunk.equipment_id,
        }
        for rank, h in enumerate(hits)
    ]
    return RetrievalBundle.model_validate(
        {
            "request_id": request_id,
            "user_question": question,
            "retrieval_status": "SUCCESS" if rows else "NO_EVIDENCE",
            "index_version": version,
            "embedding_model": embedding_model,
            "top_k": TOP_K,
            "results": rows,
            "retrieval_latency_ms": latency_ms,
        }
    )


def answer_question(
    *,
    dataset: Dataset,
    question: str,
    provider: Provider | None = None,
    policy: SelectionPolicy | None = None,
    retriever: Retriever | None = None,
) -> AnswerRun:
    question = " ".join(question.split())
    if not question:
        raise ValueError("question: must not be empty")
    provider = provider or provider_for()
    policy = policy or provider_policy(provider)
    retriever = retriever or retriever_for(policy=policy)
    started = time.perf_counter()
    hits, version = retriever.search(dataset, question, TOP_K)
    retrieval_ms = round((time.perf_counter() - started) * 1000, 3)
    model = retriever.embedding_model
    key = "\n".join([dataset.slug, question, version, model, policy.sha256, policy.model])
    request_id = "ans-" + hashlib.sha256(key.encode()).hexdigest()[:20]
    bundle = retrieval_bundle(
        dataset=dataset,
        question=question,
        request_id=request_id,
        hits=hits,
        version=version,
        latency_ms=retrieval_ms,
        embedding_model=model,
    )
    with word_vectors_read():  # v5 reads the chunks' stored word vectors (d484)
        contexts = None  # v13: each chunk's document context (services/chunk_context.py)
        if reads_context(policy.answerability_version):
            by_pk = contexts_of([h.chunk for h in hits])
            contexts = {h.chunk.chunk_id: by_pk[h.chunk.pk] for h in hits}
        run = run_pipeline(bundle, policy, provider, contexts)
    run.timings_ms = {"retrieval": retrieval_ms, **run.timings_ms}
    case, created = _store(
        dataset, question, run, policy, provider, candidates=retrieval_candidates(bundle)
    )
    return AnswerRun(run, case, created, retrieval_ms)


def answer(
    *,
    dataset: Dataset,
    question: str | None = None,
    bundle: dict[str, Any] | str | bytes | None = None,
    provider: str | None = None,
) -> AnswerRun:
    """Answer exactly one of `question` (retrieval over the dataset's chunks, answer_question)
    and `bundle` (a caller's R2 retrieval bundle, answer_retrieval_bundle) with the provider
    named `provider` (the configured one if None). Bad input is a ValueError, its message led
    by what it concerns ("question: ...", "provider openai: ..."), or one of its subclasses
    R2ValidationError (with .field) and BundleConflict."""
    chosen = provider_for(provider)
    if question is not None and bundle is None:
        return answer_question(dataset=dataset, question=question, provider=chosen)
    if bundle is not None and question is None:
        return answer_retrieval_bundle(dataset=dataset, data=bundle, provider=chosen)
    raise ValueError("question: give exactly one of question and retrieval_bundle")


class BundleConflict(ValueError):
    """A retrieval bundle reuses the request_id of a stored run with different content."""


def answer_retrieval_bundle(
    *,
    dataset: Dataset,
    data: dict[str, Any] | str | bytes,
    provider: Provider | None = None,
    policy: SelectionPolicy | None = None,
) -> AnswerRun:
    """Answer from an R2 retrieval bundle the caller's own retriever produced (FAISS, pgvector,
    ...): the spec's stage begins after retrieval. A bundle that fails the V1 schema raises
    R2ValidationError (a ValueError naming the V-group and the field); V2-V5 failures are runs
    with status FAILED, stored like any other. The bundle's request_id is the case's id: the same
    bundle again is idempotent, another bundle with the same request_id is a BundleConflict."""
    bundle = parse_bundle(data)
    provider = provider or provider_for()
    policy = policy or provider_policy(provider)
    digest = sha256_of(
        {"bundle": bundle.model_dump(mode="json"), "policy": policy.sha256, "model": policy.model}
    )
    existing = case_stored(dataset=dataset, kind="anchored", external_id=bundle.request_id)
    if existing is not None:
        stored = (existing.payload.get("pipeline") or {}).get("retrieval_bundle_sha256")
        if stored != digest:
            raise BundleConflict(
                f"request_id: {bundle.request_id!r} is already stored with another bundle, "
                "policy or model; use a new request_id"
            )
    with word_vectors_read():  # v5 reads the chunks' stored word vectors (d484)
        run = run_pipeline(bundle, policy, provider)
    case, created = _store(
        dataset,
        bundle.user_question,
        run,
        policy,
        provider,
        bundle_sha256=digest,
        candidates=retrieval_candidates(bundle),
    )
    latency = bundle.retrieval_latency_ms or 0.0
    return AnswerRun(run, case, created, latency)


class Candidate(TypedDict):
    """A retrieval row as stored with the run (payload["pipeline"]["candidates"])."""

    rank: int
    chunk_id: str
    similarity: float
    source_reference: str
    chunk_text: str


def retrieval_candidates(bundle: RetrievalBundle) -> list[Candidate]:
    """Every row retrieval returned, in rank order, kept with the run: a reviewer judging a
    refusal (or a selection) needs to see what the pipeline had to choose from."""
    return [
        Candidate(
            rank=row.rank,
            chunk_id=row.chunk_id,
            similarity=row.similarity,
            source_reference=row.source_reference,
            chunk_text=row.chunk_text,
        )
        for row in sorted(bundle.results, key=lambda r: (r.rank, r.chunk_id))
    ]


def _store(
    dataset: Dataset,
    question: str,
    run: PipelineRun,
    policy: SelectionPolicy,
    provider: Provider,
    *,
    bundle_sha256: str | None = None,
    candidates: list[Candidate] | None = None,
) -> tuple[Case, bool]:
    existing = case_stored(dataset=dataset, kind="anchored", external_id=run.bundle.request_id)
    if existing is not None:
        return existing, False
    llm = run.llm
    payload = run.r5_case.model_dump(mode="json") | {
        "pipeline": {
            "question": question,
            "provider": provider.name,
            "model": llm.model_name,
            "prompt_sha256": run.prompt.sha256 if run.prompt else None,
            "prompt_template": policy.prompt_template,
            "prompt_tokens": run.prompt.tokens if run.prompt else None,
            "response_id": llm.response_id,
            "llm_latency_ms": llm.llm_latency_ms,
            "llm_attempts": llm.attempts,
            "token_usage": run.public.token_usage.model_dump(),
            "policy_version": policy.policy_version,
            "policy_sha256": policy.sha256,
            "trace": run.bundle.trace,
            "assembly": {
                "status": run.bundle.assembly_status,
                "reason": run.bundle.reason,
                "metrics": run.bundle.metrics,
            },
            "sufficiency": run.sufficiency.model_dump() if run.sufficiency else None,
            "coverage": [c.model_dump(mode="json") for c in run.coverage],
            "public_status": run.public.status,
            "retrieval_bundle_sha256": bundle_sha256,
            "reason": run.reason,
            "timings_ms": run.timings_ms,
            "candidates": candidates or [],
        }
    }
    stored = case_create_gated(
        dataset=dataset,
        kind="anchored",
        external_id=run.bundle.request_id,
        question=question,
        payload=payload,
        verdict=run.r5,
        policy=r5_policy(policy),
    )
    return stored.case, True
