"""A retriever's documents as a case's `raw_chunks`, and an answer's citations as its evidences.

Duck-typed: no LangChain or LlamaIndex import. What each library hands back:

- LangChain: `Document(page_content, metadata, id)`; PDF loaders put the 0-based page in
  `metadata["page"]`, Unstructured the 1-based `metadata["page_number"]`.
- LlamaIndex: `NodeWithScore(node, score)` or a bare node (`TextNode`): `node.node_id`,
  `node.get_content()` (or `.text`), `node.metadata` (`page_label`, 1-based, from its PDF
  readers).
- A plain dict: a raw chunk already (`chunk_id`, `text`, ...), or a LangChain-shaped dict
  (`page_content`, `metadata`, `id`).

The chunk id is the document's id, else `metadata["chunk_id"]`, else `C<n>` (its place in the
list, 0-based: the "context n" labels of a prompt, which the citation reader resolves too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

RawChunk = dict[str, Any]


def _page_index(metadata: Mapping[str, Any]) -> int | None:
    """The 0-based page from the metadata keys loaders use (None when there is none)."""
    for key, offset in (("page_index", 0), ("page", 0), ("page_number", 1), ("page_label", 1)):
        value = metadata.get(key)
        if isinstance(value, bool):
            continue
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, int) and value - offset >= 0:
            return value - offset
    return None


def raw_chunk(document: Any, index: int = 0) -> RawChunk:
    """One retrieved document (LangChain, LlamaIndex or a dict) as a raw chunk."""
    node = getattr(document, "node", None)  # LlamaIndex's NodeWithScore
    score = getattr(document, "score", None)
    if node is not None:
        document = node
    if isinstance(document, Mapping):
        if "text" in document and "chunk_id" in document:
            return dict(document)
        text = document.get("page_content", document.get("text", document.get("content")))
        metadata = document.get("metadata") or {}
        doc_id = document.get("id") or document.get("chunk_id")
        score = document.get("score", score)
    else:
        if hasattr(document, "page_content"):
            text = document.page_content
        elif callable(getattr(document, "get_content", None)):
            text = document.get_content()
        else:
            text = getattr(document, "text", None)
        metadata = getattr(document, "metadata", None) or {}
        doc_id = getattr(document, "id", None) or getattr(document, "node_id", None)
    if not isinstance(text, str):
        raise TypeError(f"document {index}: no text (page_content, get_content() or text)")
    chunk_id = doc_id or metadata.get("chunk_id") or f"C{index}"
    chunk: RawChunk = {"chunk_id": str(chunk_id), "text": text}
    page = _page_index(metadata)
    if page is not None:
        chunk["page_index"] = page
    if isinstance(score, int | float) and not isinstance(score, bool):
        chunk["score"] = float(score)
    return chunk


def raw_chunks(documents: Iterable[Any]) -> list[RawChunk]:
    """A retriever's documents, in order, as a case's `raw_chunks`."""
    return [raw_chunk(document, i) for i, document in enumerate(documents)]
