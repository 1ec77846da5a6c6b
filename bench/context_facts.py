"""Covered questions refused for a name the fact chunk never repeats (issue 32, answerability-v13):
for every covered question of the given files whose fact chunks (retrieval_eval.holds_fact) the
policy's answerability refuses, whether what the closest one lacks is a term its document's
context states - the title or the section heading above it (pipeline/answerability_context.py)
- and whether v13 (the naming terms read in that context) then admits one. With `--uncovered`,
each uncovered question against every chunk, with and without context (a bound on what
retrieval shows). No retrieval: after `bench/bench_retrieval.py` (its database).

    .venv/bin/python bench/context_facts.py [--db DIR] [--questions F[,F]] [--uncovered] [--quiet]
        [--slack] [--names-only]
"""

from __future__ import annotations

import argparse
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
from groundgate.pipeline import answerability_context  # noqa: E402
from groundgate.pipeline.answerability import _found, _Text, chunk_answers  # noqa: E402
from groundgate.pipeline.answerability_question import question_parts  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services.chunk_context import contexts_of  # noqa: E402
from groundgate.services.retrieval_eval import holds_fact, load_questions  # noqa: E402
from groundgate.services.word_vectors import word_vectors_read  # noqa: E402

FILES = sorted(
    p
    for p in (ROOT / "fixtures/questions").glob("retrieval*.jsonl")
    if not p.name.startswith("retrieval-heldout-s42")
)


def parts_of(question: str, version: int):
    policy = SelectionPolicy(answerability_version=min(version, 12))
    return question_parts(
        question,
        version,
        policy.paraphrase_min_similarity,
        policy.paraphrase_cross_language_min_similarity,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default=",".join(str(f) for f in FILES))
    parser.add_argument("--uncovered", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--slack", action="store_true", help="v13 with v12's slack (measured)")
    parser.add_argument("--names-only", action="store_true", help="only names from the context")
    parser.add_argument("--subject-share", type=float, default=0.0, help="frequent names too")
    parser.add_argument("--bridged", action="store_true", help="context terms across languages")
    args = parser.parse_args()
    answerability_context.LITERAL = not args.bridged
    answerability_context.SUBJECT_SHARE = args.subject_share
    answerability_context.NO_SLACK = not args.slack
    answerability_context.NAMES_ONLY = args.names_only
    chunks = list(Chunk.objects.order_by("document_id", "ordinal"))
    context = contexts_of(chunks)
    texts = list(dict.fromkeys((c.text, context[c.pk]) for c in chunks))
    tally: Counter[str] = Counter()
    with word_vectors_read():
        for path in args.questions.split(","):
            name = Path(path).name.removeprefix("retrieval-").removesuffix(".jsonl")
            for q in load_questions(path):
                if q.covered == args.uncovered:
                    continue
                p12, p13 = parts_of(q.question, 12), parts_of(q.question, 13)
                pool = texts if args.uncovered else [t for t in texts if holds_fact(t[0], q)]
                if not pool:
                    tally[f"{name} {q.lang} no fact chunk"] += 1
                    continue
                r12 = [chunk_answers(p12, t) for t, _ in pool]
                r13 = [chunk_answers(p13, t, context=c) for t, c in pool]
                a12 = [t for (t, _), r in zip(pool, r12, strict=True) if r[0]]
                a13 = [t for (t, _), r in zip(pool, r13, strict=True) if r[0]]
                kind = "uncovered" if args.uncovered else "covered"
                tally[f"{name} {q.lang} {kind}"] += 1
                if not a12:
                    tally[f"{name} {q.lang} {kind} v12 refuses"] += 1
                    # the closest chunk's lacks stated by its context
                    closest = min(range(len(pool)), key=lambda i: len(r12[i][1]))
                    lacks = [w for w in r12[closest][1] if not w.startswith("<")]
                    said = _Text.of(pool[closest][1], 12)
                    in_context = [
                        w
                        for w in lacks
                        if any(t.text == w and _found(t, said, 12) for t in p12.terms)
                    ]
                    if in_context:
                        tally[
                            f"{name} {q.lang} {kind} v12 refuses, lacks a term of the context"
                        ] += 1
                if bool(a12) != bool(a13) or (args.uncovered and len(a12) != len(a13)):
                    tally[
                        f"{name} {q.lang} {kind} v13 {'admits' if a13 else 'refuses'} (v12 not)"
                    ] += 1
                    if not args.quiet:
                        print(f"{name} {q.id} [v12={len(a12)} v13={len(a13)}] {q.question}")
                        for t, c in pool:
                            if t in a13 and t not in a12:
                                print(f"    context: {c!r}")
                                print(f"    +{' '.join(t.split())[:160]}")
                                break
                elif not a12 and not args.quiet and not args.uncovered:
                    closest = min(range(len(pool)), key=lambda i: len(r12[i][1]))
                    print(f"{name} {q.id} [refused both: lacks {r12[closest][1]}] {q.question}")
                    print(f"    context: {pool[closest][1]!r}")
    for key in sorted(tally):
        print(f"{key}: {tally[key]}")


if __name__ == "__main__":
    main()
