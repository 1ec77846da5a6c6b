"""Two checkouts' answer-gate verdicts compared case by case, byte for byte: a guard for speed work.

    python bench/verdicts_ab.py OLD_CHECKOUT [NEW_CHECKOUT] [--source tatqa|financebench]
        [--policies default,verbatim,derived_accept] [--ignore-version] [--statuses]

Both engines are imported into one process (bench/ab_interleaved.load: each under its own
copy of the `groundgate` modules) and gate the same real cases (ab_interleaved.real_cases:
TAT-QA dev built by bench/tatqa_build.py, rows render; or FinanceBench's graded answers and
gold slips) under each policy; the canonical bytes of each verdict are compared. Prints the
count per policy and the first cases that differ; exits 1 when any does. With --statuses (a
change of messages only) it also counts the verdicts whose status or findings' codes and
severities differ, and exits 1 only when one of those does. With one checkout
given, the second is this tree. bench/verdict_digests.py holds stored digests of other sets.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from ab_interleaved import load, real_cases  # noqa: E402

_VERSIONS = re.compile(rb'"(gate_version|policy_sha256|policy_version)":"[^"]*"')


def verdicts(
    checkout: Path, lines: list[bytes], policy_names: list[str], ignore_version: bool = False
) -> list[list[bytes]]:
    module = load(checkout)
    canonical = sys.modules["groundgate.engine.canonical"].canonical_bytes
    default = module.PRESETS["default"].model_dump()
    policies = {
        "default": module.PRESETS["default"],
        "verbatim": module.PRESETS["verbatim"],
        "derived_accept": module.AnswerGatePolicy.model_validate(
            {**default, "derived_numbers": "accept"}
        ),
    }
    cases = [module.AnswerCase.model_validate_json(line) for line in lines]
    out = []
    for name in policy_names:
        policy = policies[name]
        got = [canonical(module.gate_answer(case, policy)) for case in cases]
        if ignore_version:  # two versions of the gate: the verdicts, their version fields aside
            got = [_VERSIONS.sub(rb'"\1":""', verdict) for verdict in got]
        out.append(got)
    print(f"{checkout}: gate {module.GATE_VERSION}, {len(cases)} cases", flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+")
    parser.add_argument("--source", choices=["financebench", "tatqa"], default="tatqa")
    parser.add_argument("--policies", default="default,verbatim,derived_accept")
    parser.add_argument(
        "--ignore-version",
        action="store_true",
        help="compare the verdicts without their gate_version and policy fields (across a bump)",
    )
    parser.add_argument(
        "--statuses",
        action="store_true",
        help="a change of messages only: fail on a status or a finding's code or severity moved",
    )
    args = parser.parse_args()
    checkouts = [c.resolve() for c in args.checkouts]
    if len(checkouts) == 1:
        checkouts.append(ROOT)
    names = args.policies.split(",")
    lines = real_cases(args.source)
    old = verdicts(checkouts[0], lines, names, args.ignore_version)
    new = verdicts(checkouts[1], lines, names, args.ignore_version)
    differ = shifted = 0
    for name, a, b in zip(names, old, new, strict=True):
        moved = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        differ += len(moved)
        print(f"{args.source}/{name}: {len(a)} verdicts, {len(moved)} differ {moved[:10]}")
        if args.statuses:
            calls = [i for i in moved if _calls(a[i]) != _calls(b[i])]
            shifted += len(calls)
            print(f"  status or finding codes/severities moved: {len(calls)} {calls[:10]}")
    if args.statuses:
        return 1 if shifted else 0
    return 1 if differ else 0


def _calls(verdict: bytes) -> tuple[object, ...]:
    """A verdict's status and its findings' codes and severities, messages aside."""
    data = json.loads(verdict)
    findings = [(f.get("code"), f.get("severity")) for f in data.get("findings", [])]
    return (data.get("status"), tuple(findings))


if __name__ == "__main__":
    raise SystemExit(main())
