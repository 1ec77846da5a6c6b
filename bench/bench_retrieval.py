"""Retrieval as people ask (issue 32): on fixtures/questions/retrieval.jsonl (paraphrased English
and Chinese questions with the chunk that holds each answer, plus questions no document answers),
the share of covered questions answered citing the right chunk and of uncovered ones refused, per
language; retrieval latency per question; index build time per 1,000 chunks.

    .venv/bin/python bench/bench_retrieval.py [--retrievers keyword,hybrid] [--questions F[,F]]
        [--sweep FIELD=V1,V2,...] [--cross-lingual 2] [--rerank answerability-v4]
        [--bm25-context] [--embed-context] [--rerank-version 13]

`--sweep` runs the pipeline once more per value of one SelectionPolicy field (e.g.
`max_per_knowledge_id=1,3,5`) on the same retrieval (one retrieval per question) and prints, per
file and language, each value's rates and the questions it moved each way against the default.

Several question files (comma-separated) are measured on one index (embedded once), each
reported on its own.

A throwaway SQLite database under bench/out/retrieval/ gets the demo PDF and the shared
tracemonkey.pdf and XiaoBiaoSong.pdf (read from ../shared, never copied). `keyword` is the BM25
retriever alone (the baseline, `keyword-bm25-v1`), `hybrid` the embedding + BM25 retriever with the
offline model. Each runs the whole pipeline (R2 gate, sufficiency, extractive model, R5) under the
default policy; nothing is stored. Results: bench/out/retrieval/results.json.

Each covered miss names the stage that lost it (d426) and, "(N answering)", how many of them
have a chunk holding the fact that the policy's answerability finds answering: the others would
be refused wherever they ranked, so only those N are a ranking's or R2's to win (d556).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT, django_on_retrieval_db

django_on_retrieval_db(fresh=True)

from django.core.management import call_command  # noqa: E402

from groundgate.models import Chunk, Dataset  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services.embedding_index import embedder_for, embedding_index_update  # noqa: E402
from groundgate.services.ingestion import document_ingest  # noqa: E402
from groundgate.services.retrieval import (  # noqa: E402
    HybridRetriever,
    KeywordRetriever,
    index_version,
    rerank_reading,
)
from groundgate.services.retrieval_eval import (  # noqa: E402
    breakdown,
    evaluate,
    load_questions,
    rates,
)
from groundgate.services.word_vectors import word_vector_index_update  # noqa: E402

QUESTION_FILES = (
    "retrieval.jsonl",
    "retrieval-heldout.jsonl",
    "retrieval-heldout-s29.jsonl",
    "retrieval-heldout-s30.jsonl",
    "retrieval-heldout-s31.jsonl",
    "retrieval-heldout-s32.jsonl",
    "retrieval-heldout-s33.jsonl",
    "retrieval-heldout-s34.jsonl",
    "retrieval-heldout-s35.jsonl",
    "retrieval-heldout-s36.jsonl",
    "retrieval-heldout-s37.jsonl",
    "retrieval-heldout-s38.jsonl",
    "retrieval-heldout-s39.jsonl",
    "retrieval-heldout-s40.jsonl",
    "retrieval-heldout-s41.jsonl",
    "retrieval-heldout-s42.jsonl",
    "retrieval-heldout-s43.jsonl",
    "retrieval-heldout-s44.jsonl",
    "retrieval-heldout-s45.jsonl",
    "retrieval-heldout-s46.jsonl",
    "retrieval-heldout-s47.jsonl",
    "retrieval-heldout-s48.jsonl",
    "retrieval-heldout-s49.jsonl",
    "retrieval-heldout-s50.jsonl",
    "retrieval-heldout-s51.jsonl",
    "retrieval-heldout-s52.jsonl",
)
DOCUMENTS = [
    ROOT / "fixtures" / "demo" / "demo-documents.pdf",
    ROOT.parent / "shared" / "data" / "pdfs" / "tracemonkey.pdf",
    ROOT.parent / "shared" / "data" / "pdfs" / "XiaoBiaoSong.pdf",
]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def sweep_policies(sweep: str) -> dict[str, SelectionPolicy]:
    """Policies besides the default: `FIELD=V1,V2` (one field, a policy per value) or
    `A=1&B=2;A=3` (policies separated by ";", fields by "&"); values are read as JSON."""
    if not sweep:
        return {}
    if ";" not in sweep and "&" not in sweep:
        name, _, values = sweep.partition("=")
        sweep = ";".join(f"{name}={v}" for v in values.split(","))
    base = SelectionPolicy().model_dump()
    policies = {}
    for variant in sweep.split(";"):
        fields = dict(item.partition("=")[::2] for item in variant.split("&"))
        unknown = set(fields) - set(base)
        if unknown:
            raise SystemExit(f"--sweep: {sorted(unknown)} not SelectionPolicy fields")
        changed = {k: json.loads(v) for k, v in fields.items()}
        policies[variant] = SelectionPolicy.model_validate(base | changed)
    return policies


def latency_of(ms: list[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.mean(ms), 1),
        "p50": round(pct(ms, 0.5), 1),
        "p95": round(pct(ms, 0.95), 1),
        "max": round(max(ms), 1),
    }


def compare(title: str, outcomes: dict[str, list], pipeline_ms: dict[str, list[float]]) -> dict:
    """Each swept policy's rates and the questions it moved against the default."""
    base = outcomes["default"]
    report = {}
    for label, rows in outcomes.items():
        if label == "default":
            continue
        gained = [o.question.id for o, b in zip(rows, base, strict=True) if o.right and not b.right]
        lost = [o.question.id for o, b in zip(rows, base, strict=True) if b.right and not o.right]
        table = rates(rows)
        line = "; ".join(
            f"{lang} {row['answered_right']:.0%}/{row['refused']:.0%}"
            for lang, row in table.items()
        )
        misses = breakdown(rows)["all"]["misses"]
        assert isinstance(misses, dict)
        stages = ", ".join(f"{stage} {n}" for stage, n in misses.items() if n)
        print(
            f"  [{title}] {label}: {line}; wrong->right {gained or '-'}; "
            f"right->wrong {lost or '-'}; covered misses: {stages or 'none'}"
        )
        for o, b in zip(rows, base, strict=True):
            if o.right != b.right:  # why it moved: the reason of the side that refused
                said = o.reason if b.right else b.reason
                print(f"    moved {o.question.id}: {o.question.question[:60]} | {said[-110:]}")
        ms = latency_of(pipeline_ms[label])
        print(f"  [{title}] {label}: pipeline ms per question {ms}")
        report[label] = {
            "rates": table,
            "gained": gained,
            "lost": lost,
            "misses": misses,
            "pipeline_ms": ms,
        }
    return report


def measure(dataset, questions, retriever, title: str, sweep: str = "") -> dict:
    policy = SelectionPolicy()
    variants = sweep_policies(sweep)
    result = evaluate(dataset, questions, retriever, {"default": policy} | variants)
    outcomes = result.outcomes["default"]
    table = rates(outcomes)
    # wall clock per question, first (cold) question included
    latency = latency_of(result.retrieval_ms)
    pipeline = latency_of(result.pipeline_ms["default"])
    print(f"\n[{title}] embedding_model={retriever.embedding_model}")
    for lang, row in table.items():
        print(
            f"  {lang:4} covered answered with the right chunk {row['answered_right']:.0%} "
            f"of {row['covered']}; uncovered refused {row['refused']:.0%} of {row['uncovered']}"
        )
    print(f"  retrieval latency per question (ms): {latency}")
    print(f"  pipeline (R2 to R5) per question (ms): {pipeline}")
    stages = breakdown(outcomes)
    for lang, stage_row in stages.items():
        recall = stage_row["recall"]
        assert isinstance(recall, dict)
        for name, at in recall.items():
            shares = " ".join(f"@{k} {v:.0%}" for k, v in at.items())
            print(f"  {lang:4} recall {name:15} {shares}")
        misses = stage_row["misses"]
        assert isinstance(misses, dict)
        reachable = stage_row["misses_fact_answers"]
        assert isinstance(reachable, dict)
        lost = ", ".join(
            f"{stage} {n} ({reachable[stage]} answering)" for stage, n in misses.items() if n
        )
        print(
            f"  {lang:4} covered misses of {stage_row['covered']}: {lost or 'none'}; "
            f"uncovered answered {stage_row['uncovered_answered']}, refused by "
            f"{stage_row['uncovered_refused_by']}"
        )
    for o in outcomes:
        if not o.right:
            print(
                f"  miss {o.question.id} [{o.stage or 'answered'}"
                f"{'' if o.fact_answers is None else ', fact answers' if o.fact_answers else ''}]"
                f" {o.status} "
                f"top={o.top_similarity:.3f} ranks={o.ranks} {o.question.question} | "
                f"{o.reason[:90]}"
            )
    swept = compare(title, result.outcomes, result.pipeline_ms) if variants else {}
    return {
        "embedding_model": retriever.embedding_model,
        "sweep": swept,
        "rates": table,
        "stages": stages,
        "retrieval_latency_ms": latency,
        "pipeline_ms": pipeline,
        "outcomes": [
            {
                "id": o.question.id,
                "status": o.status,
                "right": o.right,
                "top_similarity": o.top_similarity,
                "cited": o.cited,
                "stage": o.stage,
                "fact_answers": o.fact_answers,
                "ranks": o.ranks,
            }
            for o in outcomes
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--retrievers", default="keyword,hybrid")
    parser.add_argument(
        "--questions",
        default=",".join(str(ROOT / "fixtures/questions" / name) for name in QUESTION_FILES),
    )
    parser.add_argument("--sweep", default="", help="FIELD=V1,V2: also run these policies")
    parser.add_argument(
        "--cross-lingual", type=int, default=0, help="the hybrid retriever's cross_lingual (d522)"
    )
    parser.add_argument(
        "--rerank",
        default="answerability",
        choices=["answerability", "answerability-v4"],
        help="the rerank's reading (policy rerank_reading): the default policy's answerability, "
        "or answerability-v4 from the words (up to answer-assembly/2026-11.11, d468)",
    )
    parser.add_argument(
        "--bm25-context",
        action="store_true",
        help="BM25 also indexes each chunk's title and section heading (bench/bm25_context.py)",
    )
    parser.add_argument(
        "--embed-context",
        action="store_true",
        help="each chunk embedded with its title and section heading before it",
    )
    parser.add_argument(
        "--rerank-version",
        type=int,
        default=0,
        help="the rerank reads this answerability version (0: the default policy's)",
    )
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    dataset = Dataset.objects.create(slug="questions", name="questions")
    for path in DOCUMENTS:
        document_ingest(dataset=dataset, data=path.read_bytes(), filename=path.name)
    n_chunks = Chunk.objects.filter(dataset=dataset).count()
    files = {Path(f).name: load_questions(f) for f in args.questions.split(",")}
    report: dict = {"chunks": n_chunks, "questions": {k: len(v) for k, v in files.items()}}
    report["retrievers"] = {}
    print(f"{n_chunks} chunks; questions: {report['questions']}")

    keyword = KeywordRetriever()
    if args.bm25_context:  # measured, not adopted (d606)
        from bench.bm25_context import ContextKeywordRetriever

        keyword = ContextKeywordRetriever()
    started = time.perf_counter()
    keyword._ensure_index(dataset, index_version(dataset))
    kw_build = time.perf_counter() - started
    report["keyword_index_s_per_1000_chunks"] = round(1000 * kw_build / n_chunks, 3)
    print(f"keyword index build: {1000 * kw_build / n_chunks:.2f} s per 1,000 chunks")

    for name in args.retrievers.split(","):
        if name == "keyword":
            retriever = keyword
        else:
            embedder = embedder_for("local")
            assert embedder is not None
            if args.embed_context:  # measured, not adopted (d606)
                from bench.bm25_context import context_embedder

                embedder = context_embedder(embedder, dataset)
            cpu = time.process_time()
            built = embedding_index_update(dataset, embedder, rebuild=True)
            cpu = time.process_time() - cpu  # the engine runs in this thread: CPU it used
            per_1000 = 1000 * built.seconds / max(1, built.embedded)
            cpu_1000 = 1000 * cpu / max(1, built.embedded)
            report["embedding_index_s_per_1000_chunks"] = round(per_1000, 1)
            report["embedding_index_cpu_s_per_1000_chunks"] = round(cpu_1000, 1)
            print(
                f"embedding index build ({embedder.name}): {built.embedded} chunks in "
                f"{built.seconds:.1f} s = {per_1000:.0f} s per 1,000 chunks "
                f"({cpu_1000:.0f} CPU s per 1,000 chunks, one thread)"
            )
            model = type(getattr(embedder, "inner", embedder))._model  # cost follows tokens
            texts = Chunk.objects.filter(dataset=dataset).values_list("text", flat=True)
            tokens = [model.token_count(t) for t in texts]
            report["tokens_per_chunk"] = round(statistics.mean(tokens), 1)
            report["embedding_cpu_ms_per_100_tokens"] = round(1e5 * cpu / sum(tokens), 1)
            print(
                f"  {statistics.mean(tokens):.0f} tokens per chunk on average (max "
                f"{max(tokens)}): {1e5 * cpu / sum(tokens):.1f} CPU ms per 100 tokens"
            )
            started = time.perf_counter()
            words = word_vector_index_update(dataset, rebuild=True)
            words_1000 = 1000 * words.seconds / max(1, words.chunks)
            report["word_vector_index_s_per_1000_chunks"] = round(words_1000, 1)
            report["word_vector_index_words"] = words.words
            print(
                f"word vector index build (answerability-v5): {words.words} words of "
                f"{words.chunks} chunks in {words.seconds:.1f} s = {words_1000:.0f} s per 1,000 "
                "chunks"
            )
            # The rerank reads the default policy's answerability (or --rerank's reading); a
            # --sweep of answerability_version shares this one retrieval.
            chosen = {"answerability_version": args.rerank_version} if args.rerank_version else {}
            rerank = rerank_reading(SelectionPolicy(rerank_reading=args.rerank, **chosen))
            retriever = HybridRetriever(embedder, keyword, args.cross_lingual or 1, rerank)
            retriever.search(dataset, "warm up", 1)  # model load, matrix cache
        for label, questions in files.items():
            report["retrievers"][f"{name}/{label}"] = measure(
                dataset, questions, retriever, f"{name}, {label}", args.sweep
            )
    (OUT / "results.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
