"""BM25 with each chunk's document context (issue 32, answerability-v13; measured, not adopted -
d606): the retriever's keyword index holds a chunk's words and those of its title and the
section heading above it (services/chunk_context.py), so a question that names the document's
subject or section ranks the section's chunks higher. A bench-only retriever for
`bench/bench_retrieval.py --bm25-context`, and an embedder that embeds a chunk with its context
for `--embed-context`: the product's index is unchanged."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from django.db import connection, transaction

from groundgate.models import ChunkIndexState, Dataset
from groundgate.pipeline.embedding import Embedder
from groundgate.services.chunk_context import contexts_of
from groundgate.services.embedding_index import retrievable_chunks
from groundgate.services.retrieval import KeywordRetriever


class ContextKeywordRetriever(KeywordRetriever):
    """KeywordRetriever whose FTS rows also hold the words of each chunk's context."""

    chunk_words_version = 2  # the words' reading; the index's name says "+context"

    @transaction.atomic
    def _ensure_index(self, dataset: Dataset, version: str) -> None:
        version = f"{version}/words-{self.chunk_words_version}+context"
        state = ChunkIndexState.objects.select_for_update().filter(dataset=dataset).first()
        if state is not None and state.version == version:
            return
        chunks = list(retrievable_chunks(dataset))
        contexts = contexts_of(chunks)
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM groundgate_chunk_fts WHERE dataset_id = %s", [dataset.pk])
            rows = [
                (
                    " ".join(sorted(self.words(c.text) | self.words(contexts.get(c.pk, "")))),
                    c.pk,
                    dataset.pk,
                )
                for c in chunks
            ]
            cursor.executemany(
                "INSERT INTO groundgate_chunk_fts (body, chunk_pk, dataset_id) VALUES (%s, %s, %s)",
                rows,
            )
        ChunkIndexState.objects.update_or_create(dataset=dataset, defaults={"version": version})


class ContextEmbedder:
    """An embedder whose passages are embedded with their chunk's context before them (the
    title and section heading, "passage: <context>\\n<text>"); queries as before. Bench-only:
    `bench/bench_retrieval.py --embed-context`. It keeps the inner model's name, so the
    policy's thresholds for that model apply (measured, not adopted - d606)."""

    def __init__(self, inner: Embedder, contexts: dict[str, str]) -> None:
        self.inner = inner
        self.name = inner.name
        self.contexts = contexts  # chunk text -> its context

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_passages(
            [f"{self.contexts[t]}\n{t}" if self.contexts.get(t) else t for t in texts]
        )

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)


def context_embedder(inner: Embedder, dataset: Dataset) -> ContextEmbedder:
    chunks = list(retrievable_chunks(dataset))
    contexts = contexts_of(chunks)
    return ContextEmbedder(inner, {c.text: contexts.get(c.pk, "") for c in chunks})
