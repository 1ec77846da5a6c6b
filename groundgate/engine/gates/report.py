"""Gate E evidence reports: ../shared/specs/gate-e-reports.md, exactly.

Pure: takes the report markdown and the citations records, returns the four reports. Reading
ROOT/synthesis/final-synthesis.md and ROOT/citations/citations.jsonl and writing ROOT/reports/ is
done by the CLI (groundgate gate-e ROOT).

Hard metrics decide pass/fail: uncited_numeric_claims == 0 and report_sections_present == 100.
Soft metrics only add warnings: LOW_CITATION_UTILIZATION, HIGH_DUPLICATE_CITATION_RATE.
"""

from __future__ import annotations

import math
import re
from typing import Any, Final, Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, OutputModel
from groundgate.engine.findings import Finding
from groundgate.engine.numbers import GATE_E_NUMERIC_TOKEN
from groundgate.engine.policy import GatePolicy

GATE: Final = "report"
GATE_VERSION = "1.0.0"

# Warning codes (contract) and finding codes.
LOW_CITATION_UTILIZATION = "LOW_CITATION_UTILIZATION"
HIGH_DUPLICATE_CITATION_RATE = "HIGH_DUPLICATE_CITATION_RATE"
UNCITED_NUMERIC_CLAIM = "UNCITED_NUMERIC_CLAIM"
MISSING_SECTION = "MISSING_SECTION"
FINDING_CODES = (
    UNCITED_NUMERIC_CLAIM,
    MISSING_SECTION,
    LOW_CITATION_UTILIZATION,
    HIGH_DUPLICATE_CITATION_RATE,
)

CITATION_TOKEN = re.compile(r"\[@([A-Za-z0-9_:-]+)\]")
REQUIRED_HEADINGS = ("## Summary", "## Key Findings", "## Evidence", "## Caveats")
VALIDATED_STATUSES = frozenset({"valid", "paywalled"})
_LIST_MARKER = re.compile(r"^\s*\d+\.\s+")
_FENCE = re.compile(r"^\s*(```|~~~)")

SCHEMA_NUMERIC = "gate_e.numeric_claims_report.v1"
SCHEMA_SECTIONS = "gate_e.sections_present_report.v1"
SCHEMA_UTILIZATION = "gate_e.citation_utilization_report.v1"
SCHEMA_STATUS = "gate_e.status_report.v1"


class CitationRecord(InputModel):
    """One line of citations.jsonl (other keys are kept by the caller, ignored here)."""

    cid: str
    status: str


class ReportCase(InputModel):
    case_id: str
    report_markdown: str
    citations: list[CitationRecord] = Field(default_factory=list)


class ReportGatePolicy(GatePolicy):
    """Soft thresholds (warnings only). The spec leaves their values to
    spec-gate-thresholds-v1.md, which is not part of our contracts; these are our documented
    defaults (docs/gate-families.md)."""

    policy_version: str = "gate-e/2026-11.1"
    min_citation_utilization_rate: float = Field(default=0.5, ge=0, le=1)
    max_duplicate_citation_rate: float = Field(default=0.5, ge=0, le=1)


DEFAULT_POLICY = ReportGatePolicy()


class ReportVerdict(OutputModel):
    case_id: str
    status: Literal["pass", "fail"]
    reports: dict[str, Any]
    findings: list[Finding]
    gate: Literal["report"] = GATE
    gate_version: str = GATE_VERSION
    policy_sha256: str


def numeric_claims_report(markdown: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(report, findings with character offsets). Findings are the uncited numeric claims,
    ordered by (line, col); line and col are 1-based."""
    lines = markdown.split("\n")
    offsets, position = [], 0
    for line in lines:
        offsets.append(position)
        position += len(line) + 1
    # Paragraphs: runs of non-blank lines outside code fences. A paragraph is cited when any of
    # its lines has a citation token.
    paragraph_of: dict[int, int] = {}
    cited_paragraphs: set[int] = set()
    in_fence = False
    paragraph = -1
    previous_blank = True
    for number, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
            previous_blank = True
            continue
        if in_fence:
            continue
        if not line.strip():
            previous_blank = True
            continue
        if previous_blank:
            paragraph += 1
        previous_blank = False
        paragraph_of[number] = paragraph
        if any(m.group(1).strip() for m in CITATION_TOKEN.finditer(line)):
            cited_paragraphs.add(paragraph)

    findings, total = [], 0
    for number, para in sorted(paragraph_of.items()):
        line = lines[number]
        skip_to = m.end() if (m := _LIST_MARKER.match(line)) else 0
        # Digits inside citation tokens are ids, not claims (and always cited anyway).
        masked = CITATION_TOKEN.sub(lambda t: " " * len(t.group()), line)
        for token in GATE_E_NUMERIC_TOKEN.finditer(masked, skip_to):
            total += 1
            if para in cited_paragraphs:
                continue
            findings.append(
                {
                    "line": number + 1,
                    "col": token.start() + 1,
                    "token": token.group(),
                    "text": line.strip(),
                    "_span": (offsets[number] + token.start(), offsets[number] + token.end()),
                }
            )
    report = {
        "schema_version": SCHEMA_NUMERIC,
        "metrics": {"uncited_numeric_claims": len(findings), "numeric_tokens": total},
        "findings": [{k: v for k, v in f.items() if k != "_span"} for f in findings],
    }
    return report, findings


def sections_present_report(markdown: str) -> dict[str, Any]:
    lines = set(markdown.split("\n"))
    present = sorted(h for h in REQUIRED_HEADINGS if h in lines)
    missing = sorted(h for h in REQUIRED_HEADINGS if h not in lines)
    return {
        "schema_version": SCHEMA_SECTIONS,
        "required_headings": list(REQUIRED_HEADINGS),
        "present_headings": present,
        "missing_headings": missing,
        "metrics": {
            "report_sections_present": math.floor(100 * len(present) / len(REQUIRED_HEADINGS))
        },
    }


def citation_utilization_report(markdown: str, citations: list[CitationRecord]) -> dict[str, Any]:
    validated = sorted({c.cid for c in citations if c.status in VALIDATED_STATUSES})
    mentions = [m.group(1).strip() for m in CITATION_TOKEN.finditer(markdown)]
    mentions = [m for m in mentions if m]
    used = sorted(set(mentions))
    validated_count, used_count, total = len(validated), len(used), len(mentions)
    utilization = used_count / validated_count if validated_count else 0
    duplicate = 1 - (used_count / total) if total else 1
    return {
        "schema_version": SCHEMA_UTILIZATION,
        "metrics": {
            "validated_cids_count": validated_count,
            "used_cids_count": used_count,
            "total_cid_mentions": total,
            "citation_utilization_rate": utilization,
            "duplicate_citation_rate": duplicate,
        },
        "cids": {"validated_cids": validated, "used_cids": used},
    }


def status_report(
    numeric: dict[str, Any],
    sections: dict[str, Any],
    utilization: dict[str, Any],
    policy: ReportGatePolicy,
) -> dict[str, Any]:
    hard = {
        "uncited_numeric_claims": numeric["metrics"]["uncited_numeric_claims"],
        "report_sections_present": sections["metrics"]["report_sections_present"],
    }
    soft = {
        "citation_utilization_rate": utilization["metrics"]["citation_utilization_rate"],
        "duplicate_citation_rate": utilization["metrics"]["duplicate_citation_rate"],
    }
    warnings = []
    if soft["citation_utilization_rate"] < policy.min_citation_utilization_rate:
        warnings.append(LOW_CITATION_UTILIZATION)
    if soft["duplicate_citation_rate"] > policy.max_duplicate_citation_rate:
        warnings.append(HIGH_DUPLICATE_CITATION_RATE)
    passed = hard["uncited_numeric_claims"] == 0 and hard["report_sections_present"] == 100
    return {
        "schema_version": SCHEMA_STATUS,
        "status": "pass" if passed else "fail",
        "warnings": sorted(warnings),
        "hard_metrics": hard,
        "soft_metrics": soft,
    }


REPORT_FILES = {
    "numeric_claims": "gate-e-numeric-claims.json",
    "sections_present": "gate-e-sections-present.json",
    "citation_utilization": "gate-e-citation-utilization.json",
    "status": "gate-e-status.json",
}


def gate_report(case: ReportCase, policy: ReportGatePolicy = DEFAULT_POLICY) -> ReportVerdict:
    numeric, numeric_findings = numeric_claims_report(case.report_markdown)
    sections = sections_present_report(case.report_markdown)
    utilization = citation_utilization_report(case.report_markdown, case.citations)
    status = status_report(numeric, sections, utilization, policy)
    findings = [
        Finding(
            code=UNCITED_NUMERIC_CLAIM,
            value=f["token"],
            field="report_markdown",
            span=f["_span"],
            message=f"line {f['line']}, col {f['col']}: numeric claim "
            f"{f['token']!r} in a paragraph with no [@cid] citation",
        )
        for f in numeric_findings
    ]
    findings += [
        Finding(code=MISSING_SECTION, value=h, message=f"required heading {h!r} is missing")
        for h in sections["missing_headings"]
    ]
    findings += [
        Finding(code=w, severity="warning", message=f"soft metric: {w}") for w in status["warnings"]
    ]
    return ReportVerdict(
        case_id=case.case_id,
        status=status["status"],
        reports={
            "numeric_claims": numeric,
            "sections_present": sections,
            "citation_utilization": utilization,
            "status": status,
        },
        findings=findings,
        policy_sha256=policy.sha256,
    )
