"""Measured and not built (d816): the order of the answering chunks in the retriever's reranked
head, replayed by bench/retrieval_losses.py (`--variants base,stated,weighted`).

The rerank (d282) puts the chunks that answer the question (pipeline.answerability, the policy's
reading) before those that do not, each group in fused order. When one document fills the head
(tracemonkey.pdf: 185 of the 188 chunks), R2 keeps three of its chunks (max_per_knowledge_id,
d438) and five in all; a fact chunk that answers but sits behind three other answering chunks of
its document is cut ("R2 selection"), behind eight it is "not retrieved".

- "fused" (answer-assembly up to 2026-11.22, unchanged): the answering chunks in fused order.
- "stated": the answering chunks by how many of the question's terms each states (its own
  words, or the term said in the other language through the CC-CEDICT bridge, as the
  cross-language BM25 ranking reads it, d373), more first, fused order among equals.
- "weighted": as "stated", each term weighted by its BM25 IDF among the head's chunks (a term
  every chunk of the head states tells none apart).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from groundgate.models import Chunk
from groundgate.pipeline.answerability import chunk_answers
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.crosslingual import other_language_words
from groundgate.services.retrieval import RerankReading, chunk_words, question_terms
from groundgate.services.word_vectors import word_vectors_read

ANSWERING_ORDERS = ("fused", "stated", "weighted")


def term_names(terms: list[str]) -> dict[str, frozenset[str]]:
    """Each of the question's `terms` (retrieval.question_terms) with its names in the other
    language (the cross-language ranking's reading, d373)."""
    return {t: frozenset([t]) | other_language_words(frozenset([t])) for t in terms}


def stated_terms(names: dict[str, frozenset[str]], words: frozenset[str]) -> int:
    """How many of the question's terms (`names`: term_names) a chunk whose words are `words`
    (retrieval.chunk_words) states, in either language."""
    return sum(1 for said in names.values() if said & words)


def stated_weights(
    names: dict[str, frozenset[str]], pool: list[frozenset[str]]
) -> dict[str, float]:
    """Each term's BM25 IDF among the head's chunks (`pool`: their words)."""
    n = len(pool)
    weights = {}
    for term, said in names.items():
        df = sum(1 for words in pool if said & words)
        weights[term] = math.log(1 + (n - df + 0.5) / (df + 0.5))
    return weights


def answering_ordered(
    pks: list[int], answers: dict[int, bool], stated: Callable[[int], float], order: str
) -> list[int]:
    """`pks` (in fused order) with the answering chunks first; under "stated" / "weighted"
    those ordered by `stated(pk)` (more first); each group otherwise in fused order."""
    if order not in ANSWERING_ORDERS:
        raise ValueError(f"answering order {order!r}: one of {', '.join(ANSWERING_ORDERS)}")
    if order == "fused":
        return sorted(pks, key=lambda pk: not answers[pk])
    counts = {pk: stated(pk) for pk in pks if answers[pk]}
    return sorted(pks, key=lambda pk: (not answers[pk], -counts.get(pk, 0)))


def reordered(
    question: str, head: list[int], chunks: dict[int, Chunk], reading: RerankReading, order: str
) -> list[int]:
    """The reranked `head` (answering chunks first, fused order) in `order`: the answers read
    again as services.retrieval.answering_first reads them (no v13 context: the default is v17)."""
    parts = question_parts(question, reading.version, reading.meaning, reading.meaning_across)
    with word_vectors_read():
        answers = {pk: chunk_answers(parts, chunks[pk].text)[0] for pk in head}
    names = term_names(question_terms(question))
    words = {pk: chunk_words(chunks[pk].text) for pk in head}
    if order == "weighted":
        weights = stated_weights(names, list(words.values()))
        return answering_ordered(
            head,
            answers,
            lambda pk: sum(weights[t] for t, said in names.items() if said & words[pk]),
            order,
        )
    return answering_ordered(head, answers, lambda pk: stated_terms(names, words[pk]), order)
