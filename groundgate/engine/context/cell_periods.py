"""A right answer's period words grounded by the header its cell takes (policy period_words
"cell_headers", gate 2.86.0, d1011; issue 28, s52).

An answer that cites only the row its figure is in ("Net income $ 1,242,408 12.2% $ 985,837
11.4%" of Ulta Beauty's Exhibit 2) and says the period the figure is of ("Net income was
$1,242,408 thousand in the 52 weeks ended January 28, 2023") had its period words refused:
"52 weeks" and "January 28, 2023" are in no excerpt, though the chunk's header over the row,
which the context rule reads to refuse the 13-week slip (excerpt_headers "chunk_columns",
d940; period_spans "printed_heads", d986), heads the cited cell with exactly them. Here the
answer's period words - a length ("52 weeks", "three months", "six months"), a day ("January
28, 2023"), a year ("2023") - that the number check left ungrounded are grounded where the
value they describe is a cell of the excerpt that took its column from its chunk and that
column's header prints them: the cell's own header only, never another column's.

The value a period's words describe: in their sentence, the nearest value before them that is
no period word, else the first after them ("In the 52 weeks ended ..., net income was $X").
It must be a cell of a located part of its chunk (chunk_headers.located_parts: the whole chunk
cited already holds its header) of the same figure (its scale aside: "$1,242,408 thousand" is
the cell "1,242,408"). Not read, as before: a value rounded ("$1.24 billion"), a period word
the question states (NUMBER_FROM_QUESTION, the number check's), a fiscal year's name ("fiscal
2022": the number check's and fiscal_years'), a prose value (a sentence keeps its own words'
periods, d940). A length is grounded where the header prints the same length in the same unit
("52 Weeks Ended" for "52 weeks", not for "twelve months"), a day where the header prints the
same day, a year where the header prints it (alone or as its day's year). Pure: no Django, no
I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from groundgate.engine.context.cell_names import cell_name
from groundgate.engine.context.chunk_headers import evidence_seen, from_chunk, located_parts
from groundgate.engine.context.facts import Fact, TableReading
from groundgate.engine.findings import Finding, NumberFinding, ValueRef
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.quantities import Quantity, typed
from groundgate.engine.sentences import split_sentences

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

# The info finding of this rule: a period word grounded by its cell's header (d1011).
NUMBER_CELL_HEADER: Final = "NUMBER_CELL_HEADER"
_UNGROUNDED: Final = "UNGROUNDED_NUMBER"  # answer_numbers.UNGROUNDED_NUMBER (no import cycle)

_NUMBER_WORDS: Final = {
    "three": 3, "six": 6, "nine": 9, "twelve": 12, "thirteen": 13, "twenty-six": 26,
    "thirty-nine": 39, "fifty-two": 52, "fifty-three": 53,
}  # fmt: skip
# A length a header prints: "52 Weeks Ended", "Three Months Ended", "Twelve months ended".
_HEAD_LENGTH = re.compile(
    r"(?i)(?<![\w-])(?P<n>\d{1,2}|three|six|nine|twelve|thirteen|twenty[\s-]+six"
    r"|thirty[\s-]+nine|fifty[\s-]+(?:two|three))[\s-]+(?P<unit>week|month)s?[\s-]+end(?:ed|ing)"
)
_FIGURES: Final = frozenset({"count", "amount", "percent"})  # a cell's kinds of figure
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def header_grounded(
    conclusion: str,
    accepted: Sequence[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
    findings: list[Finding],
    reading: TableReading,
) -> list[Finding]:
    """`findings` with each UNGROUNDED_NUMBER of a period word that its value's cell's header
    prints replaced by a NUMBER_CELL_HEADER info finding (d1011)."""
    spans = {f.span for f in findings if f.code == _UNGROUNDED and f.span is not None}
    if not spans:
        return findings
    values = {(v.start, v.end): v for v in extract_numbers(conclusion)}
    periods = {s: q for s in spans if s in values and _period_kind(q := typed(values[s]))}
    if not periods:
        return findings
    parts = located_parts(accepted, located)
    if not parts:
        return findings
    cells: list[tuple[int, Fact]] = []
    for index, evidence in accepted:
        part = parts.get(index)
        if part is not None:
            seen = evidence_seen(evidence.excerpt, True, reading, part)
            cells.extend((index, f) for f in seen.facts if from_chunk(f, seen))
    if not cells:
        return findings
    errors = {f.span for f in findings if f.severity == "error"}
    replaced: dict[tuple[int, int], Finding] = {}
    for sentence in split_sentences(conclusion):
        inside = [v for k, v in values.items() if sentence.start <= k[0] < sentence.end]
        for (start, end), q in periods.items():
            if not sentence.start <= start < sentence.end:
                continue
            anchor = _described(inside, start)
            if anchor is None or (anchor.start, anchor.end) in errors:
                continue
            for index, fact in _cells_of(anchor, cells):
                if _prints(fact.column, q):
                    replaced[start, end] = _finding(
                        values[start, end], fact, index, accepted, parts
                    )
                    break
    if not replaced:
        return findings
    return [replaced.get(f.span, f) if f.span is not None else f for f in findings]


def _period_kind(q: Quantity) -> bool:
    """A length ("52 weeks", "six months"), a day with its year, or a year ("2023", "2019年")."""
    if q.kind == "date":  # a day with its year, or a year alone ("2019年")
        day = q.date
        return day is not None and day.year is not None and (day.day is not None or not day.month)
    if q.kind == "count" and q.unit in ("week", "month"):
        return q.figure is not None
    return q.is_year()


def _described(inside: list[NumericValue], start: int) -> NumericValue | None:
    """The value the period word at `start` describes: the nearest before it in its sentence
    that is no period word (a length, a day, a year), else the first after it."""
    others = [v for v in inside if not _period_kind(typed(v))]
    before = [v for v in others if v.end <= start]
    if before:
        return before[-1]
    after = [v for v in others if v.start > start]
    return after[0] if after else None


def _figure(q: Quantity) -> Decimal | None:
    return q.figure.normalize() if q.figure is not None else None


def _cells_of(value: NumericValue, cells: list[tuple[int, Fact]]) -> list[tuple[int, Fact]]:
    """The headed cells of the answer's value's figure (its scale aside)."""
    q = typed(value)
    figure = _figure(q)
    if figure is None or q.kind not in _FIGURES or q.is_year():
        return []
    out = []
    for cell in cells:
        other = typed(cell[1].value)
        same = other.kind == q.kind or {other.kind, q.kind} <= {"count", "amount"}
        if same and _figure(other) == figure:
            out.append(cell)
    return out


def _prints(header: str, q: Quantity) -> bool:
    """Whether the cell's header prints the period word `q`."""
    if q.kind == "date" and q.date is not None and q.date.day is None:
        return str(q.date.year) in _YEAR.findall(header)
    if q.kind == "date":
        return any(
            (other := typed(v)).kind == "date" and other.date == q.date
            for v in extract_numbers(header)
        )
    if q.unit in ("week", "month") and q.figure is not None:
        for m in _HEAD_LENGTH.finditer(header):
            said = re.sub(r"[\s-]+", "-", m.group("n").casefold())
            n = int(said) if said.isdigit() else _NUMBER_WORDS.get(said)
            if n == int(q.figure) and m.group("unit").casefold() == q.unit:
                return True
        return False
    return str(int(q.figure or 0)) in _YEAR.findall(header)


def _finding(
    value: NumericValue,
    fact: Fact,
    index: int,
    accepted: Sequence[tuple[int, Evidence]],
    parts: dict[int, tuple[str, int]],
) -> Finding:
    chunk_id = next(ev.chunk_id for i, ev in accepted if i == index)
    offset = parts[index][1]
    return NumberFinding(
        code=NUMBER_CELL_HEADER,
        severity="info",
        message=f"{value.text!r} is the period of the cell it describes: evidence {index} has "
        f"{fact.value.text!r}, the figure for {cell_name(fact)}, headed by chunk {chunk_id!r} "
        "outside the excerpt",
        field="answer.conclusion",
        span=(value.start, value.end),
        value=value.text,
        grounded_by=ValueRef(
            text=fact.value.text,
            evidence_index=index,
            span=(fact.start, fact.end),
            chunk_id=chunk_id,
            chunk_span=(offset + fact.start, offset + fact.end),
        ),
    )


_QUESTION: Final = "NUMBER_FROM_QUESTION"  # answer_numbers.NUMBER_FROM_QUESTION
_OUT: Final = "VALUE_OUT_OF_CONTEXT"  # context_finding.VALUE_OUT_OF_CONTEXT


def period_notes(conclusion: str, findings: list[Finding]) -> list[Finding]:
    """`findings` without the "restates the question" note of a period word (a length, a day, a
    year) in a sentence where a value is out of context for its period (d1012): the period the
    question and the answer say is what that finding contradicts, not "no claim"."""
    out = [
        f.span
        for f in findings
        if f.code == _OUT and f.span and f.near_match and f.near_match.reason == "another_period"
    ]
    notes = [f for f in findings if f.code == _QUESTION and f.span is not None]
    if not out or not notes:
        return findings
    values = {(v.start, v.end): v for v in extract_numbers(conclusion)}
    dropped: set[tuple[int, int]] = set()
    for sentence in split_sentences(conclusion):
        if not any(sentence.start <= s[0] < sentence.end for s in out):
            continue
        for f in notes:
            span = f.span
            value = values.get(span) if span is not None else None
            if span and value and sentence.start <= span[0] < sentence.end:
                if _period_kind(typed(value)):
                    dropped.add(span)
    if not dropped:
        return findings
    return [f for f in findings if not (f.code == _QUESTION and f.span in dropped)]
