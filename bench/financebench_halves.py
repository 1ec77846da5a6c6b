"""FinanceBench split by company into two halves: both error rates per half, and why.

    python bench/financebench_halves.py [--data ../shared/data/financebench]
        [--derived finding|accept|both] [--set FIELD=VALUE ...] [--causes]

A rule tried on FinanceBench is developed on one half and judged on both: the split is by
company (the filings of one company never fall on both sides), half A the companies whose name's
SHA-256 starts with an even byte, half B the others (32 companies: 75 gold answers each side).
Per half: right answers (gold + graded correct) rejected, graded-incorrect answers accepted, and
the digit / scale / sign slips of the gold answers (bench/financebench_kinds.py) accepted.
`--set derivation_context=off` (repeatable) gates under the default policy with those fields
changed (JSON values: `--set rounding_min_significant=3`).

`--causes` sorts each rejected right answer by what its error findings are, in this order:
  - context: only VALUE_OUT_OF_CONTEXT (the value is in the evidence, about something else);
  - dates / durations / small: only years, dates, "three years", single digits ("7%", "2");
  - binding: accepted with `derivation_context: off` (a one-step derivation the operand binding
    refuses);
  - other, split by what the model saw: inContext answers read the whole filing (their values
    are often on pages the case does not cite); oracle and gold answers saw the cited pages
    (their values are derived in several steps, or rounded otherwise than the gate allows);
and each accepted incorrect answer by how it got through: a derivation explains a value
(NUMBER_DERIVED), no value is checked (no numbers, or all exempt), or every value grounds.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_kinds import load, mutations  # noqa: E402
from groundgate.engine.gates.answer import (  # noqa: E402
    PRESETS,
    AnswerCase,
    AnswerGatePolicy,
    AnswerVerdict,
    gate_answer,
)

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "financebench"
GROUPS = ("right", "incorrect", "digit", "scale", "sign")
_DURATION = re.compile(
    r"(?i)(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+)[- ]"
    r"(?:years?|months?|quarters?)"
)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_AMOUNT = re.compile(r"[$%]|million|billion")


def half(company: str) -> str:
    """The company's half: A (even first byte of the name's SHA-256) or B."""
    return "A" if hashlib.sha256(company.encode("utf-8")).digest()[0] % 2 == 0 else "B"


def built(data: Path) -> list[tuple[str, str, AnswerCase]]:
    """(half, group, case): graded answers (no refusals), gold answers and their slips."""
    out: list[tuple[str, str, AnswerCase]] = []
    for row in load(data / "cases.jsonl") + load(data / "gold_cases.jsonl"):
        label = row["label"]
        grade = label["human_grade"]
        if grade == "refusal":
            continue
        side, case = half(label["company"]), row["case"]
        out.append((side, "incorrect" if grade == "incorrect" else "right", _case(case)))
        if grade != "gold":
            continue
        conclusion = case["answer"]["conclusion"] or ""
        for kind, sentence in mutations(conclusion, label.get("answer_numbers") or []).items():
            wrong = {
                **case,
                "case_id": f"{case['case_id']}-{kind}",
                "answer": {**case["answer"], "conclusion": sentence},
            }
            out.append((side, kind, _case(wrong)))
    return out


def _case(data: dict) -> AnswerCase:
    return AnswerCase.model_validate(data)


def set_fields(items: list[str]) -> dict[str, object]:
    """The policy fields of `--set FIELD=VALUE` options: VALUE as JSON, else as a string."""
    changes: dict[str, object] = {}
    for item in items:
        field, _, raw = item.partition("=")
        try:
            changes[field] = json.loads(raw)
        except json.JSONDecodeError:
            changes[field] = raw
    return changes


def policy(derived: str, changes: dict[str, object]) -> AnswerGatePolicy:
    base = PRESETS["default"].model_dump()
    return AnswerGatePolicy.model_validate({**base, "derived_numbers": derived, **changes})


def rates(cases: list[tuple[str, str, AnswerCase]], verdicts: list[AnswerVerdict]) -> str:
    """One line: per group, the error share of each half."""
    n: collections.Counter[tuple[str, str]] = collections.Counter()
    bad: collections.Counter[tuple[str, str]] = collections.Counter()
    for (side, group, _), verdict in zip(cases, verdicts, strict=True):
        n[side, group] += 1
        rejected = verdict.status != "ok"
        bad[side, group] += rejected if group == "right" else not rejected
    cells = []
    for group in GROUPS:
        verb = "rejected" if group == "right" else "accepted"
        shares = " / ".join(
            f"{100 * bad[s, group] / n[s, group]:.1f}% of {n[s, group]}" if n[s, group] else "-"
            for s in "AB"
        )
        cells.append(f"{group} {verb} A / B: {shares}")
    return "\n".join(f"  {c}" for c in cells)


def _value_kind(code: str, value: str) -> str:
    if code != "UNGROUNDED_NUMBER":
        return "context"
    if _DURATION.fullmatch(value):
        return "small"
    if (_YEAR.search(value) and not _AMOUNT.search(value)) or re.search(r"quarter|Q\d", value):
        return "small"
    if re.fullmatch(r"\$?\d%?", value):
        return "small"
    return "value"


def causes(
    cases: list[tuple[str, str, AnswerCase]],
    verdicts: list[AnswerVerdict],
    unbound: list[AnswerVerdict],
) -> list[str]:
    counts: dict[str, collections.Counter[str]] = {
        "A": collections.Counter(),
        "B": collections.Counter(),
    }
    for (side, group, case), verdict, loose in zip(cases, verdicts, unbound, strict=True):
        if group == "right" and verdict.status != "ok":
            errors = [f for f in verdict.findings if f.severity == "error"]
            kinds = {_value_kind(f.code, f.value or "") for f in errors}
            if kinds == {"context"}:
                cause = "right rejected: only VALUE_OUT_OF_CONTEXT"
            elif kinds <= {"small"}:
                cause = "right rejected: only years, dates, durations, single digits"
            elif loose.status == "ok":
                cause = "right rejected: a one-step derivation the operand binding refuses"
            elif "inContext" in case.case_id:
                cause = "right rejected: other, inContext (values often on uncited pages)"
            else:
                cause = "right rejected: other, oracle or gold (several steps, rounding)"
            counts[side][cause] += 1
        elif group == "incorrect" and verdict.status == "ok":
            codes = {f.code for f in verdict.findings}
            if "NUMBER_DERIVED" in codes:
                cause = "incorrect accepted: a derivation explains a value"
            elif not any(c.startswith("NUMBER_") for c in codes):
                cause = "incorrect accepted: no value checked"
            else:
                cause = "incorrect accepted: every value grounds"
            counts[side][cause] += 1
    names = sorted(set(counts["A"]) | set(counts["B"]))
    return [f"  {counts['A'][c]:4d} {counts['B'][c]:4d}  {c}" for c in names]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--causes", action="store_true")
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    changes = set_fields(args.set)
    cases = built(args.data)
    for derived in ("finding", "accept") if args.derived == "both" else (args.derived,):
        chosen = policy(derived, changes)
        verdicts = [gate_answer(case, chosen) for _, _, case in cases]
        print(f"derived_numbers: {derived} {json.dumps(changes) if changes else ''}")
        print(rates(cases, verdicts))
        if args.causes:
            loose = policy(derived, {**changes, "derivation_context": "off"})
            unbound = [gate_answer(case, loose) for _, _, case in cases]
            print("  cases (A, B) by cause:")
            print("\n".join(causes(cases, verdicts, unbound)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
