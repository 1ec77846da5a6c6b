"""Rows labelled "Other" (policy `other_rows: "said_alone"`, answer gate 2.29.0, d541).

A label of no naming word ("Other", "Others", "All other", "其他") is said by no answer (d308),
so the figure of another row passed for the "Other" row's ("the change in Other in 2019 from
2018 is 306.2", the Fixed Price row's change). An answer that says the word alone - not before
a naming word: "Other receivables", "other comprehensive income", "其他收入" name those rows -
names that row by one naming word, OTHER, that only such labels and such answers have. Used by
claims.py (an answer's words), excerpt_index.py and operands.py (a table's labels). Pure.
"""

from __future__ import annotations

import re

from groundgate.engine.words import stemmed_words

# The naming word of a row labelled "Other" and of an answer that says the word alone.
OTHER = "<other>"
_OTHER_WORD = re.compile(
    r"(?i)(?<![A-Za-z-])others?(?![A-Za-z-])[\s,:;()–—-]*([A-Za-z]*)|其[他它](?![\u4e00-\u9fff])"
    r"|其[他它](?=[为是的在于合项金])"
)


def says_other(text: str) -> bool:
    """Whether `text` says "Other" alone: "the change in Other in 2019", "Other  6.8",
    "2019年其他为6.8"; not "Other receivables", "other comprehensive income", "其他收入"."""
    for m in _OTHER_WORD.finditer(text):
        if m.group(1) is None or not stemmed_words(m.group(1)):
            return True
    return False


def other_label(label: str, others: bool) -> frozenset[str]:
    """The naming words of a row label with none of its own (naming_words: empty): OTHER when
    it says "Other" alone and `others` (policy other_rows)."""
    return frozenset({OTHER}) if others and says_other(label) else frozenset()
