"""What answerability's refusals lack, covered against uncovered (issue 32, d863): every seen
question of the retrieval files is run under the default policy over bench/retrieval_losses.py's
replayed retrieval; for each covered question lost at answerability, what the chunks holding its
fact lack (pipeline/answerability.chunk_answers: missing terms, or "<kind>": the subject is
stated but no clause ties a value of the kind asked), and for each uncovered question refused
by answerability, what the closest selected chunk lacks. Held-out files are left out (their
misses are never read). A reading that separates the two groups is one under which the covered
losses' fact chunks would answer and the uncovered refusals' chunks would not.

    .venv/bin/python bench/answerability_losses.py [--held-out s46,s47,s48,s49,s50,s51,s52] [--list]

Reads the database bench_retrieval.py left in bench/out/retrieval (run it first, every file).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import retrieval_losses as replay  # sets Django up on the bench database
from bench.retrieval_db import ROOT
from groundgate.models import Dataset
from groundgate.pipeline import answerability_meaning
from groundgate.pipeline import run as pipeline_run
from groundgate.pipeline.answerability import chunk_answers
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services import retrieval_eval
from groundgate.services.embedding_index import embedder_for
from groundgate.services.retrieval_eval import holds_fact, load_questions
from groundgate.services.word_vectors import stored_word_vectors

FILES = sorted((ROOT / "fixtures" / "questions").glob("retrieval*.jsonl"))
RUNS: list[Any] = []


def _capturing(*args: Any, **kwargs: Any) -> Any:
    run = pipeline_run.run_pipeline(*args, **kwargs)
    RUNS.append(run)
    return run


def shape(parts: Any, lacks: list[str]) -> str:
    """The lack's shape: '<kind>' or the missing terms by class (named/asked/common)."""
    if not lacks:
        return "answers"
    if all(t.startswith("<") for t in lacks):
        return "value " + lacks[0]
    by = {t.text: t for t in parts.terms}
    kinds = []
    for t in lacks:
        term = by.get(t)
        named, asked = term is not None and term.named, term is not None and term.asked
        kinds.append("named" if named else "asked" if asked else "common")
    return "missing " + "+".join(sorted(kinds))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--held-out", default="s46,s47,s48,s49,s50,s51,s52")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    held = args.held_out.split(",")
    files = {
        f.name: load_questions(str(f)) for f in FILES if not any(f"-{h}." in f.name for h in held)
    }
    dataset = Dataset.objects.get(slug="questions")
    cache = replay.build_cache(dataset, [q for qs in files.values() for q in qs])
    retriever = replay.ReplayRetriever(embedder_for("local"), cache)
    policy = SelectionPolicy()
    retrieval_eval.run_pipeline = _capturing  # type: ignore[attr-defined]
    counts: dict[str, Counter[str]] = {"covered": Counter(), "uncovered": Counter()}
    with answerability_meaning.stored_vectors(stored_word_vectors):
        for name, questions in files.items():
            tally(name, questions, dataset, retriever, policy, cache, counts, args.list)
    for group, counter in counts.items():
        print(f"\n{group} (lost at answerability / refused by it), by language, kind asked, lack:")
        for key, n in sorted(counter.items(), key=lambda kv: (kv[0].split()[0], -kv[1])):
            print(f"  {n:3} {key}")


def tally(
    name: str,
    questions: list[Any],
    dataset: Any,
    retriever: Any,
    policy: SelectionPolicy,
    cache: dict[str, Any],
    counts: dict[str, Counter[str]],
    listing: bool,
) -> None:
    if True:  # one file's questions
        RUNS.clear()
        result = retrieval_eval.evaluate(dataset, questions, retriever, {"default": policy})
        short = name.removeprefix("retrieval-heldout-").removesuffix(".jsonl")
        for o, run in zip(result.outcomes["default"], RUNS, strict=True):
            q = o.question
            parts = question_parts(
                q.question,
                policy.answerability_version,
                policy.paraphrase_min_similarity,
                policy.paraphrase_cross_language_min_similarity,
            )
            attr = parts.attribute.name if parts.attribute else "-"
            texts = [c.chunk_text for c in run.bundle.used_chunks]
            if q.covered and o.stage == "answerability":
                facts = [c.text for c in cache["chunks"].values() if holds_fact(c.text, q)]
                reads = [(chunk_answers(parts, t)[1], t) for t in facts]
                lacks, _text = min(reads, key=lambda r: len(r[0]))
                key = f"{q.lang} {attr:11} {shape(parts, lacks)}"
                counts["covered"][key] += 1
                if listing:
                    print(f"C {short} {q.id} [{key}] {q.question[:70]} | lacks {lacks}")
            elif not q.covered and o.refused_by == "answerability" and texts:
                reads = [(chunk_answers(parts, t)[1], t) for t in texts]
                lacks, _text = min(reads, key=lambda r: len(r[0]))
                key = f"{q.lang} {attr:11} {shape(parts, lacks)}"
                counts["uncovered"][key] += 1
                if listing:
                    print(f"U {short} {q.id} [{key}] {q.question[:70]} | lacks {lacks}")


if __name__ == "__main__":
    main()
