"""The answer gate's verdicts, byte for byte, against the digests stored by
bench/verdict_digests.py (speed work must not move a single byte). A change meant to move verdicts
re-stores them with `python bench/verdict_digests.py --write` and says so in its commit.

One test file per set (test_verdict_digests_*.py; FinanceBench's beside its agreement test, which
shares its gated verdicts): the suite runs a file in one worker (xdist --dist loadfile), and the
sets together were the longest file, the tail that every parallel run waited for."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import verdict_digests  # noqa: E402

STORED = json.loads((BENCH / "verdict_digests.json").read_text(encoding="utf-8"))


def assert_set_unchanged(name: str, policy_name: str) -> None:
    """The verdicts of set `name` under one policy hash to the stored digest."""
    policy = verdict_digests.POLICIES[policy_name]
    digest, _ = verdict_digests.digest((case, policy) for case in _cases(name))
    assert digest == STORED[f"{name}/{policy_name}"]["sha256"], f"{name}/{policy_name}"


@cache
def _cases(name: str) -> list:
    """A set's cases, built once per process (a file gates them under each policy)."""
    return verdict_digests.SETS[name]() or []
