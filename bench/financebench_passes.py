"""How FinanceBench answers pass under derived accept that the default policy refuses.

    python bench/financebench_passes.py [--data ../shared/data/financebench]
        [--set FIELD=VALUE ...] [--list] [--right-list]

Issue 28: under `derived_numbers: accept` a wrong figure passes when the derivation search
explains it from other cited figures. For every answer the default policy rejects and derived
accept accepts - the graded-incorrect answers of a numeric kind (bench/financebench_numeric.py's
script kinds) and, to compare, the right answers (graded correct and gold) - each value that
moved (an error under the default, NUMBER_DERIVED under accept) is sorted by the mechanism
that derived it:
  - written: the calculation the answer writes out (d412);
  - in context: a value the evidence says of something else, derived by the named operation
    (context_derivations, d487);
  - aggregate: an average or total of named cells (derivation_aggregates);
  - chain: a pair holding a step of the answer's own;
  - named row: every operand whose row is known is in a row the answer names (allow's 2);
  - one row: two cells of one row for a change or an average (allow's 1, d479);
  - said: an operand whose own words share a naming word with the value's sentence or the
    question (allow's 1, d479); `said (question only)` when only the question's words do;
  - unbound: the answer names no row or period (no allow: any pair, unless ambiguous).
and, for each, what the derivation shows: the operation and whether the sentence (or the
question) names one (a margin asked, a sum found), each operand's row, column and periods,
the words shared with the sentence / the question, how close the result is (its distance in
units of the search's tolerance, and the answer's significant digits), and whether another
derivation of unrelated operands gives the value too (a coincidence: the same pair rule, kept
searching).

The policy's own search is read by wrapping derivations.explain in this process only (the
engine is not changed); the verdicts are gate_answer's. `--set` changes the policy (both modes).
The kinds are bench/financebench_numeric.py's script kinds; the hand reading of the accepted
answers, and the table of how the numeric hallucinations pass after it, are in
docs/benchmarks.md (issue 28; d618).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.financebench_halves import DEFAULT_DATA, half, policy, set_fields  # noqa: E402
from bench.financebench_kinds import load  # noqa: E402
from bench.financebench_numeric import NUMERIC, kind_of  # noqa: E402
from groundgate.engine.context import operand_rule  # noqa: E402
from groundgate.engine.context.operation_words import named_operations  # noqa: E402
from groundgate.engine.derivations import _targets, operand_amounts  # noqa: E402
from groundgate.engine.gates import answer_derivations  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402


@dataclass
class Seen:
    """What the wrapped search found for one value (by its span in the conclusion)."""

    mechanism: str
    operation: str
    formula: str
    operands: list[str]
    shared: list[str]
    closeness: float
    digits: int
    second: str | None
    any_second: str | None
    extra: dict[str, Any] = field(default_factory=dict)


_SEEN: dict[tuple[int, int], Seen] = {}
_REAL = answer_derivations.explain


def _describe(context: Any, located: Any) -> str:
    if located.where != "excerpt":
        return f"[answer step {located.quantity.value.text.strip()}]"
    fact = context.fact(located) if context is not None else None
    text = located.quantity.value.text.strip()
    if fact is not None and fact.in_table:
        periods = ",".join(fact.periods) or "-"
        return f"{text} @row={fact.row!r} col={fact.column!r} periods={periods}"
    excerpt = context.excerpts_of(located.evidence_index)[-1] if context is not None else ""
    start = located.span[0] if located.span else 0
    before = excerpt[max(0, start - 60) : start].replace("\n", " ")
    periods = ",".join(fact.periods) if fact is not None else "-"
    return f"{text} @prose '...{before}' periods={periods}"


def _result(operation: str, x: float, y: float) -> float | None:
    """The operation's result of amounts x and y (None: not defined)."""
    if operation == "sum":
        return x + y
    if operation in ("difference", "percentage_points"):
        return x - y
    if operation == "average":
        return (x + y) / 2
    if operation == "percent_of":
        return x * y / 100
    if operation == "as_percent":
        return 100 * x
    if not y:
        return None
    if operation == "ratio":
        return x / y
    if operation == "percentage":
        return 100 * x / y
    if operation == "percentage_change":
        return 100 * (x - y) / y
    return None


def _closest(operation: str, a: list[float], b: list[float] | None, t: float) -> float:
    """The operation's result over the operands' amounts nearest to t."""
    best = float("inf")
    for x, y in itertools.product(a, b if b is not None else [0.0]):
        r = _result(operation, x, y)
        if r is None:
            continue
        for cand in (r, -r):
            if abs(cand - t) < abs(best - t):
                best = cand
    return best


def _spy(target: Any, operands: Any, **kw: Any) -> Any:
    found = _REAL(target, operands, **kw)
    if found is None or found.ambiguous is not None:
        return found
    allow = kw.get("allow")
    rule = getattr(allow, "__self__", None)
    context = rule.context if rule is not None else None
    a = found.operands[0]
    b = found.operands[1] if len(found.operands) > 1 else None
    shared: list[str] = []
    if any(o.where == "answer" for o in found.operands):
        mechanism = "chain"
    elif allow is None:
        mechanism = "unbound"
    elif rule is None:
        mechanism = "named row (strong only)"
    else:
        raw = rule._allow(found.operation, a, b)
        if raw >= 2:
            mechanism = "named row"
        else:
            said = rule.said or frozenset()
            question = context.question_subject() if context is not None else frozenset()
            one = (
                b is not None
                and (found.operation in operand_rule.CHANGES or found.operation == "average")
                and operand_rule._one_row(context, a, b)
            )
            for o in found.operands:
                words = context.words_of(o)
                if isinstance(words, frozenset):
                    shared.append(",".join(sorted(words & said)) or "-")
                else:
                    shared.append(str(words)[:30] if words else "-")
            if one:
                mechanism = "one row"
            else:
                hit = set()
                for o in found.operands:
                    words = context.words_of(o)
                    if isinstance(words, frozenset):
                        hit |= words & said
                only_question = hit and hit <= question and not (hit - question)
                sentence_words = said - question
                mechanism = (
                    "said (question only)"
                    if only_question and not (hit & sentence_words)
                    else "said"
                )
    t = found.result
    targets = _targets(target, target.unit in ("%", "pp"), kw.get("question_exponent"), True)
    tol = next((tl for tt, tl in targets if abs(abs(tt) - abs(t)) < 1e-9 * max(1, abs(t))), None)
    tol = tol if tol is not None else targets[0][1]
    r = _closest(
        found.operation,
        operand_amounts(a),
        operand_amounts(b) if b is not None else None,
        t,
    )
    closeness = abs(r - t) / tol if tol else 0.0

    def capped(op: str, x: Any, y: Any) -> int:
        return min(1, allow(op, x, y)) if allow is not None else 1

    rest = {k: v for k, v in kw.items() if k not in ("allow", "ambiguity", "empty", "searched")}
    again = _REAL(target, operands, allow=capped, ambiguity=True, **rest)
    second = again.ambiguous.formula if again is not None and again.ambiguous else None
    loose = _REAL(target, operands, allow=None, ambiguity=True, **rest)
    any_second = loose.ambiguous.formula if loose is not None and loose.ambiguous else None
    _SEEN[target.value.start, target.value.end] = Seen(
        mechanism,
        found.operation,
        found.formula,
        [_describe(context, o) for o in found.operands],
        shared,
        closeness,
        len(target.digits),
        second,
        any_second,
        {"relative": abs(r - t) / abs(t) if t else 0.0},
    )
    return found


def _moved(case: AnswerCase, default: Any, accept: Any) -> list[tuple[Any, Seen | None]]:
    errors = {tuple(f.span or ()): f for f in default.findings if f.severity == "error"}
    out = []
    for f in accept.findings:
        if f.code == "NUMBER_DERIVED" and tuple(f.span or ()) in errors:
            out.append((f, None))
    return out


def _mechanism(finding: Any, seen: Seen | None) -> str:
    d = finding.derivation
    if d is not None and d.operation == "written":
        return "written"
    if "said of something else" in (finding.message or ""):
        return "in context"
    if seen is None:
        return "aggregate"
    return seen.mechanism


def _asked(case: AnswerCase, sentence_ops: frozenset[str] | None, operation: str) -> str:
    q = named_operations(case.question or "")
    names = []
    if sentence_ops is not None:
        names.append("answer " + ("ok" if operation in sentence_ops else "OTHER"))
    if q is not None:
        names.append("question " + ("ok" if operation in q else "OTHER"))
    return ", ".join(names) or "none named"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true", help="each wrong answer's derivations")
    parser.add_argument("--right-list", action="store_true", help="each right answer's too")
    args = parser.parse_args()
    if not (args.data / "cases.jsonl").exists():
        print(f"no FinanceBench data at {args.data}")
        return 2
    changes = set_fields(args.set)
    default, accept = policy("finding", changes), policy("accept", changes)
    rows: list[tuple[str, str, AnswerCase]] = []
    for row in load(args.data / "cases.jsonl") + load(args.data / "gold_cases.jsonl"):
        label = row["label"]
        grade = label["human_grade"]
        if grade == "refusal":
            continue
        case = AnswerCase.model_validate(row["case"])
        if grade == "incorrect":
            pages = "\n".join(c.text for c in case.raw_chunks or [])
            revised = label.get("gold_revised_after_grading")
            gold = label["gold_answer_at_grading"] if revised else label["gold_answer"]
            kind = kind_of(case.question or "", str(gold), case.answer.conclusion or "", pages)
            group = "wrong numeric" if kind in NUMERIC else "wrong other"
        else:
            group = "right"
        rows.append((half(label["company"]), group, case))
    answer_derivations.explain = _spy  # type: ignore[assignment]
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    values: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    traits: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for side, group, case in rows:
        before = gate_answer(case, default)
        if before.status == "ok":
            continue
        _SEEN.clear()
        after = gate_answer(case, accept)
        if after.status != "ok":
            continue
        moved = _moved(case, before, after)
        mechanisms = set()
        lines = []
        for finding, _ in moved:
            span = tuple(finding.span or ())
            seen = _SEEN.get(span)  # type: ignore[arg-type]
            mechanism = _mechanism(finding, seen)
            mechanisms.add(mechanism)
            values[f"{group} {side}"][mechanism] += 1
            if seen is not None:
                key = f"{group} {side}"
                traits[key][f"{mechanism}: op {seen.operation}"] += 1
                near = "exact" if seen.closeness < 0.1 else "within tol"
                traits[key][f"{mechanism}: result {near}"] += 1
                if seen.second:
                    traits[key][f"{mechanism}: second derivation (same rule)"] += 1
                if seen.any_second:
                    traits[key][f"{mechanism}: second derivation (any pair)"] += 1
                if seen.digits <= 2:
                    traits[key][f"{mechanism}: <=2 significant digits"] += 1
                ops = named_operations(case.answer.conclusion or "")
                traits[key][f"{mechanism}: named op {_asked(case, ops, seen.operation)}"] += 1
            if seen is not None:
                asked = _asked(case, named_operations(case.answer.conclusion or ""), seen.operation)
                lines.append(
                    f"      {finding.value!r} [{mechanism}] {seen.formula} "
                    f"(d={seen.closeness:.2f} tol, {seen.digits} digits, rel "
                    f"{100 * seen.extra['relative']:.3f}%; named op: {asked})\n"
                    + "".join(f"        op: {o}\n" for o in seen.operands)
                    + (f"        shared words: {seen.shared}\n" if seen.shared else "")
                    + f"        second (same rule): {seen.second}\n"
                    f"        second (any pair): {seen.any_second}"
                )
            else:
                formula = finding.derivation.formula if finding.derivation else ""
                lines.append(f"      {finding.value!r} [{mechanism}] {formula}")
        name = "+".join(sorted(mechanisms)) or "(no derived value moved)"
        counts[f"{group} {side}"][name] += 1
        if (group != "right" and args.list) or (group == "right" and args.right_list):
            print(f"{side} {group} {case.case_id}")
            print(f"    Q: {(case.question or '')[:200]}")
            print(f"    A: {(case.answer.conclusion or '')[:400]!r}")
            print("\n".join(lines))
    answer_derivations.explain = _REAL  # type: ignore[assignment]
    groups = ("wrong numeric", "wrong other", "right")
    print(f"answers rejected by default, accepted by derived accept {changes or ''}")
    print("  by the mechanisms of their moved values: " + " | ".join(f"{g} A, B" for g in groups))
    names = sorted({n for c in counts.values() for n in c})
    for n in names:
        cells = " | ".join(f"{counts[f'{g} A'][n]:3d} {counts[f'{g} B'][n]:3d}" for g in groups)
        print(f"  {cells}   {n}")
    total = " | ".join(
        f"{sum(counts[f'{g} A'].values()):3d} {sum(counts[f'{g} B'].values()):3d}" for g in groups
    )
    print(f"  {total}   all")
    print("  moved values by mechanism:")
    names = sorted({n for c in values.values() for n in c})
    for n in names:
        cells = " | ".join(f"{values[f'{g} A'][n]:3d} {values[f'{g} B'][n]:3d}" for g in groups)
        print(f"  {cells}   {n}")
    print("  moved values' traits:")
    names = sorted({n for c in traits.values() for n in c})
    for n in names:
        cells = " | ".join(f"{traits[f'{g} A'][n]:3d} {traits[f'{g} B'][n]:3d}" for g in groups)
        print(f"  {cells}   {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
