"""FinanceBench right answers (gold + graded correct) the gate rejects, one JSON line each, for
error analysis: half, case, answer, and each error finding (code, value, hint).

    python bench/financebench_rejected.py [--derived finding|accept] [--out FILE]
        [--data ../shared/data/financebench] [--set FIELD=VALUE ...]

Each line also says whether the answer passes with derived values accepted (`derived_ok`: the
rejection is a derivation, which the default policy refuses by design). Read them, sort them by
cause, then change a rule; never fit a rule to the lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_halves import DEFAULT_DATA, half, policy, set_fields  # noqa: E402
from bench.financebench_kinds import load  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    changes = set_fields(args.set)
    chosen = policy(args.derived, changes)
    derived = policy("accept", changes)
    lines = []
    for row in load(args.data / "cases.jsonl") + load(args.data / "gold_cases.jsonl"):
        label = row["label"]
        if label["human_grade"] not in ("correct", "gold"):
            continue
        case = AnswerCase.model_validate(row["case"])
        verdict = gate_answer(case, chosen)
        if verdict.status == "ok":
            continue
        errors = [f for f in verdict.findings if f.severity == "error"]
        lines.append(
            {
                "half": half(label["company"]),
                "case_id": case.case_id,
                "question": case.question,
                "answer": case.answer.conclusion,
                "gold": label.get("gold_answer"),
                "derived_ok": gate_answer(case, derived).status == "ok",
                "findings": [
                    {"code": f.code, "value": f.value, "message": f.message} for f in errors
                ],
            }
        )
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(lines)} rejected right answers -> {args.out}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
