"""The anchored-answer gate: R5 of ../shared/specs/answer-assembly-r2-r6.md.

R5 is a strict validator ("a firewall"): it never rewrites the answer, it accepts or rejects it.
Rules (every problem becomes a located finding; failure_reason is the first that applies in this
order, and is populated on EVERY failed path):
  upstream   generation_status FAILED      -> GENERATION_FAILED        (GENERATION_FAILED)
  refusal    exact refusal string (policy: surrounding whitespace stripped or exact)
                                           -> PASSED, generation_status NO_EVIDENCE
             an uncited sentence phrased as a refusal (policy.refusal_patterns), or
             NO_EVIDENCE without the exact refusal
                                           -> INVALID_REFUSAL_FORMAT   (finding INVALID_REFUSAL)
  empty      an OK answer with no statement (empty, whitespace, only anchors)
                                           -> EMPTY_ANSWER             (EMPTY_ANSWER)
  anchors    [C<n>] not in the bundle      -> INVALID_CITATION_REFERENCE (INVALID_ANCHOR)
             [c0], (C0), [C-1], [C 0] ...  -> INVALID_CITATION_REFERENCE (MALFORMED_ANCHOR)
  sentences  a factual sentence without an anchor (anchors after a full stop are credited to
             one sentence only)            -> UNCITED_FACTUAL_STATEMENT (UNCITED_SENTENCE)
  consistency declared citations != anchors used (duplicates, unused, missing)
                                           -> CITATION_MISMATCH (CITATION_MISMATCH)
  coverage   (policy.claim_coverage) a cited sentence not covered by its chunks (Phase-3)
                                           -> CLAIM_NOT_COVERED (UNCOVERED_CLAIM, MISSING_CITATION)
  length     answer > 10x evidence length  -> length_ratio_flag only (LENGTH_RATIO, a warning)
On failure: generation_status FAILED, validated_answer_text "", validated_citations [].
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import Annotated, Final, Literal

from pydantic import BeforeValidator, Field, field_validator

from groundgate.engine.contracts import InputModel, OutputModel, json_number
from groundgate.engine.findings import Finding
from groundgate.engine.gates.synthesis import (
    ClaimCoverage,
    RetrievedChunk,
    SynthesisGatePolicy,
    check_claim_coverage,
)
from groundgate.engine.policy import GatePolicy
from groundgate.engine.sentences import SPLITTER_VERSION, Sentence, split_sentences

GATE: Final = "anchored"
GATE_VERSION = "1.0.0"

# failure_reason values (exactly these four, from the spec).
INVALID_CITATION_REFERENCE = "INVALID_CITATION_REFERENCE"
UNCITED_FACTUAL_STATEMENT = "UNCITED_FACTUAL_STATEMENT"
INVALID_REFUSAL_FORMAT = "INVALID_REFUSAL_FORMAT"
CITATION_MISMATCH = "CITATION_MISMATCH"
# Not in the spec's list, which has no word for these two: an OK answer with nothing in it, and
# a generation that failed before R5 (failure_reason is populated on every failed path).
EMPTY_ANSWER = "EMPTY_ANSWER"
GENERATION_FAILED_REASON = "GENERATION_FAILED"
# Phase-3 claim coverage, when the policy asks for it.
CLAIM_NOT_COVERED = "CLAIM_NOT_COVERED"

# Finding codes.
INVALID_ANCHOR = "INVALID_ANCHOR"
MALFORMED_ANCHOR = "MALFORMED_ANCHOR"
UNCITED_SENTENCE = "UNCITED_SENTENCE"
INVALID_REFUSAL = "INVALID_REFUSAL"
GENERATION_FAILED = "GENERATION_FAILED"
LENGTH_RATIO = "LENGTH_RATIO"
EMPTY_ANSWER_FINDING = "EMPTY_ANSWER"
UNCOVERED_CLAIM = "UNCOVERED_CLAIM"
MISSING_CITATION = "MISSING_CITATION"
FINDING_CODES = (
    EMPTY_ANSWER_FINDING,
    UNCOVERED_CLAIM,
    MISSING_CITATION,
    INVALID_ANCHOR,
    MALFORMED_ANCHOR,
    UNCITED_SENTENCE,
    INVALID_REFUSAL,
    CITATION_MISMATCH,
    GENERATION_FAILED,
    LENGTH_RATIO,
)

GenerationStatus = Literal["OK", "FAILED", "NO_EVIDENCE"]
ANCHOR_FORMAT = re.compile(r"^C(?:0|[1-9][0-9]*)$")
# Exactly [C<number>], uppercase C, no sign, no leading zeros, no spaces.
_ANCHOR = re.compile(r"\[C(0|[1-9][0-9]*)\]")
# Anything that looks like an attempt at an anchor: any bracket, either case, signs, spaces,
# leading zeros, several ids in one bracket.
_ANCHORISH = re.compile(
    r"[\[(（【]\s*[Cc]\s*[-−]?\s*\d+(?:\s*[,，;]\s*[Cc]?\s*[-−]?\s*\d+)*\s*[\])）】]"
)
# Other bracketed ids that look like chunk or document ids ("[doc_17]", "[chunk-3]").
_ID_LIKE = re.compile(r"\[([A-Za-z][A-Za-z0-9]*[_:-][A-Za-z0-9_:-]*|[A-Za-z]+\d+)\]")
_WORD_CHARS = re.compile(r"[\w\u4e00-\u9fff]", re.UNICODE)


class BundleCitation(InputModel):
    """One citation of the AnswerBundle: the anchor and the chunk's public metadata."""

    anchor: str
    chunk_id: str = ""
    knowledge_id: str = ""
    source_reference: str = ""
    event_date: str | None = None
    equipment_id: str | None = None
    chunk_text: str = ""

    @field_validator("anchor")
    @classmethod
    def _anchor_format(cls, value: str) -> str:
        if not ANCHOR_FORMAT.match(value):
            raise ValueError("anchors are C0, C1, C2, ... (uppercase C, no leading zeros)")
        return value


class AnchoredCase(InputModel):
    request_id: str
    generation_status: GenerationStatus
    citations: list[BundleCitation] = Field(default_factory=list)
    raw_model_text: str
    # The citations the generator says it used, when it returns such a list.
    cited_anchors: list[str] | None = None
    # Evidence length for the length check, when the bundle carries no chunk text.
    evidence_char_count: Annotated[int, Field(ge=0), BeforeValidator(json_number)] | None = None

    @field_validator("citations")
    @classmethod
    def _anchors_unique(cls, value: list[BundleCitation]) -> list[BundleCitation]:
        seen: set[str] = set()
        for citation in value:
            if citation.anchor in seen:
                raise ValueError(f"anchor {citation.anchor} maps to more than one chunk")
            seen.add(citation.anchor)
        return value


class AnchoredGatePolicy(GatePolicy):
    # 2026-11.2: refusals recognised by phrase per uncited sentence (not by substring anywhere),
    # an anchor after a full stop credited to one sentence, empty answers and upstream failures
    # carry a failure_reason, sentence splitter sentences/2 (issue 11).
    policy_version: str = "anchored-gate/2026-11.2"
    refusal_text: str = "I cannot answer this question from the available evidence."
    # "strip": leading/trailing whitespace around the exact refusal is tolerated (the text is
    # still stored unchanged); "exact": the raw text must equal refusal_text byte for byte.
    refusal_whitespace: Literal["strip", "exact"] = "strip"
    # A sentence WITHOUT an anchor that matches one of these (case-insensitive regular
    # expressions, word-bounded) is an attempt to refuse. A cited sentence never is: "there is no
    # evidence of leakage [C0]" is a grounded fact, not a refusal.
    refusal_patterns: tuple[str, ...] = (
        r"\b(?:cannot|can ?not|can't|unable to|not able to)\s+(?:be\s+)?answer(?:ed)?\b",
        r"\b(?:not enough|insufficient|no)\s+(?:relevant\s+|sufficient\s+)?"
        r"(?:evidence|information|context)\s+(?:(?:is\s+)?(?:available|provided|found)\b|"
        r"to\s+answer\b|for\s+(?:this|the|that)\s+question\b)",
        r"\b(?:not|nothing)\s+(?:mentioned\s+|stated\s+|found\s+)?in\s+the\s+"
        r"(?:provided\s+|available\s+)?(?:evidence|context|documents?)\b",
        r"\bthe\s+(?:provided\s+|available\s+)?(?:evidence|context|documents?)\s+"
        r"(?:does|do)\s+not\s+(?:contain|say|mention|provide|answer)\b",
        "无法回答|不能回答|无法作答|证据不足|没有足够的?(?:证据|信息|资料)|未(?:能)?找到相关",
    )
    length_ratio_limit: float = Field(default=10.0, gt=0)
    # A sentence is factual when it has at least this many word characters besides anchors.
    min_factual_chars: int = Field(default=2, ge=1)
    # Phase-3 claim coverage (evidence-sufficient-synthesis.md) of every cited sentence by the
    # chunks it cites, with these thresholds; None: not checked. The answering pipeline turns it
    # on, so a coverage failure is in the stored validation record (failure_reason
    # CLAIM_NOT_COVERED), not only in the public response.
    claim_coverage: SynthesisGatePolicy | None = None
    # The splitter's version is part of the policy: a changed boundary rule changes the hash.
    sentence_splitter: Literal["sentences/2"] = SPLITTER_VERSION

    @field_validator("refusal_patterns")
    @classmethod
    def _patterns_compile(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for pattern in value:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"refusal pattern {pattern!r} does not compile: {exc}") from None
        return value


DEFAULT_POLICY = AnchoredGatePolicy()


class GroundingMetrics(OutputModel):
    citation_count: int
    uncited_sentence_count: int
    invalid_anchor_count: int
    refusal_detected: bool
    length_ratio_flag: bool
    suspicious_new_ids: list[str]


class AnchoredVerdict(OutputModel):
    request_id: str
    generation_status: GenerationStatus
    validation_status: Literal["PASSED", "FAILED"]
    failure_reason: str | None
    validated_answer_text: str
    validated_citations: list[str]
    grounding_metrics: GroundingMetrics
    findings: list[Finding]
    gate: Literal["anchored"] = GATE
    gate_version: str = GATE_VERSION
    policy_sha256: str


FIELD = "raw_model_text"


def gate_anchored(
    case: AnchoredCase, policy: AnchoredGatePolicy = DEFAULT_POLICY
) -> AnchoredVerdict:
    text = case.raw_model_text
    allowed = {c.anchor for c in case.citations}
    findings: list[Finding] = []
    reasons: list[str] = []

    exact_refusal = _is_exact_refusal(text, policy)
    sentences = split_sentences(text)
    cited = [bool(a) for a in _credited_anchors(sentences)]
    refusal_pattern = _refusal_pattern(policy.refusal_patterns)
    refusals = [
        s
        for s, has in zip(sentences, cited, strict=True)
        if not has and refusal_pattern.search(s.text)
    ]
    refusal_detected = exact_refusal or bool(refusals)

    # Anchors: valid ones in order of first use; invented and malformed ones located.
    used: list[str] = []
    valid_spans: list[tuple[int, int]] = []
    invalid = 0
    suspicious: set[str] = set()
    for m in _ANCHOR.finditer(text):
        anchor = "C" + m.group(1)
        valid_spans.append(m.span())
        if anchor in allowed:
            if anchor not in used:
                used.append(anchor)
        else:
            invalid += 1
            suspicious.add(anchor)
            findings.append(
                _at(
                    INVALID_ANCHOR,
                    f"{m.group()} is not an anchor of this answer "
                    f"bundle (allowed: {_list(allowed)})",
                    m.span(),
                    m.group(),
                )
            )
    # valid_spans come from finditer, so they are sorted and disjoint: one binary search tells
    # whether a position lies in one (a scan of them all made long answers quadratic).
    valid_starts = [s for s, _ in valid_spans]
    for m in _ANCHORISH.finditer(text):
        at = bisect_right(valid_starts, m.start()) - 1
        if at >= 0 and m.start() < valid_spans[at][1]:
            continue
        invalid += 1
        findings.append(
            _at(
                MALFORMED_ANCHOR,
                f"{m.group()} is a malformed anchor: anchors are written exactly [C<number>]",
                m.span(),
                m.group(),
            )
        )
    for m in _ID_LIKE.finditer(text):
        if not _ANCHOR.fullmatch(m.group()) and not _ANCHORISH.fullmatch(m.group()):
            suspicious.add(m.group(1))
    if invalid:
        reasons.append(INVALID_CITATION_REFERENCE)

    if case.generation_status == "FAILED":
        findings.append(
            Finding(
                code=GENERATION_FAILED,
                message="generation failed upstream; there is no answer to validate",
            )
        )
        reasons.insert(0, GENERATION_FAILED_REASON)
    elif exact_refusal:
        pass  # the exact refusal is a valid answer, whatever the generation status said
    elif case.generation_status == "NO_EVIDENCE" or refusals:
        why = (
            "generation_status is NO_EVIDENCE but the text is not the exact refusal"
            if case.generation_status == "NO_EVIDENCE"
            else "the text refuses but not with the exact refusal string"
        )
        span = (refusals[0].start, refusals[0].end) if refusals else (0, len(text))
        findings.append(
            Finding(
                code=INVALID_REFUSAL,
                message=f"{why}: {policy.refusal_text!r}",
                field=FIELD,
                span=span,
            )
        )
        reasons.insert(0, INVALID_REFUSAL_FORMAT)
    else:
        factual = [
            (s, has) for s, has in zip(sentences, cited, strict=True) if _is_factual(s.text, policy)
        ]
        if not factual:
            findings.append(
                Finding(
                    code=EMPTY_ANSWER_FINDING,
                    message="the answer has no statement at all (empty, or only anchors and "
                    "punctuation); an empty answer is never validated",
                    field=FIELD,
                    span=(0, len(text)),
                )
            )
            reasons.insert(0, EMPTY_ANSWER)
        uncited = [
            Finding(
                code=UNCITED_SENTENCE,
                message=f"factual sentence without an anchor: {s.text!r}",
                field=FIELD,
                span=(s.start, s.end),
            )
            for s, has in factual
            if not has
        ]
        findings += uncited
        if uncited:
            reasons.append(UNCITED_FACTUAL_STATEMENT)
        elif factual and not reasons and policy.claim_coverage is not None:
            coverage = _coverage_findings(text, case.citations, policy.claim_coverage)
            findings += coverage
            if coverage:
                reasons.append(CLAIM_NOT_COVERED)

    if case.cited_anchors is not None and not exact_refusal:
        problem = _mismatch(case.cited_anchors, used)
        if problem:
            findings.append(Finding(code=CITATION_MISMATCH, message=problem, field="cited_anchors"))
            reasons.append(CITATION_MISMATCH)

    evidence_chars = sum(len(c.chunk_text) for c in case.citations) or case.evidence_char_count or 0
    length_flag = bool(evidence_chars) and len(text) > policy.length_ratio_limit * evidence_chars
    if length_flag:
        findings.append(
            Finding(
                code=LENGTH_RATIO,
                severity="warning",
                message=(
                    f"the answer ({len(text)} characters) is more than "
                    f"{policy.length_ratio_limit:g}x the evidence ({evidence_chars} characters)"
                ),
            )
        )

    failed = case.generation_status == "FAILED" or bool(reasons)
    if failed:
        generation_status: GenerationStatus = "FAILED"
    elif exact_refusal:
        generation_status = "NO_EVIDENCE"
    else:
        generation_status = case.generation_status
    metrics = GroundingMetrics(
        citation_count=len(used),
        uncited_sentence_count=sum(1 for f in findings if f.code == UNCITED_SENTENCE),
        invalid_anchor_count=invalid,
        refusal_detected=refusal_detected or exact_refusal,
        length_ratio_flag=length_flag,
        suspicious_new_ids=sorted(suspicious),
    )
    return AnchoredVerdict(
        request_id=case.request_id,
        generation_status=generation_status,
        validation_status="FAILED" if failed else "PASSED",
        failure_reason=reasons[0] if reasons else None,
        validated_answer_text="" if failed else text,
        validated_citations=[] if failed or exact_refusal else used,
        grounding_metrics=metrics,
        findings=findings,
        policy_sha256=policy.sha256,
    )


def _at(code: str, message: str, span: tuple[int, int], value: str) -> Finding:
    return Finding(code=code, message=message, field=FIELD, span=span, value=value)


def _list(anchors: set[str]) -> str:
    ordered = sorted(anchors, key=lambda a: int(a[1:]))
    return ", ".join(ordered) if ordered else "none"


def _is_exact_refusal(text: str, policy: AnchoredGatePolicy) -> bool:
    if policy.refusal_whitespace == "exact":
        return text == policy.refusal_text
    return text.strip() == policy.refusal_text


@lru_cache(maxsize=16)
def _refusal_pattern(patterns: tuple[str, ...]) -> re.Pattern[str]:
    joined = "|".join(f"(?:{p})" for p in patterns) or r"(?!)"
    return re.compile(joined, re.IGNORECASE)


_LEADING_ANCHORS = re.compile(r"(?:\s*\[C(?:0|[1-9][0-9]*)\])+")


def _credited_anchors(sentences: list[Sentence]) -> list[list[str]]:
    """The anchors each sentence carries. Anchors written right after a full stop ("... days.
    [C0] Next ...") open the next segment; they are credited ONCE: to the sentence before them
    when it has no anchor of its own (the common "fact. [C0]" style), otherwise to the sentence
    they open ("[C0] fact." style)."""
    credited: list[list[str]] = []
    for i, sentence in enumerate(sentences):
        leading = _LEADING_ANCHORS.match(sentence.text)
        rest = sentence.text[leading.end() :] if leading else sentence.text
        own = ["C" + n for n in _ANCHOR.findall(rest)]
        lead = ["C" + n for n in _ANCHOR.findall(leading.group())] if leading else []
        if lead and i > 0 and not credited[i - 1]:
            credited[i - 1] = lead
            credited.append(own)
        else:
            credited.append(lead + own)
    return credited


def claim_coverages(
    text: str, citations: list[BundleCitation], policy: SynthesisGatePolicy
) -> list[ClaimCoverage]:
    """Phase-3 claim coverage of every factual sentence of an answer by the chunks its anchors
    point at (each sentence with the anchors credited to it)."""
    chunks = [RetrievedChunk(semantic_id=c.anchor, text=c.chunk_text) for c in citations]
    sentences = split_sentences(text)
    out = []
    for sentence, anchors in zip(sentences, _credited_anchors(sentences), strict=True):
        body = _LEADING_ANCHORS.sub("", sentence.text, count=1) if anchors else sentence.text
        claim = " ".join([_ANCHOR.sub("", body).strip(), *(f"[{a}]" for a in anchors)])
        coverage = check_claim_coverage(claim, chunks, policy, (sentence.start, sentence.end))
        out.append(coverage.model_copy(update={"sentence": sentence.text}))
    return out


def _coverage_findings(
    text: str, citations: list[BundleCitation], policy: SynthesisGatePolicy
) -> list[Finding]:
    findings = []
    for claim in claim_coverages(text, citations, policy):
        if not claim.is_covered:
            findings.append(
                Finding(
                    code=UNCOVERED_CLAIM,
                    message=f"{claim.reason}: {claim.sentence!r}",
                    field=FIELD,
                    span=claim.span,
                )
            )
        if claim.missing_citations:
            findings.append(
                Finding(
                    code=MISSING_CITATION,
                    value=", ".join(claim.missing_citations),
                    message=f"uses information from {', '.join(claim.missing_citations)} "
                    f"without citing it: {claim.sentence!r}",
                    field=FIELD,
                    span=claim.span,
                )
            )
    return findings


def _is_factual(sentence: str, policy: AnchoredGatePolicy) -> bool:
    content = _ANCHORISH.sub("", _ANCHOR.sub("", sentence))
    return len(_WORD_CHARS.findall(content)) >= policy.min_factual_chars


def _mismatch(declared: list[str], used: list[str]) -> str:
    duplicates = sorted({a for a in declared if declared.count(a) > 1})
    unused = [a for a in dict.fromkeys(declared) if a not in used]
    undeclared = [a for a in used if a not in declared]
    parts = []
    if duplicates:
        parts.append(f"duplicated: {', '.join(duplicates)}")
    if unused:
        parts.append(f"declared but not used in the text: {', '.join(unused)}")
    if undeclared:
        parts.append(f"used in the text but not declared: {', '.join(undeclared)}")
    return (
        "citations do not match the anchors in the text (" + "; ".join(parts) + ")" if parts else ""
    )
