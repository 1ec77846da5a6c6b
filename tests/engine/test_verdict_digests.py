"""The answer gate's verdicts, byte for byte, against the digests stored by
bench/verdict_digests.py (speed work must not move a single byte). A change meant to move verdicts
re-stores them with `python bench/verdict_digests.py --write` and says so in its commit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from groundgate.engine.gates.answer import AnswerVerdict, _construct_verdict, gate_answer
from tests.engine.helpers import make_case

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import verdict_digests  # noqa: E402

STORED = json.loads((BENCH / "verdict_digests.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["corpus", "growth", "demo", "financebench"])
def test_verdicts_are_byte_identical_to_the_stored_digests(name):
    cases = verdict_digests.SETS[name]()
    if cases is None:
        pytest.skip("FinanceBench data not beside the project")
    for policy_name, policy in verdict_digests.POLICIES.items():
        digest, _ = verdict_digests.digest((case, policy) for case in cases)
        assert digest == STORED[f"{name}/{policy_name}"]["sha256"], f"{name}/{policy_name}"


def test_the_fast_verdict_constructor_builds_what_model_construct_builds():
    verdict = gate_answer(make_case())
    values = dict(verdict.__dict__)
    slow = AnswerVerdict.model_construct(**values)
    fast = _construct_verdict(dict(values))
    assert fast == slow
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
