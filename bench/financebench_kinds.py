"""Both error rates per kind of mistake on FinanceBench, where its labels allow.

    python bench/financebench_kinds.py [--data ../shared/data/financebench] [--policy NAME]
        [--derived finding|accept|both] [--value-context off|rows_periods_citations]

The human grades give two groups with no kind: right answers (gold and graded correct: how many
the gate rejects) and wrong answers (graded incorrect: how many it accepts). The kinds of mistake
are made from the 150 gold answers, one number at a time (the first value of the label's
`answer_numbers` that is no year and occurs in the answer): `digit`, `scale` and `sign`, as in
bench/tatqa_build.py. The filings' pages have no table structure in the data (one cell a line),
so `row`, `period` and `operation` come from bench/tatqa_cases.py only. A wrong answer made from
a gold answer the gate already rejects is rejected for the gold's own reason, so the figures are
given over the gold answers the gate accepts, too.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tatqa_build import digit_slip  # noqa: E402
from bench.tatqa_cases import _share, policies  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "financebench"
_SCALE_UP = {"thousand": "million", "million": "billion", "billion": "trillion"}


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def mutations(conclusion: str, numbers: list[str]) -> dict[str, str]:
    """The gold sentence with one number changed each way: {kind: sentence}."""
    for raw in numbers:
        token = raw.strip()
        if re.fullmatch(r"(FY)?(19|20)\d\d", token) or token not in conclusion:
            continue
        m = re.search(r"\d[\d,]*(?:\.\d+)?", token)
        if not m:
            continue
        digits = m.group(0)
        value = float(digits.replace(",", ""))
        if value == 0:
            continue
        at = conclusion.index(token)
        before, after = conclusion[:at], conclusion[at + len(token) :]
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        slip = digit_slip(value, decimals)
        slip_text = f"{slip:,.{decimals}f}" if "," in digits else f"{slip:.{decimals}f}"
        out = {"digit": before + token.replace(digits, slip_text, 1) + after}
        word = re.match(r"\s*(thousand|million|billion)", after)
        if word:
            w = word.group(1)
            out["scale"] = before + token + after.replace(w, _SCALE_UP[w], 1)
        elif "%" in token:
            out["scale"] = before + token.replace(digits, f"{value * 100:,.{decimals}f}", 1) + after
        else:
            out["scale"] = (
                before + token.replace(digits, f"{value * 1000:,.{decimals}f}", 1) + after
            )
        negative = token.startswith(("-", "(")) or before.rstrip().endswith(("-", "("))
        if not negative:
            out["sign"] = before + "-" + token + after
        return out
    return {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--policy", default="default")
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--value-context", choices=["off", "rows_periods_citations"])
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    graded = load(args.data / "cases.jsonl")
    gold = load(args.data / "gold_cases.jsonl")
    for policy in policies(args.policy, args.derived, args.value_context):
        counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for row in graded + gold:
            grade = row["label"]["human_grade"]
            if grade == "refusal":
                continue
            case = AnswerCase.model_validate(row["case"])
            ok = gate_answer(case, policy).status == "ok"
            group = "right (gold, correct)" if grade in ("gold", "correct") else "wrong (incorrect)"
            counts[group]["cases"] += 1
            counts[group]["ok"] += ok
            if grade != "gold":
                continue
            for kind, sentence in mutations(
                case.answer.conclusion or "", row["label"].get("answer_numbers") or []
            ).items():
                data = row["case"]
                wrong = AnswerCase.model_validate(
                    {
                        **data,
                        "case_id": f"{data['case_id']}-{kind}",
                        "answer": {**data["answer"], "conclusion": sentence},
                    }
                )
                accepted = gate_answer(wrong, policy).status == "ok"
                counts[kind]["cases"] += 1
                counts[kind]["ok"] += accepted
                counts[kind]["gold ok"] += ok
                counts[kind]["ok of gold ok"] += accepted and ok
        print(
            f"\npolicy {policy.policy_version} derived_numbers={policy.derived_numbers} "
            f"value_context={getattr(policy, 'value_context', '(none)')}"
        )
        print("| answers | cases | error | over gold answers the gate accepts |")
        print("|---|---|---|---|")
        right = counts["right (gold, correct)"]
        bad = right["cases"] - right["ok"]
        print(
            f"| right (gold, correct) | {right['cases']} | rejected {_share(bad, right['cases'])} |"
        )
        wrong = counts["wrong (incorrect)"]
        print(
            f"| wrong (graded incorrect) | {wrong['cases']} "
            f"| accepted {_share(wrong['ok'], wrong['cases'])} |"
        )
        for kind in ("digit", "scale", "sign"):
            c = counts[kind]
            if c["cases"]:
                sub = f"{c['ok of gold ok']}/{c['gold ok']}" if c["gold ok"] else "-"
                share = _share(c["ok"], c["cases"])
                print(
                    f"| wrong: {kind} (from gold) | {c['cases']} | accepted {share} "
                    f"| accepted {sub} |"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
