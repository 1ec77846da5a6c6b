"""FinanceBench's real, human-graded answers (../shared/data/financebench), gated once per policy
per test session: the agreement test reads the statuses, the verdict-digest test the bytes.
Both used to gate the 1,350 cases themselves (five passes over the set instead of three)."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

import orjson

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.gates.answer import AnswerCase, gate_answer
from tests.conftest import shared_data

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import verdict_digests  # noqa: E402

FILES = ("cases.jsonl", "gold_cases.jsonl")


@cache
def graded_cases() -> tuple[tuple[str, AnswerCase], ...]:
    """(human grade, case) of every answer, in the order bench/verdict_digests.py reads them."""
    folder = shared_data("financebench")
    found = []
    for name in FILES:
        with (folder / name).open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    row = json.loads(line)
                    case = AnswerCase.model_validate(row["case"])
                    found.append((row["label"]["human_grade"], case))
    return tuple(found)


@cache
def verdicts(policy_name: str) -> tuple[bytes, ...]:
    """The canonical verdict of every case under a policy of bench/verdict_digests.POLICIES."""
    policy = verdict_digests.POLICIES[policy_name]
    return tuple(canonical_bytes(gate_answer(case, policy)) for _, case in graded_cases())


def statuses(policy_name: str) -> list[tuple[str, str]]:
    """(human grade, gate status) of every case under the policy."""
    return [
        (grade, orjson.loads(verdict)["status"])
        for (grade, _), verdict in zip(graded_cases(), verdicts(policy_name), strict=True)
    ]
