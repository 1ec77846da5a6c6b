"""The answering chunks' order in the retriever's reranked head, measured and not built (d816,
bench/answering_order.py, replayed by bench/retrieval_losses.py): "fused" is the retriever's
order (answer-assembly 2026-11.22, unchanged); "stated" puts first the answering chunks stating
more of the question's terms, in either language, fused order among equals; "weighted" weighs
each term by its IDF in the head. On the demo PDF's chunks (their text, and the ingested PDF)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.answering_order import (
    ANSWERING_ORDERS,
    answering_ordered,
    reordered,
    stated_terms,
    stated_weights,
    term_names,
)
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import (
    answering_first,
    chunk_words,
    question_terms,
    rerank_reading,
)
from tests.conftest import ROOT

MANUAL = (
    "The bearing temperature must not exceed 85 C. Lubricate the bearings with 120 g of grease "
    "every 2,000 operating hours, or at least once a year."
)
DECISION = (
    "经查，当事人于2024年5月10日超标排放废水，"
    "化学需氧量浓度为150mg/L，超过排放标准（100mg/L）0.5倍。"
)


def test_a_term_is_stated_in_its_own_words_or_the_other_language():
    names = term_names(question_terms("How much grease goes into the bearings?"))
    assert stated_terms(names, chunk_words(MANUAL)) == 2  # grease, bearings
    # a Chinese question on the English manual: 轴承 is said "bearing(s)" (CC-CEDICT)
    names = term_names(question_terms("轴承用多少润滑脂？"))
    assert stated_terms(names, chunk_words(MANUAL)) >= 1
    # an English question on the Chinese decision: the bridge finds none of its words there
    # (浓度 is "concentration", 排放 "discharge", 废水 "waste water": no inflected form, no
    # closed compound) - why such questions are "not retrieved" (d818)
    names = term_names(question_terms("How concentrated was the discharged wastewater?"))
    assert stated_terms(names, chunk_words(DECISION)) == 0


def test_fused_keeps_the_answering_chunks_in_fused_order():
    pks = [1, 2, 3, 4, 5]
    answers = {1: False, 2: True, 3: False, 4: True, 5: True}
    counts = {2: 1, 4: 3, 5: 2}
    assert answering_ordered(pks, answers, counts.__getitem__, "fused") == [2, 4, 5, 1, 3]
    assert answering_ordered(pks, answers, counts.__getitem__, "stated") == [4, 5, 2, 1, 3]


def test_an_unknown_order_is_refused():
    with pytest.raises(ValueError, match="answering order"):
        answering_ordered([1], {1: True}, lambda pk: 0, "cosine")
    assert ANSWERING_ORDERS == ("fused", "stated", "weighted")


def test_a_term_every_chunk_states_weighs_least():
    names = term_names(["grease", "bearings", "station"])
    pool = [chunk_words(MANUAL), chunk_words(MANUAL + " Mechanical seal kit MS-40: 2 per station.")]
    weights = stated_weights(names, pool)
    assert weights["grease"] < weights["station"]


@pytest.mark.django_db
def test_fused_replays_the_retrievers_rerank(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="order")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    chunks = {c.pk: c for c in dataset.chunks.all()}
    question = "How much grease do the bearings get, and how often?"
    reading = rerank_reading(SelectionPolicy())
    head = answering_first(question, sorted(chunks, reverse=True), chunks, reading)
    assert reordered(question, head, chunks, reading, "fused") == head
    stated = reordered(question, head, chunks, reading, "stated")
    assert sorted(stated) == sorted(head)
    assert "120 g of grease" in chunks[stated[0]].text


@given(
    st.lists(st.tuples(st.booleans(), st.integers(0, 5)), min_size=0, max_size=30),
    st.sampled_from(ANSWERING_ORDERS[:2]),
)
def test_the_order_is_a_permutation_answering_first(rows, order):
    pks = list(range(len(rows)))
    answers = {pk: rows[pk][0] for pk in pks}
    ordered = answering_ordered(pks, answers, lambda pk: rows[pk][1], order)
    assert sorted(ordered) == pks
    flags = [answers[pk] for pk in ordered]
    assert flags == sorted(flags, reverse=True)  # every answering chunk before the others
    rest = [pk for pk in ordered if not answers[pk]]
    assert rest == sorted(rest)  # the others keep their fused order under either reading
    head = [pk for pk in ordered if answers[pk]]
    if order == "fused":
        assert head == sorted(head)
    else:  # more terms stated first; fused order among equals
        assert head == sorted(head, key=lambda pk: (-rows[pk][1], pk))
