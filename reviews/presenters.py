"""Turn stored cases and verdicts into what templates draw. Findings carry their own spans and
boxes; this only cuts text at those spans and looks up where boxes are (rule 5 of the house plan:
the UI never re-derives a finding)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from groundgate.families import get_family
from groundgate.models import Case, Chunk, ChunkKind, Page


@dataclass(frozen=True)
class Segment:
    text: str
    finding_ids: tuple[int, ...] = ()
    codes: tuple[str, ...] = ()
    severity: str = ""  # the most severe of the covering findings: error, warning or info


SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


def highlight_segments(text: str, findings: list[dict], field: str | None) -> list[Segment]:
    """Cut `text` into segments; each covered by the findings whose span lies in `field`."""
    spans = [
        (i, f["span"][0], f["span"][1], f["code"])
        for i, f in enumerate(findings)
        if field and f.get("field") == field and f.get("span")
    ]
    severity = {i: findings[i].get("severity", "error") for i, *_ in spans}
    if not spans:
        return [Segment(text)]
    cuts = sorted({0, len(text), *[s for _, s, _, _ in spans], *[e for _, _, e, _ in spans]})
    segments = []
    # A sweep over the cuts with the spans open at each: linear in cuts x open spans, not in
    # cuts x all spans (a long answer has hundreds of findings).
    pending = sorted(spans, key=lambda span: span[1])
    active: list[tuple[int, int, int, str]] = []
    at = 0
    for start, end in itertools.pairwise(cuts):
        while at < len(pending) and pending[at][1] <= start:
            active.append(pending[at])
            at += 1
        active = [span for span in active if span[2] > start]
        covering = [(i, code) for i, s, e, code in active if s <= start and end <= e]
        worst = max(
            (severity[i] for i, _ in covering), key=lambda s: SEVERITY_RANK.get(s, 2), default=""
        )
        segments.append(
            Segment(
                text[start:end],
                tuple(sorted(i for i, _ in covering)),
                tuple(sorted({code for _, code in covering})),
                worst,
            )
        )
    return segments


@dataclass
class FindingGroup:
    """One row of the findings list: a finding, or several of the same code about the same
    value (a value repeated through a long answer), decided once for all of them. `index` is
    the first member's finding index: the form's call-N / reason-N name it."""

    index: int
    finding: dict
    where: FindingLocation
    members: list[int]
    choice: tuple[str, str] = ("", "")
    saved: tuple[str, str] | None = None  # the reviewer's saved call, shown after a save
    others: list[dict] = field(default_factory=list)  # a conflicting reviewer's calls

    @property
    def count(self) -> int:
        return len(self.members)


def group_key(finding: dict) -> tuple | None:
    """Findings with the same code, severity and value are one decision; a finding without a
    value stands alone."""
    value = finding.get("value")
    if not isinstance(value, str) or not value.strip():
        return None
    return (finding.get("code"), finding.get("severity"), value.strip())


def finding_groups(findings: list[dict]) -> dict[int, list[int]]:
    """First member's index -> every member's index, in finding order."""
    groups: dict[int, list[int]] = {}
    leader: dict[tuple, int] = {}
    for index, finding in enumerate(findings):
        key = group_key(finding)
        if key is not None and key in leader:
            groups[leader[key]].append(index)
            continue
        if key is not None:
            leader[key] = index
        groups[index] = [index]
    return groups


@dataclass(frozen=True)
class FindingLocation:
    """Where on a rendered page a finding is: key "document id:page index" and its box; an
    empty key when it has no place on a page."""

    key: str = ""
    bbox: tuple[float, ...] = ()


def finding_locations(
    case: Case, findings: list[dict], chunks: dict[str, Chunk]
) -> list[FindingLocation]:
    """Where each finding is. A finding's own page/box wins; else its chunk's true box."""
    family = get_family(case.kind)
    out: list[FindingLocation] = []
    for f in findings:
        chunk_id = f.get("chunk_id")
        if chunk_id is None and f.get("evidence_index") is not None:
            chunk_id = family.evidence_chunk_id(case.payload, f["evidence_index"])
        # A value finding is placed at the evidence value it names (near miss or grounding).
        for ref in (f.get("near_match"), f.get("grounded_by")):
            if chunk_id is None and isinstance(ref, dict):
                chunk_id = ref.get("chunk_id")
                if chunk_id is None and isinstance(ref.get("evidence_index"), int):
                    chunk_id = family.evidence_chunk_id(case.payload, ref["evidence_index"])
        chunk = chunks.get(chunk_id) if chunk_id else None
        if chunk is None or chunk.kind != ChunkKind.TEXT or not chunk.position_int:
            out.append(FindingLocation())
            continue
        # The value's own box (the engine's values in context: a near miss or a grounding value
        # that carries its page and box) before the chunk's, whose first line is often a heading.
        own = [
            ref
            for ref in (f, f.get("near_match"), f.get("grounded_by"))
            if isinstance(ref, dict) and ref.get("page_index") is not None and ref.get("bbox")
        ]
        if own:
            page, bbox = own[0]["page_index"], own[0]["bbox"]
        else:
            page_number, x0, x1, top, bottom = chunk.position_int[0]
            page, bbox = page_number - 1, [x0, top, x1, bottom]
        out.append(FindingLocation(f"{chunk.document_id}:{page}", tuple(bbox)))
    return out


def page_geometry(keys: list[tuple[int, int]]) -> dict[tuple[int, int], Page]:
    pages = {}
    for document_id, index in keys:
        page = Page.objects.filter(document_id=document_id, index=index).first()
        if page is not None:
            pages[(document_id, index)] = page
    return pages
