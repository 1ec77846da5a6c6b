"""The answers behind an error rate, for error analysis: the TAT-QA cases of one group that the
gate gets wrong, with the question, the gold derivation and the gate's findings.

    python bench/tatqa_errors.py GROUP [GROUP ...] [--derived accept|finding] [--out FILE]
        [--data ../shared/data/tatqa] [--half A|B]

GROUP is a bench/tatqa_build.py group ("right calculation", "right cell", "period", "scale",
"operation", ...). For a right group the rejected answers are written, for a wrong group the
accepted ones, one JSON line each. `--half A` reads only the documents of the half rules are
developed on (bench/error_rates_ab.py `half_of`); half B is kept for checking. Reading them,
not counting them, is the point: group them by cause before changing a rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.error_rates_ab import half_of  # noqa: E402
from bench.tatqa_build import build  # noqa: E402
from groundgate.engine.gates.answer import (  # noqa: E402
    PRESETS,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "tatqa"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="+")
    parser.add_argument("--derived", choices=["accept", "finding"], default="accept")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--half", choices=["A", "B"])
    args = parser.parse_args()
    policy = AnswerGatePolicy.model_validate(
        {**PRESETS["default"].model_dump(), "derived_numbers": args.derived}
    )
    contexts = json.loads((args.data / "tatqa_dataset_dev.json").read_bytes())
    out = args.out.open("w", encoding="utf-8") if args.out else sys.stdout
    for ctx in contexts:
        if args.half and half_of(ctx["table"]["uid"]) != args.half:
            continue
        questions = {q["uid"]: q for q in ctx["questions"]}
        for b in build(ctx, "rows"):
            if b.group not in args.groups:
                continue
            verdict = gate_answer(AnswerCase.model_validate(b.case), policy)
            if (verdict.status == "ok") == b.group.startswith("right"):
                continue
            q = questions[b.case["case_id"].rsplit("-", 1)[0]]
            row = {
                "case_id": b.case["case_id"],
                "group": b.group,
                "question": q["question"],
                "gold": q["answer"],
                "derivation": q.get("derivation"),
                "scale": q.get("scale"),
                "conclusion": b.case["answer"]["conclusion"],
                "table": b.case["raw_chunks"][0]["text"],
                "findings": [
                    {"code": f.code, "severity": f.severity, "message": f.message}
                    for f in verdict.findings
                ],
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
