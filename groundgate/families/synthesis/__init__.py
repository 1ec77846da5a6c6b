"""The synthesis family: an answer over retrieved chunks named by semantic id."""

from __future__ import annotations

from pathlib import Path

from groundgate.families.base import CaseText, Family, ids_under


def cited_chunk_ids(payload: dict) -> list[str]:
    return ids_under(payload.get("retrieved_chunks") or [], "semantic_id")


FAMILY = Family(
    kind="synthesis",
    folder=Path(__file__).parent,
    text=CaseText("Answer", ("answer_text",), "answer_text"),
    statuses={"grounded": True, "not_grounded": False, "insufficient_evidence": False},
    no_evidence_statuses=frozenset({"insufficient_evidence"}),
    cited_chunk_ids=cited_chunk_ids,
)
