"""BM25 word readings for Chinese, measured on the replayed retrieval and not built (d1004,
bench/keyword_words.py, replayed by bench/retrieval_losses.py `keyword_words`): `py` is the
index's own words scored in Python and must give KeywordRetriever.search's order (so a reading is
judged against the ranking the pipeline has, not another scorer); `zh-search` adds jieba's
search-mode words, `zh-bigram` adjacent character pairs, `zh-numbers` a number with its unit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.keyword_words import EXTRA, _zh_number, bm25_ranking, question_terms, reading_words
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import KeywordRetriever, chunk_words
from groundgate.services.retrieval import question_terms as index_terms
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

DECISION = (
    "经查，当事人于2024年5月10日超标排放废水，"
    "化学需氧量浓度为150mg/L，超过排放标准（100mg/L）0.5倍。罚款二十万元。"
)


def test_py_is_the_index_reading():
    assert reading_words("py", DECISION, True) == chunk_words(DECISION)
    question = "当事人超标排放废水被罚款多少？"
    assert question_terms("py", question) == index_terms(question)


def test_search_mode_adds_the_words_inside_a_longer_one():
    words = reading_words("zh-search", "中华人民共和国大气污染防治法", True)
    assert {"中华人民共和国", "大气污染", "大气", "污染", "防治"} <= words
    assert "大气" not in reading_words("py", "中华人民共和国大气污染防治法", True)


def test_a_number_is_read_with_its_unit_in_digits():
    assert EXTRA["zh-numbers"]("机器运行一千五百个小时了") == {"1500小时"}
    assert "20万元" in EXTRA["zh-numbers"]("罚款20万元")
    assert "20万元" in EXTRA["zh-numbers"]("罚款二十万元")
    assert EXTRA["zh-numbers"]("没有数字") == set()


@given(st.integers(1, 9999))
def test_chinese_numerals_read_as_their_digits(n):
    digits = "零一二三四五六七八九"
    parts = []
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d = n // value % 10
        if d:
            parts.append(digits[d] + unit)
        elif parts and n % value:
            parts.append("零")
    spoken = "".join(parts).replace("零零", "零")
    assert _zh_number(spoken) == str(n)


def test_py_gives_the_keyword_retrievers_order(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="words")
    for pdf in (
        ROOT / "fixtures" / "demo" / "demo-documents.pdf",
        ROOT.parent / "shared" / "data" / "pdfs" / "XiaoBiaoSong.pdf",
    ):
        if pdf.exists():
            document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    texts = {c.pk: c.text for c in dataset.chunks.all()}
    for question in (
        "How much grease do the bearings get, and how often?",
        "当事人超标排放废水被罚款多少？",
        "毛泽东在抗日战争时期写了哪些文章？",
    ):
        hits, _ = KeywordRetriever().search(dataset, question, 20)
        ranked = bm25_ranking("py", texts, question_terms("py", question), 20, by_share=True)
        assert ranked == [h.chunk.pk for h in hits]
