"""XiaoBiaoSong.pdf, a Chinese table of contents that PyMuPDF's plain reading gives one character
a line ("关 \\n于 \\n红 \\n军 ..."), on a real ingestion (issue 32): the stored chunk reads the
entries as lines of words, a Chinese question about an entry retrieves its chunk, and a question
file's evidence written with the characters spaced is found in it (retrieval_eval, d527)."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.engine.words import cjk_gaps_joined
from groundgate.models import Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedder_for
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import HybridRetriever, KeywordRetriever
from groundgate.services.retrieval_eval import Question, holds_fact
from tests.conftest import SHARED

PDF = SHARED / "data" / "pdfs" / "XiaoBiaoSong.pdf"
ENTRY = "关于红军作战的原则"

pytestmark = pytest.mark.django_db


@pytest.fixture
def toc(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="xiaobiaosong")
    document_ingest(dataset=dataset, data=PDF.read_bytes(), filename=PDF.name)
    return dataset


def _entry_chunk(dataset) -> Chunk:
    found = [c for c in Chunk.objects.filter(dataset=dataset) if ENTRY in c.text]
    assert len(found) == 1
    return found[0]


def test_gaps_between_chinese_characters_are_joined_and_no_other():
    assert cjk_gaps_joined("关 \n于 \n红 \n军") == "关于红军"
    assert cjk_gaps_joined("第 3 页 page 12\nvalue 红") == "第 3 页 page 12\nvalue 红"


def test_the_page_printed_one_character_a_line_is_stored_as_lines_of_words(toc):
    with pymupdf.open(PDF) as pdf:
        raw = pdf[0].get_text()
    assert "关 \n于 \n红 \n军" in raw and ENTRY not in raw  # the plain reading
    chunk = _entry_chunk(toc)
    assert "（一九三七年八月一日）" in chunk.text


@pytest.mark.parametrize("spaced", [False, True])
def test_evidence_with_the_characters_spaced_is_found_in_the_stored_chunk(toc, spaced):
    evidence = "红 军 作 战 的 原 则" if spaced else "红军作战的原则"
    question = Question("zh", "zh", "关于红军作战原则的那篇是哪天写的？", True, (evidence,))
    assert holds_fact(_entry_chunk(toc).text, question)
    assert not holds_fact("红 军 作 战", Question("x", "zh", "?", True, ("红军作战的原则",)))


def test_a_chinese_question_about_an_entry_retrieves_its_chunk(toc):
    chunk = _entry_chunk(toc)
    question = "关于红军作战原则的那篇是哪天写的？"
    hits, _ = KeywordRetriever().search(toc, question, 5)
    assert hits[0].chunk.pk == chunk.pk
    embedder = embedder_for("local")
    assert embedder is not None
    hits, _ = HybridRetriever(embedder).search(toc, question, 5)
    assert hits[0].chunk.pk == chunk.pk
