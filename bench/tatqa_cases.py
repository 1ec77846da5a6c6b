"""Both error rates of the answer gate, per kind of mistake, on real annual-report tables (TAT-QA).

    python bench/tatqa_cases.py [--data ../shared/data/tatqa] [--render rows|markdown]
        [--policy default|verbatim|FILE] [--derived finding|accept|both]
        [--value-context off|rows_periods_citations] [--cases-out FILE]

Reads `tatqa_dataset_dev.json` from the shared data folder (never copied into this repository),
builds answer-gate cases from it (bench/tatqa_build.py: the table cited whole, right answers
naming a cell or restating a one-step calculation, and wrong answers of the kinds `digit`,
`scale`, `sign`, `row`, `period`, `operation`), gates them and prints, per policy, the share of
right answers rejected and of wrong answers accepted, per kind. The data repeats question
patterns: the figures measure rules, they are no target to fit.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tatqa_build import WRONG_KINDS, Built, build  # noqa: E402
from groundgate.engine.gates.answer import (  # noqa: E402
    PRESETS,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "tatqa"


# -- measuring ---------------------------------------------------------------------------------


def policies(name: str, derived: str, context: str | None = None) -> list[AnswerGatePolicy]:
    base = (
        PRESETS[name]
        if name in PRESETS
        else AnswerGatePolicy.model_validate_json(Path(name).read_bytes())
    )
    modes = ("finding", "accept") if derived == "both" else (derived,)
    extra = {"value_context": context} if context else {}
    return [
        AnswerGatePolicy.model_validate({**base.model_dump(), "derived_numbers": m, **extra})
        for m in modes
    ]


def measure(
    built: list[Built], policy: AnswerGatePolicy, out=None
) -> dict[str, collections.Counter]:  # type: ignore[no-untyped-def]
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for b in built:
        verdict = gate_answer(AnswerCase.model_validate(b.case), policy)
        ok = verdict.status == "ok"
        counts[b.group]["cases"] += 1
        counts[b.group]["ok"] += ok
        if out is not None:
            out.write(
                json.dumps(
                    {
                        "case_id": b.case["case_id"],
                        "derived": policy.derived_numbers,
                        "status": verdict.status,
                        "conclusion": b.case["answer"]["conclusion"],
                        "codes": sorted({f.code for f in verdict.findings}),
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )
    return counts


def report(counts: dict[str, collections.Counter]) -> list[str]:
    lines = ["| answers | cases | error |", "|---|---|---|"]
    for group in ("right cell", "right calculation"):
        c = counts[group]
        if c["cases"]:
            bad = c["cases"] - c["ok"]
            lines.append(
                f"| {group} | {c['cases']} | rejected {bad} ({100 * bad / c['cases']:.1f}%) |"
            )
    total = collections.Counter()
    for kind in WRONG_KINDS:
        c = counts[kind]
        total.update(c)
        if c["cases"]:
            lines.append(
                f"| wrong: {kind} | {c['cases']} | accepted {_share(c['ok'], c['cases'])} |"
            )
    if total["cases"]:
        lines.append(
            f"| wrong: all | {total['cases']} | accepted {total['ok']} "
            f"({100 * total['ok'] / total['cases']:.1f}%) |"
        )
    return lines


def _share(n: int, of: int) -> str:
    return f"{n} ({100 * n / of:.1f}%)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--render", choices=["rows", "markdown"], default="rows")
    parser.add_argument("--policy", default="default", help="default, verbatim or a JSON file")
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--value-context", choices=["off", "rows_periods_citations"])
    parser.add_argument("--cases-out", type=Path, help="one line per gated case (for diffing)")
    args = parser.parse_args()
    path = args.data / "tatqa_dataset_dev.json"
    if not path.exists():
        print(f"no TAT-QA data at {path} (see ../shared/data/tatqa/README.md)")
        return 2
    contexts = json.loads(path.read_text(encoding="utf-8"))
    built = [b for ctx in contexts for b in build(ctx, args.render)]
    out = args.cases_out.open("w", encoding="utf-8") if args.cases_out else None
    for policy in policies(args.policy, args.derived, args.value_context):
        counts = measure(built, policy, out)
        print(
            f"\nrender={args.render} policy {policy.policy_version} "
            f"derived_numbers={policy.derived_numbers} "
            f"value_context={getattr(policy, 'value_context', '(none)')}"
        )
        print("\n".join(report(counts)))
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
