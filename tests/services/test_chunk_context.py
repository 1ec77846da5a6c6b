"""Each chunk's document context for answerability-v13 (services/chunk_context.py): the title and
the section heading above the chunk, read from the stored chunks of real PDFs (the demo PDF: a
manual, a bulletin and a decision bound in one file; tracemonkey.pdf: a paper with numbered
sections), and read by the pipeline when the policy asks for v13."""

from __future__ import annotations

import pytest

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.services.answering import answer_question
from groundgate.services.chunk_context import contexts_of
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedder_for
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import HybridRetriever
from tests.conftest import ROOT, shared_data

pytestmark = pytest.mark.django_db

TITLE = "Pump Station Maintenance Manual - Section 2"
PAPER = "Trace-based Just-in-Time Type Specialization for Dynamic Languages"


def _ingest(slug: str, *paths):  # type: ignore[no-untyped-def]
    dataset, _ = dataset_get_or_create(slug=slug)
    for path in paths:
        document_ingest(dataset=dataset, data=path.read_bytes(), filename=path.name)
    return dataset


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return _ingest("context", ROOT / "fixtures" / "demo" / "demo-documents.pdf")


def test_the_demo_chunks_contexts(demo):
    chunks = list(demo.chunks.order_by("ordinal"))
    contexts = contexts_of(chunks)
    by_text = {c.text.split("\n")[0][:20]: contexts[c.pk] for c in chunks}
    assert by_text["The bearing temperat"] == f"{TITLE}\nSection 2.1 Inspection intervals"
    # the bulletin and the decision head their own pages: the manual's title is not theirs
    assert by_text["2023年环境质量公报（摘录）"] == ""
    assert by_text["行政处罚决定书（摘录）"] == ""


def test_a_paper_chunk_is_read_under_its_numbered_section(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset = _ingest("paper", shared_data("pdfs", "tracemonkey.pdf"))
    chunks = list(dataset.chunks.order_by("ordinal"))
    contexts = contexts_of(chunks)
    fact = next(c for c in chunks if "3800 cycles per bytecode" in c.text)
    assert contexts[fact.pk] == f"{PAPER}\n7. Evaluation"
    # a window of the document far from its start still has the title (one query a document)
    assert contexts_of([fact]) == {fact.pk: contexts[fact.pk]}


def test_the_pipeline_reads_the_context_under_v13_only(demo):
    question = "Our bearing reads 80 C - what upper limit does the maintenance section set?"
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder)
    old = answer_question(  # v17, 2026-11.22's default: neither context nor a reading read
        dataset=demo,
        question=question,
        provider=ExtractiveProvider(),
        policy=SelectionPolicy(answerability_version=17),
        retriever=retriever,
    )
    new = answer_question(
        dataset=demo,
        question=question,
        provider=ExtractiveProvider(),
        policy=SelectionPolicy(answerability_version=13),
        retriever=retriever,
    )
    assert old.run.public.status == "NO_EVIDENCE"
    assert new.run.public.status == "OK", new.run.reason
    assert "85 C" in new.run.public.model_dump_json()
    # v18, the default since 2026-11.23 (d865): the reading 80 C asks the limit in °C
    now = answer_question(
        dataset=demo,
        question=question,
        provider=ExtractiveProvider(),
        policy=SelectionPolicy(),
        retriever=retriever,
    )
    assert now.run.public.status == "OK", now.run.reason
    assert "85 C" in now.run.public.model_dump_json()
