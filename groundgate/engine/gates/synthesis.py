"""The synthesis-coverage gate: ../shared/specs/evidence-sufficient-synthesis.md (Phase-3).

  classify_query          definition | punishment | procedure | scope | general
  is_evidence_sufficient  the retrieved chunks can answer this type of query (with a reason);
                          key terms are compared by Snowball stem (policy.stemming)
                                                   else INSUFFICIENT_EVIDENCE
  check_claim_coverage    each sentence citing [SEMANTIC_ID]s shares >= 30% of its content words
                          with one cited chunk (21% when it cites several); policy
                          coverage_mode "pooled" compares the union of the cited chunks instead
                                                   else UNCOVERED_CLAIM
                          a sentence without citations (and not a meta-statement)
                                                   -> UNCITED_CLAIM
                          a citation of an id that was not retrieved -> UNKNOWN_CITATION
  validate_multi_chunk_citations
                          a sentence that uses an uncited chunk's information (>= 30% of its
                          words found only in that chunk) -> MISSING_CITATION, with the ids
Status: grounded (every check passes), not_grounded, or insufficient_evidence.
The phases live in synthesis_sufficiency.py and synthesis_coverage.py, the contracts in
synthesis_contracts.py; this module runs them and gives the finding codes.
"""

from __future__ import annotations

from typing import Literal

from groundgate.engine.findings import Finding
from groundgate.engine.gates.synthesis_contracts import (
    DEFAULT_POLICY,
    GATE,
    GATE_VERSION,
    ClaimCoverage,
    QueryType,
    RetrievedChunk,
    Sufficiency,
    SynthesisCase,
    SynthesisGatePolicy,
    SynthesisVerdict,
)
from groundgate.engine.gates.synthesis_coverage import (
    CITATION,
    META,
    META_WORDS,
    check_claim_coverage,
    is_meta_statement,
    validate_multi_chunk_citations,
)
from groundgate.engine.gates.synthesis_sufficiency import (
    _DEFINITION_CUES,
    EVIDENCE_PATTERNS,
    QUERY_FORM_WORDS,
    QUERY_PATTERNS,
    classify_query,
    is_evidence_sufficient,
    query_key_terms,
)
from groundgate.engine.sentences import split_sentences

# The names other modules import from here (the gate's one public module).
__all__ = [
    "CITATION",
    "DEFAULT_POLICY",
    "EVIDENCE_PATTERNS",
    "FINDING_CODES",
    "GATE",
    "GATE_VERSION",
    "META",
    "META_WORDS",
    "QUERY_FORM_WORDS",
    "QUERY_PATTERNS",
    "_DEFINITION_CUES",
    "ClaimCoverage",
    "QueryType",
    "RetrievedChunk",
    "Sufficiency",
    "SynthesisCase",
    "SynthesisGatePolicy",
    "SynthesisVerdict",
    "check_claim_coverage",
    "classify_query",
    "gate_synthesis",
    "is_evidence_sufficient",
    "is_meta_statement",
    "query_key_terms",
    "validate_multi_chunk_citations",
]

INSUFFICIENT_EVIDENCE = "INSUFFICIENT_EVIDENCE"
UNKNOWN_CITATION = "UNKNOWN_CITATION"
UNCITED_CLAIM = "UNCITED_CLAIM"
UNCOVERED_CLAIM = "UNCOVERED_CLAIM"
MISSING_CITATION = "MISSING_CITATION"
FINDING_CODES = (
    INSUFFICIENT_EVIDENCE,
    UNKNOWN_CITATION,
    UNCITED_CLAIM,
    UNCOVERED_CLAIM,
    MISSING_CITATION,
)


def gate_synthesis(
    case: SynthesisCase, policy: SynthesisGatePolicy = DEFAULT_POLICY
) -> SynthesisVerdict:
    chunks = case.retrieved_chunks
    retrieved = {c.semantic_id for c in chunks}
    sufficiency = is_evidence_sufficient(case.query, chunks, policy)
    findings: list[Finding] = []
    refusal = case.answer_text.strip() == policy.refusal_text
    if not sufficiency.is_sufficient:
        findings.append(
            Finding(
                code=INSUFFICIENT_EVIDENCE,
                message=sufficiency.reason,
                severity="warning" if refusal else "error",
            )
        )

    claims: list[ClaimCoverage] = []
    citations: list[str] = []
    missing_all: list[str] = []
    sentences = [] if refusal else split_sentences(case.answer_text)
    for s in sentences:
        claim = check_claim_coverage(s.text, chunks, policy, (s.start, s.end))
        claims.append(claim)
        for cid in claim.cited:
            if cid not in citations:
                citations.append(cid)
        span = (s.start, s.end)
        for m in CITATION.finditer(s.text):
            if m.group(1) not in retrieved:
                findings.append(
                    Finding(
                        code=UNKNOWN_CITATION,
                        value=m.group(1),
                        message=f"[{m.group(1)}] was not retrieved",
                        field="answer_text",
                        span=(s.start + m.start(), s.start + m.end()),
                    )
                )
        if not claim.is_covered:
            code = UNCITED_CLAIM if not claim.cited else UNCOVERED_CLAIM
            findings.append(
                Finding(
                    code=code, message=f"{claim.reason}: {s.text!r}", field="answer_text", span=span
                )
            )
        if claim.missing_citations:
            for cid in claim.missing_citations:
                if cid not in missing_all:
                    missing_all.append(cid)
            findings.append(
                Finding(
                    code=MISSING_CITATION,
                    value=", ".join(claim.missing_citations),
                    message=f"uses information from {', '.join(claim.missing_citations)} without "
                    f"citing it: {s.text!r}",
                    field="answer_text",
                    span=span,
                )
            )

    status: Literal["grounded", "not_grounded", "insufficient_evidence"]
    if not sufficiency.is_sufficient:
        status = "insufficient_evidence"
    elif any(f.severity == "error" for f in findings):
        status = "not_grounded"
    else:
        status = "grounded"
    return SynthesisVerdict(
        case_id=case.case_id,
        status=status,
        query_type=sufficiency.query_type,
        sufficiency=sufficiency,
        citations=citations,
        missing_citations=missing_all,
        claims=claims,
        findings=findings,
        policy_sha256=policy.sha256,
    )
