"""Which cross-language (CC-CEDICT) matches admit answers (issue 32): after
`bench/bench_retrieval.py --retrievers hybrid`, reads bench/out/retrieval/results.json and its
database, and for every answered question lists the required terms of the question that the
cited chunks state only in the other language (pipeline.crosslingual.said_across), and by which
path of the dictionary: `names` (an English word's Chinese headwords, a Chinese word's glosses),
`gloss-word` (v4: an English word inside a Chinese word's gloss), `head` (v4: a gloss's head
word). Tallies per path and per term: uncovered questions admitted (wrong) against covered
questions answered right.

    .venv/bin/python bench/bridged_terms.py
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.models import Chunk  # noqa: E402
from groundgate.pipeline import crosslingual  # noqa: E402
from groundgate.pipeline.answerability import _found, _found_name, _Text  # noqa: E402
from groundgate.pipeline.answerability_question import _CJK_RUN, _GLOSSARIES, LATEST, question_parts  # noqa: E402
from groundgate.services.retrieval_eval import load_questions  # noqa: E402


def bridge(word: str, text: str) -> str:
    """How `word` is said across in `text` ("" when not said across)."""
    said = _Text.of(text, LATEST)
    names = _GLOSSARIES[LATEST].get(word, frozenset((word,)))
    if any(_found_name(n, said, False) for n in names | {word}):
        return ""  # said in the question's own words
    if not crosslingual.said_across(word, said.raw, said.lowered, said.stems, LATEST):
        return ""
    if _CJK_RUN.fullmatch(word):
        if crosslingual.english_heads(word) & said.stems and not crosslingual.said_across(
            word, said.raw, said.lowered, said.stems, 3
        ):
            return "head"
        return "names"
    if any(n in said.raw for n in crosslingual.chinese_names(word)):
        return "names"
    return "gloss-word"


def main() -> None:
    report = json.loads((OUT / "results.json").read_text())
    texts = dict(Chunk.objects.values_list("chunk_id", "text"))
    per_path: dict[str, Counter[str]] = defaultdict(Counter)
    per_term: dict[str, Counter[str]] = defaultdict(Counter)
    slack: dict[str, Counter[bool]] = defaultdict(Counter)  # answered with a term not stated
    for key, run in report["retrievers"].items():
        if not key.startswith("hybrid/"):
            continue
        label = key.split("/", 1)[1]
        questions = {q.id: q for q in load_questions(ROOT / "fixtures/questions" / label)}
        for o in run["outcomes"]:
            if o["status"] != "OK":
                continue
            q = questions[o["id"]]
            kind = (
                "covered right"
                if q.covered and o["right"]
                else ("covered wrong" if q.covered else "uncovered admitted")
            )
            parts = question_parts(q.question)
            bridged = set()
            cited = [_Text.of(texts.get(c, ""), LATEST) for c in o["cited"]]
            absent = [
                t.text
                for t in parts.terms
                if t.required and not any(_found(t, said, LATEST) for said in cited)
            ]
            slack[kind][bool(absent)] += 1
            if absent:
                print(f"{label} {q.id} [{kind}] {q.question} | slack, not stated: {absent}")
            for term in (t for t in parts.terms if t.required):
                ways = {bridge(term.text, texts.get(c, "")) for c in o["cited"]} - {""}
                for way in ways:
                    bridged.add(f"{term.text}~{way}")
            for item in bridged:
                per_term[item][kind] += 1
                per_path[item.split("~")[1]][kind] += 1
            if bridged:
                print(f"{label} {q.id} [{kind}] {q.question} | bridged: {sorted(bridged)}")
    print("\nanswered with a required term not stated (slack) / all stated:")
    for kind, n in slack.items():
        print(f"  {kind}: {n[True]} / {n[False]}")
    print("per path:", {k: dict(v) for k, v in per_path.items()})
    print("per term (uncovered admitted / covered right / covered wrong):")
    for item, c in sorted(per_term.items(), key=lambda kv: -kv[1]["uncovered admitted"]):
        print(
            f"  {item:28} {c['uncovered admitted']} / {c['covered right']} / {c['covered wrong']}"
        )


if __name__ == "__main__":
    main()
