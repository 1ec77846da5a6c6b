"""What answerability-v3's cross-language strictness (d374) is worth (issue 32): a chunk admitted
only by the embedding model's lower cross-language threshold (d372) must state EVERY required
term of the question. After `bench/bench_retrieval.py --retrievers hybrid` (its database and
embedding index under bench/out/retrieval/), each question is retrieved once and the pipeline
runs three ways: as it is, with the strictness off (such a chunk is read like any other), and
with "all but one" (one required term may be missing when the question has three or more).
Prints per file and language the rates and the questions moved against the default.

    DEBUG=1 .venv/bin/python bench/ablate_cross_language_strict.py

A measurement only: it swaps answerability's chunk reading inside this process.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.models import Dataset  # noqa: E402
from groundgate.pipeline import answerability as module  # noqa: E402
from groundgate.pipeline.answerability_question import QuestionParts  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services import retrieval_eval  # noqa: E402
from groundgate.services.embedding_index import embedder_for  # noqa: E402
from groundgate.services.retrieval import HybridRetriever, KeywordRetriever  # noqa: E402

MODES = ("default", "off", "all-but-one")
_chunk_answers = module.chunk_answers
_run_pipeline = retrieval_eval.run_pipeline
mode = ["default"]


def chunk_answers(parts: QuestionParts, text: str, strict: bool = False) -> tuple[bool, list[str]]:
    if not strict or mode[0] == "default":
        return _chunk_answers(parts, text, strict)
    ok, lacks = _chunk_answers(parts, text, False)
    if not ok or mode[0] == "off":
        return ok, lacks
    said = module._Text.of(text, parts.version)
    required = [t for t in parts.terms if t.required]
    missing = [t.text for t in required if not module._found(t, said, parts.version)]
    if not required or len(missing) > (1 if len(required) >= 3 else 0):
        return False, missing or ["<subject>"]
    return True, []


def run_pipeline(bundle, policy, provider):  # type: ignore[no-untyped-def]
    mode[0] = policy.refusal_text.rpartition("#")[2] if "#" in policy.refusal_text else "default"
    return _run_pipeline(bundle, policy, provider)


def main() -> None:
    module.chunk_answers = chunk_answers  # type: ignore[assignment]
    retrieval_eval.run_pipeline = run_pipeline  # type: ignore[assignment]
    base = SelectionPolicy().model_dump()
    # The refusal text carries the mode (it decides nothing measured here).
    policies = {
        m: SelectionPolicy.model_validate(
            base | {"refusal_text": base["refusal_text"] + ("" if m == "default" else f"#{m}")}
        )
        for m in MODES
    }
    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, KeywordRetriever())
    for path in sorted((ROOT / "fixtures" / "questions").glob("*.jsonl")):
        result = retrieval_eval.evaluate(
            dataset, retrieval_eval.load_questions(path), retriever, policies
        )
        base_rows = result.outcomes["default"]
        for m in MODES:
            rows = result.outcomes[m]
            table = retrieval_eval.rates(rows)
            line = "; ".join(
                f"{lang} {r['answered_right']:.0%}/{r['refused']:.0%}" for lang, r in table.items()
            )
            pairs = list(zip(rows, base_rows, strict=True))
            gained = [o.question.id for o, b in pairs if o.right and not b.right]
            lost = [o.question.id for o, b in pairs if b.right and not o.right]
            print(
                f"{path.name} {m}: {line}; wrong->right {gained or '-'}; right->wrong {lost or '-'}"
            )


if __name__ == "__main__":
    main()
