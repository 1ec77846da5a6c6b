"""answerability-v16's readings (issue 32; the default since answer-assembly/2026-11.19,
d657-d658): v15, and a covered question's fact chunk no longer refused for another form of a
word, for naming a part of the document, for an idiom, or for a value the question does not
ask. Found by listing, over all 18 question files, every covered question whose fact chunk is
retrieved (fused rank <= 8) and refused by v15 (bench/refused_facts.py --retrieved), by the
kind of term missing (fixtures/questions/README.md).

- Derivations: a common English term is found when a word of the chunk has a Snowball stem that
  meets the term's under one of English's regular derivational alternations (-ence/-ent,
  -ance/-ant, -ain/-en, -aim/-am, an agent's -tor, -age, a final -i or -e: frequently ~
  frequency, maintain ~ maintenance, collector ~ collect): a table of the language, no word of
  a document; a name never (its spelling is its identity).
- A document's part (title, heading, 题目, 标题, 落款, 文末, 页码, 起始页) only ties, as v8's
  document words do, when the question names something else: the contents page lists the
  piece and its date without saying 落款.
- Idioms name nothing: "for good" (for ever), "worth it".
- The value asked, read again: a reason asked (why, 为什么, 为何) asks no value; "how many
  micrograms ... per cubic metre" asks a concentration, not a count; 多长时间 / 多久 ... 一次 an
  interval (frequency), not a duration; "pay a penalty" and "worth it" ask no money.
answerability_question.py and answerability.py apply them for version 16. Measured and not
adopted (d659): a bundled lexicon (WordNet) and a term's meaning against the chunk's two-word
phrases (PHRASES, off). Pure: no Django, no I/O.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import TYPE_CHECKING

from groundgate.engine.words import EN_STOP_WORDS, stem
from groundgate.pipeline.answerability_lexicon import Attribute
from groundgate.pipeline.answerability_meaning import _Vectors

if TYPE_CHECKING:
    from groundgate.pipeline.answerability_question import Term

# Each (ending, replacements) of a Snowball stem: the stems of one word's derivations that
# Snowball leaves apart ("frequenc" / "frequent", "mainten" / "maintain") meet at a key.
_ALTERNATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("enc", ("ent",)),  # presence / present, frequency / frequent
    ("anc", ("ant",)),  # importance / important
    ("ain", ("en", "an")),  # maintain / maintenance, explain / explanation
    ("aim", ("am",)),  # reclaim / reclamation, proclaim / proclamation
    ("tor", ("t",)),  # collector / collect, inspector / inspect
    ("ag", ("",)),  # storage / store
    ("i", ("",)),  # specifi(ed) / specif(ic)
    ("e", ("",)),  # store / stor
)
_SHORTEST = 4  # a key shorter than this is too short to say one word


@lru_cache(maxsize=16384)
def keys(word: str) -> frozenset[str]:
    """The derivation keys of an English word (lower case): its Snowball stem and the stem
    with one regular alternation applied, each at least _SHORTEST letters."""
    if not word.isascii() or not word.isalpha() or len(word) < 4:
        return frozenset()
    return keys_of_stem(stem(word))


def derived(term: str, stems: frozenset[str]) -> bool:
    """v16: a word of the text (its stems, as answerability's _Text holds them) is a derivation
    of the common English `term` by one regular alternation."""
    wanted = keys(term)
    if not wanted:
        return False
    return any(keys_of_stem(s) & wanted for s in stems)


@lru_cache(maxsize=65536)
def keys_of_stem(stemmed: str) -> frozenset[str]:
    """keys() of a word already stemmed (a stem is its own stem but for a few short words)."""
    if not stemmed.isascii() or not stemmed.isalpha() or len(stemmed) < 4:
        return frozenset()
    found = {stemmed}
    for ending, replacements in _ALTERNATIONS:
        if stemmed.endswith(ending):
            found |= {stemmed[: -len(ending)] + r for r in replacements}
    return frozenset(k for k in found if len(k) >= _SHORTEST)


# A document's parts, named by a question that asks where or when one is (the title, the
# signature line and its date, the page it starts on): like v8's document words (answerability
# _shapes.DOCUMENT_WORDS: page, section, contents; 目录, 文章) they only tie - the chunk that
# lists the piece need not say "title" or 落款.
DOCUMENT_PARTS = frozenset(
    """title titles heading headings subtitle 题目 标题 题名 篇名 落款 文末 页码 起始页
    首页""".split()
)
# "for good" (for ever) and "worth it" say how, not what: no term.
_IDIOMS = re.compile(r"\bfor\s+good\b|\bworth\s+it\b|\bworthwhile\b", re.I)


def idiom_words(question: str) -> frozenset[str]:
    """v16: the words of the question's idioms that name nothing ("give up for good")."""
    return frozenset(w.lower() for m in _IDIOMS.finditer(question) for w in m.group(0).split())


def terms(read: list[Term], question: str) -> list[Term]:
    """v16: the question's terms with a document's parts only tying (when the question names
    something else: a question whose only required word is 落款 keeps it required) and the
    words of its idioms left out."""
    from groundgate.pipeline.answerability_question import Term

    idioms = idiom_words(question)
    kept = any(t.required and not soft(t.text) for t in read)
    return [
        Term(t.text, False, False) if kept and soft(t.text) else t
        for t in read
        if t.text not in idioms
    ]


def soft(word: str) -> bool:
    """v16: a word that names a part of the document (see terms)."""
    return word in DOCUMENT_PARTS


# "Why ..." / 为什么 asks a reason: the speed or change its words name is the subject, not a
# value asked ("Why do recursion-heavy benchmarks barely get faster", 为什么……几乎没有提速).
_WHY = re.compile(r"^\s*(?:so\s+|and\s+|but\s+)?why\b|为什么|为何|什么原因|原因是什么", re.I)
# A value asked by the question's other asking words ("why ..., and by how much?").
_OTHER_ASK = re.compile(
    r"\bhow\s+(?:much|many|often|long)\b|\bwhat\s+(?:is|was|are)\b|多少|几(?!乎)", re.I
)
# "How many micrograms (of X) per cubic metre": a concentration, not a count of micrograms.
_PER_VOLUME = re.compile(
    r"\bhow\s+many\s+(?:micro|milli|nano)?grams?\b(?:[^?.;]|\.(?=\d)){0,60}?\bper\s+(?:cubic\s+met(?:re|er)|lit(?:re|er))",
    re.I,
)
# 多长时间加一次 / 多久换一次: how often (an interval), not how long.
_ZH_INTERVAL = re.compile(r"(?:多长时间|多久)[\u4e00-\u9fff]{0,6}一次")
# "What penalty do they pay", "worth it": no money.
_NO_MONEY = re.compile(
    r"\bpay\s+(?:a|the|what|any|some)?\s*(?:penalty|price)\b|\bworth\s+it\b", re.I
)


def attribute(
    question: str, asked: Attribute | None, kinds: tuple[Attribute, ...]
) -> Attribute | None:
    """v16: the value asked, read again for a reason asked (none), a concentration asked as
    "how many micrograms per cubic metre", a Chinese interval asked with 多长时间 ... 一次, money
    not asked by "pay a penalty" / "worth it"."""
    by_name = {a.name: a for a in kinds}
    for name, form in (("concentration", _PER_VOLUME), ("frequency", _ZH_INTERVAL)):
        known = by_name.get(name)
        if known is not None and form.search(question):  # the form's words are the cue
            cue = re.compile(rf"{form.pattern}|{known.cue.pattern}", known.cue.flags | form.flags)
            return Attribute(name, cue, known.value)
    if asked is None:
        return None
    if _WHY.search(question) and not _OTHER_ASK.search(question):
        return None
    if asked.name == "money" and _NO_MONEY.search(question):
        others = [a for a in kinds if a.name != "money" and a.cue.search(question)]
        return others[0] if others else None
    return asked


# Measured, not adopted (d659): a term's meaning judged against the chunk's two-word phrases;
# kept switchable for the measurement's rerun (0: off, the v16 reading).
PHRASES = 0.0  # > 0: the cosine at which a phrase of the chunk means an English term
_EN_TOKEN = re.compile(r"[a-z][a-z'’-]*[a-z]")


def phrases(lowered: str) -> tuple[str, ...]:
    """The chunk's two-word windows of English content words, in order, each once."""
    words = _EN_TOKEN.findall(lowered)
    pairs = [
        f"{a} {b}"
        for a, b in itertools.pairwise(words)
        if a not in EN_STOP_WORDS and b not in EN_STOP_WORDS
    ]
    return tuple(dict.fromkeys(pairs))


def phrase_means(term: str, lowered: str) -> bool:
    """A two-word phrase of the chunk means the English `term` (cosine >= PHRASES)."""
    if not PHRASES or not term.isascii():
        return False  # off: measured, not adopted (d659)
    said = phrases(lowered)
    if not said:
        return False
    vectors = _Vectors.of((term, *said))
    return bool((vectors[1:] @ vectors[0]).max() >= PHRASES)
