"""The answer family (answer-grounding-gate spec): a conclusion citing evidences, each a chunk id
with an excerpt and the page and box it claims."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from groundgate.documents.highlights import Highlight
from groundgate.families.base import (
    CaseText,
    Family,
    Pages,
    chunk_boxes,
    ids_under,
    on_document,
)
from groundgate.families.excerpt_boxes import ExcerptPlace, excerpt_place, figure_focus
from groundgate.families.near_own import near_is_own
from groundgate.families.sources import MarkKind, Source, Tone, text_of
from groundgate.models import Case, Chunk

# The gate found no chunks at all: nothing was checked, so no evidence is "accepted".
NOT_CHECKED = {"NO_CHUNKS"}
TONES: dict[str, Tone] = {"accepted": "passed", "not checked": "warn", "rejected": "rejected"}


def _evidences(payload: dict[str, Any]) -> list[Any]:
    evidences = (payload.get("answer") or {}).get("evidences") or []
    return evidences if isinstance(evidences, list) else []


def cited_chunk_ids(payload: dict[str, Any]) -> list[str]:
    return ids_under(_evidences(payload), "chunk_id")


def evidence_chunk_id(payload: dict[str, Any], index: int) -> str | None:
    evidences = _evidences(payload)
    if not 0 <= index < len(evidences) or not isinstance(evidences[index], dict):
        return None
    chunk_id = evidences[index].get("chunk_id")
    return chunk_id if isinstance(chunk_id, str) else None


def inline_chunks(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Answer cases may carry their chunks (raw_chunks)."""
    if not isinstance(payload.get("raw_chunks"), list):
        return {}
    return {
        c["chunk_id"]: c
        for c in payload["raw_chunks"]
        if isinstance(c, dict) and isinstance(c.get("chunk_id"), str)
    }


def page_highlights(case: Case, chunks: dict[str, Chunk], findings: list[dict[str, Any]]) -> Pages:
    """chunk: the cited chunk's boxes; evidence: the box the answer claims; true_box: the chunk's
    boxes again, outlined, where the claim differs (COORDINATE_MISMATCH); excerpt: the quoted
    text, located within the chunk's boxes."""
    pages: Pages = defaultdict(list)
    mismatched = {f.get("evidence_index") for f in findings if f["code"] == "COORDINATE_MISMATCH"}
    for index, evidence in enumerate(_evidences(case.payload)):
        chunk = chunks.get(evidence.get("chunk_id"))
        # Drawn on a document's pages: the cited chunks are those of documents (case_cited_chunks).
        if chunk is None or chunk.document_id is None:
            continue
        chunk_pages = sorted({p[0] - 1 for p in chunk.position_int})
        for page_index in chunk_pages:
            boxes = chunk_boxes(chunk, page_index)
            key = (chunk.document_id, page_index)
            pages[key] += [Highlight("chunk", b) for b in boxes]
            if index in mismatched:
                pages[key] += [Highlight("true_box", b) for b in boxes]
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


def _claimed(document_id: int, evidence: dict[str, Any]) -> ExcerptPlace | None:
    """The page and box an evidence claims, as a place on the chunk's document."""
    page, bbox = evidence.get("page_index"), evidence.get("bbox")
    if not isinstance(page, int) or not isinstance(bbox, list) or len(bbox) != 4:
        return None
    try:
        x0, top, x1, bottom = (float(v) for v in bbox)
    except (TypeError, ValueError):
        return None
    return ExcerptPlace(document_id, page, (x0, top, x1, bottom))


# What an evidence row's "Where" and its excerpt's box are read from (d963).
_PLACED = ("chunk_id", "page_index", "document_id", "kind", "text", "position_int", "word_boxes")


def panel(case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]]) -> dict[str, Any]:
    """Each cited evidence with the findings about it and the gate's call ("not checked" when the
    gate stopped before the evidence: a case without chunks)."""
    unchecked = any(f["code"] in NOT_CHECKED for f in findings)
    # "Where" where the answer gives no page: the cited chunk's page, as the cited pages show it;
    # and the excerpt's box on it, where the evidence claims none (d963).
    cited: dict[str, Chunk] = {
        c.chunk_id: c
        for c in Chunk.objects.filter(
            dataset_id=case.dataset_id,
            chunk_id__in=cited_chunk_ids(case.payload),
            document__isnull=False,
            page_index__isnull=False,
        ).only(*_PLACED)
    }
    answer = case.payload.get("answer") if isinstance(case.payload, dict) else None
    conclusion = str(answer.get("conclusion") or "") if isinstance(answer, dict) else ""
    rows = []
    for index, evidence in enumerate(_evidences(case.payload)):
        if not isinstance(evidence, dict):
            continue
        concerning = [
            {**f, "index": i} for i, f in enumerate(findings) if f.get("evidence_index") == index
        ]
        chunk_id = evidence.get("chunk_id")
        chunk = cited.get(chunk_id) if isinstance(chunk_id, str) else None
        claimed = evidence.get("page_index") is not None and evidence.get("bbox")
        place = None
        excerpt = str(evidence.get("excerpt") or "")
        if chunk is not None and not claimed:
            place = excerpt_place(chunk, excerpt)
        # The answer's figure inside a box that may be taller than the page pane (d1007).
        shown = place
        if chunk is not None and claimed and chunk.document_id is not None:
            shown = _claimed(chunk.document_id, evidence)
        focus = figure_focus(chunk, excerpt, conclusion, shown) if chunk and shown else None
        rows.append(
            {
                "index": index,
                "evidence": evidence,
                "findings": concerning,
                "chunk_page": chunk.page_index if chunk is not None else None,
                "place": place,
                "focus": focus,
                "checked": not unchecked,
                "accepted": not concerning and not unchecked,
            }
        )
    return {"evidences": rows}


def sources(
    case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[Source]:
    """Each chunk the answer cites (then the other chunks it was given), with the evidences'
    excerpts and every value the gate located in it marked: the value that grounded an answer
    value, the near-miss value, the closest chunk text."""
    inline = inline_chunks(case.payload)
    unchecked = any(f["code"] in NOT_CHECKED for f in findings)
    evidences = [e if isinstance(e, dict) else {} for e in _evidences(case.payload)]
    out: dict[str, Source] = {}
    # Where each evidence's excerpt starts in its chunk's text (-1: not in it).
    excerpt_at: dict[int, tuple[str, int]] = {}

    def chunk_text(chunk_id: str) -> str | None:
        if chunk_id in chunks:
            return chunks[chunk_id].text
        raw = inline.get(chunk_id) or {}
        return raw["text"] if isinstance(raw.get("text"), str) else None

    for index, evidence in enumerate(evidences):
        chunk_id = evidence.get("chunk_id")
        excerpt = text_of(evidence.get("excerpt"))
        concerning = [i for i, f in enumerate(findings) if f.get("evidence_index") == index]
        text = chunk_text(chunk_id) if isinstance(chunk_id, str) else None
        key = f"chunk-{chunk_id}" if text is not None else f"evidence-{index}"
        if key not in out:
            out[key] = Source(
                key=key,
                title=f"chunk {chunk_id}" if text is not None else f"evidence {index}",
                text=text if text is not None else excerpt,
                status="",
                note="" if text is not None else "the cited chunk was not given: its excerpt",
            )
        source = out[key]
        source.findings.update(concerning)
        # The status of a chunk: the worst call on the evidences citing it.
        call = "not checked" if unchecked else ("rejected" if concerning else "accepted")
        rank = {"accepted": 0, "not checked": 1, "rejected": 2}
        current = source.status.split(":")[0] if source.status else "accepted"
        worst = max(current, call, key=rank.__getitem__)
        cited = sorted({*(source.detail.split(", ") if source.detail else []), str(index)}, key=int)
        source.detail = ", ".join(cited)
        source.status = worst
        tones: dict[str, Tone] = {
            "accepted": "passed",
            "not checked": "warn",
            "rejected": "rejected",
        }
        source.tone = tones[worst]
        start = source.text.find(excerpt) if excerpt else -1
        if start >= 0:
            source.mark((start, start + len(excerpt)), "excerpt")
        elif excerpt and text is not None:
            source.note = f"the excerpt of evidence {index} is not in this text"
        excerpt_at[index] = (key, start)

    for chunk_id, raw in inline.items():
        key = f"chunk-{chunk_id}"
        if key not in out and isinstance(raw.get("text"), str):
            out[key] = Source(key, f"chunk {chunk_id}", text_of(raw["text"]), "given, not cited")

    def place(ref: dict[str, Any], kind: MarkKind, finding: int) -> None:
        """Mark a located value (ValueRef): in its chunk by chunk_span, else in the excerpt."""
        chunk_key = f"chunk-{ref.get('chunk_id')}"
        if chunk_key in out and out[chunk_key].mark(ref.get("chunk_span"), kind, finding):
            return
        where = excerpt_at.get(ref.get("evidence_index"))  # type: ignore[arg-type]
        if where is not None and where[1] >= 0:
            out[where[0]].mark(ref.get("span"), kind, finding, offset=where[1])

    for index, f in enumerate(findings):
        if isinstance(f.get("grounded_by"), dict):
            place(f["grounded_by"], "grounded", index)
        for operand in (f.get("derivation") or {}).get("operands") or []:
            if isinstance(operand, dict):
                place(operand, "grounded", index)
        if isinstance(f.get("near_match"), dict) and not near_is_own(f):
            place(f["near_match"], "near", index)  # the answer's own figure is "closest" (d1015)
        if f.get("chunk_span"):
            place({"chunk_id": f.get("chunk_id"), "chunk_span": f["chunk_span"]}, "closest", index)
        field_name = f.get("field") or ""
        if field_name.startswith("answer.evidences[") and field_name.endswith("].excerpt"):
            number = field_name[len("answer.evidences[") : -len("].excerpt")]
            where = excerpt_at.get(int(number)) if number.isdigit() else None
            if where is not None and where[1] >= 0:
                out[where[0]].mark(f.get("span"), "finding", index, offset=where[1])
    for source in out.values():
        if source.detail:
            source.detail = "cited by evidence " + source.detail
    return list(out.values())


FAMILY = Family(
    kind="answer",
    name="answer",
    contexts=lambda payload: ids_under(payload.get("raw_chunks"), "text"),
    folder=Path(__file__).parent,
    text=CaseText("Conclusion", ("answer", "conclusion"), "answer.conclusion"),
    statuses={"ok": True, "citation_insufficient": False, "no_evidence": False},
    no_evidence_statuses=frozenset({"no_evidence"}),
    cited_chunk_ids=cited_chunk_ids,
    inline_chunks=inline_chunks,
    page_highlights=page_highlights,
    panel=panel,
    sources=sources,
    evidence_chunk_id=evidence_chunk_id,
)
