"""Answerability's reading of a question's words as terms (answerability_question.py's
question_parts reads them into QuestionParts): the English words (named or coded, common, soft),
the Chinese words by jieba's parts of speech (v6: the thing asked; v11: dictionary words only),
the titles a question quotes and the glossary's names. Moved out of answerability_question.py
unchanged (its size). Pure: no Django, no I/O.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from groundgate.engine.words import EN_STOP_WORDS, ZH_STOP_WORDS, stem
from groundgate.pipeline.answerability_lexicon import (
    ASKING,
    GLOSSARY,
    GLOSSARY_V2,
    VERBS,
    ZH_DEICTIC,
    ZH_DEMONSTRATIVES,
)

_STOP = EN_STOP_WORDS | ZH_STOP_WORDS | ASKING


_ASKING_STEMS = frozenset(stem(w) for w in ASKING)


_VERB_FORMS = frozenset(
    form
    for verb in VERBS
    for form in (verb, verb + "s", verb + "es", verb + "ed", verb + "d", verb + "ing")
    + ((verb[:-1] + "ing", verb[:-1] + "ed") if verb.endswith("e") else ())
)


# Chinese parts of speech (jieba.posseg) that name things.
_ZH_NOUN_FLAGS = ("n", "vn", "eng", "an", "j")


_ZH_NAME_FLAGS = ("nr", "ns", "nt", "nz", "nrt", "nrfg")


_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'’.][A-Za-z0-9]+)*|\d+[A-Za-z][A-Za-z0-9-]*")


_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


# Adverbs, participles and superlatives: how the question says it, not what it is about.
_EN_SOFT = re.compile(r"^[a-z]+(?:ed|ly|ing|est)$")


_EN_DEICTIC = frozenset("the this that these those its their our".split())


# "几次" / "多少个": a Chinese count names its measure word; the value must count in it.
_ZH_MEASURE = re.compile(r"(?:几|多少)([个次名家项种条台人位座])")


_GLOSSARIES = {
    1: {name: names for names in GLOSSARY for name in names},
    2: {name: names for names in GLOSSARY_V2 for name in names},
}
_GLOSSARIES.update(dict.fromkeys(range(3, 20), _GLOSSARIES[2]))


# v2: a title the question quotes (《论持久战》, “Free Culture”) is one named term, found whole.
_TITLE = re.compile(r"《([^》]{1,40})》|「([^」]{1,40})」|“([^”]{2,60})”")


@dataclass(frozen=True)
class Term:
    text: str
    named: bool  # a named or coded term: must be found, no slack
    required: bool = True  # False: a verb or adverb of the question (only ties a sentence)
    asked: bool = False  # v6: the thing a Chinese question asks for (哪条河, 什么名字): no slack
    # (v7: an English one's qualifier of a shape word: "vibration" of "what vibration level")
    yes_no: bool = False  # v9: the thing a yes/no question asks to be stated: never by meaning


@lru_cache(maxsize=1)
def _posseg() -> Any:
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


def _english_terms(question: str) -> list[Term]:
    terms = []
    previous = ""
    for match in _EN_WORD.finditer(question):
        word = re.sub(r"['’]s$", "", match.group(0))
        lower = word.lower()
        deictic, previous_word, previous = previous in _EN_DEICTIC, previous, lower
        if lower in _STOP or stem(lower) in _ASKING_STEMS:
            continue
        coded = any(c.isdigit() for c in word) or ("-" in word and word.upper() == word)
        before = question[: match.start()].rstrip()
        initial = not before or before[-1] in ".?!:;"  # a capital that starts a sentence
        capital = word[0].isupper() and (not initial or any(c.isupper() for c in word[1:]))
        named = (coded or capital) and not (deictic and word.isupper() and not coded)
        # "the bearing" is a thing, "is being inspected" an action; "the largest" says how.
        verbal = previous_word not in ("the", "a", "an") and (
            bool(_EN_SOFT.match(lower)) or lower in _VERB_FORMS
        )
        soft = word.islower() and (verbal or lower.endswith("est"))
        terms.append(Term(lower, named=named, required=not soft))
    return terms


def _asking_word(word: str) -> bool:
    """v6: 什么, 哪 / 哪个 / 哪条 ..., 多少, 几: the word after it names what is asked."""
    return word in ("什么", "多少", "几", "啥") or (word.startswith("哪") and len(word) <= 2)


def _chinese_terms(question: str, version: int = 1) -> list[Term]:
    terms = []
    for run in _CJK_RUN.findall(question):
        before, before_flag, before2 = "", "", ""
        # v11: jieba's dictionary words only - its HMM joins unknown neighbours into words
        # a question never said (多少次才会 -> 次才, 目录中谈 -> 中谈: answerability_v11)
        for pair in _posseg().cut(run, HMM=version < 11):
            word, flag = pair.word, pair.flag
            deictic = before in ZH_DEICTIC or (before_flag == "q" and before2 in ZH_DEMONSTRATIVES)
            joined = before2 == "哪" and len(before) == 1  # v11: 哪天, 哪日 (HMM joined them)
            asking = _asking_word(before) or (
                version >= 11
                and _asking_word(before2)
                and (before_flag == "q" or joined)
                and flag[0] == "n"
            )  # v11: 哪 + 条 + 河 (a noun past a measure word) as v6 read 哪条 + 河
            asked = version >= 6 and asking and flag not in ("x", "uj", "ul")
            if (
                version >= 11
                and asked
                and (
                    (flag == "q" and _ZH_MEASURE.search(before + word))
                    or (before == "哪" and len(word) == 1)
                )
            ):
                asked = False  # v11: 多少次 - the count's unit (its value says N次); 哪 + 天
            before2, before, before_flag = before, word, flag
            if asked and word not in _STOP and not flag.startswith("v"):
                # v6: the thing asked (哪条河 - even one character, 什么名字): it must be said
                terms.append(Term(word, named=False, asked=True))
                continue
            if word in _STOP or deictic:
                continue
            if len(word) < 2:  # 罚 in 被罚了: ties a sentence (罚款), never required
                if flag.startswith("v"):
                    terms.append(Term(word, named=False, required=False))
                continue
            if flag.startswith(_ZH_NAME_FLAGS):
                terms.append(Term(word, named=True))
            elif flag.startswith(_ZH_NOUN_FLAGS):
                terms.append(Term(word, named=False))
            elif flag.startswith("v"):
                terms.append(Term(word, named=False, required=False))
    return terms


def _titles(question: str) -> tuple[list[Term], str]:
    """v2: the titles a question quotes, as named terms, and the question without them."""
    terms = [
        Term(next(g for g in m.groups() if g).lower(), named=True)
        for m in _TITLE.finditer(question)
    ]
    return terms, _TITLE.sub(" ", question)


def _glossary_names(question: str, version: int = 1) -> tuple[list[Term], str]:
    """Glossary names in the question (PM2.5, 细颗粒物) as terms, and the question without them
    (so jieba does not cut 细颗粒物 into 细 + 颗粒物)."""
    lowered = question.lower()
    terms = []
    for name in sorted(_GLOSSARIES[version], key=len, reverse=True):
        if name.isascii():
            found = re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", lowered)
        else:
            found = re.search(re.escape(name), lowered)
        if found:  # v2: a measured thing's name is its identity (PM10 is not PM2.5)
            terms.append(Term(name, named=version >= 2))
            lowered = lowered[: found.start()] + " " + lowered[found.end() :]
            question = question[: found.start()] + " " + question[found.end() :]
    return terms, question
