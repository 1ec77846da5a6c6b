"""Two checkouts of the answer gate on REAL answers, in one process, batch by batch, CPU time.

    python bench/ab_real_cases.py OLD_CHECKOUT [NEW_CHECKOUT] [--rounds 5] [--derived accept]
        [--tatqa 1500]

bench/ab_interleaved.py times the synthetic corpus; the real workload is slower per case (long
filings' pages, tables full of numbers, derivations searched for ungrounded values). This gates
the FinanceBench cases (cases.jsonl and gold_cases.jsonl) and the first N TAT-QA cases
(bench/tatqa_build.py) with both engines in alternating batches of 50 (each under its own copy of
the `groundgate` modules, as ab_interleaved.py does), and prints the best round's CPU per case
for each set and engine. Data is read from ../shared/data, never copied here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from ab_interleaved import load  # noqa: E402

from bench.tatqa_build import build  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
BATCH = 50


def real_sets(tatqa: int) -> dict[str, list[dict]]:
    fb = DATA / "financebench"
    financebench = []
    for name in ("cases.jsonl", "gold_cases.jsonl"):
        for line in (fb / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            financebench.append(row.get("case", row))
    tat: list[dict] = []
    contexts = json.loads((DATA / "tatqa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    for context in contexts:
        tat.extend(b.case for b in build(context, "rows"))
        if len(tat) >= tatqa:
            break
    return {"financebench": financebench, "tatqa": tat[:tatqa]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    parser.add_argument("--tatqa", type=int, default=1500)
    args = parser.parse_args()
    sets = real_sets(args.tatqa)
    engines = {}
    for name, checkout in (("old", args.old.resolve()), ("new", args.new.resolve())):
        module = load(checkout)
        policy = module.AnswerGatePolicy(derived_numbers=args.derived)
        cases = {k: [module.AnswerCase.model_validate(c) for c in v] for k, v in sets.items()}
        engines[name] = (module.gate_answer, policy, cases)
    best = {(n, s): float("inf") for n in engines for s in sets}
    for _ in range(args.rounds):
        spent = dict.fromkeys(best, 0.0)
        for set_name, rows in sets.items():
            for start in range(0, len(rows), BATCH):
                for name, (gate, policy, cases) in engines.items():
                    batch = cases[set_name][start : start + BATCH]
                    t = time.process_time()
                    for case in batch:
                        gate(case, policy)
                    spent[name, set_name] += time.process_time() - t
        for key, seconds in spent.items():
            best[key] = min(best[key], seconds / len(sets[key[1]]))
    print(f"derived_numbers={args.derived}, best of {args.rounds} rounds, CPU per case:")
    for set_name, rows in sets.items():
        old, new = best["old", set_name], best["new", set_name]
        print(
            f"  {set_name} ({len(rows)} cases): old {old * 1e3:.3f} ms, new {new * 1e3:.3f} ms, "
            f"new/old {new / old:.3f}"
        )


if __name__ == "__main__":
    main()
