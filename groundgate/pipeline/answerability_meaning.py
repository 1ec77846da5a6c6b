"""Answerability-v5 (d-NEW1): a question's common term that a chunk does not state literally
(nor through the dictionary, answerability-v4) is found when one of the chunk's words means it:
the cosine of the two, each embedded alone by the embedding model the pipeline bundles
(multilingual-e5-small, `LocalE5Embedder`; no download), is at least the policy's
`paraphrase_min_similarity`, or `paraphrase_cross_language_min_similarity` when one of the two
is Chinese and the other not (e5-small's cosines across languages run lower: d372).

The chunk's words are its English content words (stop words and words of one letter left out)
and its Chinese words of two or more characters (jieba's cut); a named or coded term (TraceMonkey,
PM10, a person or place) is never matched by meaning - a name is its identity. Each text is
embedded once per process ("query: " prefix on both sides: two short texts compared as equals)
and kept in a bounded cache; a vector does not depend on the batch it was embedded in, so the
check is deterministic.

Stored word vectors (d484): the words of a dataset's chunks are embedded when the chunks are
indexed (services/word_vectors.py, keyed by the model and the word's sha256 like d242), and a
caller that has them passes a lookup with `stored_vectors(fetch)`: a word not yet in the
process's cache is read from the store first, and only a word the store lacks is embedded here
(a stored vector is the same bytes: `embed_words` made it). Without a lookup, every word is
embedded on first use, as before. Verdicts are the same either way.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import numpy as np

from groundgate.engine.words import EN_STOP_WORDS, ZH_STOP_WORDS

_EN = re.compile(r"[a-z][a-z'’-]*[a-z]")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_STOP = EN_STOP_WORDS | ZH_STOP_WORDS


@lru_cache(maxsize=1)
def _jieba() -> Any:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


@lru_cache(maxsize=4096)
def text_words(lowered: str) -> tuple[str, ...]:
    """The words of a (lower-cased) text a term may be matched against: its English words, then
    its Chinese ones, each once."""
    words = [w for w in _EN.findall(lowered) if w not in _STOP]
    for run in _CJK.findall(lowered):
        words += [w for w in _jieba().lcut(run) if len(w) >= 2 and w not in _STOP]
    return tuple(dict.fromkeys(words))


Fetch = Callable[[list[str]], dict[str, np.ndarray]]
_STORE: ContextVar[Fetch | None] = ContextVar("answerability_meaning_store", default=None)


@contextmanager
def stored_vectors(fetch: Fetch | None) -> Iterator[None]:
    """Within this block, a word's vector is looked up with `fetch` (words -> the stored unit
    vectors it has, under `model_name()`) before it is embedded."""
    token = _STORE.set(fetch)
    try:
        yield
    finally:
        _STORE.reset(token)


_embedder: Any = None


def _local_embedder() -> Any:
    global _embedder
    if _embedder is None:
        from groundgate.pipeline.embedding import LocalE5Embedder

        _embedder = LocalE5Embedder()
    return _embedder


@lru_cache(maxsize=1)
def model_name() -> str:
    """The model the word vectors are made with (what a store keys them by)."""
    from groundgate.pipeline.embedding import LocalE5Embedder

    return LocalE5Embedder().name


def embed_words(words: list[str]) -> np.ndarray:
    """The unit vectors (float32) of `words`, one row each, as the check compares them
    ("query: " prefix); a row does not depend on the batch it was embedded in."""
    if not words:
        return np.zeros((0, 384), dtype=np.float32)
    raw = np.asarray(_local_embedder()._run(list(words), query=True), dtype=np.float32)
    raw = raw.reshape(len(words), -1)
    norms = np.linalg.norm(raw, axis=1, keepdims=True)
    unit: np.ndarray = (raw / np.where(norms == 0, 1, norms)).astype(np.float32)
    return unit


class _Vectors:
    """Unit vectors of short texts by text, embedded by e5-small once per process (or read from
    the store `stored_vectors` names)."""

    SIZE = 50_000
    _lock = threading.Lock()
    _memo: OrderedDict[str, np.ndarray] = OrderedDict()

    @classmethod
    def of(cls, texts: tuple[str, ...]) -> np.ndarray:
        with cls._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in cls._memo]
        fetch = _STORE.get()
        found = fetch(missing) if fetch is not None and missing else {}
        with cls._lock:
            for text, row in found.items():
                cls._memo[text] = row
            missing = [t for t in dict.fromkeys(texts) if t not in cls._memo]
            if missing:
                for text, row in zip(missing, embed_words(missing), strict=True):
                    cls._memo[text] = row
            rows = []
            for text in texts:
                cls._memo.move_to_end(text)
                rows.append(cls._memo[text])
            while len(cls._memo) > cls.SIZE:
                cls._memo.popitem(last=False)
        return np.vstack(rows)


def closest_word(term: str, lowered: str) -> tuple[str, float]:
    """The word of `lowered` closest in meaning to `term`, and its cosine ("", 0.0: none)."""
    words = text_words(lowered)
    if not words:
        return "", 0.0
    vectors = _Vectors.of((term, *words))
    cosines = vectors[1:] @ vectors[0]
    best = int(np.argmax(cosines))
    return words[best], float(cosines[best])


def means(term: str, lowered: str, threshold: float, across: float | None = None) -> bool:
    """A word of `lowered` means `term`: its cosine with the term is at least `threshold`, or
    `across` (None: `threshold`) when one of the two is Chinese and the other not."""
    words = text_words(lowered)
    if not words:
        return False
    vectors = _Vectors.of((term, *words))
    cosines = vectors[1:] @ vectors[0]
    chinese = _CJK.search(term) is not None
    across = threshold if across is None else across
    return any(
        float(cosine) >= (threshold if (_CJK.search(word) is not None) == chinese else across)
        for word, cosine in zip(words, cosines, strict=True)
    )
