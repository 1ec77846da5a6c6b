"""Every gate family, by the KIND name used on the CLI, the API and Case.kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from groundgate.engine.gates import answer
from groundgate.engine.policy import GatePolicy


@dataclass(frozen=True)
class GateSpec:
    kind: str
    input_model: type[BaseModel]
    policy_model: type[GatePolicy]
    default_policy: GatePolicy
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
        input_model=answer.AnswerCase,
        policy_model=answer.AnswerGatePolicy,
        default_policy=answer.DEFAULT_POLICY,
        run=answer.gate_answer,
        passed=lambda verdict: verdict.status == "ok",
        status=lambda verdict: verdict.status,
        gate_version=answer.GATE_VERSION,
        finding_codes=answer.FINDING_CODES,
        external_id=lambda case: case.case_id,
        question=lambda case: case.question,
    ),
}


def get_gate(kind: str) -> GateSpec:
    try:
        return GATES[kind]
    except KeyError:
        raise KeyError(f"unknown gate kind {kind!r}; known: {', '.join(sorted(GATES))}") from None
