"""Answer-gate verdicts, byte for byte, over every corpus we have: a guard for speed work.

    python bench/verdict_digests.py [--write] [--record-tests]

Gates these sets under the default policy, the verbatim policy and the default policy with
`derived_numbers: accept`, and hashes the canonical bytes of every verdict (one SHA-256 per set
and policy, plus the first cases that differ when a digest moves):
  - corpus:       2,000 cases of bench/corpus.py (the speed benchmark's generator, seeded);
  - growth:       the answer cases of bench/bench_growth.py up to 1,000 sentences;
  - demo:         fixtures/demo/cases.jsonl;
  - financebench: ../shared/data/financebench/{cases,gold_cases}.jsonl (read from there, never
                  copied here; skipped with a note when the data is not beside the project);
  - tests:        every case the engine tests gate (captured by running tests/engine with a
                  recording wrapper around gate_answer, with the policy each test used). Only with
                  --record-tests: it runs the test suite, so it is slow.
The stored digests are in bench/verdict_digests.json; the script exits 1 when one differs.
`--write` stores the current ones (do that only for a change that is meant to move verdicts, and
say so in the commit). tests/engine/test_verdict_digests_*.py run the sets in the suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from groundgate.engine.canonical import canonical_bytes  # noqa: E402
from groundgate.engine.gates import answer as answer_module  # noqa: E402
from groundgate.engine.gates.answer import (  # noqa: E402
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

STORED = ROOT / "bench" / "verdict_digests.json"
# ../shared beside the checkout (as in CI), or wherever GROUNDGATE_SHARED_DIR says (as the tests).
SHARED = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared"))
FINANCEBENCH = SHARED / "data" / "financebench"
DEMO = ROOT / "fixtures" / "demo" / "cases.jsonl"
CORPUS_CASES = 2_000
# A fixed seed: hypothesis draws the same examples on every run.
SEED = ["--hypothesis-seed=0"]

POLICIES: dict[str, AnswerGatePolicy] = {
    "default": DEFAULT_POLICY,
    "verbatim": VERBATIM_POLICY,
    "derived_accept": AnswerGatePolicy.model_validate(
        {**DEFAULT_POLICY.model_dump(), "derived_numbers": "accept"}
    ),
}


def corpus_cases() -> list[AnswerCase]:
    import random

    from corpus import make_case

    rng = random.Random(20261122)
    return [AnswerCase.model_validate(make_case(rng, n)) for n in range(CORPUS_CASES)]


def growth_cases() -> list[AnswerCase]:
    import bench_growth

    found = []
    for name, build in bench_growth.SCENARIOS.items():
        for size in (10, 100, 1_000):
            kind, raw = build(size)
            if kind == "answer":
                found.append(AnswerCase.model_validate({**raw, "case_id": f"{name}-{size}"}))
    return found


def jsonl_cases(path: Path, key: str | None = None) -> list[AnswerCase]:
    with path.open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return [AnswerCase.model_validate(row[key] if key else row) for row in rows]


def financebench_cases() -> list[AnswerCase] | None:
    if not (FINANCEBENCH / "cases.jsonl").exists():
        return None
    return jsonl_cases(FINANCEBENCH / "cases.jsonl", "case") + jsonl_cases(
        FINANCEBENCH / "gold_cases.jsonl", "case"
    )


def recorded_test_cases() -> list[tuple[AnswerCase, AnswerGatePolicy]]:
    """Run the engine tests with gate_answer wrapped, and keep every (case, policy) they gate."""
    import pytest

    seen: list[tuple[AnswerCase, AnswerGatePolicy]] = []
    original = answer_module.gate_answer

    def recording(case: AnswerCase, policy: AnswerGatePolicy = DEFAULT_POLICY):
        seen.append((case.model_copy(deep=True), policy))
        return original(case, policy)

    answer_module.gate_answer = recording  # before the test modules import it by name
    try:
        # A fixed seed: hypothesis draws the same examples on every run.
        # (Not the digest tests themselves: they gate the sets above.)
        skip = ["--ignore-glob", str(ROOT / "tests" / "engine" / "test_verdict_digests_*.py")]
        code = pytest.main(
            [str(ROOT / "tests" / "engine"), "-q", "-x", "-p", "no:cacheprovider", *SEED, *skip]
        )
    finally:
        answer_module.gate_answer = original
    if code != 0:
        # A failed (-x: stopped) run gates only part of the tests' cases: no digest of a part.
        raise SystemExit(f"the engine tests failed (pytest exit {int(code)}): no tests digest")
    return seen


def digest(pairs: Iterable[tuple[AnswerCase, AnswerGatePolicy]]) -> tuple[str, list[str]]:
    """SHA-256 over the canonical verdicts, and each verdict's own short digest (for a diff)."""
    total = hashlib.sha256()
    each = []
    for case, policy in pairs:
        data = canonical_bytes(gate_answer(case, policy))
        total.update(data + b"\n")
        each.append(f"{case.case_id}:{hashlib.sha256(data).hexdigest()[:12]}")
    return total.hexdigest(), each


SETS: dict[str, Callable[[], list[AnswerCase] | None]] = {
    "corpus": corpus_cases,
    "growth": growth_cases,
    "demo": lambda: jsonl_cases(DEMO),
    "financebench": financebench_cases,
}


def compute(names: Iterable[str], record_tests: bool) -> dict[str, dict]:
    result: dict[str, dict] = {}
    for name in names:
        load = SETS[name]
        cases = load()
        if cases is None:
            print(f"{name}: data not found, skipped")
            continue
        for policy_name, policy in POLICIES.items():
            total, each = digest((case, policy) for case in cases)
            result[f"{name}/{policy_name}"] = {"cases": len(cases), "sha256": total, "each": each}
    if record_tests:
        pairs = recorded_test_cases()
        total, each = digest(pairs)
        result["tests/as-run"] = {"cases": len(pairs), "sha256": total, "each": each}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the current digests")
    parser.add_argument("--record-tests", action="store_true", help="also the engine tests' cases")
    parser.add_argument("--each", type=Path, help="write every verdict's digest here (a diff aid)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ",".join(SETS))
    args = parser.parse_args()
    current = compute([s for s in args.sets.split(",") if s], args.record_tests)
    if args.each:
        args.each.write_text(
            json.dumps({k: v["each"] for k, v in current.items()}, indent=0), encoding="utf-8"
        )
    if args.write:
        stored = json.loads(STORED.read_text(encoding="utf-8")) if STORED.exists() else {}
        stored.update({k: {"cases": v["cases"], "sha256": v["sha256"]} for k, v in current.items()})
        STORED.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(current)} digests to {STORED}")
        return 0
    stored = json.loads(STORED.read_text(encoding="utf-8"))
    failed = False
    for key, value in current.items():
        want = stored.get(key)
        same = want is not None and want["sha256"] == value["sha256"]
        failed = failed or not same
        print(f"{key}: {value['cases']} cases {'same' if same else 'DIFFERENT'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
