"""answerability-v9's reading of a yes/no question (answerability_question.py reads it for
version 9 and later; issue 32, d558). A yes/no question asks whether the evidence states a
thing; v8 read no thing asked from it, so every word had the slack of one common noun in two and
"Is there a required interval for inspecting the suction-side valves?" was answered from the
discharge valve's interval. General question grammar, no word of any document:

- "Is / Are / Was / Were there (a / an / any / some) X ...": X's head is asked;
- "Does / Do / Did <the manual / the paper / it> say / state / list / mention / specify ...
  (which / what / whether / how) X": X's head is asked;
- a yes/no clause's "any X" ("Did the city have any severe smog days ...?"): X's head is asked;
- Chinese: the head noun after 有没有 / 有无 / 是否 / 是不是 (past the verbs: 有没有获得 ... 奖),
  and in a clause that ends in 吗 the head noun after its last verb (达到国家二级标准了吗).
The head is the noun phrase's last word that is a term of the question (a shape word such as
"days" is none: "severe smog days" asks smog). Asked terms have no slack (Term.asked, v6).

answerability-v10 (measured apart, d559) narrows the slack itself: a common word that
modifies the noun after it in the question ("suction" of "suction-side valves") is required
when the chunk states that noun after another modifier ("discharge valve") and never after this
one - the chunk then names a neighbouring thing, not the one asked (modifier_contrasted).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import pairwise

from groundgate.engine.words import EN_STOP_WORDS, stem

# A clause that asks yes or no: an auxiliary first.
_AUX_FIRST = re.compile(
    r"^\s*(?:so\s+|and\s+|but\s+)?(?:is|are|was|were|does|do|did|has|have|had|can|could|"
    r"should|must|will|would)\b",
    re.I,
)
# Where a question's clauses part: a colon, semicolon, dash, "?" or ", and".
_CLAUSE_BREAK = re.compile(r"\s*[:;?]\s*|\s+[-–—]\s+|,\s*(?:and|or|but)?\s*")
# Where a noun phrase ends: a preposition, a relative word, "to" + verb, the clause's end.
_NP_STOP = frozenset(
    """for of that which who whom whose where when while to in on at with about between from by
    during after before than as if whether or and is are was were be do does did can could will
    would should must has have had""".split()
)
_THERE = re.compile(r"^\s*(?:so\s+|and\s+|but\s+)?(?:is|are|was|were)\s+there\s+(?P<np>.+)", re.I)
_SAYS = re.compile(
    r"^\s*(?:so\s+|and\s+|but\s+)?(?:does|do|did)\s+(?:[\w'’-]+\s+){1,5}?"
    r"(?:say|state|list|mention|specify|give|tell|show|report|name|describe|note|explain|"
    r"indicate|recommend|define|set)\s+(?:(?:which|what|whether|how\s+many|how\s+much|if)\s+)?"
    r"(?P<np>.+)",
    re.I,
)
_ANY = re.compile(r"\bany\s+(?P<np>.+)", re.I)
_ARTICLE = frozenset("a an any some no the".split())
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


def _noun_phrase(text: str) -> list[str]:
    """The lower-cased words of the noun phrase `text` starts with (past an article)."""
    words: list[str] = []
    for word in _WORD.findall(text):
        lower = word.lower()
        if not words and lower in _ARTICLE:
            continue
        if lower in _NP_STOP or (words and lower in _ARTICLE):
            break
        words.append(lower)
    return words


def english_yes_no(question: str) -> list[list[str]]:
    """The noun phrases (lower-cased words) an English yes/no question asks to be stated."""
    phrases = []
    for clause in _CLAUSE_BREAK.split(question):
        if not _AUX_FIRST.search(clause):
            continue
        match = _THERE.search(clause) or _SAYS.search(clause) or _ANY.search(clause)
        if match:
            phrases.append(_noun_phrase(match["np"]))
    return [p for p in phrases if p]


def asked_heads(phrases: Iterable[list[str]], terms: set[str]) -> frozenset[str]:
    """Of each phrase, its last word that is a term of the question (`terms`)."""
    heads = set()
    for phrase in phrases:
        found = [w for w in phrase if w in terms and w not in EN_STOP_WORDS]
        if found:
            heads.add(found[-1])
    return frozenset(heads)


_ZH_MARKERS = frozenset("有没有 有无 是否 是不是".split())
_ZH_NOUNS = ("n", "vn", "j", "t", "ng")
_ZH_END = frozenset("或者 或 还是 和 与 及 以及".split())


def chinese_clauses(
    pairs: list[tuple[str, str]],
) -> Iterator[tuple[list[tuple[str, str]], str]]:
    """Each clause of a Chinese question (`pairs`: jieba.posseg's (word, flag)) with the word
    that ends it: a punctuation mark or 吗 (the question's end reads as "。")."""
    clause: list[tuple[str, str]] = []
    for word, flag in [*pairs, ("。", "x")]:
        if not word.strip():
            continue
        if flag != "x" and word != "吗":
            clause.append((word, flag))
            continue
        yield clause, word
        clause = []


def phrase_after(clause: list[tuple[str, str]], start: int) -> list[tuple[str, str]]:
    """The words of `clause` from `start` up to an "or"/"and" word or a conjunction."""
    phrase = []
    for w, f in clause[start:]:
        if w in _ZH_END or f == "c":
            break
        phrase.append((w, f))
    return phrase


def chinese_yes_no(pairs: list[tuple[str, str]]) -> frozenset[str]:
    """The head nouns a Chinese yes/no question asks (`pairs`: jieba.posseg's (word, flag) of a
    run of Chinese): after 有没有 / 有无 / 是否 / 是不是, and after the last verb of a clause
    ending in 吗."""
    heads: set[str] = set()
    for clause, end in chinese_clauses(pairs):
        starts = [i + 1 for i, (w, _) in enumerate(clause) if w in _ZH_MARKERS]
        if end == "吗":
            verbs = [i + 1 for i, (w, f) in enumerate(clause) if f.startswith("v")]
            starts += verbs[-1:]
        for start in starts[-1:]:
            head = None
            for w, f in phrase_after(clause, start):
                if f.startswith(_ZH_NOUNS) and not f.startswith("nr"):
                    head = w
            if head:
                heads.add(head)
    return frozenset(heads)


def modifiers(question: str, terms: set[str]) -> tuple[tuple[str, str], ...]:
    """v10: (modifier, noun) of each two common terms the question says one after the other
    ("suction-side valves"), lower-cased; the modifier no -ed / -ing form."""
    words = [w.lower() for w in _WORD.findall(question)]
    pairs = []
    for first, second in pairwise(words):
        if first in terms and second in terms and not re.search(r"(?:ed|ing|ly)$", first):
            pairs.append((first, second))
    return tuple(pairs)


def modifier_contrasted(modifier: str, noun: str, lowered: str) -> bool:
    """v10: `lowered` (a chunk, lower-cased) states `noun` only after other words that modify
    it - never after `modifier` (or a part of it: "suction" of "suction-side"), nor alone ("the
    seal kit" beside "mechanical seal kit" is the kit asked of "a replacement seal kit")."""
    head = stem(noun)
    own = {stem(p) for p in modifier.split("-") if p}
    words = _WORD.findall(lowered)
    others = False
    for before, word in pairwise(words):
        if stem(word) != head:
            continue
        parts = {stem(p) for p in before.split("-") if p}
        if parts & own:
            return False
        if before in EN_STOP_WORDS or not before.isalpha() or len(before) <= 2:
            return False  # the noun alone
        others = True
    return others
