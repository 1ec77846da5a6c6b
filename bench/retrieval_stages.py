"""Where the seen files' questions are lost, stage by stage, per language (issue 32, d1002).

    .venv/bin/python bench/retrieval_stages.py [--results bench/out/retrieval/results.json]
        [--uncovered]

Reads the results.json a `bench_retrieval.py --retrievers hybrid` run left (every file) and
counts, for the seen files only (held-out files s46 and later are never read item by item, d819),
each covered question that was not answered with the right chunk by the stage that lost it
(retrieval_eval.STAGES, d426), split by where the fact's chunk ranked in the reranked list the
pipeline reads: first, in the top k (TOP_K) but not first, or not in it.

`--uncovered` also retrieves each seen uncovered question again on that run's database (no
rebuild) and, for those the default policy answers, names the reading of answerability that let
the cited chunk through (the last stage that could have refused: the similarity threshold, the
caps, sufficiency and R5 passed by construction): every required term stated literally; a term
stated another way (a glossary name, a Chinese part, CC-CEDICT across languages, a hyphen's
parts, a word by meaning); a required term missing and let go by the slack of one in two; a
quoted reading (v18, d863); a compound question read part by part (v15); and whether the row was
admitted by the cross-language threshold alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT, django_on_retrieval_db

HELD_OUT = ("s46", "s47", "s48", "s49", "s50", "s51", "s52")
STAGE_ORDER = (
    "not retrieved",
    "similarity threshold",
    "R2 selection",
    "answerability",
    "sufficiency",
    "R5",
    "cited another chunk",
)


def seen(name: str) -> bool:
    return not any(f"-{h}." in name for h in HELD_OUT)


def place(rank: int | None, top_k: int) -> str:
    if rank == 1:
        return "first"
    if rank is not None and rank <= top_k:
        return "top-k"
    return "out"


def covered_table(results: dict, top_k: int) -> None:
    from groundgate.services.retrieval_eval import load_questions

    cells: Counter[tuple[str, str, str]] = Counter()
    totals: Counter[tuple[str, str]] = Counter()
    for key, run in results["retrievers"].items():
        retriever, _, name = key.partition("/")
        if retriever != "hybrid" or not seen(name):
            continue
        questions = {q.id: q for q in load_questions(ROOT / "fixtures/questions" / name)}
        outcomes = run["outcomes"]
        if run.get("misses_only"):  # from a log: the questions not printed were right
            printed = {o["id"] for o in outcomes}
            outcomes += [{"id": i, "right": True} for i in questions if i not in printed]
        for o in outcomes:
            q = questions[o["id"]]
            kind = "covered" if q.covered else "uncovered"
            totals[(q.lang, kind)] += 1
            totals[(q.lang, f"{kind} right")] += o["right"]
            if q.covered and not o["right"]:
                at = place(o["ranks"].get("reranked"), top_k)
                cells[(q.lang, o["stage"], at)] += 1
    for lang in ("en", "zh"):
        print(
            f"{lang}: covered right {totals[(lang, 'covered right')]} of "
            f"{totals[(lang, 'covered')]}; uncovered refused {totals[(lang, 'uncovered right')]} "
            f"of {totals[(lang, 'uncovered')]}"
        )
    print("\ncovered misses by stage (fact's chunk in the reranked list: first / 2..k / not in k)")
    print(f"  {'stage':22} {'en':>18} {'zh':>18}")
    for stage in STAGE_ORDER:
        row = []
        for lang in ("en", "zh"):
            n = [cells[(lang, stage, at)] for at in ("first", "top-k", "out")]
            row.append(f"{sum(n):3} ({n[0]:2}/{n[1]:2}/{n[2]:2})")
        print(f"  {stage:22} {row[0]:>18} {row[1]:>18}")


def from_log(path: str) -> dict:
    """results.json's outcomes rebuilt from a bench_retrieval run's printed miss lines (a run
    still going, or one whose results.json is gone): right ones are not printed, so only misses
    and each file's counts come back."""
    import ast
    import re

    results: dict = {"retrievers": {}}
    run: dict = {}
    header = re.compile(r"^\[hybrid, (\S+)\] embedding_model=")
    miss = re.compile(r"^  miss (\S+) \[([^\],]+)[^\]]*\] \S+ top=\S+ ranks=(\{[^}]*\})")
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if m := header.match(line):
            run = {"outcomes": [], "misses_only": True}
            results["retrievers"][f"hybrid/{m.group(1)}"] = run
        elif (m := miss.match(line)) and run:
            stage = "" if m.group(2) == "answered" else m.group(2)
            ranks = ast.literal_eval(m.group(3))
            run["outcomes"].append(
                {"id": m.group(1), "right": False, "stage": stage, "ranks": ranks}
            )
    return results


def uncovered_table() -> None:
    from bench.uncovered_answered import how
    from groundgate.models import Dataset
    from groundgate.pipeline import answerability_meaning
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.pipeline.llm import ExtractiveProvider
    from groundgate.pipeline.run import run_pipeline
    from groundgate.services.answering import TOP_K, retrieval_bundle
    from groundgate.services.embedding_index import embedder_for
    from groundgate.services.retrieval import HybridRetriever, KeywordRetriever, rerank_reading
    from groundgate.services.retrieval_eval import load_questions
    from groundgate.services.word_vectors import stored_word_vectors

    policy = SelectionPolicy()
    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, KeywordRetriever(), 1, rerank_reading(policy))
    same = policy.thresholds_for(embedder.name)[1]
    meaning = (policy.paraphrase_min_similarity, policy.paraphrase_cross_language_min_similarity)
    ways: Counter[tuple[str, str]] = Counter()
    counts: Counter[str] = Counter()
    for path in sorted((ROOT / "fixtures/questions").glob("retrieval*.jsonl")):
        if not seen(path.name):
            continue
        for number, q in enumerate(load_questions(path)):
            if q.covered:
                continue
            counts[q.lang] += 1
            ranked = retriever.rankings(dataset, q.question, TOP_K)
            assert ranked is not None
            bundle = retrieval_bundle(
                dataset=dataset,
                question=q.question,
                request_id=f"stages-{number}",
                hits=ranked.hits(TOP_K),
                version=ranked.version,
                latency_ms=0.0,
                embedding_model=retriever.embedding_model,
            )
            with answerability_meaning.stored_vectors(stored_word_vectors):
                run = run_pipeline(bundle, policy, ExtractiveProvider())
                if run.public.status != "OK":
                    continue
                way = _way(q.question, run, policy, same, meaning, how)
            ways[(q.lang, way)] += 1
            print(f"  {path.name} {q.id}: {way}")
    print("\nuncovered answered, by the reading that let the cited chunk through:")
    for lang in ("en", "zh"):
        n = sum(v for k, v in ways.items() if k[0] == lang)
        print(f"  {lang}: {n} answered of {counts[lang]} uncovered")
        for (at, way), v in sorted(ways.items(), key=lambda kv: -kv[1]):
            if at == lang:
                print(f"    {v:3} {way}")


def _way(question, run, policy, same, meaning, how) -> str:  # type: ignore[no-untyped-def]
    from groundgate.pipeline.answerability import _chunk_answers, _piece_parts, _Text
    from groundgate.pipeline.answerability_question import question_parts

    used = {u.chunk_id: u for u in run.bundle.used_chunks}
    by_anchor = {c.anchor: c.chunk_id for c in run.bundle.citations}
    cited = [by_anchor[a] for a in run.r5.validated_citations if a in by_anchor]
    if not cited:
        return "answered citing nothing"
    u = used[cited[0]]
    parts = question_parts(question, policy.answerability_version, *meaning)
    strict = u.similarity < same
    tag = " [cross-language row, strict]" if strict else ""
    if not _chunk_answers(parts, u.chunk_text, strict)[0]:
        if parts.reading is not None:
            return "quoted reading (v18)" + tag
        if any(_chunk_answers(p, u.chunk_text, strict)[0] for p, _ in _piece_parts(parts)):
            return "compound question part by part (v15)" + tag
        return "context or other reading" + tag
    text = _Text.of(u.chunk_text, parts.version)
    found = [how(t, text, parts.version, parts.by_meaning) for t in parts.terms if t.required]
    if not found:
        return "no required term" + tag
    if "missing" in found:
        return "a required term missing, let go by the slack" + tag
    other = sorted({f.split("(")[0] for f in found if f != "literal"})
    if other:
        return f"every term stated, some as {'/'.join(other)}" + tag
    return "every required term stated literally" + tag


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", default=str(OUT / "results.json"))
    parser.add_argument("--log", default="", help="a bench_retrieval run's output instead")
    parser.add_argument("--uncovered", action="store_true")
    args = parser.parse_args()
    django_on_retrieval_db()  # as the bench_retrieval run left it
    from groundgate.services.answering import TOP_K

    if args.log:
        results = from_log(args.log)
    else:
        results = json.loads(Path(args.results).read_text(encoding="utf-8"))
    covered_table(results, TOP_K)
    if args.uncovered:
        uncovered_table()


if __name__ == "__main__":
    main()
