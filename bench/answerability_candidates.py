"""Answerability readings tried for issue 32's covered losses (Chinese d893-d896, English
d937), each on one replayed retrieval of every question file (bench/retrieval_losses.py's cache),
the held-out files counted only (d819): totals per group (the seen files, each held-out file) and
language, and the seen questions each candidate moved against the default. A candidate patches
the pipeline's answerability in this process only; none is a policy (each was measured, not
built).

    .venv/bin/python bench/answerability_candidates.py CANDIDATE [--held-out s46,...,s52]

Candidates: base (the default, 2026-11.23); subject-6 / subject-10 / subject-14 (a named term
the chunk lacks read as common when its own document states it in >= 6 / 10 / 14 retrievable
chunks: the running subject, d937), subject-14-literal (then no reading by meaning),
subject-14-page (the name stated on the chunk's page too), page-name (any named term its page
states); typed-common (a typed attribute asked and only common terms missing: they tie, the
value's clause must still name a stated term); date-common (the same, a date asked only);
change-words (under a change asked, 幅度 / 降幅 / 变化 are the attribute's words, not its
subject); share-0.88 / share-0.90 (a Chinese term means a Chinese word sharing a character
with it at e5's 0.88 / 0.90, not the policy's 0.92); one-per (a reading's number is no bare
一 / "one" and no rate: 一小时, 一度, 每小时, "per hour" are not readings); neighbour-name /
neighbour-name-2 (a missing named term stated in the chunk's neighbours, 1 / 2 places either side
in reading order, read as stated by its context, no slack for the rest), neighbour-name-slack
(the same neighbours, the name read as common with the slack), margin-0.02 / margin-0.04 (a
missing named term its document states read as stated when the question's best chunk in that
document beats every other document's best by that cosine margin) - d976. Reads the database
bench_retrieval.py left in bench/out/retrieval (run it first, every file).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import retrieval_losses as replay  # sets Django up on the bench database
from groundgate.models import Dataset
from groundgate.pipeline import answerability, answerability_reading, answerability_v12
from groundgate.pipeline.answerability_question import Term
from groundgate.pipeline.answerability_units import UNIT_WORDS  # the built rule's own words
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.services.embedding_index import embedder_for
from groundgate.services.retrieval_eval import load_questions

FILES = sorted((replay.ROOT / "fixtures" / "questions").glob("retrieval*.jsonl"))
_ORIGINAL = answerability._chunk_answers
_READING = answerability_reading.reading_asked


def _common_tie(kinds: frozenset[str] | None) -> Any:
    """Missing common terms tie (not required) when a typed attribute of `kinds` is asked (None:
    any) and no named or asked term is missing; at least one required term must be stated."""

    def patched(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
        read = _ORIGINAL(parts, text, strict, stated)
        if read[0] or strict or parts.attribute is None:
            return read
        if kinds is not None and parts.attribute.name not in kinds:
            return read
        lacks = set(read[1])
        if not lacks or any(t.startswith("<") for t in lacks):
            return read
        by = {t.text: t for t in parts.terms}
        if any(by.get(t) is None or by[t].named or by[t].asked for t in lacks):
            return read
        if not any(t.required and t.text not in lacks for t in parts.terms):
            return read
        terms = tuple(Term(t.text, False, False) if t.text in lacks else t for t in parts.terms)
        return _ORIGINAL(replace(parts, terms=terms), text, strict, stated)

    return patched


# The words that name a change itself ("变化幅度有多大", "降幅"): under a change asked, the
# attribute's own words, not its subject.
CHANGE_WORDS = frozenset("幅度 降幅 增幅 涨幅 升幅 跌幅 变化 变动 magnitude".split())


def _change_words(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
    read = _ORIGINAL(parts, text, strict, stated)
    if read[0] or parts.attribute is None or parts.attribute.name != "change":
        return read
    if not read[1] or not set(read[1]) <= CHANGE_WORDS:
        return read
    terms = tuple(t for t in parts.terms if t.text not in CHANGE_WORDS)
    if not any(t.required for t in terms):
        return read
    return _ORIGINAL(replace(parts, terms=terms), text, strict, stated)


_RATE = re.compile(r"(?:每|per\s|an?\s|/\s*)$", re.I)


def _one_per(question: str, attribute: Any, version: int) -> Any:
    unit = _READING(question, attribute, version)
    if unit is None:
        return None
    for m in unit.quoted.finditer(question):
        before = question[: m.start()]
        number = re.match(r"[一二两三四五六七八九十百千万〇零]+", m.group(0))
        lone = not re.search(r"[\d一二两三四五六七八九十]$", before)
        if number and number.group(0) == "一" and lone:
            continue  # 一小时 / 一度: "per hour", "once", no quoted reading
        if _RATE.search(before):
            continue
        return unit
    return None


_MEANS = answerability_v12.means


def _shared_character(floor: float) -> Any:
    """A Chinese term means a Chinese word sharing a character with it at `floor` (v12: the
    policy's paraphrase_min_similarity, 0.92); English words as v12 reads them."""

    def patched(term: str, lowered: str, threshold: float, across: float) -> bool:
        if _MEANS(term, lowered, threshold, across):
            return True
        if not threshold or not re.search(r"[\u4e00-\u9fff]", term):
            return False
        return _MEANS(term, lowered, min(threshold, floor), 2.0)  # Chinese words only

    return patched


def _running_subject(floor: int, page: bool = False, meaning: bool = True) -> Any:
    """A missing named term the chunk's own document states in `floor` or more of its retrievable
    chunks (its running subject: TraceMonkey, SpiderMonkey, JIT in the paper) is read as a common
    term - found or let go by the slack of one in two - not as a name that must be stated."""
    from groundgate.models import Chunk

    rows = list(Chunk.objects.values_list("text", "document_id", "metadata", "page_index"))
    document_of = {text: doc for text, doc, _, _ in rows}
    page_of = {text: (doc, at) for text, doc, _, at in rows}
    texts: dict[int, list[Any]] = {}
    pages: dict[tuple[int, int], list[Any]] = {}
    for text, doc, meta, at in rows:
        if not (meta or {}).get("garbled"):
            texts.setdefault(doc, []).append(answerability._Text.of(text, 18))
            pages.setdefault((doc, at), []).append(answerability._Text.of(text, 18))
    counted: dict[tuple[int, str], int] = {}

    def chunks_naming(doc: int, name: str) -> int:
        if (doc, name) not in counted:
            counted[doc, name] = sum(
                answerability._found_name(name, t, True) for t in texts.get(doc, [])
            )
        return counted[doc, name]

    def patched(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
        read = _ORIGINAL(parts, text, strict, stated)
        doc = document_of.get(text)
        if read[0] or strict or doc is None:
            return read
        by = {t.text: t for t in parts.terms}
        lacks = [by[t] for t in read[1] if t in by and by[t].named]
        subject = {t.text for t in lacks if chunks_naming(doc, t.text) >= floor}
        if page:  # and stated on the chunk's own page (another chunk of it)
            near = pages.get(page_of[text], [])
            subject = {
                t for t in subject if any(answerability._found_name(t, c, True) for c in near)
            }
        if not subject:
            return read
        terms = tuple(Term(t.text, False) if t.text in subject else t for t in parts.terms)
        if not meaning:  # the subject's absence still keeps the chunk's words from meaning
            parts = replace(parts, meaning=0.0, meaning_across=0.0)
        return _ORIGINAL(replace(parts, terms=terms), text, strict, stated)

    return patched


def _neighbour_name(reach: int = 1, slack: bool = False) -> Any:
    """A missing named term (not the thing asked) stated in the chunk's neighbours - the
    retrievable chunks of its own document within `reach` places before or after it, in reading
    order - is read as stated by the chunk's context (v13's `stated`: the chunk itself then states
    every other required term, no slack of one in two; d604's NO_SLACK), or with `slack` as a
    common term (found or let go by the slack, d937's form). A chunk's sentences run on from its
    neighbours ("our tracer achieves ..." after "TraceMonkey ..."), so the name they state is the
    one the chunk goes on about - not the document's subject wherever it stands."""
    from groundgate.models import Chunk

    rows = list(Chunk.objects.values_list("text", "document_id", "ordinal", "metadata"))
    place = {text: (doc, at) for text, doc, at, _ in rows}
    kept = {
        (doc, at): answerability._Text.of(text, 18)
        for text, doc, at, meta in rows
        if not (meta or {}).get("garbled")
    }

    def near(text: str, name: str) -> bool:
        doc, at = place[text]
        return any(
            answerability._found_name(name, kept[doc, at + step], True)
            for step in range(-reach, reach + 1)
            if step and (doc, at + step) in kept
        )

    def patched(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
        read = _ORIGINAL(parts, text, strict, stated)
        if read[0] or strict or stated or text not in place:
            return read
        by = {t.text: t for t in parts.terms}
        lacks = [by[t] for t in read[1] if t in by and by[t].named and not by[t].asked]
        context = {t.text for t in lacks if near(text, t.text)}
        if not context:
            return read
        if slack:
            terms = tuple(Term(t.text, False) if t.text in context else t for t in parts.terms)
            return _ORIGINAL(replace(parts, terms=terms), text, strict, stated)
        return _ORIGINAL(parts, text, strict, frozenset(context))

    return patched


_MARGIN: dict[str, Any] = {}  # the question being answered: each document's best cosine


def _document_margin(margin: float) -> Any:
    """A missing named term (not the thing asked) that the chunk's own document states in one of
    its retrievable chunks is read as stated by the chunk's context (v13's `stated`: no slack for
    the rest, d604) when the question points at that document: its best chunk's cosine beats the
    best chunk of every other document by `margin` or more (the margin between the best chunk
    and the best chunk of other documents, read from the replayed ranking)."""
    from groundgate.models import Chunk

    rows = list(Chunk.objects.values_list("pk", "text", "document_id", "metadata"))
    document_of = {text: doc for _, text, doc, _ in rows}
    doc_of_pk = {pk: doc for pk, _, doc, _ in rows}
    texts: dict[int, list[Any]] = {}
    for _, text, doc, meta in rows:
        if not (meta or {}).get("garbled"):
            texts.setdefault(doc, []).append(answerability._Text.of(text, 18))
    original = replay.ReplayRetriever.rankings

    def rankings(self: Any, dataset: Any, question: str, top_k: int = 0) -> Any:
        cosines = self.cache["matrix"] @ self.cache["questions"][question]["query"]
        best: dict[int, float] = {}
        for i, pk in enumerate(self.cache["pks"]):
            doc = doc_of_pk.get(pk)
            if doc is not None:
                best[doc] = max(best.get(doc, -1.0), float(cosines[i]))
        _MARGIN["best"] = best
        return original(self, dataset, question, top_k)

    replay.ReplayRetriever.rankings = rankings  # type: ignore[method-assign]

    def points_at(doc: int) -> bool:
        best = _MARGIN.get("best", {})
        others = [v for d, v in best.items() if d != doc]
        return doc in best and (not others or best[doc] - max(others) >= margin)

    def patched(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
        read = _ORIGINAL(parts, text, strict, stated)
        doc = document_of.get(text)
        if read[0] or strict or stated or doc is None or not points_at(doc):
            return read
        by = {t.text: t for t in parts.terms}
        lacks = [by[t] for t in read[1] if t in by and by[t].named and not by[t].asked]
        context = {
            t.text
            for t in lacks
            if any(answerability._found_name(t.text, c, True) for c in texts.get(doc, []))
        }
        if not context:
            return read
        return _ORIGINAL(parts, text, strict, frozenset(context))

    return patched


def _unit_term(parts: Any, text: str, strict: bool, stated: frozenset[str] = frozenset()) -> Any:
    """A missing required term that is a unit's word (not a name) is
    stated when one of the chunk's clauses states a value in that unit, however written."""
    read = _ORIGINAL(parts, text, strict, stated)
    if read[0]:
        return read
    by = {t.text: t for t in parts.terms}
    kinds = {u.kind: u for u in answerability_reading.UNITS}
    said = {
        t
        for t in read[1]
        if t in by
        and not by[t].named
        and any(
            t in words and kinds[kind].stated.search(text) for kind, words in UNIT_WORDS.items()
        )
    }
    if not said:
        return read
    terms = tuple(t for t in parts.terms if t.text not in said)
    if not any(t.required for t in terms):
        return read
    return _ORIGINAL(replace(parts, terms=terms), text, strict, stated)


CANDIDATES = {
    "base": lambda: None,
    "unit-term": lambda: setattr(answerability, "_chunk_answers", _unit_term),
    "typed-common": lambda: setattr(answerability, "_chunk_answers", _common_tie(None)),
    "date-common": lambda: setattr(
        answerability, "_chunk_answers", _common_tie(frozenset({"date"}))
    ),
    "change-words": lambda: setattr(answerability, "_chunk_answers", _change_words),
    "share-0.88": lambda: setattr(answerability_v12, "means", _shared_character(0.88)),
    "share-0.90": lambda: setattr(answerability_v12, "means", _shared_character(0.90)),
    "one-per": lambda: setattr(answerability_reading, "reading_asked", _one_per),
    "subject-6": lambda: setattr(answerability, "_chunk_answers", _running_subject(6)),
    "subject-10": lambda: setattr(answerability, "_chunk_answers", _running_subject(10)),
    "subject-14": lambda: setattr(answerability, "_chunk_answers", _running_subject(14)),
    "subject-14-literal": lambda: setattr(
        answerability, "_chunk_answers", _running_subject(14, meaning=False)
    ),
    "page-name": lambda: setattr(answerability, "_chunk_answers", _running_subject(1, page=True)),
    "neighbour-name": lambda: setattr(answerability, "_chunk_answers", _neighbour_name(1)),
    "neighbour-name-2": lambda: setattr(answerability, "_chunk_answers", _neighbour_name(2)),
    "neighbour-name-slack": lambda: setattr(
        answerability, "_chunk_answers", _neighbour_name(1, slack=True)
    ),
    "margin-0.02": lambda: setattr(answerability, "_chunk_answers", _document_margin(0.02)),
    "margin-0.04": lambda: setattr(answerability, "_chunk_answers", _document_margin(0.04)),
    "subject-14-page": lambda: setattr(
        answerability, "_chunk_answers", _running_subject(14, page=True)
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("candidate", choices=sorted(CANDIDATES))
    parser.add_argument("--held-out", default="s46,s47,s48,s49,s50,s51,s52")
    args = parser.parse_args()
    held_out = args.held_out.split(",")
    dataset = Dataset.objects.get(slug="questions")
    files = {f.name: load_questions(str(f)) for f in FILES}
    cache = replay.build_cache(dataset, [q for qs in files.values() for q in qs])
    CANDIDATES[args.candidate]()
    retriever = replay.ReplayRetriever(embedder_for("local"), cache, **replay.VARIANTS["base"])
    started = time.perf_counter()
    totals: dict[tuple[str, str], list[int]] = {}
    right: list[str] = []
    for name, result in replay.run(dataset, files, retriever, SelectionPolicy()).items():
        where = next((h for h in held_out if f"-{h}." in name), "seen")
        short = name.removeprefix("retrieval-heldout-").removesuffix(".jsonl")
        for o in result.outcomes["default"]:
            row = totals.setdefault((where, o.question.lang), [0, 0, 0, 0])
            at = 0 if o.question.covered else 2
            row[at] += o.right
            row[at + 1] += 1
            if where == "seen" and o.right:
                right.append(f"{short} {o.question.id}")
    for (where, lang), (r, c, f, u) in sorted(totals.items()):
        print(f"[{args.candidate}] {where} {lang}: covered {r}/{c}, refused {f}/{u}")
    out = replay.OUT / f"candidate-{args.candidate}.txt"
    out.write_text("\n".join(sorted(right)) + "\n")  # seen questions only, for the diff
    print(f"[{args.candidate}] {time.perf_counter() - started:.0f} s; seen right: {out}")


if __name__ == "__main__":
    main()
