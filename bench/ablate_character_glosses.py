"""What reading a Chinese word by its characters would be worth (issue 32): answerability-v4
finds an English word of a question in a Chinese chunk when a word of the chunk has it in a
gloss (crosslingual.said_in_chinese); "characters" also reads each word's characters' glosses
(优良, fine / good: 优, excellent; 公报, bulletin: 报, report). After
`bench/bench_retrieval.py --retrievers hybrid` (its database and embedding index under
bench/out/retrieval/), each file is retrieved and answered once per mode - the retriever's
rerank and the pipeline's answerability both read that way - and per file and language the
rates and the questions moved against the default are printed. Then, for the default, every
covered question lost at the answerability stage with what its closest chunk lacks (the
required terms not found, or "such a value": none of the kind asked).

    DEBUG=1 .venv/bin/python bench/ablate_character_glosses.py

A measurement only: it swaps crosslingual.english_said inside this process.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.retrieval_db import ROOT, django_on_retrieval_db

django_on_retrieval_db()

from groundgate.models import Dataset  # noqa: E402
from groundgate.pipeline import crosslingual  # noqa: E402
from groundgate.pipeline.contracts import SelectionPolicy  # noqa: E402
from groundgate.services import retrieval_eval  # noqa: E402
from groundgate.services.embedding_index import embedder_for  # noqa: E402
from groundgate.services.retrieval import HybridRetriever, KeywordRetriever  # noqa: E402

MODES = ("default", "characters", "names")
_english_said = crosslingual.english_said
_glosses = crosslingual._glosses
_chinese_names = crosslingual.chinese_names
mode = ["default"]
# "names": a gloss too long to be a name ("Shanxi province (Shansi) in north China ...",
# "Beijing, capital of ...") still names the word by its leading capitalised words.
_NAME = re.compile(r"^((?:[A-Z][\w'’-]*)(?:\s+[A-Z][\w'’-]*){0,2})(?=[\s,(]|$)")
_NOT_NAMES = frozenset("a an the i".split())


@lru_cache(maxsize=8192)
def _name_glosses(word: str) -> tuple[tuple[str, ...], ...]:
    found = []
    for gloss in crosslingual._tables()[0].get(word, "").split("/"):
        if not gloss or crosslingual._SKIP.match(gloss):
            continue
        if len(crosslingual._gloss_words(gloss)) <= crosslingual._MAX_WORDS:
            continue
        match = _NAME.match(gloss.strip())
        if match and match.group(1).split()[0].lower() not in _NOT_NAMES:
            words = crosslingual._gloss_words(match.group(1))
            if words and words not in found:
                found.append(words)
    return tuple(found)


@lru_cache(maxsize=1)
def _name_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for word in crosslingual._tables()[0]:
        if len(word) >= 2:
            for gloss in _name_glosses(word):
                if len(gloss) == 1:
                    index.setdefault(gloss[0], []).append(word)
    return {k: tuple(v) for k, v in index.items()}


def glosses(word: str) -> tuple[tuple[str, ...], ...]:
    found = _glosses(word)
    if mode[0] != "names":
        return found
    return found + tuple(g for g in _name_glosses(word) if g not in found)


def chinese_names(word: str) -> tuple[str, ...]:
    found = _chinese_names(word)
    if mode[0] != "names":
        return found
    return found + tuple(w for w in _name_index().get(word.lower(), ()) if w not in found)


def english_said(text: str) -> frozenset[str]:
    said = _english_said(text)
    if mode[0] != "characters":
        return said
    extra = {
        crosslingual.stem(w)
        for word in crosslingual.content_words(text)
        if len(word) >= 2 and crosslingual._CJK.match(word)
        for character in word
        for gloss in crosslingual._glosses(character)
        for w in gloss
    }
    return said | frozenset(extra)


def main() -> None:
    crosslingual.english_said = english_said  # type: ignore[assignment]
    crosslingual._glosses = glosses  # type: ignore[assignment]
    crosslingual.chinese_names = chinese_names  # type: ignore[assignment]
    dataset = Dataset.objects.get(slug="questions")
    embedder = embedder_for("local")
    assert embedder is not None
    retriever = HybridRetriever(embedder, KeywordRetriever())
    policy = {"p": SelectionPolicy()}
    moved = {m: {"wrong->right": 0, "right->wrong": 0} for m in MODES[1:]}
    for path in sorted((ROOT / "fixtures" / "questions").glob("*.jsonl")):
        questions = retrieval_eval.load_questions(path)
        runs = {}
        for m in MODES:  # one retrieval per mode: the rerank reads the chunks that way too
            mode[0] = m
            crosslingual.english_names.cache_clear()  # cached readings of the previous mode
            _english_said.cache_clear()
            runs[m] = retrieval_eval.evaluate(dataset, questions, retriever, policy).outcomes["p"]
            table = retrieval_eval.rates(runs[m])
            line = "; ".join(
                f"{lang} {r['answered_right']:.0%}/{r['refused']:.0%}" for lang, r in table.items()
            )
            print(f"{path.name} {m}: {line}")
        for m in MODES[1:]:
            for old, new in zip(runs["default"], runs[m], strict=True):
                if old.right != new.right:
                    way = "wrong->right" if new.right else "right->wrong"
                    moved[m][way] += 1
                    kind = "covered" if old.question.covered else "uncovered"
                    print(f"  {m}: {old.question.id} ({kind}) {way}: {old.status} -> {new.status}")
        for o in runs["default"]:
            if o.question.covered and o.stage == "answerability":
                lacks = o.reason.rpartition("the closest lacks ")[2].rstrip(")")
                print(f"  default miss {o.question.id} at answerability: lacks {lacks}")
    print(f"against default: {moved}")


if __name__ == "__main__":
    main()
