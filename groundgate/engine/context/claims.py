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

from groundgate.engine.context.periods import mentions
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import stemmed_words


class Claim(NamedTuple):
    value: NumericValue  # span in the conclusion
    words: frozenset[str]  # stemmed naming words since the previous figure (or the subject)
    # The words of its own clause part: after the last "and"/","/"from" before it, or after it
    # up to its clause's end ("10.2% net revenue growth and 14.3% organic revenue growth").
    own_words: frozenset[str]
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
        found = mentions(_without_marks(sentence.text))
        sentence_periods = tuple(dict.fromkeys(p for _, _, p in found))
        mine = [(s, e, label) for s, e, label in marks if s0 <= s < s1]
        for v in values:
            c0, c1 = next(((a, b) for a, b in clauses if a <= v.start < b), (0, len(sentence.text)))
            periods = _own_periods(v, values, found, c0, c1)
            if sentence_periods:
                periods += _leading_periods(sentence.text[:c0], periods)
            if _RESPECTIVELY.search(sentence.text):
                periods = ()  # "5 and 4 in 2019 and 2018, respectively": not by position
            after = [label for s, _, label in mine if s >= s0 + v.end]
            before = [label for s, _, label in mine if s < s0 + v.start]
            citation = after[0] if after else (before[-1] if before else None)
            # The words since the previous figure name it ("Pump I delivers 250 and Pump B
            # 205"); a year or date in between is no figure ("Revenue in 2019 was 5").
            # The words since the previous figure ("Pump I delivers 250 and Pump B 205") and
            # those after it up to its clause's end ("14.3% organic revenue growth"), else the
            # sentence's subject ("... from 2018 to 2019 is -12.6"); a year or date is no figure.
            text = sentence.text
            since = max((u.end for u in values if u.end <= v.start and not _period(u)), default=0)
            until = min(
                (u.start for u in values if u.start >= v.end and not _period(u)), default=c1
            )
            preceding = text[since : v.start]
            subject = naming_words(text[: v.start])
            words = naming_words(preceding) or subject
            cut = [m.end() for m in _CLAUSE_END.finditer(preceding)]
            own = naming_words(preceding[cut[-1] :] if cut else preceding)
            if not own and until >= c1:  # its clause ends before another figure
                own = naming_words(text[v.end : c1])
            claims.append(
                Claim(
                    value=v._replace(start=s0 + v.start, end=s0 + v.end),
                    words=words,
                    own_words=own or subject,
                    periods=periods,
                    citation=citation,
                )
            )
    return claims


_COMPARING = re.compile(
    r"(?i)\b(?:from|than|compared|versus|vs|previous|prior|last|earlier|before|up|down|"
    r"increas|decreas|rose|fell|grew|declin|chang)"
)


_RESPECTIVELY = re.compile(r"(?i)\brespectively\b|分别")


def _own_periods(
    v: NumericValue,
    values: list[NumericValue],
    found: list[tuple[int, int, str]],
    c0: int,
    c1: int,
) -> tuple[str, ...]:
    """The periods of the value's clause that are its own: no other figure between the period
    and the value, and not the first of a list of periods after it ("as of 2021 and 2020")."""
    figures = [u.start for u in values if u is not v and not _period(u)]

    def figure_between(a: int, b: int) -> bool:
        return any(a <= f < b for f in figures)

    out: list[str] = []
    for k, (start, end, period) in enumerate(found):
        if not c0 <= start < c1 or period in out:
            continue
        if end <= v.start:
            if figure_between(end, v.start):
                continue
        elif start >= v.end:
            if figure_between(v.end, start):
                continue
            following = next((s for s, _, p in found[k + 1 :] if p[0] == period[0]), None)
            if following is not None and not figure_between(end, following):
                continue
        out.append(period)
    return tuple(out)


def _leading_periods(before: str, own: tuple[str, ...]) -> tuple[str, ...]:
    """Periods the sentence names before the value's clause and that carry over to it ("In
    2019, revenue was 5 and costs were 3"): one of a kind the clause does not name, with no
    comparison between it and the value ("revenue was 5 in 2019, up from 4": 4 is not 2019's)."""
    kinds = {p[0] for p in own}
    found = mentions(_without_marks(before))
    out: list[str] = []
    for k in "YQHMD":
        of_kind = [(end, p) for _, end, p in found if p[0] == k]
        if k in kinds or len({p for _, p in of_kind}) != 1:
            continue
        end, period = of_kind[-1]
        if not _COMPARING.search(before[end:]):
            out.append(period)
    return tuple(out)


def _period(v: NumericValue) -> bool:
    return v.kind in ("date", "time") or (
        len(v.quantity) == 4 and v.quantity.isdigit() and v.quantity[:2] in ("19", "20")
    )


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
