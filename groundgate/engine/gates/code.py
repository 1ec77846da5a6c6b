"""The code-evidence gate: ../shared/specs/code-evidence-grounding.zh.md.

Every sample carries evidence_refs whose symbol_id / file_path / source_hash / line range agree
with symbols.jsonl. In order:
  1. no refs: auto-fill from the context when it holds exactly one symbol
     (quality.evidence_autofill = true; report mode keeps the sample, gate mode rejects it:
     EVIDENCE_AUTOFILLED); otherwise MISSING_EVIDENCE. A sample that ARRIVES with
     quality.evidence_autofill = true is treated the same, whoever filled it.
  2. rehydrate (policy): refs are corrected from their symbol (path, lines, hash, commit) before
     checking; each correction is a warning EVIDENCE_REHYDRATED
  3. each ref: symbol exists, file_path, source_hash, line range equal to the symbol's
     (policy line_range "exact"; "within" allows a sub-range) -> EVIDENCE_MISMATCH naming the
     field; repo_commit differs -> REPO_COMMIT_MISMATCH (warning); the symbols' repo_commit is
     null (extracted without git) -> REPO_COMMIT_UNKNOWN (warning: drift cannot be checked)
  4. each ref is one of the retrieved candidates (context_symbols) -> EVIDENCE_NOT_IN_CONTEXT
  5. design samples need at least min_design_refs refs -> TOO_FEW_EVIDENCE_REFS
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, Int, OutputModel
from groundgate.engine.findings import Finding
from groundgate.engine.policy import GatePolicy

GATE: Final = "code"
GATE_VERSION = "1.0.0"

EVIDENCE_MISMATCH = "EVIDENCE_MISMATCH"
REPO_COMMIT_MISMATCH = "REPO_COMMIT_MISMATCH"
REPO_COMMIT_UNKNOWN = "REPO_COMMIT_UNKNOWN"
MISSING_EVIDENCE = "MISSING_EVIDENCE"
EVIDENCE_AUTOFILLED = "EVIDENCE_AUTOFILLED"
EVIDENCE_REHYDRATED = "EVIDENCE_REHYDRATED"
EVIDENCE_NOT_IN_CONTEXT = "EVIDENCE_NOT_IN_CONTEXT"
TOO_FEW_EVIDENCE_REFS = "TOO_FEW_EVIDENCE_REFS"
FINDING_CODES = (
    EVIDENCE_MISMATCH,
    REPO_COMMIT_MISMATCH,
    REPO_COMMIT_UNKNOWN,
    MISSING_EVIDENCE,
    EVIDENCE_AUTOFILLED,
    EVIDENCE_REHYDRATED,
    EVIDENCE_NOT_IN_CONTEXT,
    TOO_FEW_EVIDENCE_REFS,
)


class CodeSymbol(InputModel):
    symbol_id: str
    file_path: str
    start_line: Int = Field(ge=1)
    end_line: Int = Field(ge=1)
    source_hash: str
    # null: unknown (extracted from a checkout without git); "" is read the same way.
    repo_commit: str | None = ""
    kind: str = ""
    name: str = ""


class EvidenceRef(InputModel):
    symbol_id: str
    file_path: str | None = None
    start_line: Int | None = None
    end_line: Int | None = None
    source_hash: str | None = None
    repo_commit: str | None = None


class Sample(InputModel):
    question: str = ""
    answer: str = ""
    kind: Literal["qa", "design"] = "qa"
    # A bare string is a symbol_id only (what an LLM often returns).
    evidence_refs: list[EvidenceRef | str] = Field(default_factory=list)
    quality: dict[str, Any] = Field(default_factory=dict)


class CodeCase(InputModel):
    case_id: str
    sample: Sample
    # The retrieved candidate symbols (top N); evidence may only come from these. null: unchecked.
    context_symbols: list[str] | None = None
    # The symbols map (symbols.jsonl), at least the referenced and context symbols.
    symbols: list[CodeSymbol] = Field(default_factory=list)


class CodeGatePolicy(GatePolicy):
    # 2026-11.2 (issue 11): an incoming quality.evidence_autofill = true is rejected in gate
    # mode; line ranges must equal the symbol's by default (line_range); REPO_COMMIT_UNKNOWN.
    policy_version: str = "code-gate/2026-11.2"
    mode: Literal["gate", "report"] = "gate"
    # "exact": a ref's start_line/end_line equal the symbol's (the spec: line_range must agree
    # with symbols.jsonl); "within": any sub-range of the symbol's lines.
    line_range: Literal["exact", "within"] = "exact"
    rehydrate: bool = False
    autofill: bool = True
    check_context: bool = True
    min_design_refs: int = Field(default=2, ge=1)


DEFAULT_POLICY = CodeGatePolicy()


class CodeVerdict(OutputModel):
    case_id: str
    status: Literal["accepted", "rejected"]
    mode: Literal["gate", "report"]
    evidence_refs: list[EvidenceRef]
    quality: dict[str, Any]
    findings: list[Finding]
    gate: Literal["code"] = GATE
    gate_version: str = GATE_VERSION
    policy_sha256: str


def _ref_from(symbol: CodeSymbol) -> EvidenceRef:
    return EvidenceRef(
        symbol_id=symbol.symbol_id,
        file_path=symbol.file_path,
        start_line=symbol.start_line,
        end_line=symbol.end_line,
        source_hash=symbol.source_hash,
        repo_commit=symbol.repo_commit,
    )


def gate_code(case: CodeCase, policy: CodeGatePolicy = DEFAULT_POLICY) -> CodeVerdict:
    symbols = {s.symbol_id: s for s in case.symbols}
    quality = dict(case.sample.quality)
    findings: list[Finding] = []
    refs = [
        EvidenceRef(symbol_id=r) if isinstance(r, str) else r for r in case.sample.evidence_refs
    ]

    if case.sample.quality.get("evidence_autofill") is True and refs:
        # The spec: gate mode rejects samples flagged evidence_autofill, whoever filled them.
        findings.append(
            Finding(
                code=EVIDENCE_AUTOFILLED,
                field="sample.quality.evidence_autofill",
                severity="error" if policy.mode == "gate" else "warning",
                message="the sample arrives with quality.evidence_autofill = true"
                + ("; gate mode rejects auto-filled samples" if policy.mode == "gate" else ""),
            )
        )

    if not refs:
        context = case.context_symbols or []
        if policy.autofill and len(context) == 1 and context[0] in symbols:
            refs = [_ref_from(symbols[context[0]])]
            quality["evidence_autofill"] = True
            findings.append(
                Finding(
                    code=EVIDENCE_AUTOFILLED,
                    chunk_id=context[0],
                    evidence_index=0,
                    severity="error" if policy.mode == "gate" else "warning",
                    message=f"no evidence_refs: filled from the only context symbol {context[0]!r}"
                    + ("; gate mode rejects auto-filled samples" if policy.mode == "gate" else ""),
                )
            )
        else:
            findings.append(
                Finding(
                    code=MISSING_EVIDENCE,
                    field="sample.evidence_refs",
                    message="the sample carries no evidence_refs",
                )
            )

    if policy.rehydrate:
        refs = [_rehydrate(i, ref, symbols, findings, quality) for i, ref in enumerate(refs)]

    # A set: membership in the list made many refs against many candidates quadratic.
    context_set = None if case.context_symbols is None else frozenset(case.context_symbols)
    for index, ref in enumerate(refs):
        findings += _check_ref(index, ref, symbols, policy)
        in_context = context_set is None or ref.symbol_id in context_set
        if policy.check_context and not in_context:
            findings.append(
                Finding(
                    code=EVIDENCE_NOT_IN_CONTEXT,
                    evidence_index=index,
                    chunk_id=ref.symbol_id,
                    field=f"sample.evidence_refs[{index}].symbol_id",
                    message=f"{ref.symbol_id!r} is not one of the retrieved candidates",
                )
            )

    if case.sample.kind == "design" and 0 < len(refs) < policy.min_design_refs:
        findings.append(
            Finding(
                code=TOO_FEW_EVIDENCE_REFS,
                field="sample.evidence_refs",
                message=f"design samples need at least {policy.min_design_refs} evidence refs; "
                f"this one has {len(refs)}",
            )
        )

    rejected = any(f.severity == "error" for f in findings)
    return CodeVerdict(
        case_id=case.case_id,
        status="rejected" if rejected else "accepted",
        mode=policy.mode,
        evidence_refs=refs,
        quality=quality,
        findings=findings,
        policy_sha256=policy.sha256,
    )


def _rehydrate(
    index: int,
    ref: EvidenceRef,
    symbols: dict[str, CodeSymbol],
    findings: list[Finding],
    quality: dict[str, Any],
) -> EvidenceRef:
    symbol = symbols.get(ref.symbol_id)
    if symbol is None:
        return ref  # nothing to re-hydrate from; the check reports it
    fixed = _ref_from(symbol)
    changed = [
        name
        for name in ("file_path", "start_line", "end_line", "source_hash", "repo_commit")
        if getattr(ref, name) != getattr(fixed, name)
    ]
    if changed:
        quality["evidence_rehydrated"] = True
        findings.append(
            Finding(
                code=EVIDENCE_REHYDRATED,
                severity="warning",
                evidence_index=index,
                chunk_id=ref.symbol_id,
                field=f"sample.evidence_refs[{index}]",
                message=f"re-hydrated from the symbol: {', '.join(changed)}",
            )
        )
    return fixed


def _check_ref(
    index: int, ref: EvidenceRef, symbols: dict[str, CodeSymbol], policy: CodeGatePolicy
) -> list[Finding]:
    base = f"sample.evidence_refs[{index}]"

    def mismatch(field: str, message: str, value: str | None = None) -> Finding:
        return Finding(
            code=EVIDENCE_MISMATCH,
            evidence_index=index,
            chunk_id=ref.symbol_id,
            field=f"{base}.{field}",
            value=value,
            message=f"{field}: {message}",
        )

    symbol = symbols.get(ref.symbol_id)
    if symbol is None:
        return [mismatch("symbol_id", f"{ref.symbol_id!r} is not in symbols.jsonl", ref.symbol_id)]
    out = []
    if ref.file_path != symbol.file_path:
        out.append(
            mismatch(
                "file_path",
                f"{ref.file_path!r} but the symbol is in {symbol.file_path!r}",
                ref.file_path,
            )
        )
    if ref.source_hash != symbol.source_hash:
        out.append(
            mismatch(
                "source_hash",
                f"{_short(ref.source_hash)} but the symbol's source "
                f"hashes to {_short(symbol.source_hash)} (the code changed?)",
                ref.source_hash,
            )
        )
    start, end = ref.start_line, ref.end_line
    lines = f"{symbol.start_line}-{symbol.end_line}"
    if policy.line_range == "exact":
        if (start, end) != (symbol.start_line, symbol.end_line):
            out.append(mismatch("line_range", f"lines {start}-{end} are not the symbol's {lines}"))
    elif start is None or end is None or not symbol.start_line <= start <= end <= symbol.end_line:
        out.append(
            mismatch("line_range", f"lines {start}-{end} are not inside the symbol's {lines}")
        )
    if symbol.repo_commit is None:
        out.append(
            Finding(
                code=REPO_COMMIT_UNKNOWN,
                severity="warning",
                evidence_index=index,
                chunk_id=ref.symbol_id,
                field=f"{base}.repo_commit",
                message="the symbols' repo_commit is unknown (extracted without git): "
                "version drift cannot be checked",
            )
        )
    elif ref.repo_commit and symbol.repo_commit and ref.repo_commit != symbol.repo_commit:
        out.append(
            Finding(
                code=REPO_COMMIT_MISMATCH,
                severity="warning",
                evidence_index=index,
                chunk_id=ref.symbol_id,
                field=f"{base}.repo_commit",
                value=ref.repo_commit,
                message=f"repo_commit {ref.repo_commit[:12]} differs from the symbols' "
                f"{symbol.repo_commit[:12]}: check for version drift",
            )
        )
    return out


def _short(digest: str | None) -> str:
    return "none" if not digest else digest[:12] + "…"


def attach_symbols(
    case: dict[str, Any], symbols_by_id: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """A copy of a raw code case with the symbols it refers to (its refs and its context) taken
    from symbols.jsonl, so the case can be gated, and stored, on its own."""
    if not isinstance(case, dict):
        return case
    raw_sample = case.get("sample")
    sample: dict[str, Any] = raw_sample if isinstance(raw_sample, dict) else {}
    wanted: list[str] = []
    for ref in sample.get("evidence_refs") or []:
        sid = (
            ref if isinstance(ref, str) else ref.get("symbol_id") if isinstance(ref, dict) else None
        )
        if isinstance(sid, str):
            wanted.append(sid)
    for sid in case.get("context_symbols") or []:
        if isinstance(sid, str):
            wanted.append(sid)
    known = {s.get("symbol_id") for s in case.get("symbols") or [] if isinstance(s, dict)}
    extra = [
        symbols_by_id[s] for s in dict.fromkeys(wanted) if s in symbols_by_id and s not in known
    ]
    return {**case, "symbols": [*(case.get("symbols") or []), *extra]}
