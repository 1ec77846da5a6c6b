"""answerability-v14's readings (issue 32; answer-assembly/2026-11.17's default,
d610-d613): v12 (not v13), and the ASKED attribute of a question read for more question
forms. The uncovered questions v12 still
answered state the question's subject in the chunk but not the thing asked (a weight, a name,
an appeal), and v12's reading let the asked thing through (bench/admitted_terms.py on all 16
files): a kind of value it did not know was asked (how heavy), the event of a yes/no question
no term at all ("Has the company contested it"), a missing term found by meaning through a
chunk word that is no word ("mg" is the nearest word of registered 0.847 and notice 0.851) or
across languages at e5-small's noise floor (registered ~ 罚款 0.847, notice ~ 依据 0.847, 引擎 ~
javascript 0.848, 出版社 ~ www 0.876: not read otherwise here, d525, d612).

- "How heavy / how light" asks a mass, as "weight" does: the clause must hold one (12 kg);
  "how much money" a sum, as "cost" does; "which pages" a page, as "which page" does; 多大 a
  size, as "how big" does (not 多大比例 / 幅度 / 程度: a share or a degree); 多少行 / 几个字 a
  text's length in lines or characters, stated in those units (N行, "N lines").
- A term of either language means an English word of the chunk only when that word has three
  or more letters: v12 (d589) held Chinese terms to it; an English term's meaning through a
  unit's or a code's two-letter piece (mg of mg/L, pm of PM2.5) is the same noise.
- "Has / Have / Had + subject + participle" asks whether the event happened: the participle
  after the subject (contested, appealed, paid: the first -ed word past the subject's phrase) is
  asked and stated, never by meaning, as v11 reads "Did X appeal".
answerability_question.py applies them for version 14 (the v13 context is not read). Pure: no
Django, no I/O.
"""

from __future__ import annotations

import re

import numpy as np

from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability_lexicon import Attribute
from groundgate.pipeline.answerability_yesno import _ARTICLE, _CLAUSE_BREAK

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# The kind of value asked by more question forms, read when no attribute's cue is in the
# question: how heavy a mass (as "weight"), how much money a sum (as "cost"), which pages a page
# (as "which page"), 多大 a size (as "how big").
_ASKED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("mass", re.compile(r"\bhow\s+(?:heavy|light)\b", re.I)),
    ("money", re.compile(r"\bhow\s+much\s+money\b", re.I)),
    ("page", re.compile(r"\b(?:which|what)\s+pages\b", re.I)),
    ("size", re.compile(r"多大(?!比例|比重|幅度|程度|年纪|岁数)")),
)


# A count of a text's lines or characters (多少行, 几个字) is stated in those units: "N行",
# "N lines" - not any number of the chunk (v2 counts any number of an English sentence).
_TEXT_LENGTH = Attribute(
    "text length",
    re.compile(r"(?:多少|几)个?(?:行|字)"),
    re.compile(
        r"(?:\d|[０-９]|[一二两三四五六七八九十百千万〇零])[\d,]*\s*(?:行|字)"
        r"|\d[\d,]*\s+(?:lines?|characters?|words?)\b",
        re.I,
    ),
)


def attribute(
    question: str, asked: Attribute | None, kinds: tuple[Attribute, ...]
) -> Attribute | None:
    """v14: the kind of value a question asks by one of _ASKED's forms when no other attribute
    is asked; the attribute's cue then holds the form, so its words are no subject terms."""
    if asked is not None:
        return asked
    for name, form in _ASKED:
        known = next((a for a in kinds if a.name == name), None)
        if known is not None and form.search(question) is not None:
            cue = re.compile(rf"{form.pattern}|{known.cue.pattern}", known.cue.flags | form.flags)
            return Attribute(known.name, cue, known.value)
    return _TEXT_LENGTH if _TEXT_LENGTH.cue.search(question) else None


def means(term: str, lowered: str, threshold: float, across: float) -> bool:
    """v14: a word of `lowered` means `term` as v12 reads it, and an English word of the chunk
    has three or more letters whatever the term's language. (The thing asked never found by
    meaning across languages was measured and not kept: d612.)"""
    words = answerability_meaning.text_words(lowered)
    if not words:
        return False
    vectors = answerability_meaning._Vectors.of((term, *words))
    cosines: np.ndarray = vectors[1:] @ vectors[0]
    chinese = _CJK.search(term) is not None
    chars = set(term)
    for word, cosine in zip(words, cosines, strict=True):
        word_chinese = _CJK.search(word) is not None
        if word_chinese == chinese:
            if float(cosine) < threshold:
                continue
            if (chinese and chars & set(word)) or (not chinese and len(word) >= 3):
                return True
        elif float(cosine) >= across and (word_chinese or len(word) >= 3):
            return True
    return False


_HAS_SUBJECT = re.compile(
    r"^\s*(?:so\s+|and\s+|but\s+)?(?:has|have|had)\s+(?!there\b|been\b|you\b|i\b|we\b)(?P<np>.+)",
    re.I,
)
_WORD = re.compile(r"[a-z][a-z'’-]*", re.I)
_PARTICIPLE = re.compile(r"[a-z]{3,}ed$")


def yes_no_events(question: str) -> frozenset[str]:
    """v14: the participle of each "Has / Have / Had + subject + participle" clause - the first
    -ed word past the subject's first word that is none ("Has the company in the penalty
    decision contested it in court" -> "contested"; "Has the fined party appealed" ->
    "appealed", "fined" qualifies the subject), lower-cased."""
    events = set()
    for clause in _CLAUSE_BREAK.split(question):
        match = _HAS_SUBJECT.search(clause)
        if match is None:
            continue
        subject = False
        for word in _WORD.findall(match["np"]):
            lowered = word.lower()
            if _PARTICIPLE.fullmatch(lowered):
                if subject:
                    events.add(lowered)
                    break
            elif lowered not in _ARTICLE:
                subject = True
    return frozenset(events)
