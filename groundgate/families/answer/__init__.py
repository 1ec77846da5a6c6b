"""The answer family (answer-grounding-gate spec): a conclusion citing evidences, each a chunk id
with an excerpt and the page and box it claims."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from groundgate.documents.render import Highlight
from groundgate.families.base import (
    CaseText,
    Family,
    Pages,
    chunk_boxes,
    ids_under,
    on_document,
)
from groundgate.models import Case, Chunk


def _evidences(payload: dict) -> list:
    evidences = (payload.get("answer") or {}).get("evidences") or []
    return evidences if isinstance(evidences, list) else []


def cited_chunk_ids(payload: dict) -> list[str]:
    return ids_under(_evidences(payload), "chunk_id")


def evidence_chunk_id(payload: dict, index: int) -> str | None:
    evidences = _evidences(payload)
    if not 0 <= index < len(evidences) or not isinstance(evidences[index], dict):
        return None
    chunk_id = evidences[index].get("chunk_id")
    return chunk_id if isinstance(chunk_id, str) else None


def inline_chunks(payload: dict) -> dict[str, dict]:
    """Answer cases may carry their chunks (raw_chunks)."""
    if not isinstance(payload.get("raw_chunks"), list):
        return {}
    return {
        c["chunk_id"]: c
        for c in payload["raw_chunks"]
        if isinstance(c, dict) and isinstance(c.get("chunk_id"), str)
    }


def page_highlights(case: Case, chunks: dict[str, Chunk], findings: list[dict]) -> Pages:
    """chunk: the cited chunk's boxes; evidence: the box the answer claims; true_box: the chunk's
    boxes again, outlined, where the claim differs (COORDINATE_MISMATCH); excerpt: the quoted
    text, located within the chunk's boxes."""
    pages: Pages = defaultdict(list)
    mismatched = {f.get("evidence_index") for f in findings if f["code"] == "COORDINATE_MISMATCH"}
    for index, evidence in enumerate(_evidences(case.payload)):
        chunk = chunks.get(evidence.get("chunk_id"))
        if chunk is None:
            continue
        chunk_pages = sorted({p[0] - 1 for p in chunk.position_int})
        for page_index in chunk_pages:
            boxes = chunk_boxes(chunk, page_index)
            key = (chunk.document_id, page_index)
            pages[key] += [Highlight("chunk", tuple(b)) for b in boxes]
            if index in mismatched:
                pages[key] += [Highlight("true_box", tuple(b)) for b in boxes]
            excerpt = evidence.get("excerpt") or ""
            if excerpt.strip():
                area = (
                    min(b[0] for b in boxes),
                    min(b[1] for b in boxes),
                    max(b[2] for b in boxes),
                    max(b[3] for b in boxes),
                )
                pages[key].append(Highlight("excerpt", area, excerpt))
        claimed_page, bbox = evidence.get("page_index"), evidence.get("bbox")
        if on_document(claimed_page, chunk.document) and isinstance(bbox, list) and len(bbox) == 4:
            # The box itself is checked (finite, ordered, clipped to the page) when drawn.
            pages[(chunk.document_id, claimed_page)].append(Highlight("evidence", tuple(bbox)))
    return pages


def panel(case: Case, verdict: dict, findings: list[dict]) -> dict:
    """Each cited evidence with the findings about it and the gate's call."""
    rows = []
    for index, evidence in enumerate(_evidences(case.payload)):
        concerning = [f for f in findings if f.get("evidence_index") == index]
        rows.append(
            {
                "index": index,
                "evidence": evidence,
                "findings": concerning,
                "accepted": not concerning,
            }
        )
    return {"evidences": rows}


FAMILY = Family(
    kind="answer",
    folder=Path(__file__).parent,
    text=CaseText("Conclusion", ("answer", "conclusion"), "answer.conclusion"),
    statuses={"ok": True, "citation_insufficient": False, "no_evidence": False},
    no_evidence_statuses=frozenset({"no_evidence"}),
    cited_chunk_ids=cited_chunk_ids,
    inline_chunks=inline_chunks,
    page_highlights=page_highlights,
    panel=panel,
    evidence_chunk_id=evidence_chunk_id,
)
