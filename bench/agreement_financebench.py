"""How often the answer gate agrees with people on real, human-graded answers (FinanceBench).

    python bench/agreement_financebench.py [--data ../shared/data/financebench] [--policy NAME]
        [--derived accept] [--value-context off] [--cases-out FILE]

Reads cases.jsonl (1,200 model answers graded correct / incorrect / refusal) and gold_cases.jsonl
(150 gold answers) from the shared data folder (licence CC BY-NC: it is read from there, never
copied into this repository), gates every case in-process and prints:
  - rejection rates per human grade (a rejected correct answer is a false reject, an accepted
    incorrect one a miss), for all cases and for those with a number in the answer;
  - why the rejected correct and gold answers were rejected: a derivation was found, a near-miss
    hint, or the value is in the evidence in no form;
  - which equivalence rules grounded values (info findings).
The grade says whether an answer is *right*, not whether it is *grounded* (see the data's README):
agreement can never be 100%, and the figures are for seeing what each rule moves, not a target to
fit. Policies: "default", "verbatim" (the spec's literal reading), or a JSON policy file.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from groundgate.engine.gates.answer import (  # noqa: E402
    PRESETS,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "financebench"


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--policy", default="default", help="default, verbatim or a JSON file")
    parser.add_argument("--derived", choices=["finding", "accept"], help="override derived_numbers")
    parser.add_argument("--value-context", choices=["off", "rows_periods_citations"])
    parser.add_argument("--cases-out", type=Path, help="write one line per case (for diffing)")
    args = parser.parse_args()
    if args.policy in PRESETS:
        policy = PRESETS[args.policy]
    else:
        policy = AnswerGatePolicy.model_validate_json(Path(args.policy).read_bytes())
    override = {"derived_numbers": args.derived, "value_context": args.value_context}
    override = {k: v for k, v in override.items() if v}
    if override:  # value_context only where the gate has it (2.4.0 on)
        policy = AnswerGatePolicy.model_validate({**policy.model_dump(), **override})
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data} (see ../shared/data/financebench/README.md)")
        return 2

    rows = load(args.data / "cases.jsonl") + load(args.data / "gold_cases.jsonl")
    totals: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    causes: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    rules = collections.Counter()
    codes = collections.Counter()
    out = args.cases_out.open("w", encoding="utf-8") if args.cases_out else None
    for row in rows:
        label = row["label"]
        grade = label["human_grade"]
        verdict = gate_answer(AnswerCase.model_validate(row["case"]), policy)
        rejected = verdict.status != "ok"
        has_number = bool(label.get("numbers_in_answer"))
        for group in (grade, f"{grade} (with a number)" if has_number else None):
            if group:
                totals[group]["cases"] += 1
                totals[group]["rejected"] += rejected
        for finding in verdict.findings:
            codes[finding.code] += 1
            for rule in getattr(finding, "rules", None) or ():
                rules[rule] += 1
        if rejected and grade in ("correct", "gold"):
            errors = [f for f in verdict.findings if f.severity == "error"]
            if errors and all(f.code == "VALUE_OUT_OF_CONTEXT" for f in errors):
                cause = "values found, but out of context (row, period or source)"
            elif any(f.code not in ("UNGROUNDED_NUMBER", "VALUE_OUT_OF_CONTEXT") for f in errors):
                cause = "evidence problem (not a number)"
            elif any(
                getattr(f, "derivation", None) is None and f.near_match is None for f in errors
            ):
                cause = "a value in no form in the evidence (no hint, no derivation)"
            elif all(getattr(f, "derivation", None) is not None for f in errors):
                cause = "only derived values (each explained by a derivation)"
            else:
                cause = "near-miss hints (and derivations)"
            causes[grade][cause] += 1
        if out:
            out.write(
                json.dumps(
                    {
                        "case_id": verdict.case_id,
                        "grade": grade,
                        "status": verdict.status,
                        "findings": [
                            {
                                "code": f.code,
                                "value": f.value,
                                "rules": getattr(f, "rules", None),
                                "near": f.near_match.reason if f.near_match else None,
                                "derivation": (
                                    f.derivation.formula if getattr(f, "derivation", None) else None
                                ),
                            }
                            for f in verdict.findings
                            if f.code.startswith(("NUMBER", "UNGROUNDED", "VALUE_OUT"))
                        ],
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
    if out:
        out.close()

    print(f"policy {policy.policy_version} sha256 {policy.sha256[:12]}…")
    print(
        f"derived_numbers={policy.derived_numbers} "
        f"value_context={getattr(policy, 'value_context', '(none)')}\n"
    )
    print("| answers | rejected by the gate |")
    print("|---|---|")
    for group in (
        "gold",
        "correct",
        "incorrect",
        "refusal",
        "gold (with a number)",
        "correct (with a number)",
        "incorrect (with a number)",
    ):
        t = totals[group]
        if t["cases"]:
            share = 100 * t["rejected"] / t["cases"]
            print(f"| {group} | {t['rejected']}/{t['cases']} ({share:.0f}%) |")
    correct, incorrect = totals["correct"], totals["incorrect"]
    agree = (correct["cases"] - correct["rejected"]) + incorrect["rejected"]
    print(
        f"\nagreement with the human grades (correct -> ok, incorrect -> rejected): "
        f"{agree}/{correct['cases'] + incorrect['cases']} "
        f"({100 * agree / (correct['cases'] + incorrect['cases']):.1f}%)"
    )
    for grade in ("gold", "correct"):
        print(f"\nwhy {grade} answers were rejected:")
        for cause, n in causes[grade].most_common():
            print(f"  {n:5d}  {cause}")
    print("\nequivalence rules used (values):")
    for rule, n in rules.most_common():
        print(f"  {n:6d}  {rule}")
    print("\nfinding codes:")
    for code, n in codes.most_common():
        print(f"  {n:6d}  {code}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
