"""Why an uncovered question is answered (issue 32): each question of the retrieval files is
retrieved once as `bench/bench_retrieval.py --retrievers hybrid` retrieves it (its database, left
by that run; the rerank reads the default policy), and the bundles are kept in
bench/out/uncovered/ so the pipeline can be run again under other policies without retrieving.

    .venv/bin/python bench/uncovered_answered.py retrieve
    .venv/bin/python bench/uncovered_answered.py list [--policy '{"field": value}'] [--covered]
    .venv/bin/python bench/uncovered_answered.py compare --sweep 'FIELD=JSON;FIELD=JSON'

`list`: every uncovered question the policy answers (--covered: every covered one answered with
the right chunk too), with the chunk it cites, the answer, and why each stage let it through -
each required question term and how the cited chunk states it (`literal`, `glossary(name)`,
`part` - a Chinese term without its first or last character -, `cedict` - the other language
through the dictionary -, `hyphen`, `meaning(word cosine)`, or `missing`: let through by the
slack of one common noun in two), whether the chunk was read strictly (admitted by the
cross-language threshold alone, d374), the attribute asked and the clause that holds its value
with the terms that tie it. `compare`: per file and language, covered answered with the right
chunk and uncovered refused under the default and each swept policy, and the questions moved.
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT

HERE = OUT.parent / "uncovered"


def _question_files() -> list[Path]:
    """bench_retrieval.py's QUESTION_FILES, read from its source: importing that module empties
    its database, which `retrieve` copies."""
    source = (ROOT / "bench" / "bench_retrieval.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "QUESTION_FILES":
            return [ROOT / "fixtures/questions" / name for name in ast.literal_eval(node.value)]
    raise SystemExit("bench_retrieval.py has no QUESTION_FILES")


FILES = _question_files()


def _django(database: Path) -> None:
    import os

    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["MEDIA_ROOT"] = str(HERE / "media")
    os.environ["GROUNDGATE_VAR_DIR"] = str(HERE)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    import django

    django.setup()


def retrieve() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(OUT / "retrieval.sqlite3", HERE / "retrieval.sqlite3")
    _django(HERE / "retrieval.sqlite3")
    from groundgate.models import Dataset
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.answering import TOP_K, retrieval_bundle
    from groundgate.services.embedding_index import embedder_for
    from groundgate.services.retrieval import HybridRetriever, KeywordRetriever, rerank_reading
    from groundgate.services.retrieval_eval import load_questions

    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, KeywordRetriever(), 1, rerank_reading(SelectionPolicy()))
    with (HERE / "bundles.jsonl").open("w", encoding="utf-8") as out:
        for path in FILES:
            for number, q in enumerate(load_questions(path)):
                ranked = retriever.rankings(dataset, q.question, TOP_K)
                assert ranked is not None
                bundle = retrieval_bundle(
                    dataset=dataset,
                    question=q.question,
                    request_id=f"eval-{number}",
                    hits=ranked.hits(TOP_K),
                    version=ranked.version,
                    latency_ms=0.0,
                    embedding_model=retriever.embedding_model,
                )
                row = {
                    "file": path.name,
                    "id": q.id,
                    "lang": q.lang,
                    "covered": q.covered,
                    "evidence": list(q.evidence),
                    "bundle": bundle.model_dump(mode="json"),
                }
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"bundles written to {HERE / 'bundles.jsonl'}")


def _rows() -> list[dict]:
    lines = (HERE / "bundles.jsonl").read_text(encoding="utf-8").split("\n")
    return [json.loads(line) for line in lines if line.strip()]


def _run(row: dict, policy):  # type: ignore[no-untyped-def]
    from groundgate.pipeline import answerability_meaning
    from groundgate.pipeline.contracts import RetrievalBundle
    from groundgate.pipeline.llm import ExtractiveProvider
    from groundgate.pipeline.run import run_pipeline
    from groundgate.services.retrieval_eval import Question, holds_fact
    from groundgate.services.word_vectors import stored_word_vectors

    bundle = RetrievalBundle.model_validate(row["bundle"])
    q = Question(row["id"], row["lang"], bundle.user_question, row["covered"], row["evidence"])
    with answerability_meaning.stored_vectors(stored_word_vectors):
        run = run_pipeline(bundle, policy, ExtractiveProvider())
    texts = {r.chunk_id: r.chunk_text for r in bundle.results}
    by_anchor = {c.anchor: c.chunk_id for c in run.bundle.citations}
    cited = [by_anchor[a] for a in run.r5.validated_citations if a in by_anchor]
    answered = run.public.status == "OK"
    right = (
        answered and any(holds_fact(texts.get(c, ""), q) for c in cited)
        if q.covered
        else not answered
    )
    return q, bundle, run, cited, right


def how(term, text, version: int, meaning: tuple[float, float]) -> str:  # type: ignore[no-untyped-def]
    from groundgate.pipeline import answerability_meaning, answerability_shapes, crosslingual
    from groundgate.pipeline.answerability import _found, _found_name
    from groundgate.pipeline.answerability_question import _GLOSSARIES, Term

    names = _GLOSSARIES[version].get(term.text, frozenset((term.text,)))
    for name in names | {term.text}:
        if _found_name(name, text, term.named):
            if name != term.text:
                return f"glossary({name})"
            if "\u4e00" <= term.text[0] <= "\u9fff" and term.text not in text.raw:
                return "part"
            return "literal"
    if crosslingual.said_across(term.text, text.raw, text.lowered, text.stems, version):
        return "cedict"
    pieces = answerability_shapes.hyphen_parts(term.text) if not term.named else []
    if pieces and all(_found(Term(p, False), text, version, *meaning) for p in pieces):
        return "hyphen"
    if meaning[0] and _found(term, text, version, *meaning):
        word, cosine = answerability_meaning.closest_word(term.text, text.lowered)
        return f"meaning({word} {cosine:.3f})"
    return "missing"


def explain(parts, chunk: str, strict: bool) -> str:  # type: ignore[no-untyped-def]
    from groundgate.engine.sentences import split_sentences
    from groundgate.pipeline.answerability import _CLAUSES, _found, _holds_value, _Text
    from groundgate.pipeline.answerability_change import without_intervals

    version = parts.version
    text = _Text.of(chunk, version)
    said = []
    for t in parts.terms:
        flags = ("*" if t.named else "") + ("!" if t.asked else "") + ("?" if t.yes_no else "")
        mark = "" if t.required else "~"
        said.append(f"{mark}{t.text}{flags}={how(t, text, version, parts.by_meaning)}")
    line = " ".join(said) or "(no term)"
    if strict:
        line += " [strict]"
    if parts.attribute is None:
        return line + " | no attribute"
    line += f" | <{parts.attribute.name}>"
    for sentence in split_sentences(chunk):
        for clause in _CLAUSES.split(sentence.text):
            if not _holds_value(parts, without_intervals(clause, parts.takes)):
                continue
            here = _Text.of(clause, version)
            ties = [t.text for t in parts.terms if _found(t, here, version, *parts.by_meaning)]
            if ties:
                return line + f" in '{clause.strip()[:90]}' tied by {ties}"
    return line + " (value clause not found by the listing)"


def listing(policy_json: str, covered: bool) -> None:
    _django(HERE / "retrieval.sqlite3")
    from groundgate.pipeline import answerability_meaning
    from groundgate.pipeline.answerability import _chunk_answers, _piece_parts
    from groundgate.pipeline.answerability_question import question_parts
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.word_vectors import stored_word_vectors

    policy = SelectionPolicy.model_validate(
        SelectionPolicy().model_dump() | json.loads(policy_json or "{}")
    )
    counts: Counter[tuple[str, str]] = Counter()
    totals: Counter[tuple[str, str]] = Counter()
    for row in _rows():
        if row["covered"] and not covered:
            continue
        q, bundle, run, cited, right = _run(row, policy)
        totals[(row["file"], row["lang"])] += not row["covered"]
        if row["covered"] != right:
            continue
        if not row["covered"]:
            counts[(row["file"], row["lang"])] += 1
        used = {u.chunk_id: u for u in run.bundle.used_chunks}
        same = policy.thresholds_for(bundle.embedding_model)[1]
        print(f"\n{row['file']} {q.id} [{'covered' if q.covered else 'UNCOVERED'}] {q.question}")
        print(f"  answer: {run.llm.raw_model_text[:300]}")
        parts = question_parts(q.question, policy.answerability_version, *policy_pair(policy))
        with answerability_meaning.stored_vectors(stored_word_vectors):
            for chunk_id in cited[:2]:
                u = used[chunk_id]
                strict = u.similarity < same
                print(f"  cites {chunk_id} sim={u.similarity:.3f}: {u.chunk_text[:160]!r}")
                if _chunk_answers(parts, u.chunk_text, strict)[0]:
                    print(f"    whole: {explain(parts, u.chunk_text, strict)}")
                    continue
                for piece, own in _piece_parts(parts):
                    if _chunk_answers(piece, u.chunk_text, strict)[0]:
                        print(f"    part: {explain(piece, u.chunk_text, strict)}")
                        print(f"    own : {explain(own, u.chunk_text, strict)}")
                        break
    print("\nuncovered answered per file and language:")
    for key in sorted(totals):
        print(f"  {key[0]} {key[1]}: {counts[key]} of {totals[key]}")
    for lang in ("en", "zh"):
        n = sum(v for k, v in counts.items() if k[1] == lang)
        t = sum(v for k, v in totals.items() if k[1] == lang)
        print(f"  {lang}: {n} answered of {t} uncovered ({t - n} refused)")


def policy_pair(policy) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    return policy.paraphrase_min_similarity, policy.paraphrase_cross_language_min_similarity


def compare(sweep: str) -> None:
    _django(HERE / "retrieval.sqlite3")
    from groundgate.pipeline.contracts import SelectionPolicy

    # bench_retrieval's sweep_policies, not imported: importing that module empties its database
    base = SelectionPolicy().model_dump()
    policies = {"default": SelectionPolicy()}
    for variant in sweep.split(";"):  # FIELD=JSON;FIELD=JSON
        name, _, value = variant.partition("=")
        policies[variant] = SelectionPolicy.model_validate(base | {name: json.loads(value)})
    rows = _rows()
    right = {label: [_run(row, p)[4] for row in rows] for label, p in policies.items()}
    for label in policies:
        if label == "default":
            continue
        table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
        moved = []
        for i, row in enumerate(rows):
            cell = table[(row["file"], row["lang"])]
            k = 0 if row["covered"] else 3
            cell[k] += right["default"][i]
            cell[k + 1] += right[label][i]
            cell[k + 2] += 1
            if right["default"][i] != right[label][i]:
                kind = "covered" if row["covered"] else "uncovered"
                way = "gained" if right[label][i] else "lost"
                moved.append(f"{way} {kind} {row['file']} {row['id']}")
        print(f"\n{label} against the default (covered right; uncovered refused):")
        for (name, lang), c in sorted(table.items()):
            print(
                f"  {name} {lang}: covered {c[0]} -> {c[1]} of {c[2]}; "
                f"refused {c[3]} -> {c[4]} of {c[5]}"
            )
        for lang in ("en", "zh"):
            c = [sum(v[i] for k, v in table.items() if k[1] == lang) for i in range(6)]
            print(
                f"  ALL {lang}: covered {c[0]} -> {c[1]} of {c[2]}; "
                f"refused {c[3]} -> {c[4]} of {c[5]}"
            )
        print("\n".join(f"  {m}" for m in moved) or "  nothing moved")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["retrieve", "list", "compare"])
    parser.add_argument("--policy", default="", help="JSON of SelectionPolicy fields (list)")
    parser.add_argument("--covered", action="store_true", help="list covered answers too")
    parser.add_argument("--sweep", default="", help="FIELD=JSON;FIELD=JSON (compare)")
    args = parser.parse_args()
    if args.command == "retrieve":
        retrieve()
    elif args.command == "list":
        listing(args.policy, args.covered)
    else:
        compare(args.sweep)


if __name__ == "__main__":
    main()
