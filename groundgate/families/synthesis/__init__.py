"""The synthesis family: an answer over retrieved chunks named by semantic id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from groundgate.families.base import CaseText, Family, ids_under
from groundgate.families.sources import Source, anchors_in, attach_by_anchor, text_of
from groundgate.models import Case, Chunk


def cited_chunk_ids(payload: dict[str, Any]) -> list[str]:
    return ids_under(payload.get("retrieved_chunks") or [], "semantic_id")


def sources(
    case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[Source]:
    """Every retrieved chunk's text, cited in the answer or not; findings whose sentence cites a
    chunk point at it."""
    text = case.payload.get("answer_text")
    text = text if isinstance(text, str) else ""
    cited = set(anchors_in(text))
    out: dict[str, Source] = {}
    for chunk in case.payload.get("retrieved_chunks") or []:
        if not isinstance(chunk, dict) or not isinstance(chunk.get("semantic_id"), str):
            continue
        sid = chunk["semantic_id"]
        out[sid] = Source(
            key=f"chunk-{sid}",
            title=sid,
            text=text_of(chunk.get("text")),
            status="cited in the answer" if sid in cited else "retrieved, not cited",
            tone="passed" if sid in cited else "neutral",
        )
    attach_by_anchor(out, text, findings, "answer_text")
    return list(out.values())


FAMILY = Family(
    kind="synthesis",
    name="synthesis",
    contexts=lambda payload: ids_under(payload.get("retrieved_chunks"), "text"),
    folder=Path(__file__).parent,
    text=CaseText("Answer", ("answer_text",), "answer_text"),
    statuses={"grounded": True, "not_grounded": False, "insufficient_evidence": False},
    no_evidence_statuses=frozenset({"insufficient_evidence"}),
    cited_chunk_ids=cited_chunk_ids,
    sources=sources,
)
