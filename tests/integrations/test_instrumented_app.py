"""A RAG app instrumented the standard way, traced into GroundGate live (issue 31): a LangChain
chain (an in-memory vector store's retriever, a prompt, ChatOpenAI) instrumented by
openinference-instrumentation-langchain, its spans sent by the OpenTelemetry SDK's OTLP/HTTP
exporter to GroundGate's receiver (gunicorn on 127.0.0.1), the model a fake OpenAI-compatible
server on 127.0.0.1. No hand-written span: what the instrumentation records is what is gated.

What it records, found here: a retrieved Document's `page_content` and `metadata`, not its `id`
(openinference-instrumentation-langchain 0.1.80), so the chunks are named `<span id>.<i>` and
an answer cites them by position (`[C0]`, `[1]`), or by an id the app puts in
`metadata["chunk_id"]` (docs/integrations.md)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from langchain_core.documents import Document
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore
from langchain_openai import ChatOpenAI
from openinference.instrumentation.langchain import LangChainInstrumentor
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from groundgate.client import GroundGate
from tests.hostile.live_server import free_port, live_server, token

QUESTION = "How often must the discharge valve be inspected?"
DOCS = [
    Document(
        id="pump-p3-c1",
        page_content="The discharge valve of each pump must be inspected every 90 days.",
        metadata={"page": 2, "source": "pump-manual.pdf"},
    ),
    Document(
        id="pump-p4-c2",
        page_content="Seals are replaced every 18 months or after 6,000 operating hours.",
        metadata={"page": 3, "source": "pump-manual.pdf"},
    ),
]


class FakeOpenAI(BaseHTTPRequestHandler):
    """OpenAI's chat completions endpoint, answering from the prompt's first context line."""

    prompts: list[str] = []
    answer = "The discharge valve must be inspected every 90 days [C0]."

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeOpenAI.prompts.append(json.dumps(body["messages"]))
        reply = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1764115200,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": FakeOpenAI.answer},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 60, "completion_tokens": 14, "total_tokens": 74},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    port = free_port()
    with live_server(tmp_path_factory.mktemp("instrumented"), port=port, postgres_name="gg_instr"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def openai_url():
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_a_traced_langchain_app_becomes_a_gated_case_with_its_page(base_url, openai_url):
    provider = TracerProvider()
    sent = InMemorySpanExporter()  # what was exported, to name the trace
    provider.add_span_processor(SimpleSpanProcessor(sent))
    # The SDK's batching processor, as an app runs it: a trace's spans leave in one request
    # (the receiver does not join a trace's spans across requests: docs/integrations.md).
    provider.add_span_processor(
        BatchSpanProcessor(
            OTLPSpanExporter(
                endpoint=f"{base_url}/v1/traces?dataset=team",
                headers={"Authorization": f"Token {token('ada')}"},
                compression=Compression.Gzip,
                timeout=30,
            )
        )
    )
    instrumentor = LangChainInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        store = InMemoryVectorStore.from_documents(DOCS, DeterministicFakeEmbedding(size=32))
        retriever = store.as_retriever(search_kwargs={"k": 2})
        prompt = ChatPromptTemplate.from_messages(
            [
                ("system", "Answer from the context; cite its [C<n>] markers.\n{context}"),
                ("human", "{question}"),
            ]
        )
        llm = ChatOpenAI(model="gpt-4o-mini", base_url=openai_url, api_key="sk-test", timeout=30)

        def context(docs: list[Document]) -> str:
            return "\n".join(f"[C{i}] {d.page_content}" for i, d in enumerate(docs))

        chain = (
            {"context": retriever | context, "question": RunnablePassthrough()}
            | prompt
            | llm
            | StrOutputParser()
        )
        assert chain.invoke(QUESTION) == FakeOpenAI.answer
    finally:
        instrumentor.uninstrument()
        provider.shutdown()
    assert "every 90 days" in FakeOpenAI.prompts[-1]  # the model saw the retrieved chunk

    spans = sent.get_finished_spans()
    kinds = {s.attributes.get("openinference.span.kind") for s in spans}
    assert {"RETRIEVER", "LLM", "CHAIN"} <= kinds
    trace_id = format(spans[0].context.trace_id, "032x")
    gg = GroundGate(base_url, token=token("ada"), dataset="team")
    [case] = [c for c in gg.cases() if c["external_id"] == trace_id]
    assert case["current"]["gate_status"] == "ok"
    detail = gg.case(case["id"])
    payload = detail["payload"]
    assert payload["question"] == QUESTION
    retriever = next(s for s in spans if s.attributes["openinference.span.kind"] == "RETRIEVER")
    first = payload["raw_chunks"][0]  # the vector store's best match, its page from metadata
    assert first["chunk_id"] == f"{retriever.context.span_id:016x}.0"  # no Document.id
    assert (first["text"], first["page_index"]) == (DOCS[0].page_content, 2)
    (evidence,) = payload["answer"]["evidences"]
    assert evidence["chunk_id"] == first["chunk_id"]  # [C0] read as the first chunk
    llm_span = next(s for s in spans if s.attributes["openinference.span.kind"] == "LLM")
    assert payload["trace"]["llm_span_id"] == format(llm_span.context.span_id, "016x")
