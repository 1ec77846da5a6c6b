"""Claims: each value of an answer with what the answer says it is about.

For every value of the conclusion: the words that name it (the content words of its clause -
"Pump I delivers 250 m3/h and Pump B 205": "pump", "i", "deliv" for 250 and "pump", "b" for 205),
the periods it names (its clause's, else its sentence's when the sentence names one period of
that kind: "In 2019, revenue was 5 and costs were 3" gives 2019 to both), and the citation marker
of its sentence ([1], [C0], 【1】, ^1: the first after the value in the sentence, else the last
before it). Clauses end at ",", ";", ":" and at the words that separate two figures ("and",
"while", "whereas", "but", "versus", "compared to", "from", "to").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from groundgate.engine.context.periods import periods_in
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import stemmed_words


class Claim(NamedTuple):
    value: NumericValue  # span in the conclusion
    words: frozenset[str]  # stemmed naming words of its clause
    periods: tuple[str, ...]
    citation: str | None  # the marker's label: "1", "C0"


_CITATION = re.compile(r"\[\^?([A-Za-z]{0,3}\d{1,4})\]|【([A-Za-z]{0,3}\d{1,4})】|\^(\d{1,4})\b")
_CLAUSE_END = re.compile(
    r"[;；:：]|,(?=\s+(?![\d$]))|，|(?i:\s(?:and|while|whereas|but|versus|vs\.?|compared\s+(?:to|with)"
    r"|from|to|against)\s)"
)
_PERIOD_WORDS = re.compile(
    r"(?i)\b(?:fy|fiscal|year|years|quarter|half|ended|ending|jan\w*|feb\w*|mar\w*|apr\w*|may|"
    r"june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|q[1-4]|h[12])\b"
)


def citations(text: str) -> list[tuple[int, int, str]]:
    """Every citation marker of `text`: (start, end, label)."""
    return [
        (m.start(), m.end(), m.group(1) or m.group(2) or m.group(3))
        for m in _CITATION.finditer(text)
    ]


def read_claims(conclusion: str) -> list[Claim]:
    """Every value of the conclusion with its naming words, periods and citation."""
    marks = citations(conclusion)
    inside = [(s, e) for s, e, _ in marks]
    claims: list[Claim] = []
    for sentence in split_sentences(conclusion):
        s0, s1 = sentence.start, sentence.end
        values = [
            v
            for v in extract_numbers(sentence.text)
            if not any(a <= s0 + v.start < b for a, b in inside)
        ]
        if not values:
            continue
        clauses = _clauses(sentence.text)
        sentence_periods = periods_in(_without_marks(sentence.text))
        mine = [(s, e, label) for s, e, label in marks if s0 <= s < s1]
        for v in values:
            c0, c1 = next(((a, b) for a, b in clauses if a <= v.start < b), (0, len(sentence.text)))
            clause = sentence.text[c0:c1]
            periods = periods_in(_without_marks(clause))
            kinds = {p[0] for p in periods}
            for k in {p[0] for p in sentence_periods} - kinds:
                of_kind = [p for p in sentence_periods if p[0] == k]
                if len(of_kind) == 1:
                    periods += tuple(of_kind)
            after = [label for s, _, label in mine if s >= s0 + v.end]
            before = [label for s, _, label in mine if s < s0 + v.start]
            citation = after[0] if after else (before[-1] if before else None)
            words = naming_words(clause)
            if not words:  # "... from 2018 to 2019 is -12.6": the subject names it
                words = naming_words(sentence.text[: v.start])
            claims.append(
                Claim(
                    value=v._replace(start=s0 + v.start, end=s0 + v.end),
                    words=words,
                    periods=periods,
                    citation=citation,
                )
            )
    return claims


def naming_words(clause: str) -> frozenset[str]:
    """The stemmed content words of a clause, without its values, periods and markers; a
    one-letter name is kept ("Pump I", "Class B")."""
    text = clause
    for v in extract_numbers(clause):
        text = text[: v.start] + " " * (v.end - v.start) + text[v.end :]
    text = _PERIOD_WORDS.sub(" ", _without_marks(text))
    letters = {m.group(1).lower() for m in _ONE_LETTER_NAME.finditer(text)}
    return stemmed_words(text) | letters


_ONE_LETTER_NAME = re.compile(r"(?<=[A-Za-z] )([A-Z])(?![\w.'])")


def _without_marks(text: str) -> str:
    return _CITATION.sub(lambda m: " " * len(m.group(0)), text)


def _clauses(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE_END.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out
