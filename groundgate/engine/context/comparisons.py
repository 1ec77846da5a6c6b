"""What counts as a comparison, and where a clause ends: one vocabulary for the context rule
(d478).

A comparison puts a figure or a period on the other side of the one a clause is about ("up from
4 in 2018", "compared with the prior year", "较上年增长"). Three readers ask about it, each its
own question, so each composes its own pattern from the named parts below (grep the part's name
to find its users):

  claims.py     a period named before a value's clause carries over to it unless a comparison
                stands between ("revenue was 5 in 2019, up from 4": 4 is not 2019's):
                COMPARED_TO + EARLIER + CHANGE, English, as word starts (word_starts).
  answer_periods.py  an answer's relative period before its value's clause is not the value's
                when a comparison stands between ("与上年同期相比，营业收入为..."):
                COMPARED_TO + CHANGE as whole words (whole_words) + COMPARED_TO_ZH + CHANGE_ZH.
                Not EARLIER: "last year" is a relative period there, not a comparison.
  periods.py    a relative period right after a comparison's preposition is the one compared
                against, not the value's ("grew 5% over the prior year", "较上年"): AGAINST,
                optionally AGAINST_DETERMINERS, or one of AGAINST_ZH (against_before).

Where a clause ends: CLAUSE_MARKS and a joining word (joiner(): a conjunction, or the word
that starts a comparison's other side) for both readers; then
  prose_subjects.py (and answer_periods.py's relative periods)  every comma (EVERY_COMMA) and a
                sentence's end (sentences.SENTENCE_END, d716): a prose value's subject is its
                own clause part's;
  claims.py     a comma before a word only (WORD_COMMA): "5, 6 and 7" is one list of values.

The derivations' change words (operation_words.py: a rise, a fall, a difference) say which way a
figure moved, not what it is compared against; they are read there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

# A word that introduces the other side of a comparison ("up from 4", "higher than").
COMPARED_TO: Final = ("from", "than", "compared", "versus", "vs")
# A word pointing back in time ("the previous year", "4 before"): a comparison for claims.py
# only (for the context rule's relative periods "last year" is a period, not a comparison).
EARLIER: Final = ("previous", "prior", "last", "earlier", "before")
# A word saying a figure moved; "*": any ending ("increased", "changes").
CHANGE: Final = ("up", "down", "increas*", "decreas*", "rose", "fell", "grew", "declin*", "chang*")
COMPARED_TO_ZH: Final = ("相比", "较", "比", "同比")
CHANGE_ZH: Final = ("增长", "下降", "减少", "增加")

# A preposition right before the thing compared against ("over the prior year"), the words
# that may stand between ("that of"), and the Chinese ones ("较上年", "与上年同期相比").
AGAINST: Final = (
    "from",
    "than",
    r"compared\s+(?:to|with)",
    "over",
    "versus",
    r"vs\.?",
    "against",
    r"relative\s+to",
    "since",
)
AGAINST_DETERMINERS: Final = ("the", "its", "a", r"that\s+of", r"those\s+of")
AGAINST_ZH: Final = "较比与"

# Where a clause ends, for every reader: a semicolon or a colon, or a joining word between
# spaces (a conjunction, or the word that starts a comparison's other side).
CLAUSE_MARKS: Final = ";；:："
JOINERS: Final = (
    "and",
    "while",
    "whereas",
    "but",
    "versus",
    r"vs\.?",
    r"compared\s+(?:to|with)",
    "from",
    "to",
    "against",
)
# Commas: every one (a prose clause), or one before a word only (not "5, 6 and 7", "$1, $2").
EVERY_COMMA: Final = ",，"
WORD_COMMA: Final = r",(?=\s+(?![\d$]))|，"


def _alternatives(words: Iterable[str], ending: str) -> str:
    return "|".join(w[:-1] + ending if w.endswith("*") else w for w in words)


def whole_words(words: Iterable[str]) -> str:
    """A pattern of any of `words` as a whole word (a "*" word with any ending)."""
    return r"\b(?:" + _alternatives(words, r"\w*") + r")\b"


def word_starts(words: Iterable[str]) -> str:
    """A pattern of any of `words` at a word's start, whatever follows ("up" in "upward")."""
    return rf"\b(?:{_alternatives(words, '')})"


def any_of(words: Iterable[str]) -> str:
    """A pattern of any of `words` anywhere (Chinese words, which have no word boundaries)."""
    return "|".join(words)


def joiner() -> str:
    """A joining word between spaces, any case (" and ", " compared with ")."""
    return rf"(?i:\s(?:{'|'.join(JOINERS)})\s)"


def against_before() -> str:
    """A comparison's preposition ending the text: the thing after it is compared against."""
    determiners = "|".join(AGAINST_DETERMINERS)
    return (
        rf"(?i)(?:\b(?:{'|'.join(AGAINST)})(?:\s+(?:{determiners}))?\s+"
        rf"|[{AGAINST_ZH}][\s]*)$"
    )
