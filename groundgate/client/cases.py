"""An answer case from what a RAG app has in hand: the question, the retrieved documents and the
model's answer with its citation markers ([C0], [1], [doc-id]), read exactly as a trace import
reads them (integrations/openinference/cases.py: one evidence per distinct chunk cited, the
chunk's text its excerpt, the citing sentence its claim)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from groundgate.client.chunks import raw_chunks
from groundgate.integrations.openinference.cases import cited_answer


def answer_case(
    *,
    case_id: str,
    question: str,
    documents: Iterable[Any],
    answer: str,
    citation_pattern: str | None = None,
) -> dict[str, Any]:
    """The answer case (the gate's input JSON) for one answered question. `documents`: the
    retriever's output (LangChain Documents, LlamaIndex nodes, or raw chunk dicts), in the order
    the prompt numbered them; `citation_pattern`: a regex whose one group is the reference
    (default `[...]`)."""
    chunks = raw_chunks(documents)
    conclusion, evidences = cited_answer(answer, chunks, citation_pattern)
    return {
        "case_id": case_id,
        "question": question,
        "raw_chunks": chunks,
        "answer": {"conclusion": conclusion, "evidences": evidences},
    }
