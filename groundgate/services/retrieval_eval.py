"""Measure the answering pipeline on a question file: are covered questions answered with the
chunk that holds the fact cited, and are uncovered ones refused? Used by bench/bench_retrieval.py
and `manage.py calibrate_similarity` (one retrieval per question; the pipeline, which is pure and
cheap, runs once per policy, so a threshold sweep costs one retrieval per question).

A question file is JSONL, one object a line: `id`, `lang`, `question`, `covered` (bool) and, when
covered, `evidence`: strings of which the chunk that holds the answer contains one (compared
with whitespace collapsed). Nothing is stored.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from groundgate.models import Dataset
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider, Provider
from groundgate.pipeline.run import run_pipeline
from groundgate.services.answering import TOP_K, retrieval_bundle
from groundgate.services.retrieval import Retriever


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


@dataclass
class Evaluation:
    retrieval_ms: list[float] = field(default_factory=list)
    outcomes: dict[str, list[Outcome]] = field(default_factory=dict)  # policy label -> outcomes


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
    return " ".join(text.split())


def holds_fact(text: str, question: Question) -> bool:
    flat = _flat(text)
    return any(_flat(e) in flat for e in question.evidence)


def evaluate(
    dataset: Dataset,
    questions: list[Question],
    retriever: Retriever,
    policies: dict[str, SelectionPolicy],
    provider: Provider | None = None,
) -> Evaluation:
    provider = provider or ExtractiveProvider()
    result = Evaluation(outcomes={label: [] for label in policies})
    for number, q in enumerate(questions):
        started = time.perf_counter()
        hits, version = retriever.search(dataset, q.question, TOP_K)
        ms = round((time.perf_counter() - started) * 1000, 3)
        result.retrieval_ms.append(ms)
        texts = {h.chunk.chunk_id: h.chunk.text for h in hits}
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
            run = run_pipeline(bundle, policy, provider)
            by_anchor = {c.anchor: c.chunk_id for c in run.bundle.citations}
            cited = [by_anchor[a] for a in run.r5.validated_citations if a in by_anchor]
            answered = run.public.status == "OK"
            right = (
                answered and any(holds_fact(texts.get(c, ""), q) for c in cited)
                if q.covered
                else not answered
            )
            result.outcomes[label].append(
                Outcome(
                    q,
                    run.public.status,
                    cited,
                    right,
                    top,
                    first is not None and q.covered and holds_fact(first.chunk.text, q),
                    run.reason or run.bundle.reason,
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
