"""FinanceBench's graded-incorrect answers: which are wrong in a number, and which the gate catches.

    python bench/financebench_wrong_split.py [--data ../shared/data/financebench]
        [--derived finding|accept|both] [--set FIELD=VALUE ...]

Issue 28's goal "85% of numeric hallucinations caught" means the answers wrong in a figure; many
answers graded incorrect are not. Each incorrect answer is sorted, from its gold answer and its
own figures (years, dates and zeros left out; two figures agree within 2%, at any scale of 10^3
or as a percentage and its fraction):
  1. the gold answer states no figure (a qualitative question: no number gate can catch it);
  2. the answer states the gold's figure (right number; the reasoning or the conclusion is wrong);
  3. the answer states no figure;
  4. a wrong figure: the gold has one, the answer states figures and none of them is it.
Per half of the companies (bench/financebench_halves.py), each group's size and how many the gate
accepts; the caught share of group 4 is the figure the goal is about. The sort is a heuristic
(an answer that lists many figures may hold the gold's in passing): read it as such.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_halves import DEFAULT_DATA, half, policy, set_fields  # noqa: E402
from bench.financebench_kinds import load  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402
from groundgate.engine.numbers import extract_numbers  # noqa: E402
from groundgate.engine.quantities import typed  # noqa: E402

GROUPS = (
    "1 no number: the gold answer states no figure",
    "2 no number: the answer states the gold's figure (reasoning or conclusion wrong)",
    "3 no number: the answer states no figure",
    "4 a wrong figure",
)
_SCALES = (1.0, 1e3, 1e-3, 1e6, 1e-6, 1e9, 1e-9, 100.0, 0.01)


def figures(text: str | None) -> list[float]:
    out = []
    for value in extract_numbers(text or ""):
        q = typed(value)
        if not q.numeric or q.is_year() or q.figure is None or not q.figure:
            continue
        out.append(float(q.figure))
    return out


def agree(x: float, y: float) -> bool:
    return any(abs(x - y * s) <= 0.02 * max(abs(x), abs(y * s)) for s in _SCALES)


def group_of(gold: str, answer: str | None) -> str:
    wanted, said = figures(gold), figures(answer)
    if not wanted:
        return GROUPS[0]
    if any(agree(a, g) for a in said for g in wanted):
        return GROUPS[1]
    return GROUPS[2] if not said else GROUPS[3]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    changes = set_fields(args.set)
    rows = [r for r in load(args.data / "cases.jsonl") if r["label"]["human_grade"] == "incorrect"]
    cases = [AnswerCase.model_validate(r["case"]) for r in rows]
    groups = [
        group_of(r["label"]["gold_answer"], c.answer.conclusion)
        for r, c in zip(rows, cases, strict=True)
    ]
    sides = [half(r["label"]["company"]) for r in rows]
    for derived in ("finding", "accept") if args.derived == "both" else (args.derived,):
        chosen = policy(derived, changes)
        n: collections.Counter[tuple[str, str]] = collections.Counter()
        accepted: collections.Counter[tuple[str, str]] = collections.Counter()
        for case, group, side in zip(cases, groups, sides, strict=True):
            n[side, group] += 1
            accepted[side, group] += gate_answer(case, chosen).status == "ok"
        print(f"derived_numbers: {derived} {json.dumps(changes) if changes else ''}")
        print("  half A: answers, accepted | half B: answers, accepted")
        for group in GROUPS:
            cells = " | ".join(f"{n[s, group]:4d} {accepted[s, group]:4d}" for s in "AB")
            print(f"  {cells}  {group}")
        for s in "AB":
            wrong = n[s, GROUPS[3]]
            caught = wrong - accepted[s, GROUPS[3]]
            print(
                f"  half {s}: wrong figures caught {caught} of {wrong} "
                f"({100 * caught / wrong:.1f}%)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
