"""answerability-v5's cost per question, cold and warm, with and without the stored word vectors
(d484), alternated question by question (A B, then B A) on one machine in one run.

After `bench/bench_retrieval.py --retrievers hybrid` (its database: the documents' chunks, their
vectors and their word vectors), each question is retrieved once, then the pipeline (R2 to R6,
the default policy, answerability-v6, which reads by meaning as v5 does) is run:
  - cold: the process's word cache emptied first (a question meeting its chunks first);
  - cold + model: the offline model unloaded too (the first question of a process whose
    embedder is none or openai, which loads e5 for v5 alone);
  - warm: the same question again.
`embed` reads no stored vector (as before d484), `stored` reads them. Verdicts are compared:
they must be the same. `v4` is 2026-11.10's default (no word read by meaning), for reference.

    .venv/bin/python bench/bench_meaning_cold.py [--questions F[,F]] [--every N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.models import Dataset  # noqa: E402
from groundgate.pipeline import answerability_meaning  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.pipeline.embedding import LocalE5Embedder  # noqa: E402
from groundgate.pipeline.llm import ExtractiveProvider  # noqa: E402
from groundgate.pipeline.run import run_pipeline  # noqa: E402
from groundgate.services.answering import TOP_K, retrieval_bundle  # noqa: E402
from groundgate.services.embedding_index import embedder_for  # noqa: E402
from groundgate.services.retrieval import HybridRetriever  # noqa: E402
from groundgate.services.retrieval_eval import load_questions  # noqa: E402
from groundgate.services.word_vectors import stored_word_vectors  # noqa: E402


def _cold(model_too: bool) -> None:
    answerability_meaning._Vectors._memo.clear()
    if model_too:
        LocalE5Embedder._model = None


def _timed(bundle, policy, stored: bool) -> tuple[float, str]:
    started = time.perf_counter()
    with answerability_meaning.stored_vectors(stored_word_vectors if stored else None):
        run = run_pipeline(bundle, policy, ExtractiveProvider())
    ms = (time.perf_counter() - started) * 1000
    return ms, f"{run.public.status}|{run.reason}|{run.r5.validated_citations}"


def stats(ms: list[float]) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"mean {statistics.mean(ms):7.1f}  p50 {statistics.median(ms):7.1f}  p95 {p95:7.1f}  "
        f"max {max(ms):7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--questions", default=str(ROOT / "fixtures/questions/retrieval-heldout-s35.jsonl")
    )
    parser.add_argument("--every", type=int, default=1, help="every Nth question only")
    args = parser.parse_args()
    dataset = Dataset.objects.get(slug="questions")
    questions = [q for f in args.questions.split(",") for q in load_questions(f)][:: args.every]
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder)
    retriever.search(dataset, "warm up", 1)
    policy = SelectionPolicy()  # answerability-v6 (v5's reading by meaning)
    v4 = SelectionPolicy(answerability_version=4)  # 2026-11.10's default: no word vectors
    times: dict[str, list[float]] = {}
    differ = 0
    for number, q in enumerate(questions):
        hits, version = retriever.search(dataset, q.question, TOP_K)
        bundle = retrieval_bundle(
            dataset=dataset,
            question=q.question,
            request_id=f"cold-{number}",
            hits=hits,
            version=version,
            latency_ms=0.0,
            embedding_model=retriever.embedding_model,
        )
        order = (False, True) if number % 2 == 0 else (True, False)
        verdicts = set()
        for model_too in (False, True):
            for stored in order:
                label = "stored" if stored else "embed"
                _cold(model_too)
                ms, verdict = _timed(bundle, policy, stored)
                verdicts.add(verdict)
                kind = "cold + model" if model_too else "cold"
                times.setdefault(f"{kind:12} {label}", []).append(ms)
                if not model_too:
                    ms, verdict = _timed(bundle, policy, stored)
                    verdicts.add(verdict)
                    times.setdefault(f"{'warm':12} {label}", []).append(ms)
        differ += len(verdicts) > 1
        _cold(False)
        times.setdefault(f"{'cold':12} v4", []).append(_timed(bundle, v4, False)[0])
    print(f"{len(questions)} questions, the default policy, pipeline ms per question (R2 to R6):")
    for label in sorted(times):
        print(f"  {label:20} {stats(times[label])}")
    print(f"questions whose verdict differed between the readings: {differ}")


if __name__ == "__main__":
    main()
