"""Every gate family, by the KIND name used on the CLI, the API and Case.kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from groundgate.engine.gates import anchored, answer, code, report, synthesis
from groundgate.engine.limits import capped
from groundgate.engine.policy import GatePolicy


@dataclass(frozen=True)
class GateSpec:
    kind: str
    input_model: type[BaseModel]
    verdict_model: type[BaseModel]
    policy_model: type[GatePolicy]
    default_policy: GatePolicy
    # The family's gate, wrapped so every verdict goes through the findings cap
    # (engine/limits.py: at most MAX_FINDINGS, then one FINDINGS_TRUNCATED summary).
    run: Callable[[Any, Any], BaseModel]
    passed: Callable[[Any], bool]
    status: Callable[[Any], str]
    gate_version: str
    finding_codes: tuple[str, ...]
    # The submitter's id for a case and its question, for storage and the review queue.
    external_id: Callable[[Any], str]
    question: Callable[[Any], str]


GATES: dict[str, GateSpec] = {
    "answer": GateSpec(
        kind="answer",
        verdict_model=answer.AnswerVerdict,
        input_model=answer.AnswerCase,
        policy_model=answer.AnswerGatePolicy,
        default_policy=answer.DEFAULT_POLICY,
        run=capped(answer.gate_answer),
        passed=lambda verdict: verdict.status == "ok",
        status=lambda verdict: verdict.status,
        gate_version=answer.GATE_VERSION,
        finding_codes=answer.FINDING_CODES,
        external_id=lambda case: case.case_id,
        question=lambda case: case.question,
    ),
    "anchored": GateSpec(
        kind="anchored",
        verdict_model=anchored.AnchoredVerdict,
        input_model=anchored.AnchoredCase,
        policy_model=anchored.AnchoredGatePolicy,
        default_policy=anchored.DEFAULT_POLICY,
        run=capped(anchored.gate_anchored),
        passed=lambda verdict: verdict.validation_status == "PASSED",
        status=lambda verdict: verdict.validation_status,
        gate_version=anchored.GATE_VERSION,
        finding_codes=anchored.FINDING_CODES,
        external_id=lambda case: case.request_id,
        question=lambda case: "",
    ),
    "synthesis": GateSpec(
        kind="synthesis",
        verdict_model=synthesis.SynthesisVerdict,
        input_model=synthesis.SynthesisCase,
        policy_model=synthesis.SynthesisGatePolicy,
        default_policy=synthesis.DEFAULT_POLICY,
        run=capped(synthesis.gate_synthesis),
        passed=lambda verdict: verdict.status == "grounded",
        status=lambda verdict: verdict.status,
        gate_version=synthesis.GATE_VERSION,
        finding_codes=synthesis.FINDING_CODES,
        external_id=lambda case: case.case_id,
        question=lambda case: case.query,
    ),
    "report": GateSpec(
        kind="report",
        verdict_model=report.ReportVerdict,
        input_model=report.ReportCase,
        policy_model=report.ReportGatePolicy,
        default_policy=report.DEFAULT_POLICY,
        run=capped(report.gate_report),
        passed=lambda verdict: verdict.status == "pass",
        status=lambda verdict: verdict.status,
        gate_version=report.GATE_VERSION,
        finding_codes=report.FINDING_CODES,
        external_id=lambda case: case.case_id,
        question=lambda case: "",
    ),
    "code": GateSpec(
        kind="code",
        verdict_model=code.CodeVerdict,
        input_model=code.CodeCase,
        policy_model=code.CodeGatePolicy,
        default_policy=code.DEFAULT_POLICY,
        run=capped(code.gate_code),
        passed=lambda verdict: verdict.status == "accepted",
        status=lambda verdict: verdict.status,
        gate_version=code.GATE_VERSION,
        finding_codes=code.FINDING_CODES,
        external_id=lambda case: case.case_id,
        question=lambda case: case.sample.question,
    ),
}


def get_gate(kind: str) -> GateSpec:
    try:
        return GATES[kind]
    except KeyError:
        raise KeyError(f"unknown gate kind {kind!r}; known: {', '.join(sorted(GATES))}") from None


# Named policies a user can ask for instead of a file ("--policy verbatim"): every family's
# default, and the answer gate's spec-literal reading.
POLICY_PRESETS: dict[str, dict[str, GatePolicy]] = {
    kind: {"default": spec.default_policy} for kind, spec in GATES.items()
}
POLICY_PRESETS["answer"] = dict(answer.PRESETS)
