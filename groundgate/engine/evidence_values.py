"""The evidence values the answer gate's number rule looks up (number_grounding.EvidenceIndex):
a typed value and where it is (Located), how one grounds a value (Grounding), and an excerpt's
typed values read once per text with the keys the index files them under (_excerpt_reading),
placed in their chunks once per evidence set (_Reading, made by number_grounding._placed).
Moved out of number_grounding.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from groundgate.engine.context.fiscal_names import start_years
from groundgate.engine.index_keys import index_keys
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.quantities import Context, Quantity, typed
from groundgate.engine.scale_contexts import LazyContext
from groundgate.engine.text_memo import text_memo
from groundgate.engine.units import UNIT_FAMILIES
from groundgate.engine.values.capitals import folded
from groundgate.engine.values.date.evidence import shared_day_dates, squeezed_dates
from groundgate.engine.year_quarters import sentence_year_quarters


class EvidenceLike(Protocol):
    @property
    def chunk_id(self) -> str: ...
    @property
    def excerpt(self) -> str: ...


class Located(NamedTuple):
    """A typed value found in the evidence, and where: in the excerpt of evidence
    `evidence_index` (span), and in the text of chunk `chunk_id` (chunk_span)."""

    quantity: Quantity
    context: Context | LazyContext  # a LazyContext reads the same, on demand
    chunk_id: str
    chunk_span: tuple[int, int] | None
    evidence_index: int | None = None
    span: tuple[int, int] | None = None
    where: str = "excerpt"  # excerpt | outside_excerpt | other_chunk


@dataclass(frozen=True, slots=True)
class Grounding:
    rules: tuple[str, ...]
    source: Located


_NOT_NUMERIC = frozenset({"date", "time", "identifier"})


# The roles of the entries of _excerpt_reading: a value, an end of the range before it, a
# date of values/date/evidence.
_VALUE, _END, _DATE = 0, 1, 2


# One typed value of an excerpt: (quantity, start, end, role, its significant digits when it is
# a number (the digit index), its keys in the key index).
_Entry = tuple[Quantity, int, int, int, str | None, tuple[tuple[object, ...], ...]]


@text_memo(max_bytes=16 * 2**20, item_bytes=400)
def _excerpt_reading(
    excerpt: str,
    header_lines: int = 0,
    capitals: str = "off",
    quarters: bool = False,
    fiscal: bool = False,
) -> tuple[_Entry, ...]:
    """The typed values of an excerpt in EvidenceIndex order (each value, then its range's
    ends, then the dates of values/date/evidence), each with the keys the index files it
    under: a pure function of the text, read once per text (excerpts repeat across the answers
    about one filing, text_memo.py). EvidenceIndex._build places them in their chunk.
    `capitals` (capital_words, d679): "units", "units_months" - the excerpt read with its
    units (and months) in title case or capitals as in lower case ("Three Months Ended MARCH
    31,", values/capitals.py), each value's text as the excerpt writes it. `quarters`
    (year_quarters "sentence_year", d854): a quarter named without its year in a sentence
    naming one year is offered as that year's (year_quarters.py), as a date is. `fiscal`
    (fiscal_years "declared_names", d947): where the case's excerpts name its retail years by
    their start, a late January or early February day's year before is offered as its fiscal
    year (fiscal_names.start_years)."""
    text = excerpt if capitals == "off" else folded(excerpt, capitals == "units_months")
    values = extract_numbers(text)
    if text != excerpt:
        values = [v._replace(text=excerpt[v.start : v.end]) for v in values]
    entries: list[_Entry] = []
    for value in values:
        q = typed(value)
        start, end = value.start, value.end
        entries.append((q, start, end, _VALUE, *_keys(q)))
        for end_q in q.endpoints:
            entries.append((end_q, start, end, _END, *_keys(end_q)))
    dates = squeezed_dates(excerpt) + shared_day_dates(excerpt, values, header_lines)
    if quarters:
        dates += sentence_year_quarters(excerpt, values)
    if fiscal:
        dates += start_years(excerpt)
    for q in dates:
        v = q.value
        entries.append((q, v.start, v.end, _DATE, *_keys(q)))
    return tuple(entries)


class _Reading:
    """The excerpt values of one evidence set placed in their chunks (EvidenceIndex._build),
    with the index's lookup tables, and `derived`: what the derivation search makes of these
    values (their amounts, signs, sorted pools; gates/answer_numbers.py), kept with them.
    Shared by the cases that cite the same texts: read only, and `derived` only added to."""

    __slots__ = (
        "by_key",
        "derived",
        "digit_keys",
        "digit_positions",
        "numeric_positions",
        "values",
    )

    def __init__(
        self,
        values: list[Located],
        numeric_positions: list[int],
        digit_keys: list[str],
        digit_positions: list[int],
        by_key: dict[tuple[object, ...], list[int]],
    ) -> None:
        self.values, self.numeric_positions = values, numeric_positions
        self.digit_keys, self.digit_positions, self.by_key = digit_keys, digit_positions, by_key
        self.derived: dict[tuple[object, ...], object] = {}

    def __len__(self) -> int:  # (the memo's measure of its size)
        return len(self.values)


class _Chunk(NamedTuple):
    chunk_id: str
    text: str
    page_index: int | None


class _Excerpt(NamedTuple):
    chunk_id: str
    excerpt: str


_PlacedKey = tuple[
    # the scale scope, whether unspaced scale headers are read, shared_days (0 adjacent, 1
    # header lines, d592; 2 flattened lines, d677), capital_words (d679), year_quarters (d854),
    # fiscal_years "declared_names" (d947)
    tuple[str, bool, int, str, bool, bool],
    tuple[tuple[str, str, int | None], ...],
    tuple[tuple[int, str, str], ...],
    tuple[tuple[int, int | tuple[str, str, int | None], int], ...],
]


def _keys(q: Quantity) -> tuple[str | None, tuple[tuple[object, ...], ...]]:
    """The significant digits a number is found by (None: no number), and the keys of the key
    index (index_keys: none for other numbers, and for a count only when it may be a year -
    four digits - or is all digits)."""
    kind = q.kind
    if q.figure is not None and kind not in _NOT_NUMERIC:  # q.numeric
        digits = q.digits.rstrip("0")
        if kind != "count" or not (
            len(q.digits) == 4 or q.value.quantity.isdigit() or q.unit in UNIT_FAMILIES
        ):
            return digits, ()
        return digits, tuple(index_keys(q))
    return None, tuple(index_keys(q))


def _located(
    value: NumericValue,
    context: Context | LazyContext,
    chunk_id: str,
    chunk_span: tuple[int, int] | None,
    index: int | None,
    where: str,
) -> list[Located]:
    """A value, and the ends of a range as values of their own (an excerpt's "10-20" offers 10
    and 20)."""
    q = typed(value)
    span = (value.start, value.end) if where == "excerpt" else None
    found = [Located(q, context, chunk_id, chunk_span, index, span, where)]
    for end in q.endpoints:
        found.append(Located(end, context, chunk_id, chunk_span, index, span, where))
    return found
