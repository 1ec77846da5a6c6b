"""Covered questions lost before answerability (issue 32): "not retrieved", "R2 selection" and
"similarity threshold", each with its fact chunk's rank in every ranking and a cause, counted per
file and language; then variants of the retrieval replayed on the same questions.

    .venv/bin/python bench/retrieval_losses.py [--questions F[,F]] [--variants a,b] [--list]

Reads the database bench_retrieval.py left in bench/out/retrieval (run it first). Each question's
query vector, BM25 hits and other-language ranking are computed once and kept in
bench/out/retrieval/replay.pkl; a variant changes only what is fused from them, then the pipeline
runs under the default policy (as bench_retrieval.py does, services/retrieval_eval.evaluate).
`--list` prints every loss of the first variant with its ranks and cause; each other variant
prints the questions it moved against the first. The variants are named in VARIANTS.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT, django_on_retrieval_db

django_on_retrieval_db()

import numpy as np  # noqa: E402

from groundgate.engine.words import content_words  # noqa: E402
from groundgate.models import Chunk, Dataset  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.pipeline.crosslingual import other_language_words, text_language  # noqa: E402
from groundgate.pipeline.select import _overlap as overlap  # noqa: E402
from groundgate.pipeline.select import sanitize, validate  # noqa: E402
from groundgate.pipeline.tokens import count_tokens  # noqa: E402
from groundgate.services.answering import TOP_K, retrieval_bundle  # noqa: E402
from groundgate.services.embedding_index import (  # noqa: E402
    embedder_for,
    embedding_index_version,
    embedding_matrix,
)
from groundgate.services.retrieval import (  # noqa: E402
    DENSE_CANDIDATES,
    Hit,
    HybridRetriever,
    Rankings,
    index_version,
    question_terms,
    rerank_reading,
)
from groundgate.services.retrieval_eval import (  # noqa: E402
    Outcome,
    Question,
    evaluate,
    holds_fact,
    load_questions,
    rates,
)

QUESTION_FILES = sorted(p.name for p in (ROOT / "fixtures" / "questions").glob("retrieval*.jsonl"))
LOST = ("not retrieved", "R2 selection", "similarity threshold")
CACHE = OUT / "replay.pkl"


class ReplayRetriever(HybridRetriever):
    """HybridRetriever's fusion over the cached rankings of each question (`settings` changes
    the fusion: dense_weight, rrf_k, rerank_pool, dense_depth)."""

    def __init__(self, embedder: Any, cache: dict[str, Any], **settings: Any) -> None:
        super().__init__(embedder)
        self.cache = cache
        self.dense_depth = DENSE_CANDIDATES
        self.across_offset = 0.0
        self.oracle = False  # the fact's chunk put first (an upper bound for any ranking)
        self.across_depth = 0  # > 0: the chunks in the other language, by cosine, a ranking
        self.answering_order = "fused"  # d816: the answering chunks' order (bench/answering_order)
        self.keyword_words = ""  # d1004: the BM25 rankings again under a reading (keyword_words)
        for name, value in settings.items():
            setattr(self, name, value)

    def rankings(self, dataset: Dataset, question: str, top_k: int = 0) -> Rankings | None:
        entry = self.cache["questions"][question]
        pks, matrix = self.cache["pks"], self.cache["matrix"]
        cosines = matrix @ entry["query"]
        scores = cosines
        if self.across_offset:  # the other language's cosines raised by the offset
            asked = text_language(question)
            lang = self.cache["lang"]
            scores = cosines + self.across_offset * np.array(
                [lang[pk] != asked for pk in pks], dtype=np.float32
            )
        order = np.argsort(-scores, kind="stable")[: self.dense_depth]
        dense = [pks[int(i)] for i in order]
        cosine = {pk: float(cosines[i]) for i, pk in enumerate(pks)}
        chunks = self.cache["chunks"]
        hits = [Hit(chunks[pk], sim, bm25) for pk, sim, bm25 in entry["keyword"]]
        other = entry["other"]
        if self.keyword_words:
            from bench import keyword_words as kw

            texts = {pk: chunks[pk].text for pk in pks}
            reading = self.keyword_words
            terms = kw.question_terms(reading, question)
            ranking = kw.bm25_ranking(reading, texts, terms, DENSE_CANDIDATES, by_share=True)
            hits = [Hit(chunks[pk], 0.0, 0.0) for pk in ranking]
            said = sorted(other_language_words(frozenset(terms)))
            other = kw.bm25_ranking(reading, texts, said, DENSE_CANDIDATES)
        across: list[int] = []
        if self.across_depth:
            asked = text_language(question)
            full = np.argsort(-cosines, kind="stable")
            lang = self.cache["lang"]
            across = [pks[int(i)] for i in full if lang[pks[int(i)]] != asked]
            across = across[: self.across_depth]
        ranked = self.fused(
            question, dense, hits, other, across, cosine, self.cache["version"], top_k
        )
        if self.answering_order != "fused":
            from bench.answering_order import reordered

            ranked.reranked = reordered(
                question, ranked.reranked, ranked.chunks, self.rerank, self.answering_order
            )
        facts = self.cache["facts"].get(question, []) if self.oracle else []
        if facts:  # the oracle: the fact's chunk first, whatever the rankings said
            fact = next((pk for pk in ranked.reranked if pk in facts), facts[0])
            ranked.reranked = [fact] + [pk for pk in ranked.reranked if pk != fact]
            ranked.chunks[fact] = chunks[fact]
            ranked.cosine[fact] = cosine[fact]
        return ranked


def build_cache(dataset: Dataset, questions: list[Question]) -> dict[str, Any]:
    embedder = embedder_for("local")
    assert embedder is not None
    cache: dict[str, Any] = {"questions": {}}
    if CACHE.exists():
        cache = pickle.loads(CACHE.read_bytes())
    _, pks, matrix = embedding_matrix(dataset, embedder.name)
    cache["pks"], cache["matrix"] = pks, matrix
    vectors = embedding_index_version(dataset, embedder.name)
    cache["version"] = f"{index_version(dataset)}/{embedder.name}/{vectors}"
    retriever = HybridRetriever(embedder)
    for q in questions:
        if q.question in cache["questions"]:
            continue
        hits, _ = retriever.keyword.search(dataset, q.question, DENSE_CANDIDATES)
        other = sorted(other_language_words(frozenset(question_terms(q.question))))
        cache["questions"][q.question] = {
            "query": embedder.embed_query(q.question),
            "keyword": [(h.chunk.pk, h.similarity, h.bm25) for h in hits],
            "other": retriever.keyword.rank_terms(dataset, other, DENSE_CANDIDATES),
        }
    CACHE.write_bytes(pickle.dumps({k: v for k, v in cache.items() if k != "chunks"}))
    cache["chunks"] = Chunk.objects.in_bulk(pks)
    cache["lang"] = {pk: text_language(c.text) for pk, c in cache["chunks"].items()}
    cache["facts"] = {
        q.question: [pk for pk in pks if holds_fact(cache["chunks"][pk].text, q)]
        for q in questions
        if q.covered
    }
    return cache


def r2_fate(retriever: HybridRetriever, dataset: Dataset, q: Question) -> str:
    """What R2's selection did to the best-ranked fact chunk among the TOP_K rows (select's
    loop, read row by row)."""
    ranked = retriever.rankings(dataset, q.question, TOP_K)
    assert ranked is not None
    hits = ranked.hits(TOP_K)
    bundle = retrieval_bundle(
        dataset=dataset,
        question=q.question,
        request_id="fate",
        hits=hits,
        version=ranked.version,
        latency_ms=0.0,
        embedding_model=retriever.embedding_model,
    )
    policy = SelectionPolicy()
    rows = validate(bundle, policy)
    from groundgate.pipeline.select import row_thresholds

    thresholds = row_thresholds(bundle, rows, policy)
    chosen: list[tuple[Any, str]] = []
    per: Counter[str] = Counter()
    for row, (_, row_min) in zip(rows, thresholds, strict=True):
        text = sanitize(row.chunk_text)
        fact = holds_fact(row.chunk_text, q)
        if row.similarity < row_min:
            fate = f"below similarity {row.similarity:.3f} < {row_min}"
        elif any(overlap(text, t) >= policy.overlap_ratio_threshold for _, t in chosen):
            twin = next(r for r, t in chosen if overlap(text, t) >= policy.overlap_ratio_threshold)
            fate = f"near duplicate of rank {twin.rank}"
        elif per[row.knowledge_key] >= policy.max_per_knowledge_id:
            fate = f"document cap ({policy.max_per_knowledge_id})"
        elif len(chosen) >= policy.max_chunks:
            fate = f"max chunks ({policy.max_chunks})"
        else:
            chosen.append((row, text))
            per[row.knowledge_key] += 1
            fate = "kept"
        if fact:
            return f"rank {row.rank}: {fate}"
    return "no fact row"


def cause(o: Outcome, q: Question, cache: dict[str, Any], fate: str) -> str:
    """The loss's cause, read from the fact chunk and the question."""
    chunks = cache["chunks"]
    facts = [c for c in chunks.values() if holds_fact(c.text, q)]
    if o.stage in LOST[1:]:  # the row the fact's chunk was dropped at, whatever the stage says
        if "cap" in fate:
            return "R2 document cap"
        if "near duplicate" in fate:
            return "R2 near duplicate"
        if "below similarity" in fate:
            return "similarity threshold"
        return "R2 " + fate.split(": ")[-1].split(" (")[0]
    fused, reranked = o.ranks.get("fused"), o.ranks.get("reranked")
    if fused is not None and fused <= TOP_K and (reranked is None or reranked > TOP_K):
        return "rerank: others answer, the fact chunk not"
    q_lang = "zh" if q.lang == "zh" else "other"
    if all(text_language(c.text) != q_lang for c in facts):
        return "cross-language"
    terms = set(question_terms(q.question))
    best = max(len(terms & content_words(c.text)) / max(1, len(terms)) for c in facts)
    if best < 0.34:
        return "lexical gap"
    if max(count_tokens(c.text) for c in facts) > 150:
        return "long chunk"
    return "ranked low"


def run(
    dataset: Dataset,
    files: dict[str, list[Question]],
    retriever: HybridRetriever,
    policy: SelectionPolicy | None = None,
) -> dict:
    policies = {"default": policy or SelectionPolicy()}
    return {name: evaluate(dataset, qs, retriever, policies) for name, qs in files.items()}


def summary(results: dict) -> dict[str, dict[str, tuple[int, int, int, int]]]:
    """file -> lang -> (covered right, covered, uncovered refused, uncovered)."""
    table: dict[str, dict[str, tuple[int, int, int, int]]] = {}
    for name, result in results.items():
        table[name] = {}
        for lang, row in rates(result.outcomes["default"]).items():
            cov, unc = int(row["covered"]), int(row["uncovered"])
            table[name][lang] = (
                round(row["answered_right"] * cov),
                cov,
                round(row["refused"] * unc),
                unc,
            )
    return table


# Measured on the 17 files (docs/benchmarks.md, 2026-11-27 s41; none adopted, d627-d628).
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},  # the default: bench_retrieval.py's figures
    "oracle": {"oracle": True},  # the fact's chunk first: what any ranking could win
    "offset0.04": {"across_offset": 0.04},
    "offset0.08": {"across_offset": 0.08},  # d372's gap between the two thresholds
    "offset0.12": {"across_offset": 0.12},
    "across50": {"across_depth": 50},  # the other language's chunks, a fourth ranking
    "dense1.5": {"dense_weight": 1.5},
    "dense0.7": {"dense_weight": 0.7},
    # d816 (measured, not built): the answering chunks of the reranked head by the question's
    # terms they state (bench/answering_order.py), plain or weighted by their IDF in the head
    "stated": {"answering_order": "stated"},
    "weighted": {"answering_order": "weighted"},
    "cap5": {},  # policy variants on the default retrieval (POLICY_VARIANTS)
    "cap8": {},
    # d863-d865: answerability-v18 (a reading quoted: answerability_reading), the rerank
    # reading it too as the policy's own answerability (rerank_reading "answerability")
    "v18": {"rerank": rerank_reading(SelectionPolicy(answerability_version=18))},
    "v17": {"rerank": rerank_reading(SelectionPolicy(answerability_version=17))},
    # d1004: BM25's words read again (bench/keyword_words.py), both BM25 rankings recomputed
    "kw-py": {"keyword_words": "py"},
    "kw-zh-search": {"keyword_words": "zh-search"},
    "kw-zh-bigram": {"keyword_words": "zh-bigram"},
    "kw-zh-numbers": {"keyword_words": "zh-numbers"},
    # d1036: the largest cause of d1035 (a common term the fact's chunk says in other words),
    # read by meaning at a lower cosine - the policy's and the rerank's reading alike
    "meaning-0.90": {"rerank": rerank_reading(SelectionPolicy(paraphrase_min_similarity=0.90))},
    "meaning-0.88": {"rerank": rerank_reading(SelectionPolicy(paraphrase_min_similarity=0.88))},
    "meaning-0.86": {"rerank": rerank_reading(SelectionPolicy(paraphrase_min_similarity=0.86))},
}
# R2's caps on one retrieval (d817, measured, not built): 5 a document (= max_chunks), or 8 a
# document and 8 in all (the retrieved rows) - every R2 loss to the cap is on tracemonkey.pdf
POLICY_VARIANTS: dict[str, SelectionPolicy] = {
    "cap5": SelectionPolicy(max_per_knowledge_id=5),
    "cap8": SelectionPolicy(max_per_knowledge_id=8, max_chunks=8),
    "v18": SelectionPolicy(answerability_version=18),
    "v17": SelectionPolicy(answerability_version=17),  # answer-assembly/2026-11.22's reading
    "meaning-0.90": SelectionPolicy(paraphrase_min_similarity=0.90),
    "meaning-0.88": SelectionPolicy(paraphrase_min_similarity=0.88),
    "meaning-0.86": SelectionPolicy(paraphrase_min_similarity=0.86),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--questions",
        default=",".join(str(ROOT / "fixtures/questions" / name) for name in QUESTION_FILES),
    )
    parser.add_argument("--variants", default="base")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    dataset = Dataset.objects.get(slug="questions")
    files = {Path(f).name: load_questions(f) for f in args.questions.split(",")}
    started = time.perf_counter()
    cache = build_cache(dataset, [q for qs in files.values() for q in qs])
    print(f"cache ready in {time.perf_counter() - started:.0f} s")
    embedder = embedder_for("local")
    base_outcomes: dict[str, list[Outcome]] = {}
    for label in args.variants.split(","):
        retriever = ReplayRetriever(embedder, cache, **VARIANTS[label])
        started = time.perf_counter()
        results = run(dataset, files, retriever, POLICY_VARIANTS.get(label))
        table = summary(results)
        totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for langs in table.values():
            for lang, row in langs.items():
                if lang != "all":
                    totals[lang] = [a + b for a, b in zip(totals[lang], row, strict=True)]
        line = "; ".join(
            f"{lang} covered {c}/{n} refused {r}/{u}" for lang, (c, n, r, u) in totals.items()
        )
        print(f"[{label}] {line} ({time.perf_counter() - started:.0f} s)")
        outcomes = {
            f"{name} {o.question.id}": o
            for name, result in results.items()
            for o in result.outcomes["default"]
        }
        if label == args.variants.split(",")[0]:
            base_outcomes = outcomes
            per_file = " | ".join(
                f"{name.removeprefix('retrieval-heldout-').removesuffix('.jsonl')} "
                + " ".join(
                    f"{lang} {c}/{n},{r}/{u}"
                    for lang, (c, n, r, u) in langs.items()
                    if lang != "all"
                )
                for name, langs in table.items()
            )
            print(f"  per file (covered right/covered, refused/uncovered): {per_file}")
        else:
            gained = [k for k, o in outcomes.items() if o.right and not base_outcomes[k].right]
            lost = [k for k, o in outcomes.items() if not o.right and base_outcomes[k].right]
            print(f"  wrong->right {gained or '-'}\n  right->wrong {lost or '-'}")
        if args.list and label == args.variants.split(",")[0]:
            causes: dict[str, Counter[str]] = defaultdict(Counter)
            for key, o in outcomes.items():
                if o.stage not in LOST:
                    continue
                fate = r2_fate(retriever, dataset, o.question) if o.stage != LOST[0] else ""
                why = cause(o, o.question, cache, fate)
                name = key.split()[0]
                causes[f"{name} {o.question.lang}"][why] += 1
                causes[f"ALL {o.question.lang}"][why] += 1
                ranks = " ".join(f"{k[:5]}={v}" for k, v in o.ranks.items() if k != "dense_bridged")
                print(
                    f"  LOSS {key} [{o.stage}{', fact answers' if o.fact_answers else ''}] "
                    f"{why} | {ranks} | {fate} | {o.question.question[:100]}"
                )
            for group, counter in sorted(causes.items()):
                print(f"  CAUSES {group}: {dict(counter.most_common())}")


if __name__ == "__main__":
    main()
