"""Answerability versions compared on one replayed retrieval (issue 32): every question of the
question files runs the whole pipeline (services/retrieval_eval.evaluate) under each version
named, over the rankings bench/retrieval_losses.py caches (bench/out/retrieval/replay.pkl), so
a reading is measured in minutes, not the half hour of a fresh bench_retrieval.py run. Prints,
per file and language, each version's covered-right and uncovered-refused counts and the
questions moved each way against the first version.

    .venv/bin/python bench/answerability_replay.py [--versions 15,16] [--rerank-version 15]
        [--questions F[,F]]

Run bench_retrieval.py once first (its database); the figures are bench_retrieval.py's with
`--sweep answerability_version=...` (and `--rerank-version`), on the same retrieval.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_losses import (
    QUESTION_FILES,
    ROOT,
    ReplayRetriever,
    build_cache,
)
from groundgate.models import Dataset
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.embedding_index import embedder_for
from groundgate.services.retrieval import rerank_reading
from groundgate.services.retrieval_eval import evaluate, load_questions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--versions", default="15,16")
    parser.add_argument("--rerank-version", type=int, default=0)
    parser.add_argument(
        "--questions",
        default=",".join(str(ROOT / "fixtures/questions" / name) for name in QUESTION_FILES),
    )
    args = parser.parse_args()
    versions = [int(v) for v in args.versions.split(",")]
    dataset = Dataset.objects.get(slug="questions")
    files = {Path(f).name: load_questions(f) for f in args.questions.split(",")}
    cache = build_cache(dataset, [q for qs in files.values() for q in qs])
    chosen = {"answerability_version": args.rerank_version} if args.rerank_version else {}
    retriever = ReplayRetriever(embedder_for("local"), cache)
    retriever.rerank = rerank_reading(SelectionPolicy(**chosen))
    policies = {f"v{v}": SelectionPolicy(answerability_version=v) for v in versions}
    first = f"v{versions[0]}"
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for name, questions in files.items():
        result = evaluate(dataset, questions, retriever, policies)
        short = name.removeprefix("retrieval-heldout-").removesuffix(".jsonl")
        for label, outcomes in result.outcomes.items():
            row: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
            for o in outcomes:
                cell = row[o.question.lang]
                at = 0 if o.question.covered else 2
                cell[at] += int(o.right)
                cell[at + 1] += 1
            for lang, cell in row.items():
                total = totals[f"{label} {lang}"]
                totals[f"{label} {lang}"] = [a + b for a, b in zip(total, cell, strict=True)]
            said = " ".join(f"{lang} {c}/{n},{r}/{u}" for lang, (c, n, r, u) in sorted(row.items()))
            moved = ""
            if label != first:
                base = {o.question.id: o.right for o in result.outcomes[first]}
                won = [o.question.id for o in outcomes if o.right and not base[o.question.id]]
                lost = [o.question.id for o in outcomes if not o.right and base[o.question.id]]
                moved = f" +{won or '-'} -{lost or '-'}"
            print(f"{short} {label}: {said}{moved}", flush=True)
    for key, (c, n, r, u) in sorted(totals.items()):
        rates = f"covered {c}/{n} ({100 * c / n:.1f}%) refused {r}/{u} ({100 * r / u:.1f}%)"
        print(f"TOTAL {key}: {rates}")


if __name__ == "__main__":
    main()
