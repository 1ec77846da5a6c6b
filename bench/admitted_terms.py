"""Why answerability admits a question (issue 32): after `bench/bench_retrieval.py --retrievers
hybrid` (its database), every question of the given files is retrieved and run through the
pipeline under answerability-v4 and v5; for each question answered, each required term of the
question is shown with how the first answering chunk states it (`literal`: the word, its stem or
a glossary name; `cedict`: the other language through the dictionary; `meaning`: a word of the
chunk by e5-small's cosine; `missing`: not stated, let through by the slack of one in two common
nouns), and the clause that holds the value asked with the term that ties it. Tallies per
language: uncovered answered (wrong) against covered answered right, by how their terms matched.

    .venv/bin/python bench/admitted_terms.py [--questions F[,F]] [--lang zh] [--versions 4,5]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.engine.sentences import split_sentences  # noqa: E402
from groundgate.models import Dataset  # noqa: E402
from groundgate.pipeline import answerability_meaning, crosslingual  # noqa: E402
from groundgate.pipeline.answerability import _CLAUSES, _found, _found_name, _holds_value, _Text  # noqa: E402
from groundgate.pipeline.answerability_question import _GLOSSARIES, question_parts  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.pipeline.llm import ExtractiveProvider  # noqa: E402
from groundgate.pipeline.run import run_pipeline  # noqa: E402
from groundgate.services.answering import TOP_K, retrieval_bundle  # noqa: E402
from groundgate.services.embedding_index import embedder_for  # noqa: E402
from groundgate.services.retrieval import HybridRetriever  # noqa: E402
from groundgate.services.retrieval_eval import holds_fact, load_questions  # noqa: E402
from groundgate.services.word_vectors import word_vectors_read  # noqa: E402

FILES = sorted((ROOT / "fixtures/questions").glob("retrieval*.jsonl"))


def how(term, text: _Text, version: int, meaning: tuple[float, float]) -> str:
    names = _GLOSSARIES[version].get(term.text, frozenset((term.text,)))
    for name in names | {term.text}:
        if _found_name(name, text, term.named):
            if name != term.text:
                return f"literal({name})"
            if "\u4e00" <= term.text[0] <= "\u9fff" and term.text not in text.raw:
                return "literal(part)"
            return "literal"
    if crosslingual.said_across(term.text, text.raw, text.lowered, text.stems, version):
        return "cedict"
    if meaning[0] and not term.named and _found(term, text, version, *meaning):
        word, cosine = answerability_meaning.closest_word(term.text, text.lowered)
        return f"meaning({word} {cosine:.3f})"
    return "missing"


def explain(question: str, chunk: str, version: int, meaning: tuple[float, float]) -> str:
    parts = question_parts(question, version, *meaning)
    text = _Text.of(chunk, version)
    out = [
        f"{t.text}{'*' if t.named else ''}={how(t, text, version, meaning)}"
        for t in parts.terms
        if t.required
    ]
    line = " ".join(out) or "(no required term)"
    if parts.attribute is not None:
        line += f" | <{parts.attribute.name}>"
        for sentence in split_sentences(chunk):
            for clause in _CLAUSES.split(sentence.text):
                if _holds_value(parts, clause):
                    said = _Text.of(clause, version)
                    ties = [t.text for t in parts.terms if _found(t, said, version, *meaning)]
                    if ties:
                        line += f" in '{clause[:60]}' tied by {ties}"
                        return line
    return line


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default=",".join(str(f) for f in FILES))
    parser.add_argument("--lang", default="")
    parser.add_argument("--versions", default="4,5")
    args = parser.parse_args()
    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder)
    versions = [int(v) for v in args.versions.split(",")]
    tally: dict[str, Counter] = defaultdict(Counter)
    for path in args.questions.split(","):
        name = Path(path).name
        for q in load_questions(path):
            if args.lang and q.lang != args.lang:
                continue
            hits, version = retriever.search(dataset, q.question, TOP_K)
            bundle = retrieval_bundle(
                dataset=dataset,
                question=q.question,
                request_id="why",
                hits=hits,
                version=version,
                latency_ms=0.0,
                embedding_model=retriever.embedding_model,
            )
            texts = {h.chunk.chunk_id: h.chunk.text for h in hits}
            for v in versions:
                policy = SelectionPolicy(answerability_version=v)
                with word_vectors_read():
                    run = run_pipeline(bundle, policy, ExtractiveProvider())
                if run.public.status != "OK":
                    continue
                by_anchor = {c.anchor: c.chunk_id for c in run.bundle.citations}
                cited = [by_anchor[a] for a in run.r5.validated_citations if a in by_anchor]
                right = q.covered and any(holds_fact(texts.get(c, ""), q) for c in cited)
                kind = "uncovered" if not q.covered else ("right" if right else "wrong-chunk")
                chunk = texts[cited[0]] if cited else run.bundle.used_chunks[0].chunk_text
                meaning = (
                    policy.paraphrase_min_similarity,
                    policy.paraphrase_cross_language_min_similarity,
                )
                said = explain(q.question, chunk, v, meaning if v >= 5 else (0.0, 0.0))
                for token in said.split(" | ")[0].split():
                    if "=" in token:
                        tally[f"v{v} {q.lang} {kind}"][token.split("=", 1)[1].split("(")[0]] += 1
                print(f"v{v} {name} {q.id} [{kind}] {q.question}\n    {said}")
    print()
    for key in sorted(tally):
        print(f"{key}: {dict(tally[key])}")


if __name__ == "__main__":
    main()
