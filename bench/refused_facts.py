"""Why answerability refuses the right chunk (issue 32): for every covered question of the given
files, the chunks of the questions' documents that hold its fact (retrieval_eval.holds_fact) are
read by the policy's answerability as the pipeline reads them; when none answers, each is shown
with what it lacks (the required terms not stated, or the value asked) and, per missing term,
the chunk word nearest in meaning (e5-small) - so a refusal's cause can be named (a synonym, a
hypernym, a term said in the other language, a word the question need not have). No retrieval:
after `bench/bench_retrieval.py` (its database).

    .venv/bin/python bench/refused_facts.py [--db DIR] [--questions F[,F]] [--versions 9,11]
        [--uncovered]

`--uncovered`: each uncovered question against every chunk of the documents instead, shown
when the versions admit it by a different number of chunks (a bound on what retrieval shows).
`--retrieved`: only the covered questions the last hybrid run of bench_retrieval.py
(bench/out/retrieval/results.json) lost at answerability with a fact chunk at fused rank <= 8
(retrieved, then refused), each with the terms every fact chunk lacks, tallied per term.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import bench.retrieval_db
from bench.retrieval_db import ROOT, django_on_retrieval_db

if len(sys.argv) > 2 and sys.argv[1] == "--db":  # another copy of the benches' database
    bench.retrieval_db.OUT = Path(sys.argv[2])
    del sys.argv[1:3]
django_on_retrieval_db()

from groundgate.models import Chunk  # noqa: E402
from groundgate.pipeline import answerability_meaning  # noqa: E402
from groundgate.pipeline.answerability import chunk_answers  # noqa: E402
from groundgate.pipeline.answerability_question import question_parts  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services.retrieval_eval import holds_fact, load_questions  # noqa: E402
from groundgate.services.word_vectors import word_vectors_read  # noqa: E402

FILES = sorted((ROOT / "fixtures/questions").glob("retrieval*.jsonl"))


def parts_of(question: str, version: int):
    """The question's parts as `version` reads them, at its policy's meaning thresholds."""
    policy = SelectionPolicy(answerability_version=version)
    return question_parts(
        question,
        version,
        policy.paraphrase_min_similarity,
        policy.paraphrase_cross_language_min_similarity,
    )


def admitted(q, texts: list[str], versions: list[int], name: str, tally: Counter[str]) -> None:
    """--uncovered: the chunks of all the documents each version finds answering an uncovered
    question (no retrieval: any chunk, so more than a pipeline run would see)."""
    said = []
    for v in versions:
        parts = parts_of(q.question, v)
        answering = [t for t in texts if chunk_answers(parts, t)[0]]
        tally[f"{name} {q.lang} v{v} uncovered {'admitted' if answering else 'refused'}"] += 1
        said.append(answering)
    if any(len(a) != len(said[0]) for a in said):
        counts = " ".join(f"v{v}={len(a)}" for v, a in zip(versions, said, strict=True))
        print(f"{name} {q.id} [uncovered {counts}] {q.question}")
        for text in [t for t in said[-1] if t not in said[0]][:2]:
            print(f"      +{' '.join(text.split())[:160]}")


def retrieved_refused() -> set[tuple[str, str]]:
    """(file, question id) of the covered questions the last hybrid run lost at answerability
    with a chunk holding the fact at fused rank <= 8."""
    report = json.loads((bench.retrieval_db.OUT / "results.json").read_text())
    lost = set()
    for label, run in report["retrievers"].items():
        name = label.split("/", 1)[1].removeprefix("retrieval-").removesuffix(".jsonl")
        for o in run["outcomes"]:
            fused = (o.get("ranks") or {}).get("fused")
            if o["stage"] == "answerability" and fused is not None and fused <= 8:
                lost.add((name, o["id"]))
    return lost


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default=",".join(str(f) for f in FILES))
    parser.add_argument("--versions", default="9")
    parser.add_argument("--uncovered", action="store_true", help="uncovered questions instead")
    parser.add_argument(
        "--retrieved", action="store_true", help="only those retrieved, then refused (rank <= 8)"
    )
    args = parser.parse_args()
    lost = retrieved_refused() if args.retrieved else None
    versions = [int(v) for v in args.versions.split(",")]
    texts = list(dict.fromkeys(Chunk.objects.values_list("text", flat=True)))
    tally: Counter[str] = Counter()
    with word_vectors_read():
        for path in args.questions.split(","):
            name = Path(path).name.removeprefix("retrieval-").removesuffix(".jsonl")
            for q in load_questions(path):
                if not q.covered:
                    if args.uncovered:
                        admitted(q, texts, versions, name, tally)
                    continue
                if args.uncovered or (lost is not None and (name, q.id) not in lost):
                    continue
                facts = [t for t in texts if holds_fact(t, q)]
                results = []
                for v in versions:
                    parts = parts_of(q.question, v)
                    read = [chunk_answers(parts, t) for t in facts]
                    ok = any(r[0] for r in read)
                    results.append((v, parts, ok, read))
                    tally[f"{name} {q.lang} v{v} {'accepts' if ok else 'refuses'}"] += 1
                if (all(r[2] for r in results) and lost is None) or not facts:
                    if not facts:
                        tally[f"{name} {q.lang} no fact chunk"] += 1
                    continue
                mark = " ".join(f"v{v}={'Y' if ok else 'n'}" for v, _, ok, _ in results)
                print(f"{name} {q.id} [{mark}] {q.question}")
                v, parts, _, read = results[0]
                terms = " ".join(
                    f"{t.text}{'*' if t.named else ''}{'!' if t.asked else ''}"
                    f"{'?' if t.yes_no else ''}{'' if t.required else '~'}"
                    for t in parts.terms
                )
                attr = parts.attribute.name if parts.attribute else "-"
                print(f"    terms: {terms} | attr {attr}")
                for text, (_ok, lacks) in zip(facts, read, strict=True):
                    near = []
                    for term in lacks:
                        if term.startswith("<"):
                            continue
                        word, cos = answerability_meaning.closest_word(term, text.lower())
                        near.append(f"{term}~{word} {cos:.3f}")
                    flat = " ".join(text.split())
                    ev = next((e for e in q.evidence if e in flat), q.evidence[0])
                    at = flat.find(ev)
                    ctx = flat[max(0, at - 80) : at + len(ev) + 80] if at >= 0 else flat[:200]
                    print(f"    lacks {lacks} near {near}\n      ...{ctx}...")
                    for term in lacks:
                        tally[f"~ missing {q.lang} {term}"] += 1
    print()
    for key in sorted(tally):
        print(f"{key}: {tally[key]}")


if __name__ == "__main__":
    main()
