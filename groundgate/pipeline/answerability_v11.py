"""answerability-v11's readings (issue 32, d579-d581): v9 (not v10), and general causes of a
right chunk refused, found by listing every covered question of the thirteen question files
whose fact chunk v9 refuses (bench/refused_facts.py: 126 of them), plus the subject of a plain
yes/no question. answerability_question.py applies them for version 11 and later.

- A word of "the B of A" / "A的B是多少" (answerability_question._strict_spans) is strict - no
  paraphrase slack - but it is a common word, not a name: v2-v10 marked it `named`, which also
  read it as the exact word ("bearings" not in "bearing temperature", "program" not in
  "programs") and kept it out of the slack's count. v11 marks it asked (no slack, its stem) and
  stated (never by meaning: the span names the value asked, and by meaning 日均 is 年均's
  neighbour, 作者 any "author" - a first form read it by meaning and admitted 11 uncovered
  questions against the documents' chunks).
- An English proper name is found said in Chinese when a dictionary word's gloss starts with it
  (CC-CEDICT "Shanxi province (Shansi) in north China ..." for 山西: crosslingual.proper_names);
  the dictionary's single-word glosses (crosslingual.chinese_names) leave such names out.
- A Chinese question is cut by jieba's dictionary words only (no HMM): the HMM joins unknown
  neighbours into words the question never said (多少次才会 -> 次才, the thing "asked";
  目录中谈 -> 中谈, 文集中那篇 -> 中那, read as names); the yes/no reading (v9) keeps its cut.
  A measure word after 多少 / 几 that the count reads (个 次 名 ...: its value must say N次) is
  the count's unit, not a thing asked (多少天 still asks 天, v6); a noun past a measure word is
  asked (哪 + 条 + 河 as v6 read 哪条 + 河); one character after 哪 joins it, as the HMM joined
  哪天 and 哪日 (a second form asked 天 of 哪天: s35 zh-c10 lost). A first form left every
  measure word unasked and answered an uncovered 多少天 question (s38 zh-u05) that v6's 天
  refused.
- A plain yes/no clause - "Was / Were / Did / Has / Have / Had X ..." - asks whether X is
  stated as it is said: the head of the phrase after the auxiliary (to its first article,
  preposition or the clause's end: "Was ozone a problem", "Did the fined company appeal the
  decision") is asked and never found by meaning, as v9 reads "Is there a X" (subject_phrases).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.pipeline.answerability_yesno import _CLAUSE_BREAK, _noun_phrase

# A yes/no clause that names its subject after the auxiliary ("Is there" is v9's reading).
_SUBJECT_FIRST = re.compile(
    r"^\s*(?:so\s+|and\s+|but\s+)?(?:was|were|did|has|have|had)\s+(?!there\b)(?P<np>.+)", re.I
)


def subject_phrases(question: str) -> list[list[str]]:
    """The phrases (lower-cased words) a plain yes/no clause opens with after its auxiliary:
    "Was ozone a problem ..." -> ["ozone"], "Did the fined company appeal the decision" ->
    ["fined", "company", "appeal"]."""
    phrases = []
    for clause in _CLAUSE_BREAK.split(question):
        match = _SUBJECT_FIRST.search(clause)
        if match:
            phrase = _noun_phrase(match["np"])
            if phrase:
                phrases.append(phrase)
    return phrases
