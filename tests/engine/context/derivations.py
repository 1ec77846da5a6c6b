"""What the derivation rules' tests share: the formula a conclusion is derived by, over a small
table, and the answers bench/tatqa_build.py builds for one real TAT-QA question."""

from __future__ import annotations

import json
from functools import cache

from bench.tatqa_build import build
from groundgate.engine.gates.answer import AnswerGatePolicy, gate_answer
from tests.conftest import shared_data
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")


def table_status(conclusion: str, table: str, policy: AnswerGatePolicy = ACCEPT) -> str:
    """The status of `conclusion` over one cited excerpt, `table` (derived numbers accepted)."""
    return gate_answer(case(conclusion, table=table), policy).status


def derived_formula(conclusion: str, policy: AnswerGatePolicy, table: str) -> str | None:
    """The last derivation's formula when the answer passes, else None."""
    verdict = gate_answer(case(conclusion, table=table), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


@cache
def _tatqa() -> list[dict]:
    return json.loads(shared_data("tatqa", "tatqa_dataset_dev.json").read_text(encoding="utf-8"))


def tatqa_answers(uid: str) -> dict[str, dict]:
    """The cases built for TAT-QA question `uid`, by group ("right calculation", "sign", ...)."""
    for context in _tatqa():
        if any(q["uid"] == uid for q in context["questions"]):
            return {
                b.group: b.case
                for b in build(context, "rows")
                if b.case["case_id"].rsplit("-", 1)[0] == uid
            }
    raise AssertionError(uid)
