"""Where the hybrid retriever loses a covered question's chunk, per ranking, per question file and
language, split by whether the question is asked in the other language than its chunk's (issue
32): recall at 5 / 8 / 24 of the embedding, BM25, other-language-words, fused and reranked
rankings, then of variants of the fusion tried on the same questions.

    .venv/bin/python bench/cross_language_recall.py [--questions F[,F]] [--show]

Reads the database bench_retrieval.py left in bench/out/retrieval (run it first). `--show`
prints, for each covered question not in the reranked top 24, its ranks and its bridged words.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

import numpy as np  # noqa: E402

from groundgate.models import Chunk, Dataset  # noqa: E402
from groundgate.pipeline.crosslingual import (  # noqa: E402
    other_language_names,
    other_language_words,
    text_language,
)
from groundgate.services.embedding_index import embedder_for, embedding_matrix  # noqa: E402
from groundgate.services.retrieval import (  # noqa: E402
    DENSE_CANDIDATES,
    RERANK_POOL,
    RRF_K,
    HybridRetriever,
    answering_first,
    question_terms,
)
from groundgate.services.retrieval_eval import Question, holds_fact, load_questions  # noqa: E402

AT = (5, 8, 24)
QUESTION_FILES = sorted(p.name for p in (ROOT / "fixtures" / "questions").glob("retrieval*.jsonl"))
DOCUMENTS = [
    ROOT / "fixtures" / "demo" / "demo-documents.pdf",
    ROOT.parent / "shared" / "data" / "pdfs" / "tracemonkey.pdf",
    ROOT.parent / "shared" / "data" / "pdfs" / "XiaoBiaoSong.pdf",
]


def dataset_built() -> Dataset:
    """The questions' dataset bench_retrieval.py leaves, or the same built here."""
    from django.core.management import call_command
    from django.db.utils import OperationalError

    try:
        return Dataset.objects.get(slug="questions")
    except (Dataset.DoesNotExist, OperationalError):
        pass
    from groundgate.services.embedding_index import embedding_index_update
    from groundgate.services.ingestion import document_ingest

    call_command("migrate", verbosity=0)
    dataset = Dataset.objects.create(slug="questions", name="questions")
    for path in DOCUMENTS:
        document_ingest(dataset=dataset, data=path.read_bytes(), filename=path.name)
    embedder = embedder_for("local")
    assert embedder is not None
    embedding_index_update(dataset, embedder, rebuild=True)
    return dataset


def fuse(rankings: list[tuple[list[int], float]], k: int = RRF_K) -> list[int]:
    fused: dict[int, float] = {}
    for ranking, weight in rankings:
        for rank, pk in enumerate(ranking):
            fused[pk] = fused.get(pk, 0.0) + weight / (k + rank)
    return sorted(fused, key=lambda pk: (-fused[pk], pk))


class Probe:
    """The rankings of one question, and the variants built from them."""

    def __init__(self, retriever: HybridRetriever, dataset: Dataset, pks, matrix) -> None:
        self.retriever, self.dataset, self.pks, self.matrix = retriever, dataset, pks, matrix
        self.chunks = Chunk.objects.in_bulk(pks)

    def dense(self, text: str, depth: int = DENSE_CANDIDATES) -> list[int]:
        cosines = self.matrix @ self.retriever.embedder.embed_query(text)
        order = np.argsort(-cosines, kind="stable")[:depth]
        return [self.pks[int(i)] for i in order]

    def reranked(self, question: str, fused: list[int]) -> list[int]:
        pool = fused[:RERANK_POOL]
        return answering_first(question, pool, self.chunks) + fused[RERANK_POOL:]


def variants(probe: Probe, q: Question) -> dict[str, list[int]]:
    """Each variant's final (reranked) order for question `q`."""
    ranked = probe.retriever.rankings(probe.dataset, q.question, 8)
    assert ranked is not None
    terms = question_terms(q.question)
    other = sorted(other_language_words(frozenset(terms)))
    dense, keyword, bridge = ranked.dense, ranked.keyword, ranked.other_language
    out: dict[str, list[int]] = {
        "dense": dense,
        "keyword": keyword,
        "other_language": bridge,
        "fused": ranked.fused,
        "reranked": ranked.reranked + ranked.fused[RERANK_POOL:],
    }

    def final(rankings: list[tuple[list[int], float]]) -> list[int]:
        return probe.reranked(q.question, fuse(rankings))

    bridged_question = f"{q.question} {' '.join(other)}" if other else q.question
    dense_bridged = probe.dense(bridged_question) if other else dense
    out["v:dense+dense-bridged"] = final(
        [(dense, 1.0), (dense_bridged, 1.0), (keyword, 1.0), (bridge, 1.0)]
    )
    for n in (1, 2, 3):
        short = other_language_names(terms, n)
        qb = probe.dense(f"{q.question} {' '.join(short)}") if short else dense
        out[f"v:dense+short{n}"] = final([(dense, 1.0), (qb, 1.0), (keyword, 1.0), (bridge, 1.0)])
    return out


def latency(dataset: Dataset, paths: list[str]) -> None:
    """Retrieval ms per question of cross-lingual 1 and 2, each question run by both in turn
    (the order swapped every question), after one warm-up each."""
    embedder = embedder_for("local")
    assert embedder is not None
    retrievers = {n: HybridRetriever(embedder, cross_lingual=n) for n in (1, 2)}
    for retriever in retrievers.values():
        retriever.rankings(dataset, "warm up", 8)
    ms: dict[int, list[float]] = {1: [], 2: []}
    questions = [q for path in paths for q in load_questions(path)]
    for i, q in enumerate(questions):
        for n in (1, 2) if i % 2 == 0 else (2, 1):
            started = time.perf_counter()
            retrievers[n].rankings(dataset, q.question, 8)
            ms[n].append(1000 * (time.perf_counter() - started))
    for n, values in ms.items():
        ordered = sorted(values)
        print(
            f"cross-lingual-{n}: {len(values)} questions, retrieval ms mean "
            f"{sum(values) / len(values):.1f} p50 {ordered[len(values) // 2]:.1f} "
            f"p95 {ordered[int(0.95 * len(values))]:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--questions",
        default=",".join(str(ROOT / "fixtures/questions" / name) for name in QUESTION_FILES),
    )
    parser.add_argument("--show", action="store_true")
    parser.add_argument(
        "--latency", action="store_true", help="only time cross-lingual 1 and 2, alternately"
    )
    args = parser.parse_args()
    dataset = dataset_built()
    if args.latency:
        latency(dataset, args.questions.split(","))
        return
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, cross_lingual=1)  # 2026-11.11's: the variants' base
    _, pks, matrix = embedding_matrix(dataset, embedder.name)
    probe = Probe(retriever, dataset, pks, matrix)
    lang_of = {pk: text_language(c.text) for pk, c in probe.chunks.items()}
    # file -> group -> variant -> list of ranks (None: not in the ranking)
    table: dict[str, dict[str, dict[str, list[int | None]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    started = time.perf_counter()
    for path in args.questions.split(","):
        name = Path(path).name
        for q in load_questions(path):
            if not q.covered:
                continue
            facts = {pk for pk, c in probe.chunks.items() if holds_fact(c.text, q)}
            if not facts:
                continue
            across = any((lang_of[pk] == "zh") != (q.lang == "zh") for pk in facts)
            group = f"{q.lang}{'-across' if across else ''}"
            orders = variants(probe, q)
            ranks = {
                v: next((i + 1 for i, pk in enumerate(order) if pk in facts), None)
                for v, order in orders.items()
            }
            for g in dict.fromkeys((group, q.lang)):
                for v, r in ranks.items():
                    table[name][g][v].append(r)
                    table["ALL"][g][v].append(r)
            if args.show and (ranks["reranked"] is None or ranks["reranked"] > 24):
                other = sorted(other_language_words(frozenset(question_terms(q.question))))
                print(f"{name} {q.id} {q.question} ranks={ranks} bridged={other}")
    print(f"{time.perf_counter() - started:.0f} s")
    for name, groups in table.items():
        print(f"\n{name}")
        for group, by_variant in sorted(groups.items()):
            for v, ranks in by_variant.items():
                shares = " ".join(
                    f"@{k} {sum(1 for r in ranks if r and r <= k):2d}/{len(ranks)}" for k in AT
                )
                print(f"  {group:10} {v:24} {shares}")


if __name__ == "__main__":
    main()
