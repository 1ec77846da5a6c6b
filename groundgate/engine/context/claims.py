"""Claims: each value of an answer with what the answer says it is about.

For every value of the conclusion: the words that name it (the content words of its clause -
"Pump I delivers 250 m3/h and Pump B 205": "pump", "i", "deliv" for 250 and "pump", "b" for 205),
the periods it names (its clause's, else its sentence's when the sentence names one period of
that kind: "In 2019, revenue was 5 and costs were 3" gives 2019 to both), and the citation marker
of its sentence ([1], [C0], 【1】, ^1: the first after the value in the sentence, else the last
before it). Clauses end at ",", ";", ":" and at the words that separate two figures ("and",
"while", "whereas", "but", "versus", "compared to", "from", "to"; comparisons.py's JOINERS).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import NamedTuple, Protocol

from groundgate.engine.context.claim_periods import (
    _RESPECTIVELY,
    _leading_periods,
    _Mentions,
    _own_periods,
    _period,
    without_lengths,
)
from groundgate.engine.context.comparisons import (
    CLAUSE_MARKS,
    WORD_COMMA,
    joiner,
)
from groundgate.engine.context.other_rows import OTHER, says_other
from groundgate.engine.context.periods import MONTH_WORD, mentions
from groundgate.engine.context.rows import standard_number
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import Sentence, split_sentences
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.registry import WORDED
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
# A clause of a sentence ends at a semicolon, a colon, a comma before a word (not inside a list
# of values "5, 6 and 7") or a joining word (comparisons.py).
_CLAUSE_END = re.compile(rf"[{CLAUSE_MARKS}]|{WORD_COMMA}|{joiner()}")
# The words naming_words drops as a period's: a month is a whole word, as periods.py reads one
# ("Mar.", "March", "Dec": not "Markets", "margin", "decrease", d714).
_PERIOD_WORDS = re.compile(
    r"(?i)\b(?:fy|fiscal|year|years|quarter|half|ended|ending|q[1-4]|h[12])\b"
    rf"|(?<![A-Za-z]){MONTH_WORD}(?![A-Za-z])"
)
# 2.50.0's (month_words "prefix"): any word starting as a month does.
_PREFIX_PERIOD_WORDS = re.compile(
    r"(?i)\b(?:fy|fiscal|year|years|quarter|half|ended|ending|jan\w*|feb\w*|mar\w*|apr\w*|may|"
    r"june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|q[1-4]|h[12])\b"
)


# "2019 year end", "2018 year-end", "year end 2019": the end of a named year, said of a period
# (year_end_words "period", d563), not the words of a row ("At end of the year").
_YEAR_END = re.compile(r"(?i)(?<=\d{4} )year[- ]end\b|\byear[- ]end(?= \d{4}\b)")


class _Reading(Protocol):
    """The answer settings of a facts.TableReading (not imported: facts reads claims)."""

    @property
    def standard_names(self) -> bool: ...
    @property
    def other_rows(self) -> bool: ...
    @property
    def year_end(self) -> bool: ...
    @property
    def whole_months(self) -> bool: ...
    @property
    def period_readings(self) -> frozenset[str]: ...


def citations(text: str) -> list[tuple[int, int, str]]:
    """Every citation marker of `text`: (start, end, label)."""
    return [
        (m.start(), m.end(), m.group(1) or m.group(2) or m.group(3))
        for m in _CITATION.finditer(text)
    ]


def read_claims(conclusion: str) -> list[Claim]:
    """Every value of the conclusion with its naming words, periods and citation. An excerpt is
    read by both the context rule and the derivations' operands, and a case's excerpts repeat:
    read once per text (claims are immutable; the list is the caller's own)."""
    return list(_read_claims(conclusion))


def value_periods(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """The periods of each value of `text` (by span) as read_claims reads them, without the
    words and citations: what an excerpt's prose values need (excerpt_index.excerpt_facts)."""
    return {(c.value.start, c.value.end): c.periods for c in _read_claims(text, False)}


@text_memo(max_bytes=8 * 2**20, item_bytes=600)
def _read_claims(conclusion: str, naming: bool = True) -> tuple[Claim, ...]:
    """read_claims, computed (`naming=False`: the periods only, words and citations empty).

    Linear in a sentence's values (an evidence excerpt of table lines is one long "sentence"):
    what is read of the text before a value (its subject, the periods leading into its clause)
    is built once per sentence and looked up, never re-read per value."""
    marks = citations(conclusion)
    claims: list[Claim] = []
    for sentence in split_sentences(conclusion):
        _sentence_claims(sentence, marks, naming, claims)
    return tuple(claims)


@text_memo(max_bytes=2 * 2**20, item_bytes=100)
def _sentences(conclusion: str) -> tuple[Sentence, ...]:
    """The conclusion's sentences: split once per text (the context rule and the derivations'
    binding each read the answer's claims)."""
    return tuple(split_sentences(conclusion))


class ClaimReader:
    """read_claims(conclusion), one sentence at a time, on need. A sentence's claims depend on
    its own text and the conclusion's citation markers alone, so a caller that needs the words
    of a few values of a long answer reads only their sentences: values() lists every value of
    read_claims with its citation (cheap: no words read), claim() reads its sentence's claims
    whole (the same Claim read_claims gives), kept per sentence text (_claims_in)."""

    def __init__(
        self,
        conclusion: str,
        standards: bool = False,
        others: bool = False,
        year_end: bool = False,
        months: bool = True,
        lengths: bool = False,
    ) -> None:
        # standards (policy standard_names "label_words", d539): a standard's number ("ASC
        # 606", "IFRS 9") is its name's, no claim nor a figure that ends a value's words;
        # others (policy other_rows "said_alone", d541): "Other" said alone names OTHER;
        # year_end (policy year_end_words "period", d563): "2019 year end" names a period's
        # end, no row ("At end of the year"): blanked, the spans kept; months (policy
        # month_words "whole_words", d714): naming_words drops a month as a whole word only.
        if year_end:
            conclusion = _YEAR_END.sub(lambda m: " " * len(m.group(0)), conclusion)
        self._standards = standards
        self._others = others
        self._months = months
        self._flags = (standards, others, months, lengths)  # lengths: claim_periods (d910)
        self.sentences = _sentences(conclusion)
        self._marks = citations(conclusion)
        self._read: dict[int, dict[tuple[int, int], Claim]] = {}
        self._words: dict[tuple[int, int], frozenset[str] | None] = {}
        self._light: dict[int, _SentenceValues] = {}
        self._prefixes: dict[int, _Prefixes] = {}

    @classmethod
    def of(cls, conclusion: str, reading: _Reading) -> ClaimReader:
        """The reader of `conclusion` under a table reading's answer settings."""
        return cls(
            conclusion,
            reading.standard_names,
            reading.other_rows,
            reading.year_end,
            reading.whole_months,
            "ended_lengths" in reading.period_readings,
        )

    def values(self) -> list[tuple[int, NumericValue, str | None]]:
        """Every value read_claims reads, in its order: (its sentence's number, the value with
        its span in the conclusion, its citation label)."""
        out: list[tuple[int, NumericValue, str | None]] = []
        for k, sentence in enumerate(self.sentences):
            values = self._values_of(k).values
            if not values:
                continue
            mine, mark_starts = _own_marks(sentence, self._marks)
            s0 = sentence.start
            for v in values:
                citation = _citation(mine, mark_starts, s0, v)
                out.append((k, v._replace(start=s0 + v.start, end=s0 + v.end), citation))
        return out

    def claim(self, k: int, span: tuple[int, int]) -> Claim | None:
        """The claim of the value at `span` of sentence `k` (None: read_claims has none)."""
        read = self._read.get(k)
        if read is None:
            s = self.sentences[k]
            marks = tuple(m for m in self._marks if m[0] < s.end and m[1] > s.start)
            read = self._read[k] = {
                (c.value.start, c.value.end): c
                for c in _claims_in(s.text, s.start, marks, *self._flags)
            }
        return read.get(span)

    def get(self, span: tuple[int, int]) -> Claim | None:
        """The claim of the value at `span` of the conclusion, whichever its sentence."""
        k = self._sentence_of(span)
        return None if k is None else self.claim(k, span)

    def words(self, span: tuple[int, int]) -> frozenset[str] | None:
        """The naming words of the claim at `span` (its Claim.words; None: no claim there),
        without reading the rest of its sentence: the words since the figure before it, else
        the sentence's words before it (_Subjects, read from the sentence's start) - what the
        derivations' operand context asks of each value it binds."""
        if span in self._words:
            return self._words[span]
        found: frozenset[str] | None = None
        k = self._sentence_of(span)
        if k is not None and k in self._read:  # its sentence is read whole already
            claim = self._read[k].get(span)
            found = None if claim is None else claim.words
        elif k is not None:
            text = self.sentences[k].text
            light = self._values_of(k)
            v = light.by_span.get(span)
            if v is not None:
                i = bisect_right(light.figure_ends, v.start)
                since = light.figure_ends[i - 1] if i else 0
                found = naming_words(text[since : v.start], self._months)
                found = found or self._prefix(k).before(v.start)
                if self._others and says_other(text[since : v.start]):
                    found = found | {OTHER}
        self._words[span] = found
        return found

    def _prefix(self, k: int) -> _Prefixes:
        found = self._prefixes.get(k)
        if found is None:
            text = self.sentences[k].text
            subjects = _Subjects(text, extract_numbers(text), self._months)
            found = self._prefixes[k] = _Prefixes(subjects)
        return found

    def _sentence_of(self, span: tuple[int, int]) -> int | None:
        return next((k for k, s in enumerate(self.sentences) if s.start <= span[0] < s.end), None)

    def _values_of(self, k: int) -> _SentenceValues:
        """Sentence `k`'s claim values, once per sentence."""
        found = self._light.get(k)
        if found is None:
            sentence = self.sentences[k]
            s0 = sentence.start
            values = _sentence_values(sentence.text, s0, self._marks, self._standards)
            found = self._light[k] = _SentenceValues(
                values,
                sorted(u.end for u in values if not _period(u)),
                {(s0 + v.start, s0 + v.end): v for v in values},
            )
        return found


class _SentenceValues(NamedTuple):
    """A sentence's claim values (spans in the sentence), the sorted ends of its figures
    (values that are no period), and its values by their span in the conclusion."""

    values: list[NumericValue]
    figure_ends: list[int]
    by_span: dict[tuple[int, int], NumericValue]


@text_memo(max_bytes=8 * 2**20, item_bytes=600)
def _claims_in(
    text: str,
    start: int,
    marks: tuple[tuple[int, int, str], ...],
    standards: bool = False,
    others: bool = False,
    months: bool = True,
    lengths: bool = False,
) -> tuple[Claim, ...]:
    """The claims of the sentence `text` at `start` of its conclusion (`marks`: the citation
    markers of the conclusion that overlap it, the only ones its claims read; `standards`:
    a standard's number is no claim, ClaimReader)."""
    claims: list[Claim] = []
    sentence = Sentence(text, start, start + len(text))
    _sentence_claims(sentence, list(marks), True, claims, standards, others, months, lengths)
    return tuple(claims)


def _sentence_values(
    text: str, s0: int, marks: list[tuple[int, int, str]], standards: bool = False
) -> list[NumericValue]:
    """The values of a sentence (at `s0` of its conclusion) that are claims: not inside a
    citation marker; with `standards`, no standard's number ("IFRS 9"). Spans relative to
    the sentence."""
    s1 = s0 + len(text)
    near = [(a, b) for a, b, _ in marks if a < s1 and b > s0]  # the only ones a value is in
    values = extract_numbers(text)
    if standards:
        values = [v for v in values if not standard_number(text, v)]
    if not near:
        return values
    return [v for v in values if not any(a <= s0 + v.start < b for a, b in near)]


def _own_marks(
    sentence: Sentence, marks: list[tuple[int, int, str]]
) -> tuple[list[tuple[int, str]], list[int]]:
    """The citation markers that start in the sentence, (start, label), and their starts."""
    mine = [(s, label) for s, _, label in marks if sentence.start <= s < sentence.end]
    return mine, [s for s, _ in mine]


def _citation(
    mine: list[tuple[int, str]], mark_starts: list[int], s0: int, v: NumericValue
) -> str | None:
    """A value's citation: the first marker after it in its sentence, else the last before."""
    a = bisect_left(mark_starts, s0 + v.end)
    b = bisect_left(mark_starts, s0 + v.start)
    return mine[a][1] if a < len(mine) else (mine[b - 1][1] if b > 0 else None)


def _sentence_claims(
    sentence: Sentence,
    marks: list[tuple[int, int, str]],
    naming: bool,
    claims: list[Claim],
    standards: bool = False,
    others: bool = False,
    months: bool = True,
    lengths: bool = False,
) -> None:
    """The claims of one sentence of the conclusion, appended to `claims` (`marks`: the
    conclusion's citation markers; `standards`: _sentence_values')."""
    s0 = sentence.start
    text = sentence.text
    found = mentions(_without_marks(text))
    if not naming and not found:
        return  # no period named: every value's periods are ()
    scanned = extract_numbers(text)
    values = _sentence_values(text, s0, marks, standards)
    if not values:
        return
    clauses = _clauses(text)
    clause_starts = [a for a, _ in clauses]
    sentence_periods = tuple(dict.fromkeys(p for _, _, p in found))
    mentioned = _Mentions(found)
    respectively = _RESPECTIVELY.search(text) is not None
    mine, mark_starts = _own_marks(sentence, marks)
    figures = [u for u in values if not _period(u)]
    figure_starts = sorted(u.start for u in figures)
    figure_ends = sorted(u.end for u in figures)
    own_starts = without_lengths(text, figures) if lengths else figure_starts  # d910
    subjects = _Subjects(text, scanned, months) if naming else None
    leading: dict[tuple[int, tuple[str, ...]], tuple[str, ...]] = {}
    for v in values:
        k = bisect_right(clause_starts, v.start) - 1
        c0, c1 = clauses[k] if k >= 0 and v.start < clauses[k][1] else (0, len(text))
        periods = _own_periods(v, own_starts, mentioned, c0, c1)
        if sentence_periods:
            key = (c0, periods)
            if key not in leading:
                leading[key] = _leading_periods(text[:c0], periods, found)
            periods += leading[key]
        if respectively:
            periods = ()  # "5 and 4 in 2019 and 2018, respectively": not by position
        if not naming:
            claims.append(
                Claim(v._replace(start=s0 + v.start, end=s0 + v.end), _NONE, _NONE, periods, None)
            )
            continue
        citation = _citation(mine, mark_starts, s0, v)
        # The words since the previous figure ("Pump I delivers 250 and Pump B 205") and
        # those after it up to its clause's end ("14.3% organic revenue growth"), else the
        # sentence's subject ("... from 2018 to 2019 is -12.6"); a year or date is no figure.
        i = bisect_right(figure_ends, v.start)
        since = figure_ends[i - 1] if i else 0
        j = bisect_left(figure_starts, v.end)
        until = figure_starts[j] if j < len(figure_starts) else c1
        preceding = text[since : v.start]
        assert subjects is not None
        subject = subjects.before(v.start)
        words = naming_words(preceding, months) or subject
        cut = [m.end() for m in _CLAUSE_END.finditer(preceding)]
        own = naming_words(preceding[cut[-1] :] if cut else preceding, months)
        if others and says_other(preceding):
            words |= {OTHER}
            if says_other(preceding[cut[-1] :] if cut else preceding):
                own |= {OTHER}
        if not own and until >= c1:  # its clause ends before another figure
            own = naming_words(text[v.end : c1], months)
        claims.append(
            Claim(
                value=v._replace(start=s0 + v.start, end=s0 + v.end),
                words=words,
                own_words=own or subject,
                periods=periods,
                citation=citation,
            )
        )


_NONE: frozenset[str] = frozenset()


class _Subjects:
    """naming_words(text[:start]) for the values of one sentence, left to right, built up once:
    the values are blanked out either way, so the words of the text before a value are the words
    of the gaps between the values before it. Out of order, the prefix is read whole."""

    def __init__(self, text: str, scanned: list[NumericValue], months: bool = True) -> None:
        self.text = text
        self.months = months
        self.spans = sorted((u.start, u.end) for u in scanned)
        self.next_span = 0
        self.read_to = 0
        self.words: set[str] = set()

    def before(self, start: int) -> frozenset[str]:
        if start < self.read_to:
            return naming_words(self.text[:start], self.months)
        spans = self.spans
        while self.next_span < len(spans) and spans[self.next_span][1] <= start:
            a, b = spans[self.next_span]
            if a > self.read_to:
                self.words |= naming_words(self.text[self.read_to : a], self.months)
            self.read_to = max(self.read_to, b)
            self.next_span += 1
        if start > self.read_to:
            self.words |= naming_words(self.text[self.read_to : start], self.months)
            self.read_to = start
        return frozenset(self.words)


class _Prefixes:
    """A fresh _Subjects' before(start) for any start: its states kept (ClaimReader.words)."""

    def __init__(self, subjects: _Subjects) -> None:
        self.subjects = subjects
        # before(start) reads the values up to the first whose end is past start.
        self.reach = list(accumulate((end for _, end in subjects.spans), max))
        self.states: list[tuple[int, frozenset[str]]] = [(0, frozenset())]

    def before(self, start: int) -> frozenset[str]:
        spans, text, states = self.subjects.spans, self.subjects.text, self.states
        months = self.subjects.months
        j = bisect_right(self.reach, start)
        while len(states) <= j:
            read_to, words = states[-1]
            a, b = spans[len(states) - 1]
            if a > read_to:
                words = words | naming_words(text[read_to:a], months)
            states.append((max(read_to, b), words))
        read_to, words = states[j]
        if start > read_to:
            words = words | naming_words(text[read_to:start], months)
        return words


@text_memo(max_bytes=2 * 2**20, item_bytes=80)
def naming_words(clause: str, months: bool = True) -> frozenset[str]:
    """The stemmed content words of a clause, without its values, periods and markers. A
    month is a whole word ("March", "Dec."; policy month_words "whole_words", d714); with
    `months` False, as at 2.50.0, any word starting as a month does ("Markets", "margin",
    "decrease"; month_words "prefix"). A one-letter name is kept ("Pump I", "Class B"). A value
    read from its words (registry.WORDED: "the fourth quarter of 2019") keeps its words: they
    name as a row's label does ("Fourth Quarter"). Cached: a clause, a gap between figures and
    a row label are asked for again (a value's words and its own words, the table's labels for
    each value)."""
    text = clause
    for v in extract_numbers(clause):
        blank = _DIGITS.sub(" ", v.text) if v.kind in WORDED else " " * (v.end - v.start)
        text = text[: v.start] + blank + text[v.end :]
    text = (_PERIOD_WORDS if months else _PREFIX_PERIOD_WORDS).sub(" ", _without_marks(text))
    letters = {m.group(1).lower() for m in _ONE_LETTER_NAME.finditer(text)}
    if not text.isascii():
        # "泵A", "A泵": a letter beside a CJK word names as "Pump A" does (gate 2.21.0).
        letters |= {(m.group(1) or m.group(2)).lower() for m in _CJK_LETTER_NAME.finditer(text)}
    return stemmed_words(text) | letters


_DIGITS = re.compile(r"[0-9０-９]")
_ONE_LETTER_NAME = re.compile(r"(?<=[A-Za-z] )([A-Z])(?![\w.'])")
_CJK_LETTER_NAME = re.compile(
    r"(?:(?<=[\u4e00-\u9fff])([A-Z])(?![A-Za-z0-9.'])|(?<![A-Za-z0-9])([A-Z])(?=[\u4e00-\u9fff]))"
)


def _without_marks(text: str) -> str:
    return _CITATION.sub(lambda m: " " * len(m.group(0)), text)


def _clauses(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE_END.finditer(text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out
