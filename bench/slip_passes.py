"""How slipped figures (and right answers) pass under derived accept that the default refuses.

    python bench/slip_passes.py [--data ../shared/data] [--source fb|tatqa|both]
        [--set FIELD=VALUE ...] [--list] [--right-list]

Issue 28: with `derived_numbers: accept` a gold answer with one figure slipped (digit, scale,
sign; bench/financebench_kinds.py's mutations and bench/tatqa_build.py's wrong kinds) is often
accepted: the derivation search explains the slipped figure from other cited figures. For every
slipped answer the default policy rejects and derived accept accepts - and, to compare, every
right answer (FinanceBench gold and graded correct, TAT-QA right calculations) likewise - each
value that moved (an error under the default, NUMBER_DERIVED under accept) is printed with HOW
it passes:
  - the mechanism (bench/financebench_passes.py's: written, chain, named row, one row, said,
    said (question only), unbound, aggregate, in context), the operation and the formula;
  - each operand: its row / column / periods or its prose before it, its evidence and offset,
    and the characters between two operands of one excerpt;
  - the words the operands share with the sentence / the question (the mechanism's own);
  - how close the result is (in the search's tolerances) and the value's significant digits;
  - how many other distinct derivations also hit (operand pairs: under the same rule, any pair);
  - the pool size (cited values the search reads) and the pool's coincidence rate: of the
    value's one-digit neighbours (each significant digit +-1), the share that some pair of the
    pool derives (a dense pool derives most figures of that size and precision);
  - the default's near miss (reason: a one-digit edit, another sign, another scale) and whether
    the answer's own text holds the value's one-edit neighbour (its own working, "= $1,577").
Counts by mechanism and trait, per group and half (FinanceBench by company, TAT-QA by table).

The search is read by wrapping answer_derivations.explain in this process only (the engine is
not changed); the verdicts are gate_answer's.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import financebench_passes as fp  # noqa: E402
from bench.error_rates_ab import HALF, cases, fb_halves  # noqa: E402
from bench.financebench_halves import policy, set_fields  # noqa: E402
from groundgate.engine.gates import answer_derivations  # noqa: E402
from groundgate.engine.gates.answer import AnswerCase, gate_answer  # noqa: E402
from groundgate.engine.numbers import extract_numbers  # noqa: E402
from groundgate.engine.quantities import typed  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
SLIPS = ("digit", "scale", "sign")
# group of error_rates_ab.cases -> the group reported ("slip KIND" or "right")
WANTED = {
    **{f"fb {k}": f"fb slip {k}" for k in SLIPS},
    "fb gold": "fb right",
    "fb correct": "fb right",
    **{f"tatqa {k}": f"tatqa slip {k}" for k in SLIPS},
    "tatqa right calculation": "tatqa right",
}
_EXTRA: dict[tuple[int, int], dict[str, Any]] = {}
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _count(target: Any, kw: dict[str, Any], allow: Any) -> int:
    """How many distinct operand pairs derive the target (allow: the rule's test, None: any)."""
    pairs: set[tuple[int, ...]] = set()

    def record(operation: str, a: Any, b: Any) -> int:
        if allow is None or allow(operation, a, b):
            pairs.add((id(a.quantity.value),) + (() if b is None else (id(b.quantity.value),)))
        return 0

    rest = {
        k: v
        for k, v in kw.items()
        if k not in ("allow", "ambiguity", "empty", "searched", "results")
    }
    fp._REAL(target, (), allow=record, **rest)
    return len(pairs)


def neighbours(text: str) -> list[str]:
    """The value's text with one significant digit moved up or down by one."""
    m = _DIGITS.search(text)
    if not m:
        return []
    digits = m.group(0)
    out = []
    started = False
    for i, ch in enumerate(digits):
        if not ch.isdigit():
            continue
        started = started or ch != "0"
        if not started:
            continue
        for d in (int(ch) + 1, int(ch) - 1):
            if 0 <= d <= 9 and not (d == 0 and i == 0):
                new = digits[:i] + str(d) + digits[i + 1 :]
                out.append(text[: m.start()] + new + text[m.end() :])
    return out


def _coincidence(target: Any, kw: dict[str, Any]) -> tuple[int, int]:
    """(derived, tried): the value's one-digit neighbours some pair of the pool derives."""
    rest = {
        k: v
        for k, v in kw.items()
        if k not in ("allow", "ambiguity", "empty", "searched", "results")
    }
    derived = tried = 0
    for text in neighbours(target.value.text):
        found = extract_numbers(text)
        if len(found) != 1:
            continue
        q = typed(found[0])
        tried += 1
        derived += fp._REAL(q, (), allow=None, **rest) is not None
    return derived, tried


def _spy(target: Any, operands: Any, **kw: Any) -> Any:
    found = fp._spy(target, operands, **kw)
    if found is None or found.ambiguous is not None:
        return found
    allow = kw.get("allow")
    pools = kw.get("pools")
    _EXTRA[target.value.start, target.value.end] = {
        "pool": len(pools.seen) if pools is not None else 0,
        "same_rule": _count(target, kw, allow),
        "any_pair": _count(target, kw, None),
        "coincidence": _coincidence(target, kw),
        "where": _located(found.operands),
    }
    return found


def one_edit(a: str, b: str) -> bool:
    """Whether digit strings a and b differ by one digit changed, inserted, deleted or two
    neighbours swapped."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
    if abs(len(a) - len(b)) == 1:
        long, short = (a, b) if len(a) > len(b) else (b, a)
        return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
    return False


def own_neighbour(conclusion: str, span: tuple[int, int], value: str) -> str | None:
    """Another figure of the answer's own text one edit from the value (its own working)."""
    mine = re.sub(r"\D", "", value)
    for v in extract_numbers(conclusion):
        if (v.start, v.end) == span:
            continue
        theirs = re.sub(r"\D", "", v.text)
        if len(mine) >= 2 and one_edit(mine, theirs):
            return v.text.strip()
    return None


def _located(operands: Any) -> str:
    """Each operand's evidence and offset, and the characters between two of one excerpt."""
    out = [
        f"ev{o.evidence_index}@{o.span[0]}" if o.where == "excerpt" and o.span else o.where
        for o in operands
    ]
    if len(operands) == 2 and all(o.where == "excerpt" and o.span for o in operands):
        a, b = operands
        if a.evidence_index == b.evidence_index:
            out.append(f"{abs(a.span[0] - b.span[0])} chars apart")
    return ", ".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--source", choices=["fb", "tatqa", "both"], default="both")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true", help="each slip's derivations")
    parser.add_argument("--right-list", action="store_true", help="each right answer's too")
    args = parser.parse_args()
    changes = set_fields(args.set)
    default, accept = policy("finding", changes), policy("accept", changes)
    built = cases(args.data, "rows", tatqa_only=args.source == "tatqa")
    halves = fb_halves(args.data) if args.source != "tatqa" else {}
    answer_derivations.explain = _spy  # type: ignore[assignment]
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    traits: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    totals: collections.Counter[str] = collections.Counter()
    for raw_group, data_case in built:
        group = WANTED.get(raw_group)
        if group is None or (args.source != "both" and not group.startswith(args.source)):
            continue
        case_id = data_case["case_id"]
        side = HALF.get(case_id) or halves.get(case_id, "?")
        key = f"{group} {side}"
        totals[key] += 1
        case = AnswerCase.model_validate(data_case)
        before = gate_answer(case, default)
        if before.status == "ok":
            continue
        fp._SEEN.clear()
        _EXTRA.clear()
        after = gate_answer(case, accept)
        if after.status != "ok":
            continue
        errors = {tuple(f.span or ()): f for f in before.findings if f.severity == "error"}
        lines, mechanisms = [], set()
        for finding, _ in fp._moved(case, before, after):
            span = tuple(finding.span or ())
            seen = fp._SEEN.get(span)  # type: ignore[arg-type]
            mechanism = fp._mechanism(finding, seen)
            mechanisms.add(mechanism)
            t = traits[key]
            t[f"{mechanism}"] += 1
            near = errors[span].near_match
            reason = near.reason if near is not None else "none"
            t[f"{mechanism}: near miss {reason}"] += 1
            own = own_neighbour(case.answer.conclusion or "", span, finding.value or "")  # type: ignore[arg-type]
            if own:
                t[f"{mechanism}: own text holds a one-edit neighbour"] += 1
            extra = _EXTRA.get(span)  # type: ignore[arg-type]
            text = f"      {finding.value!r} [{mechanism}] near miss: {reason}"
            if near is not None:
                text += f" {near.text!r}"
            if own:
                text += f"; own text has {own!r}"
            if seen is not None and extra is not None:
                hit, tried = extra["coincidence"]
                rate = hit / tried if tried else 0.0
                t[f"{mechanism}: pool >= 100"] += extra["pool"] >= 100
                t[f"{mechanism}: other pairs (same rule) >= 1"] += extra["same_rule"] > 1
                t[f"{mechanism}: other pairs (any) >= 5"] += extra["any_pair"] > 5
                t[f"{mechanism}: neighbours derived >= 50%"] += rate >= 0.5
                t[f"{mechanism}: result exact (<0.1 tol)"] += seen.closeness < 0.1
                ops = extra["where"]
                text += (
                    f"\n        {seen.formula} (op {seen.operation}; d={seen.closeness:.2f} tol; "
                    f"{seen.digits} digits; pool {extra['pool']}; pairs same rule "
                    f"{extra['same_rule']}, any {extra['any_pair']}; neighbours derived "
                    f"{hit}/{tried})\n"
                    + "".join(f"        op: {o}\n" for o in seen.operands)
                    + (f"        shared words: {seen.shared}\n" if seen.shared else "")
                    + (f"        where: {ops}\n" if ops else "")
                    + f"        second (same rule): {seen.second}"
                )
            elif finding.derivation is not None:
                text += f"\n        {finding.derivation.formula}"
            lines.append(text)
        counts[key]["+".join(sorted(mechanisms)) or "(none moved)"] += 1
        right = group.endswith("right")
        if (right and args.right_list) or (not right and args.list):
            print(f"{side} {group} {case_id}")
            print(f"    Q: {(case.question or '')[:200]}")
            print(f"    A: {(case.answer.conclusion or '')[:400]!r}")
            print("\n".join(lines))
    answer_derivations.explain = fp._REAL  # type: ignore[assignment]
    keys = sorted(totals)
    print(f"\naccepted only under derived accept {changes or ''} (cases: per group and half)")
    for key in keys:
        print(f"  {key}: {sum(counts[key].values())} of {totals[key]}")
        for name, n in counts[key].most_common():
            print(f"      {n:4d}  {name}")
    print("\nmoved values' traits (per group and half)")
    for key in keys:
        if traits[key]:
            print(f"  {key}")
            for name, n in sorted(traits[key].items()):
                if n:
                    print(f"      {n:4d}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
