"""Issue 28: would an ambiguity test for bound pairs part derived accept's slips from right answers?

    python bench/bound_ambiguity.py [--data ../shared/data] [--variant all|short|other|qonly ...]
        [--set FIELD=VALUE ...] [--list]

Under `derived_numbers: accept` a value no excerpt holds passes when the bound search
(gates/answer_derivations._derive) derives it from a pair the answer's words allow. The search
looks on for a second derivation of unrelated operands (derivations.explain's `ambiguity`: the
value is a coincidence, not a calculation) only where the answer names nothing to bind operands
to (d545: on a page of 200 figures a two-digit share has several). This script asks, in this
process only (the engine is not changed), what each reading of "a value that several unrelated
derivations explain is ambiguous" would move if the bound search looked on as well and refused
the value as ambiguous:
  - all: wherever a second unrelated pair under the same rule gives the value (d619's reading);
  - short: only for a value of two significant digits or fewer;
  - other: only where the answer names an operation (context/operation_words.named_operations
    of the whole answer) and the pair's is another;
  - qonly: only where the pair merely may be and the question's words alone speak of it
    (operand_rule.PairRule.question_only, slip_neighbours' test, d682).
A pair the answer names (allow's 2) is taken at once, as in the engine. Every case of
bench/error_rates_ab.py (TAT-QA by kind and half of its documents, FinanceBench by grade and
kind and half of its companies) is gated under derived accept with the default policy
otherwise, first as the engine does, then under each variant; printed per group and half: the
rejected right answers and the accepted wrong ones, before -> after, and (`--list`) each case
whose status moved. Measured at gate 2.60.0 in docs/benchmarks.md (d806). From 2.63.0 the
default policy reads `short` with the answer's stated pair exempt (slip_neighbours
"question_pairs_ambiguous", d808): `--set slip_neighbours=question_pairs_aggregates` gives
2.60.0's reading as the first run.
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.error_rates_ab import HALF, cases, fb_halves  # noqa: E402
from bench.financebench_halves import policy, set_fields  # noqa: E402
from groundgate.engine.context.operand_rule import PairRule  # noqa: E402
from groundgate.engine.context.operation_words import named_operations  # noqa: E402
from groundgate.engine.derivations import Found  # noqa: E402
from groundgate.engine.gates import answer_derivations  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
VARIANTS = ("all", "short", "other", "qonly")
_REAL = answer_derivations.explain


def _refuses(variant: str) -> Callable[[Any, Found, Any], bool]:
    """Whether `variant` refuses an ambiguous derivation of a bound search."""

    def refuse(target: Any, found: Found, allow: Any) -> bool:
        rule = getattr(allow, "__self__", None)
        a = found.operands[0]
        b = found.operands[1] if len(found.operands) > 1 else None
        if variant == "short":
            return len(target.digits) <= 2
        if variant == "other":
            conclusion = getattr(getattr(rule, "context", None), "_conclusion", "") or ""
            named = named_operations(conclusion)
            return named is not None and found.operation not in named
        if variant == "qonly":
            return (
                isinstance(rule, PairRule)
                and rule._allow(found.operation, a, b) < 2
                and rule.question_only(found.operation, a, b)
            )
        return True

    return refuse


def _wrapped(refuse: Callable[[Any, Found, Any], bool]) -> Callable[..., Found | None]:
    def explain(target: Any, operands: Any, **kw: Any) -> Found | None:
        # Only the bound search of _derive (it alone passes `empty`); not the named search of
        # slip_neighbours, nor an unbound one (which looks on already).
        if kw.get("ambiguity") or kw.get("allow") is None or "empty" not in kw:
            return _REAL(target, operands, **kw)
        found = _REAL(target, operands, **{**kw, "ambiguity": True})
        if found is None or found.ambiguous is None or refuse(target, found, kw["allow"]):
            return found  # (an ambiguous Found: _derive refuses the value)
        return Found(found.operation, found.formula, found.result, found.operands)

    return explain


RIGHT = frozenset({"right cell", "right calculation", "gold", "correct"})


def _wrong(group: str) -> bool:
    """Whether a group's answers are wrong (bench/error_rates_ab.cases' "tatqa digit", "fb
    incorrect" ...), so its error is an acceptance."""
    return group.split(" ", 1)[1] not in RIGHT


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true", help="each case whose status moved")
    args = parser.parse_args()
    variants = args.variant or list(VARIANTS)
    built = cases(args.data, "rows")
    halves = fb_halves(args.data)
    accept = policy("accept", set_fields(args.set))
    validated = [(group, AnswerCase.model_validate(case)) for group, case in built]

    def statuses() -> list[bool]:
        return [gate_answer(case, accept).status == "ok" for _, case in validated]

    before = statuses()
    for variant in variants:
        answer_derivations.explain = _wrapped(_refuses(variant))  # type: ignore[assignment]
        try:
            after = statuses()
        finally:
            answer_derivations.explain = _REAL  # type: ignore[assignment]
        counts: dict[tuple[str, str], list[int]] = collections.defaultdict(lambda: [0, 0, 0])
        moved = []
        for (group, case), ok0, ok1 in zip(validated, before, after, strict=True):
            side = HALF.get(case.case_id) or halves.get(case.case_id, "?")
            wrong = _wrong(group)
            row = counts[group, side]
            row[0] += 1
            row[1] += ok0 if wrong else not ok0
            row[2] += ok1 if wrong else not ok1
            if ok0 != ok1:
                moved.append(f"    {side} {group}: {case.case_id} {'ok' if ok0 else 'rejected'}")
        print(f"variant {variant} (derived accept): before -> after, per half")
        for (group, side), (n, b, a) in sorted(counts.items()):
            what = "accepted" if _wrong(group) else "rejected"
            mark = "" if a == b else f"  ({a - b:+d})"
            print(f"  {group} {side} ({what}, of {n}): {b} -> {a}{mark}")
        print(f"  statuses moved: {len(moved)} of {len(validated)}")
        if args.list:
            print("\n".join(moved))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
