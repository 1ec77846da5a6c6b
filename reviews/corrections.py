"""Corrected data: what a reviewer says an answer should have been, and where its evidence is.

A reviewer saves a correction with a review (reviews.services.review_submit), in the same
transaction or not at all. Per finding they point at the evidence that grounds the value - text
selected in a source (a chunk id and a character span) or a box drawn on the page (a page and a
box, whose words must be the text of a chunk the case was given) - and/or give the value the
answer should have said; per case they give the corrected conclusion and citations. The answer
gate then runs on the corrected answer, with the policy of the reviewed run, and its verdict is
stored with the correction (shown beside the reviewer's label, exported with the review).

Everything is checked before anything is written; each problem is a CorrectionError naming the
field (`correction.conclusion`, `correction.citations[2]`, `correction.findings[4]`) with a
message for a person. Only answer cases have an answer and citations to correct.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pydantic import ValidationError

from groundgate.engine.registry import get_gate
from groundgate.models import Case, Chunk, Document, GateRun, Page
from groundgate.services.gating import gaterun_values
from groundgate.services.rendering import PageNotRendered, page_words_in_box
from reviews.models import Correction, FindingCorrection

# Bounds on what one correction may carry (house rule 10: checked before any work).
MAX_CONCLUSION_CHARS = 20_000
MAX_CITATIONS = 200
MAX_VALUE_CHARS = 255
CORRECTABLE_KINDS = ("answer",)


class CorrectionError(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Pointer:
    """Where evidence is: a chunk and a span [start, end), or a page of a document and a box
    [x0, top, x1, bottom] in unrotated PDF points."""

    chunk_id: str = ""
    start: int | None = None
    end: int | None = None
    document_id: int | None = None
    page_index: int | None = None
    bbox: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class FindingFix:
    finding_index: int
    pointer: Pointer | None = None
    value: str = ""


@dataclass(frozen=True)
class CitationItem:
    """One corrected citation: an evidence of the answer kept (its index), or new evidence."""

    evidence: int | None = None
    pointer: Pointer | None = None


@dataclass(frozen=True)
class CorrectionInput:
    conclusion: str | None = None  # None: as answered (with the findings' values put in)
    citations: list[CitationItem] | None = None  # None: as answered
    findings: list[FindingFix] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.conclusion is None and self.citations is None and not self.findings


@dataclass
class BuiltCorrection:
    correction: Correction
    findings: list[FindingCorrection]


# ---- parsing (the page's hidden JSON field and the API's body share it) -----------------------


def _int(value: Any, where: str, name: str, again: str = "") -> int:
    """A whole number from 0, else an error naming it (`name`: "the box's document_id"), and
    what to do (`again`) when it is missing - a page sends them all, so only a hand-edited
    form or an API call lacks one."""
    if value is None:
        raise CorrectionError(where, f"{name} is missing" + (f": {again}" if again else ""))
    if type(value) is not int or value < 0:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise CorrectionError(where, f"{name} must be a whole number from 0, not {shown}")
    return value


def _pointer(data: dict[str, Any], where: str) -> Pointer | None:
    if data.get("chunk_id") not in (None, ""):
        if not isinstance(data["chunk_id"], str):
            raise CorrectionError(where, "chunk_id must be text")
        again = "select the text again"
        return Pointer(
            chunk_id=data["chunk_id"],
            start=_int(data.get("start"), where, "the selection's start", again),
            end=_int(data.get("end"), where, "the selection's end", again),
        )
    if data.get("bbox") is not None:
        box = data["bbox"]
        if (
            not isinstance(box, list)
            or len(box) != 4
            or not all(isinstance(v, int | float) and math.isfinite(v) for v in box)
        ):
            raise CorrectionError(where, "the box must be four numbers [x0, top, x1, bottom]")
        again = "draw the box on the page again"
        return Pointer(
            document_id=_int(data.get("document_id"), where, "the box's document_id", again),
            page_index=_int(data.get("page_index"), where, "the box's page_index", again),
            bbox=(float(box[0]), float(box[1]), float(box[2]), float(box[3])),
        )
    return None


def correction_parse(data: Any, conclusion: str | None = None) -> CorrectionInput:
    """A CorrectionInput from its JSON form: {"conclusion": text, "citations": [{"evidence": i}
    | {"chunk_id", "start", "end"} | {"document_id", "page_index", "bbox"}], "findings":
    [{"finding_index", pointer..., "value"}]}; `conclusion` (the page's answer editor) wins."""
    if data in (None, ""):
        data = {}
    if not isinstance(data, dict):
        raise CorrectionError("correction", "must be an object")
    if conclusion is None:
        conclusion = data.get("conclusion")
    if conclusion is not None and not isinstance(conclusion, str):
        raise CorrectionError("correction.conclusion", "must be text")
    citations = None
    if data.get("citations") is not None:
        if not isinstance(data["citations"], list):
            raise CorrectionError("correction.citations", "must be a list")
        if len(data["citations"]) > MAX_CITATIONS:
            raise CorrectionError("correction.citations", f"at most {MAX_CITATIONS} citations")
        citations = []
        for i, item in enumerate(data["citations"]):
            where = f"correction.citations[{i}]"
            if not isinstance(item, dict):
                raise CorrectionError(where, "must be an object")
            if "evidence" in item:
                citations.append(CitationItem(evidence=_int(item["evidence"], where, "evidence")))
                continue
            pointer = _pointer(item, where)
            if pointer is None:
                raise CorrectionError(where, "select the evidence's text or draw its box")
            citations.append(CitationItem(pointer=pointer))
    fixes = []
    raw_fixes = data.get("findings") or []
    if not isinstance(raw_fixes, list):
        raise CorrectionError("correction.findings", "must be a list")
    for item in raw_fixes:
        if not isinstance(item, dict):
            raise CorrectionError("correction.findings", "each must be an object")
        index = _int(item.get("finding_index"), "correction.findings", "finding_index")
        where = f"correction.findings[{index}]"
        value = item.get("value") or ""
        if not isinstance(value, str):
            raise CorrectionError(where, "the value must be text")
        pointer = _pointer(item, where)
        if pointer is None and not value.strip():
            continue  # nothing said about this finding
        fixes.append(FindingFix(index, pointer, value.strip()))
    return CorrectionInput(conclusion=conclusion, citations=citations, findings=fixes)


# ---- checking and building --------------------------------------------------------------------


@dataclass(frozen=True)
class Resolved:
    """A pointer checked against the case: the evidence it makes and what to store."""

    chunk_id: str
    start: int
    end: int
    text: str
    evidence: dict[str, Any]
    document_id: int | None = None
    page_index: int | None = None
    bbox: list[float] | None = None


def _coords(
    chunk: dict[str, Any], near: tuple[float, float, float, float] | None
) -> dict[str, Any]:
    """page_index and bbox of the chunk's position nearest the pointed place (its first line
    when there is no box): the gate checks an evidence's coordinates against the chunk's."""
    positions = chunk.get("position_int") or []
    if not positions:
        page = chunk.get("page_index")
        return {} if page is None else {"page_index": page}

    def overlap(p: list[float]) -> float:
        if near is None:
            return 0.0
        _, x0, x1, top, bottom = p
        w = min(x1, near[2]) - max(x0, near[0])
        h = min(bottom, near[3]) - max(top, near[1])
        return max(w, 0) * max(h, 0)

    best = max(positions, key=overlap) if near is not None else positions[0]
    number, x0, x1, top, bottom = best
    return {"page_index": number - 1, "bbox": [x0, top, x1, bottom]}


def _resolve(case: Case, pointer: Pointer, where: str, raw: dict[str, dict[str, Any]]) -> Resolved:
    if pointer.chunk_id:
        chunk = raw.get(pointer.chunk_id)
        if chunk is None:
            raise CorrectionError(where, f"chunk {pointer.chunk_id} is not one this case was given")
        text = chunk.get("text") or ""
        start, end = pointer.start or 0, pointer.end or 0
        if not start < end <= len(text):
            raise CorrectionError(
                where,
                f"characters {start}-{end} are outside chunk {pointer.chunk_id} "
                f"({len(text)} characters): select text inside it",
            )
        if not text[start:end].strip():
            raise CorrectionError(where, "the selection is only blanks: select the value's text")
        evidence = {"chunk_id": pointer.chunk_id, "excerpt": text[start:end]}
        return Resolved(
            pointer.chunk_id, start, end, text[start:end], {**evidence, **_coords(chunk, None)}
        )
    return _resolve_box(case, pointer, where, raw)


def _resolve_box(
    case: Case, pointer: Pointer, where: str, raw: dict[str, dict[str, Any]]
) -> Resolved:
    assert pointer.bbox is not None and pointer.page_index is not None
    # No document id: no document (filter(pk=None) would match no row either).
    document = (
        Document.objects.filter(pk=pointer.document_id, dataset_id=case.dataset_id).first()
        if pointer.document_id is not None
        else None
    )
    page = (
        Page.objects.filter(document=document, index=pointer.page_index).first()
        if document
        else None
    )
    if document is None or page is None:
        raise CorrectionError(where, "that page is not a page of this dataset's documents")
    box = pointer.bbox
    x0, top, x1, bottom = box
    shown = f"page {pointer.page_index + 1}"
    if not (x0 < x1 and top < bottom):
        raise CorrectionError(where, f"the box on {shown} is empty: draw it around the value")
    if x0 < -1 or top < -1 or x1 > page.width + 1 or bottom > page.height + 1:
        raise CorrectionError(where, f"the box is outside {shown}: draw it on the page")
    try:
        words = page_words_in_box(
            document=document, page_index=pointer.page_index, bbox=list(pointer.bbox)
        )
    except (PageNotRendered, ValueError) as exc:
        raise CorrectionError(where, f"{shown} could not be read: {exc}") from None
    if not words:
        raise CorrectionError(where, f"no text in the box on {shown}: draw it around the value")
    wanted = " ".join(words)
    # The chunks of that page the case was given, the one most inside the box first.
    on_page = Chunk.objects.filter(
        document=document, page_index=pointer.page_index, chunk_id__in=list(raw)
    ).values_list("chunk_id", flat=True)
    candidates = sorted(
        (raw[c] for c in on_page),
        key=lambda c: -_box_overlap(c.get("position_int") or [], box),
    )
    for chunk in candidates:
        text = chunk.get("text") or ""
        start = text.find(wanted)
        if start >= 0:
            evidence = {"chunk_id": chunk["chunk_id"], "excerpt": wanted}
            return Resolved(
                chunk["chunk_id"],
                start,
                start + len(wanted),
                wanted,
                {**evidence, **_coords(chunk, pointer.bbox)},
                document_id=document.pk,
                page_index=pointer.page_index,
                bbox=list(pointer.bbox),
            )
    raise CorrectionError(
        where,
        f"the text in the box (“{wanted[:60]}”) is not the text of a chunk this case was given "
        f"on {shown}: draw the box around one value, or select the text in the source",
    )


def _box_overlap(positions: list[list[float]], box: tuple[float, float, float, float]) -> float:
    total = 0.0
    for _, x0, x1, top, bottom in positions:
        w = min(x1, box[2]) - max(x0, box[0])
        h = min(bottom, box[3]) - max(top, box[1])
        total += max(w, 0) * max(h, 0)
    return total


def _conclusion(original: str, findings: list[dict[str, Any]], fixes: list[FindingFix]) -> str:
    """The answer with each corrected value put where its finding's span is."""
    spans = []
    for fix in fixes:
        f = findings[fix.finding_index]
        if fix.value and f.get("span") and f.get("field") in (None, "answer.conclusion"):
            spans.append((f["span"][0], f["span"][1], fix.value, fix.finding_index))
    spans.sort()
    for (_, end, _, a), (start, _, _, b) in pairwise(spans):
        if start < end:
            raise CorrectionError(
                f"correction.findings[{b}]",
                f"findings {a + 1} and {b + 1} correct the same words: edit the answer instead (e)",
            )
    for start, end, value, _ in reversed(spans):
        original = original[:start] + value + original[end:]
    return original


def correction_build(*, case: Case, run: GateRun, data: CorrectionInput) -> BuiltCorrection | None:
    """The correction (unsaved) and the gate's verdict on the corrected answer, or None when the
    input corrects nothing. Raises CorrectionError for the first problem found."""
    if data.empty:
        return None
    if case.kind not in CORRECTABLE_KINDS:
        raise CorrectionError("correction", f"{case.kind} cases have no answer to correct here")
    payload = case.payload
    answer = payload.get("answer") or {}
    evidences = list(answer.get("evidences") or [])
    raw = {c["chunk_id"]: c for c in payload.get("raw_chunks") or [] if "chunk_id" in c}
    findings = run.findings
    finding_rows = []
    added: list[dict[str, Any]] = []
    seen_fix = set()
    for fix in data.findings:
        where = f"correction.findings[{fix.finding_index}]"
        if not 0 <= fix.finding_index < len(findings) or fix.finding_index in seen_fix:
            raise CorrectionError(where, "no such finding in this verdict")
        seen_fix.add(fix.finding_index)
        if len(fix.value) > MAX_VALUE_CHARS:
            raise CorrectionError(where, f"the value is longer than {MAX_VALUE_CHARS} characters")
        row = FindingCorrection(
            finding_index=fix.finding_index,
            code=findings[fix.finding_index]["code"],
            value=fix.value,
        )
        if fix.pointer is not None:
            got = _resolve(case, fix.pointer, where, raw)
            row.chunk_id, row.start, row.end, row.text = got.chunk_id, got.start, got.end, got.text
            row.document_id, row.page_index, row.bbox = got.document_id, got.page_index, got.bbox
            added.append(got.evidence)
        finding_rows.append(row)
    if data.citations is not None:
        corrected = []
        for i, item in enumerate(data.citations):
            where = f"correction.citations[{i}]"
            if item.evidence is not None:
                if not 0 <= item.evidence < len(evidences):
                    raise CorrectionError(where, "the answer has no such citation")
                corrected.append(evidences[item.evidence])
            elif item.pointer is not None:
                corrected.append(_resolve(case, item.pointer, where, raw).evidence)
        evidences = corrected
    for evidence in added:  # the evidence pointed at per finding is cited too
        if not any(
            e.get("chunk_id") == evidence["chunk_id"] and e.get("excerpt") == evidence["excerpt"]
            for e in evidences
        ):
            evidences.append(evidence)
    if data.conclusion is not None:
        conclusion = data.conclusion.strip()
        if not conclusion:
            raise CorrectionError(
                "correction.conclusion",
                "the corrected answer is empty: write the answer as it should be, "
                "or close the editor to keep it as answered",
            )
        if len(conclusion) > MAX_CONCLUSION_CHARS:
            raise CorrectionError(
                "correction.conclusion", f"longer than {MAX_CONCLUSION_CHARS} characters"
            )
    else:
        conclusion = _conclusion(answer.get("conclusion") or "", findings, data.findings)
    corrected_answer = {**answer, "conclusion": conclusion, "evidences": evidences}
    spec = get_gate(case.kind)
    try:
        parsed = spec.input_model.model_validate({**payload, "answer": corrected_answer})
        policy = spec.policy_model.model_validate(run.policy.body)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise CorrectionError("correction", f"{first['msg']} at {first['loc']}") from None
    values = gaterun_values(spec=spec, verdict=spec.run(parsed, policy))
    correction = Correction(
        case=case,
        answer=corrected_answer,
        conclusion_changed=conclusion != (answer.get("conclusion") or ""),
        citations_changed=evidences != list(answer.get("evidences") or []),
        gate_status=values["status"],
        gate_passed=values["passed"],
        gate_version=values["gate_version"],
        policy_sha256=run.policy_sha256,
        verdict=values["verdict"],
    )
    return BuiltCorrection(correction, finding_rows)


def correction_as_input(correction: Correction, case: Case) -> dict[str, Any]:
    """A saved correction in the JSON form correction_parse reads, for the case page to show
    it again (a new review keeps the reviewer's correction unless they change it)."""
    answer = case.payload.get("answer") or {}
    original = list(answer.get("evidences") or [])
    raw = {c["chunk_id"]: c for c in case.payload.get("raw_chunks") or [] if "chunk_id" in c}
    citations: list[dict[str, Any]] = []
    for evidence in correction.answer.get("evidences") or []:
        if evidence in original:
            citations.append({"evidence": original.index(evidence)})
            continue
        text = (raw.get(evidence.get("chunk_id")) or {}).get("text") or ""
        start = text.find(evidence.get("excerpt") or "\0")
        if start >= 0:
            end = start + len(evidence["excerpt"])
            citations.append({"chunk_id": evidence["chunk_id"], "start": start, "end": end})
    findings = []
    for row in correction.findings.all():
        item: dict[str, Any] = {"finding_index": row.finding_index, "value": row.value}
        if row.bbox is not None:
            item.update(document_id=row.document_id, page_index=row.page_index, bbox=row.bbox)
        elif row.chunk_id:
            item.update(chunk_id=row.chunk_id, start=row.start, end=row.end)
        item["text"] = row.text
        findings.append(item)
    data: dict[str, Any] = {"findings": findings}
    if correction.citations_changed:
        data["citations"] = citations
    if correction.conclusion_changed:
        # The values alone rebuild the answer when the reviewer only said what a value should be;
        # an answer they edited too is shown as they saved it (the editor's text wins on save).
        stated = correction.answer.get("conclusion") or ""
        fixes = [FindingFix(finding_index=f["finding_index"], value=f["value"]) for f in findings]
        try:
            rebuilt = _conclusion(
                answer.get("conclusion") or "", correction.review.gate_run.findings, fixes
            )
        except (CorrectionError, IndexError):
            rebuilt = None
        if stated != rebuilt:
            data["conclusion"] = stated
    return data
