"""What LangSmith runs and Langfuse observations share: LangChain's documents and messages.

Both tools record a LangChain app the same way underneath: a retriever's output is a list of
LangChain `Document`s (`{"page_content", "metadata", "id"?, "type": "Document"}`), a chat model's
output a message (`{"role"|"type", "content"}`, or LangChain's serialised
`{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {"content"}}`), and a
wrapped OpenAI client's output a chat completion (`{"choices": [{"message": {"content"}}]}`).
These helpers turn them into the OpenInference attributes the case builder reads
(groundgate/integrations/openinference/cases.py), so both importers only map their own fields.
"""

from __future__ import annotations

from typing import Any

# Keys under which an app's own spans commonly keep the question (LangChain's chains and
# retrievers: `query`, `question`, `input`).
QUESTION_KEYS = ("query", "question", "input", "user_input")


def text_of(value: Any) -> str | None:
    """The text of a model output in any of the shapes above; None if there is none."""
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, list):
        # A list of messages (or LangSmith's generations [[...]]): the last one with text.
        for item in reversed(value):
            text = text_of(item)
            if text:
                return text
        return None
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("kwargs"), dict):  # LangChain's serialised message
        return text_of(value["kwargs"].get("content"))
    for key in ("generations", "choices", "messages"):
        if key in value:
            return text_of(value[key])
    if "message" in value:
        return text_of(value["message"])
    for key in ("content", "text", "output", "answer", "result"):
        if key in value:
            text = text_of(value[key])
            if text:
                return text
    if value.get("type") == "text":
        return text_of(value.get("text"))
    return None


def question_of(value: Any) -> str | None:
    """The question in a run's input: a string, or the first of QUESTION_KEYS that is text."""
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, dict):
        for key in QUESTION_KEYS:
            text = value.get(key)
            if isinstance(text, str) and text.strip():
                return text
    return None


def documents_of(value: Any) -> list[Any] | None:
    """A retriever's output as a list of documents, or None if it does not look like one."""
    if isinstance(value, dict) and isinstance(value.get("documents"), list):
        value = value["documents"]
    if not isinstance(value, list) or not value:
        return None
    if not all(isinstance(d, dict) for d in value):
        return None
    if not any(("page_content" in d or "content" in d) for d in value):
        return None
    return value


def retrieval_attributes(documents: list[Any]) -> dict[str, Any]:
    """OpenInference's `retrieval.documents` (nested) from LangChain documents. A document
    that is not an object, or has no text, is passed on as it is: the case builder reports it
    with its index."""
    out = []
    for document in documents:
        if not isinstance(document, dict):
            out.append({"document": document})
            continue
        metadata = document.get("metadata")
        content = document.get("page_content", document.get("content"))
        entry: dict[str, Any] = {"content": content, "metadata": metadata}
        doc_id = document.get("id")
        if doc_id not in (None, ""):
            entry["id"] = doc_id
        score = document.get("score")
        if score is None and isinstance(metadata, dict):
            score = metadata.get("score", metadata.get("relevance_score"))
        if score is not None:
            entry["score"] = score
        out.append({"document": entry})
    return {"retrieval": {"documents": out}}
