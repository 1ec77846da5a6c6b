"""The answer gate: ../shared/specs/answer-gate.md plus the foundation issue's exact contract.

Rules, in order (the status follows the first rule that fires; findings list every problem):
  1. no raw_chunks                       -> no_evidence           NO_CHUNKS (the only finding)
  2. evidence cites an unknown chunk_id  -> citation_insufficient UNKNOWN_CHUNK
  3. excerpt not an exact substring      -> evidence rejected     EXCERPT_NOT_IN_CHUNK
     empty excerpt                       -> evidence rejected     EMPTY_EXCERPT
     page_index/bbox match no position   -> evidence rejected     COORDINATE_MISMATCH
  4. no accepted evidence left           -> no_evidence           NO_VALID_EVIDENCE
  5. a number not verbatim in an excerpt -> citation_insufficient UNGROUNDED_NUMBER
  6. otherwise                           -> ok
"""

from __future__ import annotations

import difflib
import re
from typing import Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, Number, OutputModel
from groundgate.engine.findings import Box, Finding, NearMatch
from groundgate.engine.numbers import (
    NumericValue,
    digits_only,
    extract_numbers,
    is_grounded,
    leading_digits,
    significant_digits,
    units_offering,
)
from groundgate.engine.policy import GatePolicy

GATE = "answer"
# Bump when a rule changes behaviour; the policy hash covers configuration, this covers code.
GATE_VERSION = "1.0.0"

# Finding codes. Each is emitted in exactly one place below.
NO_CHUNKS = "NO_CHUNKS"
UNKNOWN_CHUNK = "UNKNOWN_CHUNK"
EXCERPT_NOT_IN_CHUNK = "EXCERPT_NOT_IN_CHUNK"
EMPTY_EXCERPT = "EMPTY_EXCERPT"
COORDINATE_MISMATCH = "COORDINATE_MISMATCH"
NO_VALID_EVIDENCE = "NO_VALID_EVIDENCE"
UNGROUNDED_NUMBER = "UNGROUNDED_NUMBER"

FINDING_CODES = (
    NO_CHUNKS,
    UNKNOWN_CHUNK,
    EXCERPT_NOT_IN_CHUNK,
    EMPTY_EXCERPT,
    COORDINATE_MISMATCH,
    NO_VALID_EVIDENCE,
    UNGROUNDED_NUMBER,
)

Status = Literal["ok", "citation_insufficient", "no_evidence"]
# [page_number (1-based), x0, x1, top, bottom] - the RAGFlow convention.
Position = tuple[int, Number, Number, Number, Number]
# [x0, top, x1, bottom]
BBox = tuple[Number, Number, Number, Number]


class RawChunk(InputModel):
    chunk_id: str
    text: str
    page_index: int | None = None
    position_int: list[Position] | None = None


class Evidence(InputModel):
    chunk_id: str
    excerpt: str
    page_index: int | None = None
    bbox: BBox | None = None


class Answer(InputModel):
    conclusion: str | None = None
    evidences: list[Evidence] = Field(default_factory=list)


class AnswerCase(InputModel):
    case_id: str
    question: str = ""
    raw_chunks: list[RawChunk] | None = None
    answer: Answer


class AnswerGatePolicy(GatePolicy):
    policy_version: str = "answer-gate/2026-11.1"
    check_excerpts: bool = True
    check_coordinates: bool = True
    check_numbers: bool = True
    # "" is a substring of every text; an empty excerpt quotes nothing and grounds nothing.
    reject_empty_excerpt: bool = True
    # Coordinates must be equal; a tolerance in PDF points can be allowed explicitly.
    bbox_tolerance: float = Field(default=0.0, ge=0.0)
    # "0.35 g/L" does not ground "0.35 mg/L"; a value without a unit matches on the quantity.
    unit_must_match: bool = True


DEFAULT_POLICY = AnswerGatePolicy()


class AnswerVerdict(OutputModel):
    case_id: str
    status: Status
    conclusion: str | None
    evidences: list[Evidence]
    findings: list[Finding]
    gate: Literal["answer"] = GATE
    gate_version: str = GATE_VERSION
    policy_sha256: str


def gate_answer(case: AnswerCase, policy: AnswerGatePolicy = DEFAULT_POLICY) -> AnswerVerdict:
    """Gate one case. Pure and deterministic: never raises on a validated AnswerCase."""
    if not case.raw_chunks:
        return AnswerVerdict(
            case_id=case.case_id,
            status="no_evidence",
            conclusion=None,
            evidences=[],
            findings=[Finding(code=NO_CHUNKS, message="raw_chunks is empty or null")],
            policy_sha256=policy.sha256,
        )

    chunks = {chunk.chunk_id: [chunk] for chunk in case.raw_chunks}
    if len(chunks) != len(case.raw_chunks):
        # The same chunk_id twice (a retriever that returns a chunk twice): an evidence may match
        # any of them.
        chunks = {}
        for chunk in case.raw_chunks:
            chunks.setdefault(chunk.chunk_id, []).append(chunk)

    findings: list[Finding] = []
    accepted: list[tuple[int, Evidence]] = []
    unknown = False
    # Fast path for the common case (one chunk per id, exact coordinates, a real excerpt): an
    # evidence that passes both checks is accepted here; anything else goes to _check_evidence,
    # which runs the same checks and builds the findings.
    check_excerpts, check_coordinates = policy.check_excerpts, policy.check_coordinates
    exact = policy.bbox_tolerance == 0
    for index, evidence in enumerate(case.answer.evidences):
        candidates = chunks.get(evidence.chunk_id)
        if candidates is None:
            unknown = True
            findings.append(_unknown_chunk(index, evidence))
            continue
        if exact and len(candidates) == 1:
            chunk = candidates[0]
            excerpt = evidence.excerpt
            if (
                not check_excerpts or (excerpt and not excerpt.isspace() and excerpt in chunk.text)
            ) and (not check_coordinates or _coordinates_ok(evidence, chunk.position_int)):
                accepted.append((index, evidence))
                continue
        problems = _check_evidence(index, evidence, candidates, policy)
        if problems:
            findings.extend(problems)
        else:
            accepted.append((index, evidence))

    if not accepted:
        findings.append(
            Finding(
                code=NO_VALID_EVIDENCE,
                message=(
                    "the answer cites no evidence"
                    if not case.answer.evidences
                    else "no evidence survived the checks"
                ),
            )
        )

    conclusion = case.answer.conclusion
    ungrounded = 0
    if policy.check_numbers and conclusion:
        number_findings = _check_numbers(conclusion, accepted, policy)
        ungrounded = len(number_findings)
        findings.extend(number_findings)

    status: Status
    if unknown:
        status = "citation_insufficient"
    elif not accepted:
        status = "no_evidence"
    elif ungrounded:
        status = "citation_insufficient"
    else:
        status = "ok"

    # Every part is already a validated model: construct without re-validating (hot path).
    return AnswerVerdict.model_construct(
        case_id=case.case_id,
        status=status,
        conclusion=conclusion if status == "ok" else None,
        evidences=[ev for _, ev in accepted] if status == "ok" else [],
        findings=findings,
        gate=GATE,
        gate_version=GATE_VERSION,
        policy_sha256=policy.sha256,
    )


def _unknown_chunk(index: int, evidence: Evidence) -> Finding:
    return Finding(
        code=UNKNOWN_CHUNK,
        message=f"evidence {index} cites chunk_id {evidence.chunk_id!r}, not in raw_chunks",
        field=f"answer.evidences[{index}].chunk_id",
        evidence_index=index,
        chunk_id=evidence.chunk_id,
        page_index=evidence.page_index,
        bbox=evidence.bbox,
    )


def _check_evidence(
    index: int, evidence: Evidence, candidates: list[RawChunk], policy: AnswerGatePolicy
) -> list[Finding] | None:
    """Excerpt and coordinate checks for one evidence whose chunk exists; None when it passes.
    Both checks run so that every problem is reported. This is the hot path: keep it lean."""
    excerpt_problem: Finding | None = None
    if policy.check_excerpts:
        excerpt = evidence.excerpt
        if policy.reject_empty_excerpt and not excerpt.strip():
            excerpt_problem = _empty_excerpt(index, evidence)
        elif len(candidates) == 1:
            if excerpt not in candidates[0].text:
                excerpt_problem = _excerpt_not_in_chunk(index, evidence, candidates[0].text)
        elif not any(excerpt in chunk.text for chunk in candidates):
            excerpt_problem = _excerpt_not_in_chunk(index, evidence, candidates[0].text)

    coordinate_problem: Finding | None = None
    if policy.check_coordinates and (evidence.page_index is not None or evidence.bbox is not None):
        if len(candidates) == 1:
            positions = candidates[0].position_int or []
        else:
            positions = [p for chunk in candidates for p in (chunk.position_int or [])]
        if not _coordinates_match(evidence, positions, policy.bbox_tolerance):
            coordinate_problem = _coordinate_mismatch(index, evidence, positions)

    if excerpt_problem is None and coordinate_problem is None:
        return None
    return [p for p in (excerpt_problem, coordinate_problem) if p is not None]


def _coordinates_ok(evidence: Evidence, positions: list[Position] | None) -> bool:
    """Exact-coordinate check for the fast path (no coordinates given: nothing to check)."""
    page_index, bbox = evidence.page_index, evidence.bbox
    if page_index is None and bbox is None:
        return True
    return _coordinates_match(evidence, positions or [], 0.0)


def _where(index: int, evidence: Evidence) -> dict:
    return {
        "evidence_index": index,
        "chunk_id": evidence.chunk_id,
        "page_index": evidence.page_index,
        "bbox": evidence.bbox,
    }


def _empty_excerpt(index: int, evidence: Evidence) -> Finding:
    return Finding(
        code=EMPTY_EXCERPT,
        message=f"evidence {index} has an empty excerpt; it quotes nothing",
        field=f"answer.evidences[{index}].excerpt",
        **_where(index, evidence),
    )


def _coordinate_mismatch(index: int, evidence: Evidence, positions: list[Position]) -> Finding:
    boxes = [_position_box(p) for p in positions]
    listed = ", ".join(f"p{b.page_index} {_fmt_box(b.bbox)}" for b in boxes) or "none"
    return Finding(
        code=COORDINATE_MISMATCH,
        message=(
            f"evidence {index} claims page_index={evidence.page_index} "
            f"bbox={_fmt_box(evidence.bbox)}, which matches none of chunk "
            f"{evidence.chunk_id!r}'s positions: {listed}"
        ),
        field=f"answer.evidences[{index}]",
        chunk_boxes=boxes,
        **_where(index, evidence),
    )


_SPACES = re.compile(r"\s+")


def _excerpt_not_in_chunk(index: int, evidence: Evidence, text: str) -> Finding:
    """Locate the closest stretch of the chunk so the reviewer sees a diff, not a guess."""
    excerpt = evidence.excerpt
    matcher = difflib.SequenceMatcher(None, text, excerpt, autojunk=False)
    match = matcher.find_longest_match(0, len(text), 0, len(excerpt))
    start = max(0, match.a - match.b)
    end = min(len(text), start + len(excerpt))
    if _SPACES.sub(" ", excerpt).strip() in _SPACES.sub(" ", text):
        detail = "it differs from the chunk only in whitespace"
    elif match.size == 0:
        detail = "no part of it occurs in the chunk"
    else:
        detail = f"the closest text in the chunk is {text[start:end]!r}"
    return Finding(
        code=EXCERPT_NOT_IN_CHUNK,
        message=f"evidence {index}'s excerpt is not an exact substring of its chunk: {detail}",
        field=f"answer.evidences[{index}].excerpt",
        chunk_span=(start, end),
        **_where(index, evidence),
    )


def _position_box(position: Position) -> Box:
    page_number, x0, x1, top, bottom = position
    return Box(page_index=page_number - 1, bbox=(x0, top, x1, bottom))


def _coordinates_match(evidence: Evidence, positions: list[Position], tolerance: float) -> bool:
    """page_number == page_index + 1 and [x0, top, x1, bottom] equal (within tolerance).

    Only page_index given: it must be one of the chunk's pages. Only bbox given: it must match a
    rectangle on any of the chunk's pages.
    """
    for page_number, x0, x1, top, bottom in positions:
        if evidence.page_index is not None and page_number != evidence.page_index + 1:
            continue
        if evidence.bbox is None:
            return True
        ex0, etop, ex1, ebottom = evidence.bbox
        if tolerance == 0:
            if ex0 == x0 and etop == top and ex1 == x1 and ebottom == bottom:
                return True
        elif (
            abs(ex0 - x0) <= tolerance
            and abs(etop - top) <= tolerance
            and abs(ex1 - x1) <= tolerance
            and abs(ebottom - bottom) <= tolerance
        ):
            return True
    return False


def _fmt_box(bbox: tuple | None) -> str:
    return "null" if bbox is None else "[" + ", ".join(f"{v:g}" for v in bbox) + "]"


def _check_numbers(
    conclusion: str, accepted: list[tuple[int, Evidence]], policy: AnswerGatePolicy
) -> list[Finding]:
    values = extract_numbers(conclusion)
    if not values:
        return []
    excerpts = [evidence.excerpt for _, evidence in accepted]
    findings = []
    for value in values:
        units: set[str] | None = None
        needle = leading_digits(value.quantity)
        for excerpt in excerpts:
            if needle not in excerpt:
                continue
            offered = units_offering(excerpt, value.quantity, needle)
            if offered is not None:
                units = offered if units is None else units | offered
        if is_grounded(value, units, unit_must_match=policy.unit_must_match):
            continue
        near = _near_match(value, accepted)
        message = f"{value.text!r} does not appear verbatim in any accepted excerpt"
        if near is not None:
            message += "; " + _NEAR_TEXT[near.reason].format(
                text=near.text, index=near.evidence_index
            )
        findings.append(
            Finding(
                code=UNGROUNDED_NUMBER,
                message=message,
                field="answer.conclusion",
                span=(value.start, value.end),
                value=value.text,
                near_match=near,
            )
        )
    return findings


_NEAR_TEXT = {
    "same_quantity": "near match: evidence {index} has {text!r}, the same quantity written "
    "differently (verbatim is required)",
    "different_unit": "near match: evidence {index} has {text!r}, the same number with "
    "another unit",
    "part_of_longer_number": "evidence {index} has it only inside the longer number {text!r}",
}


def _near_match(value: NumericValue, accepted: list[tuple[int, Evidence]]) -> NearMatch | None:
    """The most useful hint, in order: same quantity written differently, same number with
    another unit, the digits inside a longer number ("10" in "10,000")."""
    key = value.key
    digits = significant_digits(value.quantity)
    # Every hint needs the value's characters, or at least its significant digits, in the
    # excerpt: only those excerpts are scanned (a necessary condition, so no hint is lost).
    candidates = [
        (index, extract_numbers(ev.excerpt))
        for index, ev in accepted
        if value.quantity in ev.excerpt or (digits and digits in digits_only(ev.excerpt))
    ]
    for reason in ("same_quantity", "different_unit", "part_of_longer_number"):
        for index, found in candidates:
            for other in found:
                if reason == "same_quantity":
                    hit = (
                        key is not None
                        and other.quantity != value.quantity
                        and significant_digits(other.quantity) == digits
                        and other.key == key
                    )
                elif reason == "different_unit":
                    hit = other.quantity == value.quantity and other.unit != value.unit
                else:
                    hit = value.quantity in other.quantity and other.quantity != value.quantity
                if hit:
                    return NearMatch(
                        evidence_index=index,
                        text=other.text,
                        span=(other.start, other.end),
                        reason=reason,  # type: ignore[arg-type]
                    )
    return None
