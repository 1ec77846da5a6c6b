"""Where on its page each value a finding names is: the evidence value the finding is about, its
near miss, the value that grounded it and a derivation's operands. One place for the case page
(reviews/presenters.py) and the annotated PDF (services/rendering.py), so both mark the same
figure: the box the verdict carries, else the words of the value's characters in its chunk (the
word boxes kept at ingestion, documents.chunking.span_boxes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from groundgate.documents.chunking import span_boxes
from groundgate.families import get_family
from groundgate.families.near_own import near_is_own
from groundgate.models import Case, Chunk, ChunkKind

Json = dict[str, Any]
Role = Literal["value", "near_miss", "grounded_by", "operand"]


@dataclass(frozen=True)
class ValueBox:
    """One value of a finding on its page: `bbox` [x0, top, x1, bottom] in unrotated points."""

    role: Role
    text: str
    document_id: int | None
    page_index: int
    bbox: tuple[float, float, float, float]


def value_refs(finding: Json) -> list[tuple[Role, Json]]:
    """The values a finding names, most specific first: the finding's own evidence value (a
    value out of context), its near miss (not where it is the value itself, d1015), what
    grounded it, the operands of its derivation."""
    operands = (finding.get("derivation") or {}).get("operands") or []
    refs: list[tuple[Role, Any]] = [
        ("value", finding),
        ("near_miss", None if near_is_own(finding) else finding.get("near_match")),
        ("grounded_by", finding.get("grounded_by")),
        *(("operand", op) for op in operands),
    ]
    return [(role, ref) for role, ref in refs if isinstance(ref, dict)]


def ref_chunk_id(case: Case, ref: Json) -> str | None:
    """The chunk `ref` points into: its chunk_id, else its evidence's chunk."""
    chunk_id = ref.get("chunk_id")
    if chunk_id is None and isinstance(ref.get("evidence_index"), int):
        chunk_id = get_family(case.kind).evidence_chunk_id(case.payload, ref["evidence_index"])
    return chunk_id if isinstance(chunk_id, str) else None


def value_chunk_span(case: Case, ref: Json, chunk: Chunk) -> tuple[int, int] | None:
    """Where the value of `ref` is in `chunk`'s text: its chunk_span; else (a verdict that names
    the value only in its excerpt) its span in the excerpt of its evidence, moved to where that
    excerpt is in the chunk. A span into another text (`field`: the answer's conclusion) is not
    a place in the chunk."""
    span = ref.get("chunk_span")
    if isinstance(span, list | tuple) and len(span) == 2:
        return int(span[0]), int(span[1])
    field = ref.get("field")
    if isinstance(field, str) and not field.startswith("answer.evidences["):
        return None
    span, index = ref.get("span"), ref.get("evidence_index")
    if not (isinstance(span, list | tuple) and len(span) == 2 and isinstance(index, int)):
        return None
    evidences = (case.payload.get("answer") or {}).get("evidences") or []
    evidence = evidences[index] if 0 <= index < len(evidences) else None
    excerpt = evidence.get("excerpt") if isinstance(evidence, dict) else None
    at = chunk.text.find(excerpt) if isinstance(excerpt, str) and excerpt else -1
    return (at + int(span[0]), at + int(span[1])) if at >= 0 else None


def words_box(
    case: Case, ref: Json, chunk: Chunk
) -> tuple[int | None, int, tuple[float, float, float, float]] | None:
    """(document id, page index, box) of the value of `ref` from its characters' words in
    `chunk`, enclosed in one box, on the page of the chunk's line that holds them. None when the
    value is not located (no span, or a chunk stored before word boxes were kept)."""
    span = value_chunk_span(case, ref, chunk) if chunk.word_boxes else None
    boxes = span_boxes(chunk.word_boxes, *span) if span else []
    if not boxes:
        return None
    box = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    pages = {line[0] for line in chunk.position_int}
    for page_number, x0, x1, top, bottom in chunk.position_int:
        inside = x0 - 1 <= middle[0] <= x1 + 1 and top - 1 <= middle[1] <= bottom + 1
        if inside or len(pages) == 1:
            return chunk.document_id, page_number - 1, box
    return None


def _pdf_chunk(case: Case, ref: Json, chunks: dict[str, Chunk]) -> Chunk | None:
    chunk = chunks.get(ref_chunk_id(case, ref) or "")
    if chunk is None or chunk.kind != ChunkKind.TEXT or not chunk.position_int:
        return None
    return chunk


def finding_value_boxes(case: Case, finding: Json, chunks: dict[str, Chunk]) -> list[ValueBox]:
    """Each value `finding` names that has a place on a page of a cited PDF chunk, in the order
    of value_refs. A sub-value (near miss, grounding, operand) may carry its own page and box;
    the finding's own page and box are the evidence's claimed box, not a value's, so the
    finding's value is located by its characters only (and only when it names a value)."""
    out: list[ValueBox] = []
    for role, ref in value_refs(finding):
        chunk = _pdf_chunk(case, ref, chunks)
        if chunk is None:
            continue
        text = str(ref.get("text") or ref.get("value") or "")
        if role == "value" and not finding.get("value"):
            continue
        page, bbox = ref.get("page_index"), ref.get("bbox")
        if role != "value" and isinstance(page, int) and isinstance(bbox, list | tuple):
            if len(bbox) == 4:
                x0, top, x1, bottom = (float(v) for v in bbox)
                out.append(ValueBox(role, text, chunk.document_id, page, (x0, top, x1, bottom)))
            continue
        found = words_box(case, ref, chunk)
        if found is not None:
            out.append(ValueBox(role, text, *found))
    return out
