"""answerability-v11's readings (issue 32, dNEW1-dNEW3): v9, and two general causes of a right
chunk refused, found by listing every covered question of the question files whose fact chunk
v9 refuses (bench/refused_facts.py), plus the subject of a plain yes/no question.

- A word of "the B of A" / "A的B是多少" (answerability_question._strict_spans) is strict - no
  paraphrase slack - but it is a common word, not a name: v2-v10 marked it `named`, which also
  read it as the exact word ("bearings" not in "bearing temperature", "program" not in
  "programs") and never by meaning (局势 ~ 形势, 均值 ~ 年均). v11 marks it `asked` (no slack,
  its stem, meaning allowed, as a Chinese question's asked word: v6).
- An English proper name is found said in Chinese when a dictionary word's gloss starts with it
  (CC-CEDICT "Shanxi province (Shansi) in north China ..." for 山西: crosslingual.proper_names);
  the dictionary's single-word glosses (crosslingual.chinese_names) leave such names out.
- A plain yes/no question - "Was / Were / Did / Has / Have / Had X ..." - asks whether X is
  stated as it is said: the head of the phrase after the auxiliary (to its first article,
  preposition or clause end: "Was ozone a problem", "Did the fined company appeal the decision")
  is asked and never found by meaning, as v9 reads "Is there a X" (subject_heads).
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
