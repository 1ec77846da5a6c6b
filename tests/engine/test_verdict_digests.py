"""The answer gate's verdicts, byte for byte, against the digests stored by
bench/verdict_digests.py (speed work must not move a single byte). A change meant to move verdicts
re-stores them with `python bench/verdict_digests.py --write` and says so in its commit."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from groundgate.engine.gates.answer import AnswerVerdict, _construct_verdict, gate_answer
from tests.engine import financebench
from tests.engine.helpers import make_case

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import verdict_digests  # noqa: E402

STORED = json.loads((BENCH / "verdict_digests.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["corpus", "growth", "demo"])
def test_verdicts_are_byte_identical_to_the_stored_digests(name):
    cases = verdict_digests.SETS[name]()
    for policy_name, policy in verdict_digests.POLICIES.items():
        digest, _ = verdict_digests.digest((case, policy) for case in cases)
        assert digest == STORED[f"{name}/{policy_name}"]["sha256"], f"{name}/{policy_name}"


@pytest.mark.parametrize("policy_name", list(verdict_digests.POLICIES))
def test_financebench_verdicts_are_byte_identical_to_the_stored_digests(policy_name):
    """Runs wherever ../shared is (CI included) and fails, not skips, where it is missing. The
    verdicts are gated once per session and shared with the agreement test."""
    total = hashlib.sha256()
    for verdict in financebench.verdicts(policy_name):
        total.update(verdict + b"\n")
    assert total.hexdigest() == STORED[f"financebench/{policy_name}"]["sha256"], policy_name


def test_the_fast_verdict_constructor_builds_what_model_construct_builds():
    verdict = gate_answer(make_case())
    values = dict(verdict.__dict__)
    slow = AnswerVerdict.model_construct(**values)
    fast = _construct_verdict(dict(values))
    assert fast == slow
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
