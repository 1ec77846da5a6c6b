"""Every gate family, by the KIND name used on the CLI, the API and Case.kind."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from groundgate.engine.findings_cap import capped
from groundgate.engine.policy import GatePolicy


@dataclass(frozen=True)
class GateSpec:
    kind: str
    input_model: type[BaseModel]
    verdict_model: type[BaseModel]
    policy_model: type[GatePolicy]
    default_policy: GatePolicy
    # The family's gate, wrapped so every verdict goes through the findings cap
    # (engine/findings_cap.py: at most MAX_FINDINGS, then one FINDINGS_TRUNCATED summary).
    run: Callable[[Any, Any], BaseModel]
    passed: Callable[[Any], bool]
    status: Callable[[Any], str]
    gate_version: str
    finding_codes: tuple[str, ...]
    # The submitter's id for a case and its question, for storage and the review queue.
    external_id: Callable[[Any], str]
    question: Callable[[Any], str]


def _answer() -> GateSpec:
    from groundgate.engine.gates import answer

    return GateSpec(
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
    )


def _anchored() -> GateSpec:
    from groundgate.engine.gates import anchored

    return GateSpec(
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
    )


def _synthesis() -> GateSpec:
    from groundgate.engine.gates import synthesis

    return GateSpec(
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
    )


def _report() -> GateSpec:
    from groundgate.engine.gates import report

    return GateSpec(
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
    )


def _code() -> GateSpec:
    from groundgate.engine.gates import code

    return GateSpec(
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
    )


class _Gates(Mapping[str, GateSpec]):
    """kind -> GateSpec, each family's module imported the first time its spec is asked for: the
    CLI gating answers imports the answer gate alone (start-up is part of every CLI run)."""

    def __init__(self, builders: dict[str, Callable[[], GateSpec]]):
        self._builders = builders
        self._built: dict[str, GateSpec] = {}

    def __getitem__(self, kind: str) -> GateSpec:
        spec = self._built.get(kind)
        if spec is None:
            spec = self._built[kind] = self._builders[kind]()
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)


GATES: Mapping[str, GateSpec] = _Gates(
    {
        "answer": _answer,
        "anchored": _anchored,
        "synthesis": _synthesis,
        "report": _report,
        "code": _code,
    }
)


def get_gate(kind: str) -> GateSpec:
    try:
        return GATES[kind]
    except KeyError:
        raise KeyError(f"unknown gate kind {kind!r}; known: {', '.join(sorted(GATES))}") from None


def policy_presets(kind: str) -> dict[str, GatePolicy]:
    """Named policies a user can ask for instead of a file ("--policy verbatim"): every
    family's default, and the answer gate's spec-literal reading."""
    spec = get_gate(kind)
    if kind == "answer":
        from groundgate.engine.gates import answer

        return dict(answer.PRESETS)
    return {"default": spec.default_policy}
