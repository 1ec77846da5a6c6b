"""answerability-v12's readings (issue 32; the default since answer-assembly/2026-11.16, d591;
d588-d590): v11, and a Chinese question term found by meaning only where the meaning is more
than e5-small's noise floor between two unrelated words. The Chinese uncovered questions v11
answered were admitted by a literal word of the subject plus a Chinese term matched by meaning
at cosines unrelated pairs reach (小时 ~ 天数 0.896, 设计 ~ 环境 0.902, 外径 ~ "unit" 0.851,
文集 ~ "part" 0.853, 编辑整理 ~ "compiled" 0.842: bench/admitted_terms.py), or by a yes/no
question that required no term at all. One global cosine floor was measured and not adopted
(d525); v12 reads instead what a meaning match rests on:

- A Chinese term (two or more characters) means a Chinese word of the chunk only when the two
  share a character (污染 ~ 污染物排放, 排放 ~ 排放量): two Chinese words with no character in
  common are neighbours in e5-small's space at 0.9 without being the same thing (小时 ~ 天数).
- A Chinese term means an English word of the chunk only when that word has three or more
  letters: a word of two letters in a chunk is a unit's or a code's piece (mg of mg/L, pm of
  PM2.5) whose vector alone is e5-small's noise, as one Chinese character's is (v6: 吨 ~ 万元):
  小时 ~ "pm" 0.841 and 设计 ~ "pm" 0.847 admitted a question against the Chinese bulletin.
  (Crossing only for terms CC-CEDICT cannot gloss was measured and not kept: d589.)
- A Chinese yes/no question "是否 + verb + object" (对...是否实施了按日连续处罚) asks whether
  the chunk states that the thing was done: the verb phrase's object as the question says it -
  from the verb (past 了 / 过 / 着) to its last noun or verbal noun (按日连续处罚; 受到了行政处罚
  -> 行政处罚; a phrase past eight characters is a clause: its head alone) - is asked, as v9
  reads 有没有 X, and stated as said (or without its first or last character, as any Chinese
  term), never by meaning. v9 took only a noun flag after 是否, so a question whose object
  jieba flags as a verb (处罚/v) required nothing; a penalty chunk that states 处罚 but not
  按日连续 does not say the daily penalty was applied.
An English term is read as v11 reads it. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

import numpy as np

from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability_yesno import chinese_clauses, phrase_after

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LONGEST = 8  # a longer object phrase is a clause: its head alone is asked


def means(term: str, lowered: str, threshold: float, across: float) -> bool:
    """v12: a word of `lowered` means `term` (answerability_meaning.means), and for a Chinese
    term the match rests on more than the cosine: a Chinese word shares a character with it, an
    English word has three or more letters."""
    if _CJK.search(term) is None:
        return answerability_meaning.means(term, lowered, threshold, across)
    words = answerability_meaning.text_words(lowered)
    if not words:
        return False
    vectors = answerability_meaning._Vectors.of((term, *words))
    cosines: np.ndarray = vectors[1:] @ vectors[0]
    chars = set(term)
    for word, cosine in zip(words, cosines, strict=True):
        if _CJK.search(word) is not None:
            if float(cosine) >= threshold and chars & set(word):
                return True
        elif float(cosine) >= across and len(word) >= 3:
            return True
    return False


_ZH_MARK = frozenset(("是否",))
_ZH_OBJECT = ("n", "vn", "v", "j", "ng")


def chinese_yes_no_objects(pairs: list[tuple[str, str]], stop: frozenset[str]) -> frozenset[str]:
    """v12: of each clause "... 是否 + verb phrase", the phrase's last noun or verbal noun of two
    or more characters past its first verb (对该企业是否实施了按日连续处罚 -> 处罚). `pairs`:
    jieba.posseg's (word, flag) of the question; `stop`: words that are never asked."""
    heads: set[str] = set()
    for clause, _ in chinese_clauses(pairs):
        starts = [i + 1 for i, (w, _) in enumerate(clause) if w in _ZH_MARK]
        for start in starts[-1:]:
            phrase = phrase_after(clause, start)
            verbs = [i for i, (_, f) in enumerate(phrase) if f.startswith("v")]
            if not verbs:
                continue
            after = phrase[verbs[0] + 1 :]
            while after and after[0][1].startswith("u"):  # 了 / 过 / 着
                after = after[1:]
            last = [
                i
                for i, (w, f) in enumerate(after)
                if f.startswith(_ZH_OBJECT)
                and not f.startswith("nr")
                and len(w) >= 2
                and w not in stop
            ]
            if last:
                said = "".join(w for w, _ in after[: last[-1] + 1])
                whole = _CJK_RUN.fullmatch(said) is not None and len(said) <= _LONGEST
                heads.add(said if whole else after[last[-1]][0])
    return frozenset(heads)
