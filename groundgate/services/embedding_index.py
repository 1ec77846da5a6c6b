"""The embedding index: one vector per text chunk and embedding model (ChunkEmbedding rows).

Incremental: `embedding_index_update` embeds only the chunks that have no vector under the model
yet, or whose text changed since (text_sha256). Ingestion calls it after a document's chunks are
stored; `manage.py embed_chunks` (re)builds it with progress. Search reads the dataset's vectors
into one matrix, cached per process until the index changes.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, QuerySet

from groundgate.models import Chunk, ChunkEmbedding, ChunkKind, Dataset
from groundgate.pipeline.embedding import (
    Embedder,
    LocalE5Embedder,
    OpenAIEmbedder,
    from_bytes,
    to_bytes,
)
from groundgate.services.vector_store import pgvector_enabled, pgvector_store

BATCH = 16
Progress = Callable[[int, int], None]


def embedder_for(name: str | None = None) -> Embedder | None:
    """The configured embedder (GROUNDGATE_EMBEDDER: local, openai or none)."""
    name = name or settings.GROUNDGATE_EMBEDDER
    if name == "none":
        return None
    if name == "local":
        return LocalE5Embedder(threads=settings.GROUNDGATE_EMBEDDING_THREADS)
    if name == "openai":
        if not settings.OPENAI_API_KEY or not settings.GROUNDGATE_EMBEDDING_MODEL:
            raise ValueError(
                "embedder openai: set OPENAI_API_KEY and GROUNDGATE_EMBEDDING_MODEL "
                "(and OPENAI_BASE_URL)"
            )
        return OpenAIEmbedder(
            base_url=settings.OPENAI_BASE_URL or None,
            api_key=settings.OPENAI_API_KEY,
            model=settings.GROUNDGATE_EMBEDDING_MODEL,
            timeout=settings.GROUNDGATE_LLM_TIMEOUT,
            max_retries=settings.GROUNDGATE_LLM_MAX_RETRIES,
            query_prefix=settings.GROUNDGATE_EMBEDDING_QUERY_PREFIX,
            passage_prefix=settings.GROUNDGATE_EMBEDDING_PASSAGE_PREFIX,
        )
    raise ValueError(f"embedder must be local, openai or none; got {name!r}")


def text_sha256(text: str) -> str:
    """The key a text's vector is stored under, with its model (d242; word vectors too, d484)."""
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class IndexReport:
    model: str
    chunks: int
    embedded: int  # vectors written (computed or reused)
    seconds: float
    reused: int = 0  # of those, copied from the same text embedded before


def retrievable_chunks(dataset: Dataset) -> QuerySet[Chunk]:
    """The dataset's chunks retrieval searches: text chunks, not those whose text is garbled
    (documents.text_quality: marked at ingestion, left out of every index)."""
    return Chunk.objects.filter(dataset=dataset, kind=ChunkKind.TEXT).exclude(
        metadata__has_key="garbled"
    )


def embedding_index_update(
    dataset: Dataset,
    embedder: Embedder,
    *,
    rebuild: bool = False,
    progress: Progress | None = None,
    batch: int = BATCH,
) -> IndexReport:
    """Embed the dataset's text chunks that lack a current vector under `embedder.name`
    (all of them with rebuild=True). Each batch is its own transaction: an interrupted run
    keeps what it finished and the next run goes on from there."""
    started = time.perf_counter()
    model = embedder.name
    stored = ChunkEmbedding.objects.filter(dataset=dataset, model=model)
    if rebuild:
        stored.delete()
    have = dict(stored.values_list("chunk_id", "text_sha256"))
    chunks = list(retrievable_chunks(dataset).order_by("pk").values_list("pk", "text"))
    todo = [(pk, text) for pk, text in chunks if have.get(pk) != text_sha256(text)]
    # The same text embedded before under this model (another dataset, an earlier ingestion of
    # the same PDF): its vector is copied, not computed again (the model is deterministic).
    # A rebuild computes every vector afresh.
    known = {} if rebuild else _known_vectors(model, {text_sha256(text) for _, text in todo})
    done = reused = 0
    if progress:
        progress(0, len(todo))
    for start in range(0, len(todo), batch):
        part = todo[start : start + batch]
        fresh = [text for _, text in part if text_sha256(text) not in known]
        computed = dict(zip(fresh, embedder.embed_passages(fresh), strict=True)) if fresh else {}
        vectors = [
            computed[text] if text in computed else from_bytes(known[text_sha256(text)])
            for _, text in part
        ]
        with transaction.atomic():
            ChunkEmbedding.objects.filter(model=model, chunk_id__in=[pk for pk, _ in part]).delete()
            ChunkEmbedding.objects.bulk_create(
                ChunkEmbedding(
                    chunk_id=pk,
                    dataset=dataset,
                    model=model,
                    text_sha256=text_sha256(text),
                    dim=int(vector.shape[0]),
                    vector=to_bytes(vector),
                )
                for (pk, text), vector in zip(part, vectors, strict=True)
            )
            if pgvector_enabled():
                pgvector_store(model, [(pk, v) for (pk, _), v in zip(part, vectors, strict=True)])
        done += len(part)
        reused += len(part) - len(fresh)
        if progress:
            progress(done, len(todo))
    return IndexReport(
        model, len(chunks), len(todo), round(time.perf_counter() - started, 3), reused
    )


def _known_vectors(model: str, hashes: set[str]) -> dict[str, bytes]:
    """Stored vectors under `model` by text hash, for these hashes (one per hash)."""
    known: dict[str, bytes] = {}
    wanted = sorted(hashes)
    for start in range(0, len(wanted), 500):
        rows = ChunkEmbedding.objects.filter(
            model=model, text_sha256__in=wanted[start : start + 500]
        ).values_list("text_sha256", "vector")
        for sha, blob in rows:
            known.setdefault(sha, bytes(blob))
    return known


def embedding_index_version(dataset: Dataset, model: str) -> str:
    stats = ChunkEmbedding.objects.filter(dataset=dataset, model=model).aggregate(
        n=Count("id"), last=Max("id")
    )
    return f"vectors-{stats['n']}-{stats['last'] or 0}"


def embedding_count(version: str) -> int:
    """The number of vectors an embedding_index_version names."""
    return int(version.split("-")[1])


def vectors_of(model: str, chunk_pks: list[int]) -> dict[int, np.ndarray]:
    """The stored vectors of these chunks under `model`, by chunk pk."""
    rows = ChunkEmbedding.objects.filter(model=model, chunk_id__in=chunk_pks).values_list(
        "chunk_id", "vector"
    )
    return {pk: from_bytes(bytes(blob)) for pk, blob in rows}


_CACHE: dict[tuple[int, str], tuple[str, list[int], np.ndarray]] = {}
_CACHE_LOCK = threading.Lock()


def embedding_matrix(dataset: Dataset, model: str) -> tuple[str, list[int], np.ndarray]:
    """(index version, chunk pks, matrix of their vectors), cached until the index changes."""
    version = embedding_index_version(dataset, model)
    key = (dataset.pk, model)
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
        if cached is not None and cached[0] == version:
            return cached
    rows = list(
        ChunkEmbedding.objects.filter(dataset=dataset, model=model)
        .order_by("chunk_id")
        .values_list("chunk_id", "vector")
    )
    pks = [pk for pk, _ in rows]
    matrix = (
        np.vstack([from_bytes(bytes(blob)) for _, blob in rows])
        if rows
        else np.zeros((0, 1), dtype=np.float32)
    )
    entry = (version, pks, matrix)
    with _CACHE_LOCK:
        _CACHE[key] = entry
    return entry


def embedding_index_refresh(
    dataset: Dataset, *, progress: Progress | None = None, word_progress: Progress | None = None
) -> tuple[IndexReport | None, str]:
    """After ingestion (GROUNDGATE_EMBED_ON_INGEST): embed the new chunks with the configured
    embedder, then their new words for answerability-v5 (services/word_vectors.py, d484; with
    the offline model whatever the embedder, as v5 reads them). Never fails the ingestion it
    follows: an unreachable endpoint is reported, the retriever embeds what is missing on its
    next search and v5 a word it lacks. Returns (report or None, problem)."""
    if not settings.GROUNDGATE_EMBED_ON_INGEST:
        return None, ""
    report, problem = None, ""
    try:
        embedder = embedder_for()
        if embedder is not None:
            report = embedding_index_update(dataset, embedder, progress=progress)
    except Exception as exc:  # an endpoint down or misconfigured: ingestion stands
        problem = f"{type(exc).__name__}: {exc}"
    try:
        from groundgate.services.word_vectors import word_vector_index_update

        word_vector_index_update(dataset, progress=word_progress)
    except Exception as exc:  # the words are embedded when a question needs them
        problem = problem or f"word vectors: {type(exc).__name__}: {exc}"
    return report, problem
