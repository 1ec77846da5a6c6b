"""Retrieval over stored text chunks: the R2 retrieval bundle for a question.

Ranking is BM25 by SQLite FTS5 (on other databases, the same scoring in Python). Chunks are
indexed as their content words (groundgate.engine.words: English words, jieba-segmented Chinese),
so Chinese is searched by words, not characters.

Similarity, in [0, 1], is the share of the question's information found in the chunk: the sum of
the IDF weights of the question's content words that the chunk contains, divided by the sum over
all of them (IDF as in BM25, ln(1 + (N - df + 0.5) / (df + 0.5)), over the dataset's chunks). 1.0
means every content word of the question is in the chunk; the R2 gate (0.76) asks for most of
them, weighted by how informative they are.

HybridRetriever (the default when an embedder is configured) ranks by reciprocal-rank fusion of
the embedding ranking and this BM25 ranking; its similarity is the cosine between the question's
and the chunk's embeddings (what the spec's threshold compares), and its embedding_model names
the model that produced the vectors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from django.db import connection, transaction
from django.db.models import Count, Max, QuerySet

from groundgate.engine.words import content_words
from groundgate.models import Chunk, ChunkIndexState, Dataset
from groundgate.pipeline.answerability import chunk_answers, line_hyphens_joined
from groundgate.pipeline.answerability_context import reads_context
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.crosslingual import other_language_names, other_language_words
from groundgate.pipeline.embedding import Embedder
from groundgate.services.chunk_context import contexts_of
from groundgate.services.embedding_index import (
    embedder_for,
    embedding_count,
    embedding_index_update,
    embedding_index_version,
    embedding_matrix,
    retrievable_chunks,
    vectors_of,
)
from groundgate.services.vector_store import nearest, pgvector_enabled
from groundgate.services.word_vectors import word_vectors_read

EMBEDDING_MODEL = "keyword-bm25-v1"  # what R2's embedding_model field records for this retriever
# Words that ask rather than inform ("how often", "how many", 多少). Words that say what kind of
# answer is wanted (penalty, 罚款) stay: they are what the evidence must contain.
QUESTION_WORDS = frozenset(
    "often many much long kind type tell please explain describe mean exactly "
    "多少 什么 哪些 怎么 如何 是否 几".split()
)


@dataclass(frozen=True)
class Hit:
    chunk: Chunk
    similarity: float
    bm25: float


class Retriever(Protocol):
    # What produced the similarities: the R2 bundle's embedding_model.
    embedding_model: str

    def search(self, dataset: Dataset, question: str, top_k: int) -> tuple[list[Hit], str]: ...


def question_terms(question: str) -> list[str]:
    return sorted(w for w in content_words(question) if w not in QUESTION_WORDS)


# What the BM25 index holds of a chunk (chunk_words): 1 - its content words; 2 (d428) - also
# those of its text with words broken at a line's end joined ("Trace- Monkey" is TraceMonkey):
# 80 of the 188 chunks of the question files' documents hold such a break (158 words).
CHUNK_WORDS = 2


def chunk_words(text: str, version: int = CHUNK_WORDS) -> frozenset[str]:
    """A chunk's words as BM25 indexes them (CHUNK_WORDS). The broken halves stay: a hyphen at a
    line's end may be a real one (math- spectral-norm)."""
    words = content_words(text)
    if version >= 2:
        words |= content_words(line_hyphens_joined(text.lower()))
    return words


def index_version(dataset: Dataset) -> str:
    stats = retrievable_chunks(dataset).aggregate(n=Count("id"), last=Max("id"))
    return f"chunks-{stats['n']}-{stats['last'] or 0}"


def _bm25_idf(n: int, df: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


class KeywordRetriever:
    embedding_model = EMBEDDING_MODEL
    chunk_words_version = CHUNK_WORDS

    def words(self, text: str) -> frozenset[str]:
        return chunk_words(text, self.chunk_words_version)

    def search(self, dataset: Dataset, question: str, top_k: int) -> tuple[list[Hit], str]:
        return self.search_terms(dataset, question_terms(question), top_k)

    def search_terms(self, dataset: Dataset, terms: list[str], top_k: int) -> tuple[list[Hit], str]:
        """BM25 over `terms` (content words); similarity as in the module's docstring."""
        version = index_version(dataset)
        if not terms:
            return [], version
        chunks = retrievable_chunks(dataset)
        if connection.vendor == "sqlite":
            self._ensure_index(dataset, version)
            ranked, df, n = self._fts_candidates(dataset, terms, top_k * 4)
            candidates = {c.pk: c for c in chunks.filter(pk__in=[pk for pk, _ in ranked])}
            scored = [(candidates[pk], score) for pk, score in ranked if pk in candidates]
        else:
            scored, df, n = self._python_candidates(chunks, terms)
        weights = {t: _bm25_idf(n, df.get(t, 0)) for t in terms}
        total = sum(weights.values()) or 1.0
        hits = []
        for chunk, bm25 in scored:
            words = self.words(chunk.text)
            similarity = round(sum(w for t, w in weights.items() if t in words) / total, 4)
            hits.append(Hit(chunk, similarity, bm25))
        hits.sort(key=lambda h: (-h.similarity, h.bm25, h.chunk.chunk_id))
        return hits[:top_k], version

    def rank_terms(self, dataset: Dataset, terms: list[str], limit: int) -> list[int]:
        """Chunk pks ranked by BM25 over `terms`, without similarities (no per-term document
        counts: one query on SQLite) - the cross-language ranking of HybridRetriever."""
        if not terms:
            return []
        if connection.vendor == "sqlite":
            self._ensure_index(dataset, index_version(dataset))
            query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT chunk_pk FROM groundgate_chunk_fts WHERE groundgate_chunk_fts "
                    "MATCH %s AND dataset_id = %s ORDER BY bm25(groundgate_chunk_fts) LIMIT %s",
                    [query, dataset.pk, limit],
                )
                return [int(pk) for (pk,) in cursor.fetchall()]
        hits, _ = self.search_terms(dataset, terms, limit)
        return [h.chunk.pk for h in hits]

    # SQLite FTS5 -----------------------------------------------------------------------------
    @transaction.atomic
    def _ensure_index(self, dataset: Dataset, version: str) -> None:
        version = f"{version}/words-{self.chunk_words_version}"  # a new reading rebuilds
        state = ChunkIndexState.objects.select_for_update().filter(dataset=dataset).first()
        if state is not None and state.version == version:
            return
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM groundgate_chunk_fts WHERE dataset_id = %s", [dataset.pk])
            rows = [
                (" ".join(sorted(self.words(text))), pk, dataset.pk)
                for pk, text in retrievable_chunks(dataset).values_list("pk", "text").iterator()
            ]
            cursor.executemany(
                "INSERT INTO groundgate_chunk_fts (body, chunk_pk, dataset_id) VALUES (%s, %s, %s)",
                rows,
            )
        ChunkIndexState.objects.update_or_create(dataset=dataset, defaults={"version": version})

    def _fts_candidates(
        self, dataset: Dataset, terms: list[str], limit: int
    ) -> tuple[list[tuple[int, float]], dict[str, int], int]:
        """(chunk pk, bm25) best first, up to `limit`; each term's document count; the
        dataset's chunk count."""
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT chunk_pk, bm25(groundgate_chunk_fts) FROM groundgate_chunk_fts "
                "WHERE groundgate_chunk_fts MATCH %s AND dataset_id = %s "
                "ORDER BY bm25(groundgate_chunk_fts) LIMIT %s",
                [query, dataset.pk, limit],
            )
            ranked = [(int(pk), float(score)) for pk, score in cursor.fetchall()]
            df: dict[str, int] = {}
            for term in terms:
                cursor.execute(
                    "SELECT count(*) FROM groundgate_chunk_fts WHERE groundgate_chunk_fts "
                    "MATCH %s AND dataset_id = %s",
                    ['"' + term.replace('"', '""') + '"', dataset.pk],
                )
                df[term] = cursor.fetchone()[0]
            cursor.execute(
                "SELECT count(*) FROM groundgate_chunk_fts WHERE dataset_id = %s", [dataset.pk]
            )
            n = cursor.fetchone()[0]
        return ranked, df, n

    # Any database: the same scores in Python ---------------------------------------------------
    def _python_candidates(
        self, chunks: QuerySet[Chunk], terms: list[str]
    ) -> tuple[list[tuple[Chunk, float]], dict[str, int], int]:
        docs = [(c, self.words(c.text)) for c in chunks.iterator()]
        n = len(docs)
        df = {t: sum(1 for _, words in docs if t in words) for t in terms}
        avg = sum(len(w) for _, w in docs) / n if n else 1.0
        scored: list[tuple[Chunk, float]] = []
        for chunk, words in docs:
            score = 0.0
            for t in terms:
                if t in words:
                    # BM25 with term frequency 1 (sets of words); negative like FTS5's bm25().
                    norm = 1.2 * (0.25 + 0.75 * len(words) / avg)
                    score -= _bm25_idf(n, df[t]) * 2.2 / (1 + norm)
            if score < 0:
                scored.append((chunk, score))
        return scored, df, n


# Reciprocal-rank fusion: score = sum over the rankings of 1 / (RRF_K + rank). 60 is the usual
# constant (Cormack et al. 2009, for TREC runs of 1,000 documents); fusion-2 (d427) takes 10:
# with three rankings of 50, 60 let two lexical rankings that both put a chunk fifth outvote the
# embedding's first place. Judged by recall on all six question files (fused recall@5 88 -> 93%,
# @8 92 -> 94%; no file and language lower at 5 or 8), not by one file's end figure.
RRF_K = 10
DENSE_CANDIDATES = 50
# The fused list's head that the answerability rerank reads (d282): a chunk that states the
# question's subject and attribute moves ahead of those that do not, within these places.
RERANK_POOL = 24


# The cross-language rankings: 1 (d373) - BM25 over the question's words in the other language;
# 2 (d522, selectable: HybridRetriever(..., cross_lingual=2)) - also the embedding's ranking of
# the question with its words' first two names in the other language appended. Chinese
# questions on English chunks (and the reverse) are found by the model reading those words: on
# the ten question files recall@8 of the reranked list en 190 -> 194 of 208, zh 136 -> 141 of
# 147 (bench/cross_language_recall.py), "not retrieved" 36 -> 27; but the end figures gain no
# question and lose one (s35 zh-c17: the chunks now found rank 6-8, where R2's five chunks or
# answerability leave them out) for one more query embedded (retrieval ~2x). Not the default.
CROSS_LINGUAL = 1
BRIDGED_NAMES = 2  # names in the other language appended per word of the question (d522)


class HybridRetriever:
    """Embedding cosine + BM25, fused by reciprocal rank. Chunks without a vector yet (ingested
    before the embedder was configured) are embedded on first search (incremental)."""

    dense_weight = 1.0
    rrf_k = RRF_K
    rerank_pool = RERANK_POOL

    def __init__(
        self,
        embedder: Embedder,
        keyword: KeywordRetriever | None = None,
        cross_lingual: int = CROSS_LINGUAL,
        rerank: RerankReading | None = None,
    ) -> None:
        self.embedder = embedder
        self.keyword = keyword or KeywordRetriever()
        self.embedding_model = embedder.name
        self.cross_lingual = cross_lingual
        # The answerability reading the rerank reads (d555): the default policy's unless given.
        self.rerank = rerank or rerank_reading(SelectionPolicy())

    def search(self, dataset: Dataset, question: str, top_k: int) -> tuple[list[Hit], str]:
        ranked = self.rankings(dataset, question, top_k)
        if ranked is None:
            return [], f"{index_version(dataset)}/{self.embedder.name}/vectors-0-0"
        return ranked.hits(top_k), ranked.version

    def rankings(self, dataset: Dataset, question: str, top_k: int = 0) -> Rankings | None:
        """Each ranking the search fuses, the fused order and its reranked head (at least
        RERANK_POOL places); None when the dataset has no vectors."""
        model = self.embedder.name
        text_version = index_version(dataset)
        version = embedding_index_version(dataset, model)
        if embedding_count(version) != int(text_version.split("-")[1]):
            embedding_index_update(dataset, self.embedder)
            version = embedding_index_version(dataset, model)
        if not embedding_count(version):
            return None
        query = self.embedder.embed_query(question)
        keyword_hits, _ = self.keyword.search(dataset, question, DENSE_CANDIDATES)
        # cross-lingual-1 (d373): the question's words said in the other language, a third
        # ranking - an English question finds the Chinese chunk its cosine ranks low.
        other = sorted(other_language_words(frozenset(question_terms(question))))
        other_pks = self.keyword.rank_terms(dataset, other, DENSE_CANDIDATES)
        # cross-lingual-2 (d522): the question with each word's first names in the other
        # language appended, embedded, a fourth ranking: the model reads the question in the
        # chunk's own language. Two names a word: all of them (up to ~80) gained no more recall
        # and cost ~6x the retrieval time (a query's cost grows with its tokens).
        names = (
            other_language_names(question_terms(question), BRIDGED_NAMES)
            if self.cross_lingual >= 2
            else []
        )
        bridged = self.embedder.embed_query(f"{question} {' '.join(names)}") if names else None
        if pgvector_enabled():
            # The database picks the candidates (HNSW); their cosines come from the stored
            # vectors, as below, so both paths give a threshold the same values.
            candidates = nearest(dataset.pk, model, query, DENSE_CANDIDATES)
            more = [] if bridged is None else nearest(dataset.pk, model, bridged, DENSE_CANDIDATES)
            found = [h.chunk.pk for h in keyword_hits] + other_pks
            wanted = list(dict.fromkeys(candidates + more + found))
            vectors = vectors_of(model, wanted)
            pks = sorted(vectors)
            matrix = np.vstack([vectors[pk] for pk in pks]) if pks else np.zeros((0, 1))
            cosines = matrix @ query
            row = {pk: i for i, pk in enumerate(pks)}
            chosen = [pk for pk in candidates if pk in vectors]
            dense = sorted(chosen, key=lambda pk: (-float(cosines[row[pk]]), pk))
            dense_bridged: list[int] = []
            if bridged is not None:
                by_bridged = matrix @ bridged
                chosen = [pk for pk in more if pk in vectors]
                dense_bridged = sorted(chosen, key=lambda pk: (-float(by_bridged[row[pk]]), pk))
        else:
            _, pks, matrix = embedding_matrix(dataset, model)
            cosines = matrix @ query
            order = np.argsort(-cosines, kind="stable")[:DENSE_CANDIDATES]
            dense = [pks[int(i)] for i in order]
            dense_bridged = []
            if bridged is not None:
                order = np.argsort(-(matrix @ bridged), kind="stable")[:DENSE_CANDIDATES]
                dense_bridged = [pks[int(i)] for i in order]
        position = {pk: i for i, pk in enumerate(pks)}
        ranked = {*dense, *(h.chunk.pk for h in keyword_hits), *other_pks, *dense_bridged}
        cosine = {pk: float(cosines[position[pk]]) for pk in ranked if pk in position}
        return self.fused(
            question,
            dense,
            keyword_hits,
            other_pks,
            dense_bridged,
            cosine,
            f"{text_version}/{model}/{version}",
            top_k,
        )

    def fused(
        self,
        question: str,
        dense: list[int],
        keyword_hits: list[Hit],
        other_pks: list[int],
        dense_bridged: list[int],
        cosine: dict[int, float],
        index: str,
        top_k: int = 0,
    ) -> Rankings:
        """The rankings fused by reciprocal rank and the fused head reranked (answering chunks
        first); `cosine` holds at least the cosine of every chunk of the rankings."""
        keyword_pks = [h.chunk.pk for h in keyword_hits]
        fused: dict[int, float] = {}
        for rank, pk in enumerate(dense):
            fused[pk] = self.dense_weight / (self.rrf_k + rank)
        for ranking in (keyword_pks, other_pks, dense_bridged):
            for rank, pk in enumerate(ranking):
                fused[pk] = fused.get(pk, 0.0) + 1.0 / (self.rrf_k + rank)
        order_fused = sorted(fused, key=lambda pk: (-fused[pk], pk))
        pool = order_fused[: max(top_k, self.rerank_pool)]
        chunks = Chunk.objects.in_bulk(pool)
        reranked = answering_first(
            question, [pk for pk in pool if pk in chunks], chunks, self.rerank
        )
        return Rankings(
            dense=dense,
            keyword=keyword_pks,
            other_language=other_pks,
            dense_bridged=dense_bridged,
            fused=order_fused,
            reranked=reranked,
            chunks=chunks,
            cosine={pk: cosine[pk] for pk in reranked if pk in cosine},
            bm25={h.chunk.pk: h.bm25 for h in keyword_hits},
            version=f"{index}/cross-lingual-{self.cross_lingual}/"
            f"rrf-{self.rrf_k}/"
            f"words-{self.keyword.chunk_words_version}/{self.rerank.name}",
        )


@dataclass
class Rankings:
    """What HybridRetriever.search fuses (chunk pks, best first), for the search and for
    measuring each ranking's recall (bench/bench_retrieval.py)."""

    dense: list[int]  # by cosine, DENSE_CANDIDATES places
    keyword: list[int]  # BM25 over the question's words
    other_language: list[int]  # BM25 over its words in the other language (d373)
    dense_bridged: list[int]  # by the cosine of the question with those words (d522)
    fused: list[int]  # reciprocal-rank fusion of the four
    reranked: list[int]  # the fused head, answering chunks first (d282)
    chunks: dict[int, Chunk]
    cosine: dict[int, float]
    bm25: dict[int, float]
    version: str

    def hits(self, top_k: int) -> list[Hit]:
        return [
            Hit(
                self.chunks[pk],
                round(min(1.0, max(0.0, self.cosine[pk])), 4),
                self.bm25.get(pk, 0.0),
            )
            for pk in self.reranked[:top_k]
            if pk in self.cosine
        ]


@dataclass(frozen=True)
class RerankReading:
    """The answerability reading the rerank sorts its pool by (d282): `version` with v5's
    meaning thresholds (0: never by meaning). rerank-1 (answer-assembly up to 2026-11.11, d468)
    read answerability-v4 from the words whatever the policy; rerank-2 (2026-11.13, d555)
    reads the policy's own reading (answerability_version and its paraphrase thresholds), so the
    chunks the pipeline's answerability will keep are the ones R2's caps (5 chunks, 3 a
    document) keep."""

    version: int = 4
    meaning: float = 0.0
    meaning_across: float = 0.0

    @property
    def name(self) -> str:
        if (self.version, self.meaning) == (4, 0.0):
            return "rerank-answerability-v4"  # rerank-1's name (up to 2026-11.11)
        return f"rerank-{VERSIONS[self.version]}@{self.meaning:g}/{self.meaning_across:g}"


RERANK_WORDS_V4 = RerankReading()  # rerank-1, the reading up to answer-assembly/2026-11.11


def rerank_reading(policy: SelectionPolicy) -> RerankReading:
    """The reading a policy's retrieval reranks by (policy.rerank_reading): "answerability" -
    the policy's answerability version and thresholds (answerability "off": rerank-1's);
    "answerability-v4" - rerank-1."""
    if policy.rerank_reading == "answerability-v4" or policy.answerability == "off":
        return RERANK_WORDS_V4
    version = policy.answerability_version
    if version < 5:
        return RerankReading(version)
    return RerankReading(
        version, policy.paraphrase_min_similarity, policy.paraphrase_cross_language_min_similarity
    )


def answering_first(
    question: str,
    pks: list[int],
    chunks: dict[int, Chunk],
    reading: RerankReading = RERANK_WORDS_V4,
) -> list[int]:
    """`pks` (in fused order) with the chunks that answer the question (pipeline.answerability:
    subject and attribute stated, as `reading` reads them) first, each group in its fused
    order."""
    parts = question_parts(question, reading.version, reading.meaning, reading.meaning_across)
    # v13: each chunk read in its document's context (title, section heading), as the pipeline
    contexts = contexts_of([chunks[pk] for pk in pks]) if reads_context(reading.version) else {}
    if reading.meaning:  # v5: the chunks' words' stored vectors (d484), as the pipeline reads
        with word_vectors_read():
            answers = {
                pk: chunk_answers(parts, chunks[pk].text, context=contexts.get(pk, ""))[0]
                for pk in pks
            }
    else:
        answers = {pk: chunk_answers(parts, chunks[pk].text)[0] for pk in pks}
    return sorted(pks, key=lambda pk: not answers[pk])


def retriever_for(
    embedder_name: str | None = None, policy: SelectionPolicy | None = None
) -> Retriever:
    """The configured retriever: hybrid with the configured embedder (its rerank reading the
    policy's answerability, rerank_reading), or keyword only."""
    embedder = embedder_for(embedder_name)
    if embedder is None:
        return KeywordRetriever()
    return HybridRetriever(embedder, rerank=rerank_reading(policy or SelectionPolicy()))
