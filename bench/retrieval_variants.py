"""Retrieval and R2 variants on one retrieval, every question file, with held-out files counted
only (d819): bench/retrieval_losses.py's replay (its cached rankings, its VARIANTS and
POLICY_VARIANTS) run on all the files, totals per group (the seen files, each held-out file) and
language, and the questions each variant moved against the first named - named for the seen files,
counted for the held-out ones, so a held-out file's misses are never read while a rule is made.

    .venv/bin/python bench/retrieval_variants.py [--variants base,stated,cap5,oracle]
        [--held-out s46,s47,s48,s49,s50,s51,s52]

Reads the database bench_retrieval.py left in bench/out/retrieval (run it first, with every
file: `bench_retrieval.py --retrievers hybrid`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import retrieval_losses as replay  # sets Django up on the bench database
from groundgate.models import Dataset
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.embedding_index import embedder_for
from groundgate.services.retrieval_eval import load_questions

FILES = sorted((replay.ROOT / "fixtures" / "questions").glob("retrieval*.jsonl"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants", default="base,stated,weighted,cap5,cap8,oracle")
    parser.add_argument("--held-out", default="s46,s47,s48,s49,s50,s51,s52")
    parser.add_argument("--dump", default="", help="write each question's outcome here (JSON)")
    args = parser.parse_args()
    held_out = args.held_out.split(",")
    dataset = Dataset.objects.get(slug="questions")
    files = {f.name: load_questions(str(f)) for f in FILES}
    cache = replay.build_cache(dataset, [q for qs in files.values() for q in qs])
    embedder = embedder_for("local")

    def group(name: str) -> str:
        return next((h for h in held_out if f"-{h}." in name), "seen")

    base: dict[tuple[str, str], bool] = {}
    labels = args.variants.split(",")
    for label in labels:
        retriever = replay.ReplayRetriever(embedder, cache, **replay.VARIANTS[label])
        policy = replay.POLICY_VARIANTS.get(label, SelectionPolicy())
        started = time.perf_counter()
        totals: dict[tuple[str, str], list[int]] = {}
        moved: dict[str, tuple[list[str], list[str]]] = {}
        dumped: dict[str, bool] = {}
        for name, result in replay.run(dataset, files, retriever, policy).items():
            for o in result.outcomes["default"]:
                row = totals.setdefault((group(name), o.question.lang), [0, 0, 0, 0])
                at = 0 if o.question.covered else 2
                row[at] += o.right
                row[at + 1] += 1
                key = (name, o.question.id)
                dumped[f"{name}/{o.question.id}"] = o.right
                if label == labels[0]:  # the questions moved are counted against the first
                    base[key] = o.right
                elif key in base and o.right != base[key]:
                    short = name.removeprefix("retrieval-heldout-").removesuffix(".jsonl")
                    gained, lost = moved.setdefault(group(name), ([], []))
                    (gained if o.right else lost).append(f"{short} {o.question.id}")
        for (where, lang), (right, covered, refused, uncovered) in sorted(totals.items()):
            print(f"[{label}] {where} {lang}: covered {right}/{covered}, ", end="")
            print(f"refused {refused}/{uncovered}")
        for where, (gained, lost) in sorted(moved.items()):
            if where == "seen":
                print(f"  [{label}] seen: +{len(gained)} {gained} -{len(lost)} {lost}")
            else:
                print(f"  [{label}] {where}: +{len(gained)} -{len(lost)} (held out: not named)")
        print(f"  [{label}] {time.perf_counter() - started:.0f} s", flush=True)
        if args.dump:  # one variant's outcomes, to compare runs made apart (d1004)
            Path(args.dump.replace("LABEL", label)).write_text(json.dumps(dumped, indent=0))


if __name__ == "__main__":
    main()
