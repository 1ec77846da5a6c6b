"""Measure the answering pipeline on a question file: are covered questions answered with the
chunk that holds the fact cited, and are uncovered ones refused? Used by bench/bench_retrieval.py
and `manage.py calibrate_similarity` (one retrieval per question; the pipeline, which is pure and
cheap, runs once per policy, so a threshold sweep costs one retrieval per question).

A question file is JSONL, one object a line: `id`, `lang`, `question`, `covered` (bool) and, when
covered, `evidence`: strings of which the chunk that holds the answer contains one (compared
with whitespace collapsed, none between two Chinese characters). Nothing is stored.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from groundgate.engine.words import cjk_gaps_joined
from groundgate.models import Dataset
from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability import chunk_answers
from groundgate.pipeline.answerability_context import reads_context
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.contracts import RetrievalBundle, SelectionPolicy
from groundgate.pipeline.crosslingual import text_language
from groundgate.pipeline.llm import ExtractiveProvider, Provider
from groundgate.pipeline.run import PipelineRun, run_pipeline
from groundgate.pipeline.select import R2ValidationError, row_thresholds, select, validate
from groundgate.services.answering import TOP_K, retrieval_bundle
from groundgate.services.chunk_context import contexts_of
from groundgate.services.embedding_index import retrievable_chunks, vectors_of
from groundgate.services.retrieval import Hit, HybridRetriever, Retriever
from groundgate.services.word_vectors import stored_word_vectors

# The stages a covered question is lost at, in pipeline order (Outcome.stage).
STAGES = (
    "not retrieved",  # no chunk holding the fact among the TOP_K the pipeline reads
    "similarity threshold",  # R2: the top similarity, or the fact chunk's, below the policy's
    "R2 selection",  # R2 dropped the fact's chunk otherwise (near duplicate, caps, budget)
    "answerability",  # refused the question, or left the fact's chunk out
    "sufficiency",  # Phase-3: the answering chunks lack what the query type needs
    "cited another chunk",  # answered, citing only chunks without the fact
    "R5",  # the answer failed validation
)
# The rankings whose recall is measured (HybridRetriever.rankings), fact's best rank in each.
RANKINGS = ("dense", "keyword", "other_language", "dense_bridged", "fused", "reranked")


@dataclass(frozen=True)
class Question:
    id: str
    lang: str
    question: str
    covered: bool
    evidence: tuple[str, ...] = ()


@dataclass
class Outcome:
    question: Question
    status: str  # the public status: OK, NO_EVIDENCE, FAILED
    cited: list[str]  # chunk ids the answer cites
    right: bool  # covered: answered citing a chunk that holds the fact; uncovered: refused
    top_similarity: float
    top_chunk_holds_fact: bool
    reason: str
    stage: str = ""  # a covered miss: the stage that lost it (STAGES)
    # A covered question: the 1-based rank of the best chunk holding the fact in each ranking
    # (RANKINGS; None when absent from it). Hybrid retrievers only.
    ranks: dict[str, int | None] = field(default_factory=dict)
    refused_by: str = ""  # a refusal: the stage that refused (STAGES' names)
    # A covered miss: does a chunk holding the fact answer the question as the policy's
    # answerability reads it (fact_answers)? False: that reading refuses every such chunk, so no
    # ranking or selection wins the question; None: not read (answered, or answerability off).
    fact_answers: bool | None = None


@dataclass
class Evaluation:
    retrieval_ms: list[float] = field(default_factory=list)
    outcomes: dict[str, list[Outcome]] = field(default_factory=dict)  # policy label -> outcomes
    # policy label -> the pipeline's wall clock per question (R2 to R5, the answer included)
    pipeline_ms: dict[str, list[float]] = field(default_factory=dict)


def load_questions(path: str | Path) -> list[Question]:
    questions = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            questions.append(
                Question(
                    id=str(data["id"]),
                    lang=str(data["lang"]),
                    question=str(data["question"]),
                    covered=bool(data["covered"]),
                    evidence=tuple(data.get("evidence") or ()),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from None
        if questions[-1].covered and not questions[-1].evidence:
            raise ValueError(f"{path}:{number}: a covered question needs evidence")
    return questions


def _flat(text: str) -> str:
    # Whitespace collapsed, and none between two Chinese characters (d527): Chinese puts no
    # space between words, so "红 军 作 战" (PyMuPDF's raw reading of a page printed one
    # character a line, as retrieval-heldout-s37's evidence is written) is the stored "红军作战".
    return cjk_gaps_joined(" ".join(text.split()))


def holds_fact(text: str, question: Question) -> bool:
    flat = _flat(text)
    return any(_flat(e) in flat for e in question.evidence)


def _rank(ranking: list[int], facts: set[int]) -> int | None:
    return next((i + 1 for i, pk in enumerate(ranking) if pk in facts), None)


def miss_stage(
    question: Question,
    hits: list[Hit],
    retrieval: RetrievalBundle,
    policy: SelectionPolicy,
    run: PipelineRun,
) -> str:
    """The stage that lost a covered question (STAGES), following its fact's chunk through."""
    facts = {h.chunk.chunk_id for h in hits if holds_fact(h.chunk.text, question)}
    if not facts:
        return "not retrieved"
    try:
        selected = select(retrieval, policy)
    except R2ValidationError:
        return "R2 selection"
    kept = {u.anchor for u in selected.used_chunks if u.chunk_id in facts}
    if not kept:
        if selected.reason.startswith("top similarity"):
            return "similarity threshold"  # the top gate: no row at all went on
        # The fact's own rows: below their threshold, or dropped by the caps, a near duplicate
        # or the budget (d625; before, any row below its threshold named the stage: a fact
        # row cut by the cap of 3 a document was counted as lost at the threshold).
        rows = validate(retrieval, policy)
        thresholds = row_thresholds(retrieval, rows, policy)
        below = any(
            row.chunk_id in facts and row.similarity < row_min
            for row, (_, row_min) in zip(rows, thresholds, strict=True)
        )
        return "similarity threshold" if below else "R2 selection"
    if run.answerable is not None and not (kept & set(run.answerable.supporting)):
        return "answerability"
    if run.sufficiency is not None and not run.sufficiency.is_sufficient:
        return "sufficiency"
    if run.public.status == "OK":
        return "cited another chunk"
    return "R5"


def fact_answers(
    question: Question,
    texts: list[str],
    policy: SelectionPolicy,
    strict: frozenset[str] = frozenset(),
) -> bool | None:
    """Does one of `texts` (the chunks holding the fact) answer the question by the policy's
    answerability (its version and paraphrase thresholds, as the pipeline reads it)? None when
    the policy reads none. `strict`: the texts a retrieval would admit by the cross-language
    threshold alone, read as the pipeline reads such a row (d374: every term stated; d630)."""
    if policy.answerability == "off":
        return None
    parts = question_parts(
        question.question,
        policy.answerability_version,
        policy.paraphrase_min_similarity,
        policy.paraphrase_cross_language_min_similarity,
    )
    reads_strict = policy.answerability_version >= 3
    return any(chunk_answers(parts, text, reads_strict and text in strict)[0] for text in texts)


def strict_facts(
    question: Question, texts: dict[int, str], retriever: Retriever, policy: SelectionPolicy
) -> frozenset[str]:
    """Of `texts` (pk -> text, the chunks holding the fact), those in the other language than
    the question whose cosine is under the policy's same-language row threshold: retrieved, such
    a row is admitted by the cross-language threshold alone and read strictly (d374)."""
    if not isinstance(retriever, HybridRetriever):
        return frozenset()
    asked = text_language(question.question)
    across = {pk: t for pk, t in texts.items() if text_language(t) != asked}
    if not across:
        return frozenset()
    query = retriever.embedder.embed_query(question.question)
    vectors = vectors_of(retriever.embedder.name, list(across))
    same_language_min = policy.thresholds_for(retriever.embedding_model)[1]
    return frozenset(
        text
        for pk, text in across.items()
        if pk in vectors and float(vectors[pk] @ query) < same_language_min
    )


def refusing_stage(run: PipelineRun) -> str:
    """The stage that refused a question ("" when it was answered)."""
    if run.public.status == "OK":
        return ""
    if run.answerable is not None and not run.answerable.is_answerable:
        return "answerability"
    if run.sufficiency is not None and not run.sufficiency.is_sufficient:
        return "sufficiency"
    if run.answerable is None and run.sufficiency is None:
        reason = run.bundle.reason
        return "similarity threshold" if reason.startswith("top similarity") else "R2 selection"
    return "R5"


def evaluate(
    dataset: Dataset,
    questions: list[Question],
    retriever: Retriever,
    policies: dict[str, SelectionPolicy],
    provider: Provider | None = None,
    stored: bool = True,
) -> Evaluation:
    """`stored`: answerability-v5 reads the chunks' stored word vectors (False: it embeds each
    word on first use in the process, as before d484)."""
    provider = provider or ExtractiveProvider()
    result = Evaluation(
        outcomes={label: [] for label in policies}, pipeline_ms={label: [] for label in policies}
    )
    texts_by_pk = dict(retrievable_chunks(dataset).values_list("pk", "text"))
    for number, q in enumerate(questions):
        started = time.perf_counter()
        if isinstance(retriever, HybridRetriever):
            ranked = retriever.rankings(dataset, q.question, TOP_K)
        else:
            ranked = None
        if ranked is not None:
            hits, version = ranked.hits(TOP_K), ranked.version
        else:
            hits, version = retriever.search(dataset, q.question, TOP_K)
        ms = round((time.perf_counter() - started) * 1000, 3)
        ranks: dict[str, int | None] = {}
        if ranked is not None and q.covered:
            facts = {pk for pk, text in texts_by_pk.items() if holds_fact(text, q)}
            ranks = {name: _rank(getattr(ranked, name), facts) for name in RANKINGS}
        result.retrieval_ms.append(ms)
        texts = {h.chunk.chunk_id: h.chunk.text for h in hits}
        contexts = None  # v13 reads each chunk's document context (services/chunk_context.py)
        if any(reads_context(p.answerability_version) for p in policies.values()):
            by_pk = contexts_of([h.chunk for h in hits])
            contexts = {h.chunk.chunk_id: by_pk[h.chunk.pk] for h in hits}
        bundle = retrieval_bundle(
            dataset=dataset,
            question=q.question,
            request_id=f"eval-{number}",
            hits=hits,
            version=version,
            latency_ms=ms,
            embedding_model=retriever.embedding_model,
        )
        top = max((h.similarity for h in hits), default=0.0)
        first = max(hits, key=lambda h: h.similarity, default=None)
        for label, policy in policies.items():
            started = time.perf_counter()
            with answerability_meaning.stored_vectors(stored_word_vectors if stored else None):
                run = run_pipeline(bundle, policy, provider, contexts)
            result.pipeline_ms[label].append(round((time.perf_counter() - started) * 1000, 3))
            by_anchor = {c.anchor: c.chunk_id for c in run.bundle.citations}
            cited = [by_anchor[a] for a in run.r5.validated_citations if a in by_anchor]
            answered = run.public.status == "OK"
            right = (
                answered and any(holds_fact(texts.get(c, ""), q) for c in cited)
                if q.covered
                else not answered
            )
            stage = "" if right or not q.covered else miss_stage(q, hits, bundle, policy, run)
            reachable = None
            if stage:
                holding = {pk: text for pk, text in texts_by_pk.items() if holds_fact(text, q)}
                strict = strict_facts(q, holding, retriever, policy)
                with answerability_meaning.stored_vectors(stored_word_vectors if stored else None):
                    reachable = fact_answers(q, list(holding.values()), policy, strict)
            result.outcomes[label].append(
                Outcome(
                    q,
                    run.public.status,
                    cited,
                    right,
                    top,
                    first is not None and q.covered and holds_fact(first.chunk.text, q),
                    run.reason or run.bundle.reason,
                    stage,
                    ranks,
                    refusing_stage(run),
                    reachable,
                )
            )
    return result


def rates(outcomes: list[Outcome]) -> dict[str, dict[str, float | int]]:
    """Per language: covered answered with the right chunk, uncovered refused (shares)."""
    groups: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for o in outcomes:
        kind = "covered" if o.question.covered else "uncovered"
        groups[o.question.lang][kind].append(o.right)
        groups["all"][kind].append(o.right)
    table: dict[str, dict[str, float | int]] = {}
    for lang, kinds in sorted(groups.items()):
        covered, uncovered = kinds.get("covered", []), kinds.get("uncovered", [])
        table[lang] = {
            "covered": len(covered),
            "answered_right": round(sum(covered) / len(covered), 3) if covered else 0.0,
            "uncovered": len(uncovered),
            "refused": round(sum(uncovered) / len(uncovered), 3) if uncovered else 0.0,
        }
    return table


RECALL_AT = (1, 5, TOP_K, 24)


def breakdown(outcomes: list[Outcome]) -> dict[str, dict[str, object]]:
    """Per language: each ranking's recall at RECALL_AT over the covered questions (the share
    whose fact's chunk is within the first k places), and the covered misses per stage
    (STAGES, in pipeline order) and the uncovered questions answered."""
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[o.question.lang].append(o)
        groups["all"].append(o)
    table: dict[str, dict[str, object]] = {}
    for lang, group in sorted(groups.items()):
        covered = [o for o in group if o.question.covered]
        recall = {
            name: {
                k: round(
                    sum(1 for o in covered if (o.ranks.get(name) or 10**9) <= k) / len(covered), 3
                )
                for k in RECALL_AT
            }
            for name in RANKINGS
            if covered and all(o.ranks for o in covered)
        }
        misses = {stage: sum(1 for o in covered if o.stage == stage) for stage in STAGES}
        # of those, the misses whose fact's chunk the policy's answerability finds answering
        # (Outcome.fact_answers): what a better ranking or selection could still win
        reachable = {
            stage: sum(1 for o in covered if o.stage == stage and o.fact_answers)
            for stage in STAGES
        }
        table[lang] = {
            "covered": len(covered),
            "recall": recall,
            "misses": misses,
            "misses_fact_answers": reachable,
            "uncovered_answered": sum(1 for o in group if not o.question.covered and not o.right),
            "uncovered_refused_by": {
                stage: n
                for stage in STAGES
                if (n := sum(1 for o in group if not o.question.covered and o.refused_by == stage))
            },
        }
    return table


def calibrate(
    dataset: Dataset,
    questions: list[Question],
    retriever: Retriever,
    thresholds: list[float],
    base: SelectionPolicy | None = None,
) -> dict[float, dict[str, dict[str, float | int]]]:
    """Rates per threshold: the similarity gate (top and per row) at each value for the
    retriever's embedding model, everything else as in `base`."""
    base = base or SelectionPolicy()
    model = retriever.embedding_model
    policies = {
        # model_validate, not model_copy: a copy would keep the cached sha256 of `base`.
        f"{t:.4f}": SelectionPolicy.model_validate(
            base.model_dump() | {"similarity_thresholds": ((model, t, t),)}
        )
        for t in thresholds
    }
    result = evaluate(dataset, questions, retriever, policies)
    return {float(label): rates(outcomes) for label, outcomes in result.outcomes.items()}
