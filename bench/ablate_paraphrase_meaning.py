"""What matching a question's term by meaning would be worth (issue 32, answerability-v5): each
question file is retrieved once (the retriever's rerank reads answerability-v4, as shipped) and
answered under answerability-v4 (the default) and under v5 with two readings of "a word of the
chunk means the term":

- `cosine T`: the word's e5-small cosine with the term is at least T (v5 as shipped,
  `paraphrase_min_similarity`);
- `stands out Z`: the word's cosine stands Z standard deviations above the mean cosine of the
  term with all the chunk's words (e5-small's cosines crowd: each word has its own floor, so a
  related word's 0.90 may be noise for one term and a match for another).

Per file and language: each reading's rates and the questions it moved against v4; then, for
each covered question v4 loses at answerability, the required terms its fact's chunk does not
state and the chunk's word closest to each in e5-small's cosine; then the sums over all files.
After `bench/bench_retrieval.py --retrievers hybrid` (its database and
embedding index under bench/out/retrieval/).

    DEBUG=1 .venv/bin/python bench/ablate_paraphrase_meaning.py

A measurement only: it swaps answerability_meaning.means inside this process ("stands out" is
passed as paraphrase_min_similarity = Z / 10).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.models import Dataset  # noqa: E402
from groundgate.pipeline import answerability_meaning  # noqa: E402
from groundgate.pipeline.answerability import _found, _Text  # noqa: E402
from groundgate.pipeline.answerability_question import question_parts  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services import retrieval_eval  # noqa: E402
from groundgate.services.embedding_index import embedder_for  # noqa: E402
from groundgate.services.retrieval import HybridRetriever, KeywordRetriever  # noqa: E402

READINGS = {
    "cosine 0.88": 0.88,
    "cosine 0.90": 0.90,
    "cosine 0.92": 0.92,
    "stands out 2.5": 0.25,
    "stands out 3.0": 0.30,
    "stands out 3.5": 0.35,
    "cosine 0.92, across languages 0.84": 0.921,
    "cosine 0.92, across languages 0.87": 0.922,
}
# "across languages X": a Chinese term and an English word (or the other way round) are held to
# X - e5-small's cosines across languages run lower (d372: 0.72 for chunks, 0.80 within one);
# 0.84 is 0.92 less d372's 0.08.
ACROSS = {0.921: 0.84, 0.922: 0.87}
_CJK = re.compile(r"[\u3400-\u9fff]")


def means(term: str, lowered: str, threshold: float) -> bool:
    if threshold in ACROSS:
        words = answerability_meaning.text_words(lowered)
        if not words:
            return False
        vectors = answerability_meaning._Vectors.of((term, *words))
        cosines = vectors[1:] @ vectors[0]
        chinese = bool(_CJK.search(term))
        return any(
            c >= (0.92 if bool(_CJK.search(w)) == chinese else ACROSS[threshold])
            for w, c in zip(words, cosines, strict=True)
        )
    if threshold >= 0.5:
        return answerability_meaning.closest_word(term, lowered)[1] >= threshold
    words = answerability_meaning.text_words(lowered)
    if len(words) < 3:
        return False
    vectors = answerability_meaning._Vectors.of((term, *words))
    cosines = vectors[1:] @ vectors[0]
    spread = float(cosines.std()) or 1.0
    return float((cosines.max() - cosines.mean()) / spread) >= threshold * 10


def facts(dataset: Dataset, question: retrieval_eval.Question) -> list[str]:
    texts = retrieval_eval.retrievable_chunks(dataset).values_list("text", flat=True)
    return [t for t in texts if retrieval_eval.holds_fact(t, question)][:2]


def lacking(question: str, text: str) -> str:
    """The required terms of `question` that `text` does not state (v4), each with the text's
    word closest in meaning and its cosine."""
    said = _Text.of(text, 4)
    missing = [
        t for t in question_parts(question, 4).terms if t.required and not _found(t, said, 4)
    ]
    found = []
    for term in missing:
        word, cosine = answerability_meaning.closest_word(term.text, said.lowered)
        found.append(f"{term.text}{'*' if term.named else ''} ~ {word} {cosine:.3f}")
    return ", ".join(found)


def main() -> None:
    answerability_meaning.means = means  # type: ignore[assignment]
    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, KeywordRetriever())
    policies = {"v4": SelectionPolicy()} | {
        name: SelectionPolicy(answerability_version=5, paraphrase_min_similarity=value)
        for name, value in READINGS.items()
    }
    totals = {
        name: {"covered +": 0, "covered -": 0, "uncovered -": 0, "uncovered +": 0}
        for name in READINGS
    }
    for path in sorted((ROOT / "fixtures" / "questions").glob("*.jsonl")):
        questions = retrieval_eval.load_questions(path)
        result = retrieval_eval.evaluate(dataset, questions, retriever, policies)
        base = result.outcomes["v4"]
        for name, outcomes in result.outcomes.items():
            table = retrieval_eval.rates(outcomes)
            line = "; ".join(
                f"{lang} {r['answered_right']:.0%}/{r['refused']:.0%}" for lang, r in table.items()
            )
            ms = result.pipeline_ms[name]
            moved = []
            for old, new in zip(base, outcomes, strict=True):
                if old.right != new.right:
                    kind = "covered" if old.question.covered else "uncovered"
                    sign = "+" if new.right else "-"
                    moved.append(f"{old.question.id}{sign}")
                    if name in totals:
                        totals[name][f"{kind} {sign}"] += 1
            print(
                f"{path.name} {name}: {line}; pipeline ms mean {np.mean(ms):.1f} "
                f"p50 {np.median(ms):.1f} max {max(ms):.0f}; moved {' '.join(moved) or '-'}"
            )
        for o in base:
            if o.question.covered and o.stage == "answerability":
                print(f"  v4 miss {o.question.id}: {o.question.question}")
                for text in facts(dataset, o.question):
                    print(f"    fact chunk lacks: {lacking(o.question.question, text) or '-'}")
    for name, counts in totals.items():
        print(f"all files, {name} against v4: {counts}")


if __name__ == "__main__":
    main()
