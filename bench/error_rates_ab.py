"""Both error rates per kind of mistake, for several checkouts of the answer gate side by side.

    python bench/error_rates_ab.py BEFORE [AFTER ...] [--data ../shared/data] [--render rows]
        [--derived finding|accept|both] [--cases-out DIR] [--no-off] [--halves] [--tatqa-halves]
        [--tatqa-only] [--variant NAME:FIELD=VALUE[,FIELD=VALUE...] ...]

Each checkout's own engine is imported into this process (its own copy of every `groundgate`
module, as bench/ab_interleaved.py does), and all of them gate the same cases, made by THIS
tree's bench scripts: the TAT-QA cases of bench/tatqa_build.py (right cell / calculation, wrong
digit, scale, sign, row, period, operation) and the FinanceBench answers (human grades: gold,
correct, incorrect; plus the digit / scale / sign slips of the gold answers made by
bench/financebench_kinds.py). A checkout whose policy has `value_context` is also run with
`value_context: off`, and the script counts the cases whose status differs from the first
checkout's (the first is meant to be the commit before values in context: `off` should
reproduce it). Prints one table per `derived_numbers` mode: rejected right answers and accepted
wrong answers, per kind, one column per checkout (and variant). `--halves`: the FinanceBench rows
again for each half of its companies (bench/financebench_halves.py: develop on A, judge on both).

`--tatqa-halves` also prints the TAT-QA rows for each half of a split by document (`half_of`: a hash
of the table's uid, 50/50): rules are developed on half A and must also gain on half B, so a
rule fitted to the cases read does not pass for a general one. `--tatqa-only` skips FinanceBench.

`--variant NAME:FIELD=VALUE,...` (repeatable) adds a column gated by the LAST checkout's engine
under its default policy with those fields changed (VALUE as JSON, else a string:
`--variant shares:percent_aggregates=shares`): d616's side-by-side measurement of selectable
readings, alone and together, without a worktree per reading (d871).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.ab_interleaved import load  # noqa: E402
from bench.financebench_halves import half as company_half  # noqa: E402
from bench.financebench_kinds import mutations  # noqa: E402
from bench.tatqa_build import WRONG_KINDS, build  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data"
FB_KINDS = ("digit", "scale", "sign")


def half_of(table_uid: str) -> str:
    """The half of the split by document a TAT-QA table falls in: "A" or "B", 50/50 by hash."""
    return "A" if hashlib.sha256(table_uid.encode()).digest()[0] % 2 == 0 else "B"


HALF: dict[str, str] = {}  # TAT-QA case id -> its document's half


def cases(data: Path, render: str, tatqa_only: bool = False) -> list[tuple[str, dict]]:
    """(group, case) for every case gated: TAT-QA by kind, FinanceBench by grade and kind."""
    out: list[tuple[str, dict]] = []
    contexts = json.loads((data / "tatqa" / "tatqa_dataset_dev.json").read_bytes())
    for ctx in contexts:
        side = half_of(ctx["table"]["uid"])
        for b in build(ctx, render):
            HALF[b.case["case_id"]] = side
            out.append((f"tatqa {b.group}", b.case))
    if tatqa_only:
        return out
    rows: list[dict] = []
    for name in ("cases.jsonl", "gold_cases.jsonl"):
        with (data / "financebench" / name).open(encoding="utf-8") as handle:
            rows += [json.loads(line) for line in handle if line.strip()]
    for row in rows:
        grade = row["label"]["human_grade"]
        if grade == "refusal":
            continue
        data_case = row["case"]
        out.append((f"fb {grade}", data_case))
        if grade != "gold":
            continue
        numbers = row["label"].get("answer_numbers") or []
        for kind, sentence in mutations(data_case["answer"]["conclusion"] or "", numbers).items():
            wrong = {
                **data_case,
                "case_id": f"{data_case['case_id']}-{kind}",
                "answer": {**data_case["answer"], "conclusion": sentence},
            }
            out.append((f"fb {kind}", wrong))
    return out


def fb_halves(data: Path) -> dict[str, str]:
    """FinanceBench case id (slips included) -> the half of its company."""
    out: dict[str, str] = {}
    for name in ("cases.jsonl", "gold_cases.jsonl"):
        with (data / "financebench" / name).open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    row = json.loads(line)
                    side = company_half(row["label"]["company"])
                    case_id = row["case"]["case_id"]
                    out[case_id] = side
                    out.update({f"{case_id}-{kind}": side for kind in FB_KINDS})
    return out


def policy_of(  # type: ignore[no-untyped-def]
    module: ModuleType, derived: str, context: str | None, fields: dict[str, object] | None = None
):
    base = module.PRESETS["default"].model_dump()
    extra = {"value_context": context} if context else {}
    changed = {**base, "derived_numbers": derived, **extra, **(fields or {})}
    return module.AnswerGatePolicy.model_validate(changed)


def variants(items: list[str]) -> list[tuple[str, dict[str, object]]]:
    """(name, policy fields) of each `--variant NAME:FIELD=VALUE,...` option."""
    out: list[tuple[str, dict[str, object]]] = []
    for item in items:
        name, _, spec = item.partition(":")
        fields: dict[str, object] = {}
        for part in filter(None, spec.split(",")):
            field, _, raw = part.partition("=")
            try:
                fields[field] = json.loads(raw)
            except json.JSONDecodeError:
                fields[field] = raw
        out.append((name, fields))
    return out


def gate_all(module: ModuleType, built: list[tuple[str, dict]], policy) -> list[str]:  # type: ignore[no-untyped-def]
    validated = [module.AnswerCase.model_validate(case) for _, case in built]
    return [module.gate_answer(case, policy).status for case in validated]


def table(
    built: list[tuple[str, dict]], columns: dict[str, list[str]], *, tatqa: bool = True
) -> list[str]:
    sizes = collections.Counter(g for g, _ in built)
    names = list(columns)
    lines = [
        "| answers | cases | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]

    def row(label: str, wanted: set[str], right: bool) -> str:
        n = sum(sizes[g] for g in wanted)
        cells = []
        for name in names:
            bad = sum(
                1
                for (g, _), status in zip(built, columns[name], strict=True)
                if g in wanted and (status != "ok") == right
            )
            cells.append(f"{bad} ({100 * bad / n:.1f}%)")
        verb = "rejected" if right else "accepted"
        return f"| {label} ({verb}) | {n:,} | " + " | ".join(cells) + " |"

    tatqa_wrong = {f"tatqa {k}" for k in WRONG_KINDS}
    if tatqa:
        for group in ("tatqa right cell", "tatqa right calculation"):
            lines.append(row(f"TAT-QA {group.split(' ', 1)[1]}", {group}, right=True))
        for kind in WRONG_KINDS:
            lines.append(row(f"TAT-QA wrong: {kind}", {f"tatqa {kind}"}, right=False))
        lines.append(row("TAT-QA wrong: all", tatqa_wrong, right=False))
    if not sizes["fb gold"]:
        return lines
    for grade in ("gold", "correct"):
        lines.append(row(f"FinanceBench {grade}", {f"fb {grade}"}, right=True))
    lines.append(row("FinanceBench right (gold + correct)", {"fb gold", "fb correct"}, right=True))
    lines.append(row("FinanceBench graded incorrect", {"fb incorrect"}, right=False))
    for kind in FB_KINDS:
        lines.append(row(f"FinanceBench wrong: {kind} (from gold)", {f"fb {kind}"}, right=False))
    # Agreement with the human grades: correct -> ok, incorrect -> rejected.
    cells = []
    for name in names:
        agree = sum(
            1
            for (g, _), status in zip(built, columns[name], strict=True)
            if (g == "fb correct" and status == "ok") or (g == "fb incorrect" and status != "ok")
        )
        of = sizes["fb correct"] + sizes["fb incorrect"]
        cells.append(f"{100 * agree / of:.1f}%")
    lines.append(
        "| FinanceBench agreement (correct→ok, incorrect→rejected) | "
        f"{sizes['fb correct'] + sizes['fb incorrect']:,} | " + " | ".join(cells) + " |"
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--render", choices=["rows", "markdown"], default="rows")
    parser.add_argument("--derived", choices=["finding", "accept", "both"], default="both")
    parser.add_argument("--cases-out", type=Path, help="a folder: one status line per case")
    parser.add_argument(
        "--no-off", action="store_true", help="skip the `value_context: off` column of each"
    )
    parser.add_argument(
        "--halves", action="store_true", help="the FinanceBench rows per half of its companies"
    )
    parser.add_argument(
        "--tatqa-halves", action="store_true", help="TAT-QA per half of the documents"
    )
    parser.add_argument("--tatqa-only", action="store_true", help="skip FinanceBench")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:FIELD=VALUE,...",
        help="a column of the last checkout's default policy with these fields changed",
    )
    args = parser.parse_args()
    if not (args.data / "tatqa" / "tatqa_dataset_dev.json").exists():
        print(f"no TAT-QA / FinanceBench data under {args.data}")
        return 2
    built = cases(args.data, args.render, args.tatqa_only)
    modes = ("finding", "accept") if args.derived == "both" else (args.derived,)
    columns: dict[str, dict[str, list[str]]] = {m: {} for m in modes}
    for checkout in args.checkouts:
        checkout = checkout.resolve()
        module = load(checkout)
        has_context = "value_context" in module.AnswerGatePolicy.model_fields
        label = checkout.name
        for mode in modes:
            policy = policy_of(module, mode, None)
            columns[mode][f"{label} ({module.GATE_VERSION})"] = gate_all(module, built, policy)
            if has_context and policy.value_context != "off" and not args.no_off:
                off = policy_of(module, mode, "off")
                columns[mode][f"{label} value_context off"] = gate_all(module, built, off)
        print(f"gated: {checkout} ({module.__file__})", flush=True)
    for name, fields in variants(args.variant):
        for mode in modes:
            policy = policy_of(module, mode, None, fields)
            columns[mode][name] = gate_all(module, built, policy)
        print(f"gated: variant {name} {fields}", flush=True)
    for mode in modes:
        cols = columns[mode]
        print(f"\n### derived_numbers: {mode} (default policy otherwise; render {args.render})\n")
        print("\n".join(table(built, cols)))
        if args.halves:
            sides = fb_halves(args.data)
            for side in "AB":
                keep = [i for i, (_, c) in enumerate(built) if sides.get(c["case_id"]) == side]
                part = [built[i] for i in keep]
                print(f"\nFinanceBench half {side} ({len(part):,} cases):\n")
                sub = {name: [statuses[i] for i in keep] for name, statuses in cols.items()}
                print("\n".join(table(part, sub, tatqa=False)))
        for half in ("A", "B") if args.tatqa_halves else ():
            keep = [HALF.get(case["case_id"]) == half for _, case in built]
            part = [b for b, k in zip(built, keep, strict=True) if k]
            part_cols = {n: [s for s, k in zip(v, keep, strict=True) if k] for n, v in cols.items()}
            print(f"\n#### TAT-QA half {half} of the documents ({len(part):,} cases)\n")
            print("\n".join(table(part, part_cols)))
        first_name, first = next(iter(cols.items()))
        for name, statuses in list(cols.items())[1:]:
            changed = sum(a != b for a, b in zip(first, statuses, strict=True))
            print(f"status differs from {first_name}: {name}: {changed}/{len(first)} cases")
        if args.cases_out:
            args.cases_out.mkdir(parents=True, exist_ok=True)
            for name, statuses in cols.items():
                slug = "".join(c if c.isalnum() or c in ".-" else "_" for c in name)
                path = args.cases_out / f"{mode}-{slug}.jsonl"
                with path.open("w", encoding="utf-8") as out:
                    for (g, case), status in zip(built, statuses, strict=True):
                        out.write(json.dumps([case["case_id"], g, status]) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
