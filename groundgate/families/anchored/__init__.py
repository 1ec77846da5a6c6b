"""The anchored family (R5): a model answer citing chunks through anchors; runs of the answering
pipeline are stored as anchored cases, with the run's record shown on the case page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from groundgate.families.base import CaseText, Family, ids_under
from groundgate.families.sources import Source, anchors_in, attach_by_anchor, text_of
from groundgate.models import Case, Chunk


def cited_chunk_ids(payload: dict[str, Any]) -> list[str]:
    return ids_under(payload.get("citations") or [], "chunk_id")


def is_refusal(verdict: dict[str, Any]) -> bool:
    """The answering side declined to answer (an accepted refusal has status PASSED with
    generation_status NO_EVIDENCE): the case page shows it as a refusal, never as a green pass."""
    metrics = verdict.get("grounding_metrics") or {}
    return verdict.get("generation_status") == "NO_EVIDENCE" or bool(
        metrics.get("refusal_detected")
    )


def panel(case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]]) -> dict[str, Any]:
    pipeline = case.payload.get("pipeline")
    refusal = is_refusal(verdict)
    return {
        "pipeline": pipeline,
        "refusal": refusal,
        # The run's own words for why it refused (insufficient evidence, no retrieval hits, ...).
        "refusal_reason": (pipeline or {}).get("reason", "") if refusal else "",
    }


def sources(
    case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[Source]:
    """What each anchor (C0, C1, ...) says, then, for runs of the answering pipeline, every
    candidate retrieval returned, so a reviewer can judge a refusal or a selection."""
    text = case.payload.get("raw_model_text")
    text = text if isinstance(text, str) else ""
    cited = set(anchors_in(text))
    out: dict[str, Source] = {}
    for citation in case.payload.get("citations") or []:
        if not isinstance(citation, dict) or not isinstance(citation.get("anchor"), str):
            continue
        anchor = citation["anchor"]
        used = anchor in cited
        where = " · ".join(
            str(citation[k])
            for k in ("source_reference", "equipment_id", "event_date")
            if citation.get(k)
        )
        out[anchor] = Source(
            key=f"anchor-{anchor}",
            title=f"{anchor} · chunk {citation.get('chunk_id')}",
            text=text_of(citation.get("chunk_text")),
            status="cited in the answer" if used else "given, not cited",
            tone="passed" if used else "neutral",
            detail=where,
        )
    attach_by_anchor(out, text, findings, "raw_model_text")
    given = {
        c.get("chunk_id"): c["anchor"]
        for c in case.payload.get("citations") or []
        if isinstance(c, dict) and isinstance(c.get("anchor"), str)
    }
    candidates = (case.payload.get("pipeline") or {}).get("candidates") or []
    for row in candidates:
        if not isinstance(row, dict):
            continue
        anchor = given.get(row.get("chunk_id"))
        out[f"candidate-{row.get('rank')}"] = Source(
            key=f"candidate-{row.get('rank')}",
            title=f"candidate {row.get('rank')} · chunk {row.get('chunk_id')}",
            text=text_of(row.get("chunk_text")),
            status=f"selected as {anchor}" if anchor else "retrieved, not selected",
            tone="neutral",
            detail=f"similarity {row.get('similarity')}"
            + (f" · {row['source_reference']}" if row.get("source_reference") else ""),
        )
    return list(out.values())


FAMILY = Family(
    kind="anchored",
    name="pipeline answer",
    contexts=lambda payload: ids_under(payload.get("citations"), "chunk_text"),
    folder=Path(__file__).parent,
    text=CaseText("Model answer", ("raw_model_text",), "raw_model_text"),
    statuses={"PASSED": True, "FAILED": False},
    refused=is_refusal,
    cited_chunk_ids=cited_chunk_ids,
    panel=panel,
    sources=sources,
)
