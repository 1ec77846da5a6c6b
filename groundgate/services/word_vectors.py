"""The word-vector index: answerability-v5's vectors of the words of a dataset's chunks
(WordVector rows, d484).

v5 (pipeline/answerability_meaning.py) reads a question's term against the words of a chunk by
e5-small's cosine. Embedding those words when a question first meets the chunk cost 1.2-1.8 s a
chunk per process (d469); here they are embedded when the chunks are indexed: incremental (only
words that have no vector under the model yet; a word is stored once, whatever dataset or chunk
it came from, keyed by the model and its sha256 like d242), after ingestion with the chunk
vectors, and (re)built by `manage.py embed_chunks` with progress. The answering services pass
`stored_word_vectors` to the pipeline (`answerability_meaning.stored_vectors`): a word missing
from the store is embedded at question time as before, so the verdicts do not depend on it.
"""

from __future__ import annotations

import re
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
from django.db import transaction

from groundgate.models import Chunk, ChunkKind, Dataset, Document, WordIndexState, WordVector
from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability import line_hyphens_joined, meaning_words
from groundgate.pipeline.embedding import from_bytes, to_bytes
from groundgate.services.embedding_index import retrievable_chunks, text_sha256

BATCH = 64
Progress = Callable[[int, int], None]


@dataclass
class WordIndexReport:
    model: str
    chunks: int
    words: int  # distinct words of the chunks
    embedded: int  # of those, embedded now (the others were stored)
    seconds: float


def _stored(model: str, shas: list[str]) -> dict[str, bytes]:
    """The stored vectors under `model` of these text hashes, by hash (500 to a query)."""
    found: dict[str, bytes] = {}
    for start in range(0, len(shas), 500):
        rows = WordVector.objects.filter(
            model=model, text_sha256__in=shas[start : start + 500]
        ).values_list("text_sha256", "vector")
        found.update((sha, bytes(blob)) for sha, blob in rows)
    return found


def word_vector_index_update(
    dataset: Dataset,
    *,
    rebuild: bool = False,
    progress: Progress | None = None,
    batch: int = BATCH,
) -> WordIndexReport:
    """Embed the words of the dataset's retrievable chunks added since the last update
    (WordIndexState) that have no vector yet; with rebuild=True, every word of every chunk
    again. Each batch is its own transaction: an interrupted run keeps the words it stored, and
    the chunks are marked read only at the end."""
    started = time.perf_counter()
    model = answerability_meaning.model_name()
    state, _ = WordIndexState.objects.get_or_create(dataset=dataset, model=model)
    after = 0 if rebuild else state.last_chunk_pk
    rows = list(
        retrievable_chunks(dataset).filter(pk__gt=after).order_by("pk").values_list("pk", "text")
    )
    texts = [text for _, text in rows]
    words: dict[str, str] = {}
    for text in texts:
        for word in meaning_words(text):
            if word not in words:
                words[word] = text_sha256(word)
    shas = list(words.values())
    if rebuild:
        for start in range(0, len(shas), 500):
            part = shas[start : start + 500]
            WordVector.objects.filter(model=model, text_sha256__in=part).delete()
    have = set() if rebuild else set(_stored(model, shas))
    todo = [word for word, sha in words.items() if sha not in have]
    if progress:
        progress(0, len(todo))
    for start in range(0, len(todo), batch):
        part = todo[start : start + batch]
        vectors = answerability_meaning.embed_words(part)
        with transaction.atomic():
            WordVector.objects.bulk_create(
                (
                    WordVector(
                        model=model,
                        text_sha256=words[word],
                        text=word,
                        dim=int(vector.shape[0]),
                        vector=to_bytes(vector),
                    )
                    for word, vector in zip(part, vectors, strict=True)
                ),
                ignore_conflicts=True,  # another process stored the same word meanwhile
            )
        if progress:
            progress(min(start + batch, len(todo)), len(todo))
    if rows:
        WordIndexState.objects.filter(pk=state.pk).update(last_chunk_pk=rows[-1][0])
    return WordIndexReport(
        model, len(texts), len(words), len(todo), round(time.perf_counter() - started, 3)
    )


def stored_word_vectors(words: list[str]) -> dict[str, np.ndarray]:
    """The stored unit vectors of these words under the model v5 reads with, by word."""
    model = answerability_meaning.model_name()
    by_sha = {text_sha256(word): word for word in words}
    stored = _stored(model, list(by_sha))
    return {by_sha[sha]: from_bytes(blob) for sha, blob in stored.items()}


@contextmanager
def word_vectors_read() -> Iterator[None]:
    """Within this block, answerability-v5 reads the words' stored vectors before it embeds."""
    with answerability_meaning.stored_vectors(stored_word_vectors):
        yield


# Words no chunk uses any more (d521) ----------------------------------------------------------
# A word's vector is shared by every dataset (keyed by model and word), so deleting a dataset or a
# document cannot delete its chunks' words outright: after the deletion commits, the words its
# chunks had are looked for in every retrievable chunk left, and those found nowhere are deleted.
# A chunk's words are read by a screen that never misses one meaning_words gives (its English
# words in the text's lower-cased forms; every piece of its Chinese runs as long as the longest
# word looked for), without jieba or sentence splitting: meaning_words costs ~40 ms a chunk.
_EN_WORD = re.compile(r"[a-z][a-z'\u2019-]*[a-z]")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_pending = threading.local()


def _lowered_forms(text: str) -> tuple[str, ...]:
    lowered = unicodedata.normalize("NFKC", text).lower()
    collapsed = " ".join(lowered.split())
    return lowered, line_hyphens_joined(lowered), line_hyphens_joined(collapsed)


def _english_words(text: str) -> set[str]:
    return {w for form in _lowered_forms(text) for w in _EN_WORD.findall(form)}


def _chunk_may_say(text: str, longest: int) -> set[str]:
    """A superset of meaning_words(text) as far as words of up to `longest` characters go."""
    found = _english_words(text)
    for run in _CJK_RUN.findall(unicodedata.normalize("NFKC", text)):
        for size in range(2, min(longest, len(run)) + 1):
            found.update(run[i : i + size] for i in range(len(run) - size + 1))
    return found


def words_unused_deleted(candidates: Iterable[str] | None = None) -> int:
    """Delete the stored vectors (under every model) of the words among `candidates` (None:
    every stored word) that no retrievable chunk of any dataset may use any more. Returns the
    number of distinct words deleted."""
    if candidates is None:
        todo = set(WordVector.objects.values_list("text", flat=True).distinct())
    else:
        wanted, todo = list(dict.fromkeys(candidates)), set()
        for start in range(0, len(wanted), 500):
            todo.update(
                WordVector.objects.filter(text__in=wanted[start : start + 500]).values_list(
                    "text", flat=True
                )
            )
    longest = max((len(w) for w in todo if _CJK_RUN.fullmatch(w)), default=1)
    left = Chunk.objects.filter(kind=ChunkKind.TEXT).exclude(metadata__has_key="garbled")
    for text in left.values_list("text", flat=True).iterator(chunk_size=500):
        if not todo:
            break
        todo -= _chunk_may_say(text, longest)
    unused = sorted(todo)
    for start in range(0, len(unused), 500):
        WordVector.objects.filter(text__in=unused[start : start + 500]).delete()
    return len(unused)


def _words_of(chunks: Any) -> set[str]:
    words: set[str] = set()
    for text in chunks.values_list("text", flat=True).iterator(chunk_size=500):
        words |= _english_words(text)
        for run in _CJK_RUN.findall(unicodedata.normalize("NFKC", text).lower()):
            words.update(answerability_meaning.text_words(run))
    return words


def _sweep_pending() -> None:
    words: set[str] = getattr(_pending, "words", set())
    _pending.words = set()
    if words:
        words_unused_deleted(words)


def on_chunks_deleted(sender: Any, instance: Dataset | Document, **kwargs: Any) -> None:
    """pre_delete of a Dataset or a Document: its chunks' words are looked for again once the
    deletion commits (a dataset's documents send their own signal; the dataset reads the chunks
    of no document). Several deletions in one transaction are swept once."""
    if isinstance(instance, Document):
        chunks = Chunk.objects.filter(document=instance)
    else:
        chunks = Chunk.objects.filter(dataset=instance, document__isnull=True)
    words = _words_of(chunks)
    if words:
        _pending.words = getattr(_pending, "words", set()) | words
        transaction.on_commit(_sweep_pending)
