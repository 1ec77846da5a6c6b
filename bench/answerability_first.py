"""Why the term reading refuses the right chunk when it is already first (issue 32, d1035):
every seen covered question a `bench_retrieval.py --retrievers hybrid` run lost at
answerability with the fact's chunk first in the reranked list (d1002: en 46, zh 32), read
again on that chunk under the default policy - the required terms it does not state (or the
value of the kind asked it lacks) and, for each missing term, how the chunk says it, as far as a
script can tell:

  named      a named term (a name or code) the chunk does not state in any form;
  inflection an English word of the chunk shares the term's first five letters (or its stem's
             first four) but not its stem ("rewritten" / "rewrites", "deoptimize" / "deoptimizes");
  number     the term holds a digit, a Chinese numeral or a unit;
  segmented  a Chinese term every character of which the chunk holds, two of them adjacent,
             but not the word (中日战争 / 抗战, 均值 / 年均): the chunk's words are cut otherwise;
  frame      the term names the question's frame, not its fact - the document, its parts, the
             asker's scene (manual, paper, document, section, 文件, 文中, 报告, 书中 ...);
  other      a synonym or a paraphrase the chunk says in other words (no form of the term);
  <kind>     every term stated, no clause ties a value of the kind asked to the subject.

    .venv/bin/python bench/answerability_first.py [--results bench/out/retrieval/results.json]
        [--log RUN.txt] [--list]

Held-out files (s46 and later) are never read item by item (d819).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import OUT, ROOT, django_on_retrieval_db

HELD_OUT = ("s46", "s47", "s48", "s49", "s50", "s51", "s52")
FRAME = frozenset(
    "manual document documents paper papers section sections chapter page pages text report "
    "guide handbook doc docs pdf article author authors writer book table figure "
    "文件 文中 文章 报告 书中 本书 材料 资料 手册 文档 原文 章节 篇 书 这篇 作者 表格".split()
)
_NUMERAL = re.compile(r"[\d一二两三四五六七八九十百千万亿%％]|°")
UNITS = frozenset(
    "毫克 微克 克 千克 公斤 吨 升 毫升 立方米 每升 米 千米 公里 度 摄氏度 小时 分钟 秒 元 万元 "
    "百分 百分比 百分点 percent percentage celsius degrees degree kilograms grams gram litre "
    "liter metres meters bar psi hours minutes seconds dollars yuan".split()
)


def how(term: str, named: bool, chunk: str) -> str:
    """How the chunk says a missing term (the module's doc names each way)."""
    lowered = chunk.lower()
    if term.startswith("<"):
        return term
    if term.startswith("strict:"):
        return "strict across"
    if term in FRAME:
        return "frame"
    if re.sub(r"[\s-]", "", term) in re.sub(r"[\s-]", "", lowered):
        return "hyphen"  # "3d-raytrace" printed "3d- raytrace" across a line's end
    if term in UNITS or _NUMERAL.search(term):
        return "number"
    if named:
        other_language = bool(re.search(r"[\u4e00-\u9fff]", term)) != bool(
            re.search(r"[\u4e00-\u9fff]", chunk)
        )
        return "named across" if other_language else "named"
    if re.fullmatch(r"[\u4e00-\u9fff]+", term):
        pairs = {term[i : i + 2] for i in range(len(term) - 1)}
        if all(c in chunk for c in term) and any(p in chunk for p in pairs):
            return "segmented"
        return "other"
    from groundgate.engine.words import stem

    head = stem(term)[:4]
    words = set(re.findall(r"[a-z]+", lowered))
    if len(term) >= 5 and any(w[:5] == term[:5] for w in words if w != term):
        return "inflection"
    if len(head) == 4 and any(stem(w)[:4] == head for w in words if len(w) > 3):
        return "inflection"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", default=str(OUT / "results.json"))
    parser.add_argument("--log", default="", help="a bench_retrieval run's output instead")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    django_on_retrieval_db()
    from groundgate.models import Chunk
    from groundgate.pipeline import answerability_meaning
    from groundgate.pipeline.answerability import chunk_answers
    from groundgate.pipeline.answerability_question import question_parts
    from groundgate.pipeline.contracts import SelectionPolicy
    from groundgate.services.retrieval_eval import holds_fact, load_questions
    from groundgate.services.word_vectors import stored_word_vectors

    policy = SelectionPolicy()
    meaning = (policy.paraphrase_min_similarity, policy.paraphrase_cross_language_min_similarity)
    if args.log:  # a run still going: its printed misses
        from bench.retrieval_stages import from_log

        results = from_log(args.log)
    else:
        results = json.loads(Path(args.results).read_text(encoding="utf-8"))
    chunks = list(Chunk.objects.all())
    ways: Counter[tuple[str, str]] = Counter()
    losses: Counter[str] = Counter()
    shapes: Counter[tuple[str, str]] = Counter()
    for key, run in results["retrievers"].items():
        retriever, _, name = key.partition("/")
        if retriever != "hybrid" or any(f"-{h}." in name for h in HELD_OUT):
            continue
        questions = {q.id: q for q in load_questions(ROOT / "fixtures/questions" / name)}
        short = name.removeprefix("retrieval-heldout-").removesuffix(".jsonl")
        for o in run["outcomes"]:
            q = questions[o["id"]]
            if o["right"] or o["stage"] != "answerability" or o["ranks"].get("reranked") != 1:
                continue
            losses[q.lang] += 1
            parts = question_parts(q.question, policy.answerability_version, *meaning)
            by = {t.text: t for t in parts.terms}
            facts = [c.text for c in chunks if holds_fact(c.text, q)]
            with answerability_meaning.stored_vectors(stored_word_vectors):
                reads = [(chunk_answers(parts, t)[1], t) for t in facts]
            lacks, text = min(reads, key=lambda r: len(r[0]))
            if not lacks:  # answers alone: read strictly (a cross-language row, d374)?
                with answerability_meaning.stored_vectors(stored_word_vectors):
                    strict = chunk_answers(parts, text, True)[1]
                lacks = [f"strict:{t}" for t in strict] or ["<another stage>"]
            said = [how(t, bool(by.get(t) and by[t].named), text) for t in lacks]
            for way in said:
                ways[(q.lang, way)] += 1
            shape = "+".join(sorted(set(said))) or "answers alone"
            shapes[(q.lang, shape)] += 1
            if args.list:
                pairs = ", ".join(f"{t}:{w}" for t, w in zip(lacks, said, strict=True))
                print(f"{q.lang} {short} {q.id} | {q.question} | lacks {pairs}")
                print(f"    chunk: {' '.join(text.split())[:400]}")
    for lang in ("en", "zh"):
        print(f"\n{lang}: {losses[lang]} covered lost at answerability with the fact's chunk first")
        print("  missing terms by how the chunk says them:")
        for (at, way), n in sorted(ways.items(), key=lambda kv: -kv[1]):
            if at == lang:
                print(f"    {n:3} {way}")
        print("  questions by the ways their missing terms are said:")
        for (at, shape), n in sorted(shapes.items(), key=lambda kv: -kv[1]):
            if at == lang:
                print(f"    {n:3} {shape}")


if __name__ == "__main__":
    main()
