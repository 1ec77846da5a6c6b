"""The retriever's rerank reads the policy's answerability (rerank_reading, answer-assembly/
2026-11.13, d555): a chunk the pipeline's answerability-v6 finds answering by meaning moves
ahead of the rest, where answerability-v4 read from the words (2026-11.11's rerank, selectable)
leaves the fused order as it was - and R2's caps (5 chunks, 3 a document) then cut from that
order. On the demo PDF's real chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedder_for
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import (
    RERANK_WORDS_V4,
    HybridRetriever,
    RerankReading,
    answering_first,
    rerank_reading,
    retriever_for,
)
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

# The pump's shutdown limit asked in other words than the manual's ("readings above 6.2 bar
# require an immediate shutdown"); v4 finds no chunk stating the question's terms.
QUESTION = "At what pressure reading do we have to shut the pump down straight away?"


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="rerank")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    return dataset


def test_the_policy_names_the_reading_the_rerank_reads():
    policy = SelectionPolicy()
    assert policy.rerank_reading == "answerability"
    reading = rerank_reading(policy)
    assert reading == RerankReading(19, 0.92, 0.84)  # v19 since 2026-11.24 (d1038)
    assert reading.name == "rerank-answerability-v19@0.92/0.84"
    old = SelectionPolicy(rerank_reading="answerability-v4")
    assert rerank_reading(old) is RERANK_WORDS_V4
    assert RERANK_WORDS_V4.name == "rerank-answerability-v4"  # 2026-11.11's name, unchanged
    assert rerank_reading(SelectionPolicy(answerability="off")) is RERANK_WORDS_V4
    assert rerank_reading(SelectionPolicy(answerability_version=4)) == RerankReading(4)
    assert policy.sha256 != old.sha256


def test_a_chunk_answering_by_meaning_moves_first(demo):
    chunks = {c.pk: c for c in demo.chunks.all()}
    fact = next(pk for pk, c in chunks.items() if "6.2 bar require" in c.text)
    order = [pk for pk in sorted(chunks) if pk != fact] + [fact]  # the fact's chunk last
    assert answering_first(QUESTION, order, chunks, RERANK_WORDS_V4) == order
    reranked = answering_first(QUESTION, order, chunks, rerank_reading(SelectionPolicy()))
    assert reranked[0] == fact
    assert reranked[1:] == order[:-1]  # the others keep their fused order


def test_the_retrieval_version_names_the_reading(demo):
    embedder = embedder_for("local")
    new = HybridRetriever(embedder).rankings(demo, QUESTION, 3)
    old = HybridRetriever(embedder, rerank=RERANK_WORDS_V4).rankings(demo, QUESTION, 3)
    assert new is not None and old is not None
    assert new.version.endswith("/rerank-answerability-v19@0.92/0.84")
    assert old.version.endswith("/rerank-answerability-v4")
    assert new.fused == old.fused  # the fusion is the same; only the head's order may move
    assert sorted(new.reranked) == sorted(old.reranked)
    configured = retriever_for("local", SelectionPolicy(rerank_reading="answerability-v4"))
    assert isinstance(configured, HybridRetriever) and configured.rerank is RERANK_WORDS_V4
