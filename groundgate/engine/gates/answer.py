"""The answer gate: ../shared/specs/answer-gate.md plus the foundation issue's exact contract.

Rules, in order (the status follows the first rule that fires; findings list every problem):
  1. no raw_chunks                       -> no_evidence           NO_CHUNKS (the only finding)
  2. evidence cites an unknown chunk_id  -> citation_insufficient UNKNOWN_CHUNK
  3. excerpt not an exact substring      -> evidence rejected     EXCERPT_NOT_IN_CHUNK
     empty excerpt                       -> evidence rejected     EMPTY_EXCERPT
     page_index/bbox match no position   -> evidence rejected     COORDINATE_MISMATCH
  4. no accepted evidence left           -> no_evidence           NO_VALID_EVIDENCE
  5. a value in no excerpt               -> citation_insufficient UNGROUNDED_NUMBER
  6. otherwise                           -> ok
Values (rule 5) are compared by kind (values/sameness.py): a value grounded other than verbatim
gets an info finding that names the rule - NUMBER_EQUIVALENT (an equivalence the policy allows),
NUMBER_FROM_QUESTION, NUMBER_ABOUT_ANSWER ("in 84 words"), NUMBER_IN_WORKING ("× 100"),
NUMBER_SECTION_LABEL ("see Note 4", a part the evidence does not number), NUMBER_DERIVED (a
calculation from cited values, when the policy accepts those). Info findings never change the
status.
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from pydantic import SerializeAsAny

from groundgate.engine.context.cell_periods import (
    NUMBER_CELL_HEADER,
    header_grounded,
    period_notes,
)
from groundgate.engine.context.grounding import (
    VALUE_OUT_OF_CONTEXT,
    context_findings,
    with_context,
)
from groundgate.engine.context.plain_negatives import plain_negative_findings
from groundgate.engine.context.sign_sides import side_findings
from groundgate.engine.context.yuan_scales import yuan_scale_findings
from groundgate.engine.contracts import OutputModel
from groundgate.engine.findings import (
    Box,
    Finding,
    NumberFinding,
)

# The input models and the policy live in answer_case.py (the rules import them from there).
from groundgate.engine.gates.answer_case import (
    Answer,
    AnswerCase,
    AnswerGatePolicy,
    BBox,
    Evidence,
    Position,
    RawChunk,
    Status,
)
from groundgate.engine.gates.answer_in_context import derive_out_of_context
from groundgate.engine.gates.answer_numbers import (
    NUMBER_ABOUT_ANSWER,
    NUMBER_DERIVED,
    NUMBER_EQUIVALENT,
    NUMBER_FROM_QUESTION,
    NUMBER_IN_WORKING,
    NUMBER_SECTION_LABEL,
    UNGROUNDED_NUMBER,
    check_numbers,
)
from groundgate.engine.gates.answer_presets import DEFAULT_POLICY, PRESETS, VERBATIM_POLICY
from groundgate.engine.gates.answer_reading import table_reading
from groundgate.engine.near_text import align

GATE: Final = "answer"
# Bump when a rule changes behaviour; the policy hash covers configuration, this covers code.
GATE_VERSION = "2.87.0"

# Finding codes. Each is emitted in exactly one place below.
NO_CHUNKS = "NO_CHUNKS"
UNKNOWN_CHUNK = "UNKNOWN_CHUNK"
EXCERPT_NOT_IN_CHUNK = "EXCERPT_NOT_IN_CHUNK"
EMPTY_EXCERPT = "EMPTY_EXCERPT"
COORDINATE_MISMATCH = "COORDINATE_MISMATCH"
NO_VALID_EVIDENCE = "NO_VALID_EVIDENCE"
# The number codes (UNGROUNDED_NUMBER and the info codes) live with their rule in
# answer_numbers.py.

FINDING_CODES = (
    NO_CHUNKS,
    UNKNOWN_CHUNK,
    EXCERPT_NOT_IN_CHUNK,
    EMPTY_EXCERPT,
    COORDINATE_MISMATCH,
    NO_VALID_EVIDENCE,
    UNGROUNDED_NUMBER,
    NUMBER_EQUIVALENT,
    NUMBER_FROM_QUESTION,
    NUMBER_ABOUT_ANSWER,
    NUMBER_IN_WORKING,
    NUMBER_SECTION_LABEL,
    NUMBER_DERIVED,
    NUMBER_CELL_HEADER,
    VALUE_OUT_OF_CONTEXT,
)

__all__ = [
    "DEFAULT_POLICY",
    "PRESETS",
    "VERBATIM_POLICY",
    "Answer",
    "AnswerCase",
    "AnswerGatePolicy",
    "AnswerVerdict",
    "BBox",
    "Evidence",
    "Position",
    "RawChunk",
    "Status",
    "gate_answer",
]


class AnswerVerdict(OutputModel):
    case_id: str
    status: Status
    conclusion: str | None
    evidences: list[Evidence]
    # SerializeAsAny: number findings carry more fields than the base Finding.
    findings: list[SerializeAsAny[Finding]]
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

    by_id = {chunk.chunk_id: chunk for chunk in case.raw_chunks}
    # The same chunk_id twice (a retriever that returns a chunk twice): an evidence may match
    # any of them. (Lists only then: most cases have one chunk per id.)
    chunks: dict[str, list[RawChunk]] | None = None
    if len(by_id) != len(case.raw_chunks):
        chunks = {}
        for chunk in case.raw_chunks:
            chunks.setdefault(chunk.chunk_id, []).append(chunk)

    findings: list[Finding] = []
    accepted: list[tuple[int, Evidence]] = []
    # Where the fast path found each accepted excerpt (evidence index -> chunk, offset), so
    # that rule 5 does not search for it again.
    located: dict[int, tuple[RawChunk, int]] = {}
    unknown = False
    # Fast path for the common case (one chunk per id, exact coordinates, a real excerpt): an
    # evidence that passes both checks is accepted here; anything else goes to _check_evidence,
    # which runs the same checks and builds the findings.
    check_excerpts, check_coordinates = policy.check_excerpts, policy.check_coordinates
    exact = policy.bbox_tolerance == 0
    for index, evidence in enumerate(case.answer.evidences):
        if chunks is None:
            single = by_id.get(evidence.chunk_id)
            candidates = None
            if single is None:
                unknown = True
                findings.append(_unknown_chunk(index, evidence))
                continue
        else:
            candidates = chunks.get(evidence.chunk_id)
            if candidates is None:
                unknown = True
                findings.append(_unknown_chunk(index, evidence))
                continue
            single = candidates[0] if len(candidates) == 1 else None
        if exact and single is not None:
            excerpt = evidence.excerpt
            offset = -1
            if check_excerpts and excerpt and not excerpt.isspace():
                offset = single.text.find(excerpt)
            if (not check_excerpts or offset >= 0) and (
                not check_coordinates or _coordinates_ok(evidence, single)
            ):
                accepted.append((index, evidence))
                if offset >= 0:
                    located[index] = (single, offset)
                continue
        if candidates is None:  # one chunk has this id: single
            candidates = [single] if single is not None else []
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
        number_findings = check_numbers(case, conclusion, accepted, policy, located)
        if policy.period_words != "excerpt" and located:  # "52 weeks" of its cell (d1011)
            heads = (conclusion, accepted, located, number_findings, table_reading(policy))
            number_findings = header_grounded(*heads)
        if policy.value_context != "off" and accepted:
            number_findings = with_context(
                number_findings,
                context_findings(
                    conclusion,
                    case.answer.evidences,
                    accepted,
                    number_findings,
                    located,
                    policy.calculation_constants,
                    longest_row=policy.row_naming == "longest_said",
                    columns=policy.column_naming != "off",
                    percent_columns=policy.percent_cells == "percent_columns",
                    prose=policy.prose_subjects != "off",
                    relative=policy.relative_periods == "current_prior",
                    reading=table_reading(policy),
                    period_sums=policy.period_sums == "listed_periods",
                    directions=policy.direction_cells == "change_columns",
                    bound=policy.prose_subjects == "bound_values",
                    candidates=policy.context_candidates,
                    years=policy.year_relative == "latest_year",
                    working=(
                        policy.working_constants
                        if policy.context_constants in ("in_working", "counted")
                        else None
                    ),
                    chunk_columns=policy.excerpt_headers == "chunk_columns",
                ),
            )
            if policy.period_words != "excerpt":  # no "no claim" note on it (d1012)
                number_findings = period_notes(conclusion, number_findings)
            if policy.context_derivations != "off" and policy.derived_numbers == "accept":
                number_findings = _derived_in_place(
                    case, conclusion, accepted, policy, located, number_findings
                )
        if policy.sign_sides != "off" and accepted:  # "net income of $262" for (262), d687
            sides = (conclusion, accepted, number_findings, located, table_reading(policy))
            named = policy.sign_sides == "named_rows"
            number_findings = with_context(number_findings, side_findings(*sides, names=named))
        if policy.negative_cells == "parentheses_said" and accepted:  # "（4,667）" said 4,667
            plain = (conclusion, accepted, number_findings, located, table_reading(policy))
            number_findings = with_context(number_findings, plain_negative_findings(*plain))
        if policy.yuan_scales == "declared_tables" and accepted:  # "12,345.67元" under 万元
            slips = yuan_scale_findings(conclusion, accepted, number_findings, located)
            number_findings = with_context(number_findings, slips)
        ungrounded = sum(1 for f in number_findings if f.severity == "error")
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


_PERIOD = "another_period"


def _derived_in_place(
    case: AnswerCase,
    conclusion: str,
    accepted: list[tuple[int, Evidence]],
    policy: AnswerGatePolicy,
    located: dict[int, tuple[RawChunk, int]],
    findings: list[Finding],
) -> list[Finding]:
    """The findings with each out-of-context value that the operation its sentence names
    derives from the named cells accepted as derived (context_derivations, d487)."""
    # Not a named row's own cell of another period ("the sum for 2019 and 2018 is 2,493", the
    # 2019 cell): that is the period mistake the context rule is for, and the row's change
    # column re-derives its cells (2,407 + 86).
    spans = [
        f.span
        for f in findings
        if f.code == VALUE_OUT_OF_CONTEXT
        and f.span is not None
        and not (isinstance(f, NumberFinding) and f.near_match and f.near_match.reason == _PERIOD)
    ]
    if not spans:
        return findings
    derived = derive_out_of_context(case, conclusion, accepted, policy, located, spans)
    if not derived:
        return findings
    return [
        derived.get(f.span, f) if f.code == VALUE_OUT_OF_CONTEXT and f.span else f for f in findings
    ]


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
        positions = [p for chunk in candidates for p in (chunk.position_int or [])]
        if not _on_chunk_page(evidence, candidates) and not _coordinates_match(
            evidence, positions, policy.bbox_tolerance
        ):
            coordinate_problem = _coordinate_mismatch(index, evidence, positions)

    if excerpt_problem is None and coordinate_problem is None:
        return None
    return [p for p in (excerpt_problem, coordinate_problem) if p is not None]


def _coordinates_ok(evidence: Evidence, chunk: RawChunk) -> bool:
    """Exact-coordinate check for the fast path (no coordinates given: nothing to check):
    _on_chunk_page or _coordinates_match with no tolerance, for one chunk, written out."""
    page_index, bbox = evidence.page_index, evidence.bbox
    positions = chunk.position_int
    if bbox is None:
        if page_index is None:
            return True
        if not positions:
            return chunk.page_index == page_index
        page_number = page_index + 1
        return any(p[0] == page_number for p in positions)
    if not positions:
        return False
    ex0, etop, ex1, ebottom = bbox
    for page_number, x0, x1, top, bottom in positions:
        if page_index is not None and page_number != page_index + 1:
            continue
        if ex0 == x0 and etop == top and ex1 == x1 and ebottom == bottom:
            return True
    return False


def _on_chunk_page(evidence: Evidence, chunks: list[RawChunk]) -> bool:
    """A chunk with a page_index and no position_int is on that page: an evidence that gives
    only that page_index matches it (a bbox never can: the chunk has no box)."""
    return (
        evidence.bbox is None
        and evidence.page_index is not None
        and any(not c.position_int and c.page_index == evidence.page_index for c in chunks)
    )


def _where(index: int, evidence: Evidence) -> dict[str, Any]:
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
    aligned = align(text, excerpt)
    start = max(0, aligned[0]) if aligned else 0
    end = min(len(text), start + len(excerpt))
    if _SPACES.sub(" ", excerpt).strip() in _SPACES.sub(" ", text):
        detail = "it differs from the chunk only in whitespace"
    elif aligned is None:
        detail = "no part of it occurs in the chunk"
    else:
        closest = text[start:end]
        if len(closest) > _QUOTE_LIMIT:  # the span says where; the message stays readable
            closest = closest[: _QUOTE_LIMIT - 1] + "…"
        detail = f"the closest text in the chunk is {closest!r}"
    return Finding(
        code=EXCERPT_NOT_IN_CHUNK,
        message=f"evidence {index}'s excerpt is not an exact substring of its chunk: {detail}",
        field=f"answer.evidences[{index}].excerpt",
        chunk_span=(start, end),
        **_where(index, evidence),
    )


_QUOTE_LIMIT = 300


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


def _fmt_box(bbox: tuple[float, ...] | None) -> str:
    return "null" if bbox is None else "[" + ", ".join(f"{v:g}" for v in bbox) + "]"
