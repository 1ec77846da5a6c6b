"""How a value finding names its values: the value's reference, its near miss, the near miss's
sentence (one per reason; the kinds add theirs in values/registry.py) and the message of a value
grounded other than verbatim. Split out of answer_numbers.py, which decides; this module only
words. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping

from groundgate.engine.context.cell_names import table_cell
from groundgate.engine.context.facts import PLAIN, TableReading
from groundgate.engine.context.rate_alternatives import rate_said
from groundgate.engine.evidence_values import Located
from groundgate.engine.findings import Derivation, NearMatch, ValueRef
from groundgate.engine.near_search import Hint
from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import EQUIVALENCE_RULES, SHARED_DAY, Quantity
from groundgate.engine.units import DURATIONS, normalise_unit
from groundgate.engine.values.registry import KINDS


def value_ref(located: Located) -> ValueRef:
    if located.where == "answer":
        return ValueRef(
            text=located.quantity.value.text, span=located.span, field="answer.conclusion"
        )
    return ValueRef(
        text=shown(located.quantity),
        evidence_index=located.evidence_index,
        span=located.span,
        chunk_id=located.chunk_id,
        chunk_span=located.chunk_span,
    )


def date_parts(located: Located) -> tuple[ValueRef, ValueRef] | None:
    """A date read from a header's day and a year written apart (values/date/evidence,
    SHARED_DAY; "December 31,  Increase (Decrease)" over "2019  2018 ..."): its day
    ("December 31,") and its year ("2019"), each located where it is written, not the text
    between them (d635). None for any other value."""
    q = located.quantity
    if q.unit != SHARED_DAY or located.where == "answer":
        return None
    text, reading = q.value.text, q.value.quantity  # "December 31, 2019": the day, ", ", a year
    day = len(reading) - 6
    if day <= 0 or not text.startswith(reading[:day]) or len(text) < day + 4:
        return None
    if text[day : day + 1] == ",":
        day += 1
    year = len(text) - 4

    def part(start: int, end: int) -> ValueRef:
        def moved(span: tuple[int, int] | None) -> tuple[int, int] | None:
            return (span[0] + start, span[0] + end) if span is not None else None

        return ValueRef(
            text=text[start:end],
            evidence_index=located.evidence_index,
            span=moved(located.span),
            chunk_id=located.chunk_id,
            chunk_span=moved(located.chunk_span),
        )

    return part(0, day), part(year, len(text))


def grounded_by(located: Located) -> tuple[ValueRef, Derivation | None]:
    """A grounded finding's `grounded_by` (and `derivation`) for the value that grounded it. A
    header's date (date_parts) is located at its day, and both its parts are the operands of a
    `shared_day` derivation, so the page marks the day and the year, not the text between."""
    parts = date_parts(located)
    ref = value_ref(located)
    if parts is None:
        return ref, None
    day, year = parts
    return ref.model_copy(update={"span": day.span, "chunk_span": day.chunk_span}), Derivation(
        operation="shared_day", formula=f"{day.text} + {year.text}", operands=[day, year]
    )


def near_match(hint: Hint) -> NearMatch:
    """value_ref(hint.source)'s six fields, every one given (as its model_dump gave them, so
    the same fields are set), with the reason: one model made and validated, not two (d632). A
    header's date (date_parts) is located at the part that differs: the year, or the day."""
    located = hint.source
    answer = located.where == "answer"
    span, chunk_span = located.span, None if answer else located.chunk_span
    parts = date_parts(located)
    if parts is not None:
        part = parts[1] if hint.reason == "wrong_year" else parts[0]
        span, chunk_span = part.span, part.chunk_span
    return NearMatch(
        text=located.quantity.value.text if answer else shown(located.quantity),
        evidence_index=None if answer else located.evidence_index,
        span=span,
        chunk_id=None if answer else located.chunk_id,
        chunk_span=chunk_span,
        field="answer.conclusion" if answer else None,
        reason=hint.reason,
        detail=hint.detail or None,
    )


NEAR_TEXT = {
    "same_quantity": "near match: evidence {index} has {text!r}, the same value written "
    "differently ({detail}); this policy requires it verbatim",
    "outside_excerpt": "chunk {chunk!r} has {text!r}, outside the excerpt that evidence {index} "
    "quotes",
    "other_chunk": "chunk {chunk!r} has {text!r}; no accepted excerpt quotes that chunk",
    "wrong_sign": "near miss: evidence {index} has {text!r}, the same number with the opposite "
    "sign, and neither text gives the sign in words or parentheses",
    # and those of the kinds (values/registry.py): "digit_changed", "wrong_year", ...
    **{reason: text for kind in KINDS for reason, text in kind.near_misses.items()},
}


def shown(q: Quantity) -> str:
    """An evidence value as the reviewer reads it: its text, or for a date read from a header
    (values/date/evidence) the date it gives ("January 29, 2022"); its span still marks the
    header."""
    return q.value.quantity if q.unit == SHARED_DAY else q.value.text


class _Said:
    """A near miss's text as its sentence says it (every sentence writes `{text!r}`): the
    quoted text, and the cell it is when it is one ("'$1,949' for Land (2019)")."""

    def __init__(self, text: str, cell: str | None) -> None:
        self.text, self.cell = text, cell

    def __repr__(self) -> str:
        return repr(self.text) if self.cell is None else f"{self.text!r} for {self.cell}"


def hint_text(
    hint: Hint, excerpts: Mapping[int, str] | None = None, reading: TableReading = PLAIN
) -> str:
    """The near miss's sentence; a near miss that is a cell of a cited excerpt's table is named
    by its row and column, "evidence 0 has '$1,949' for Land (December 31, 2019) (one digit
    differs)" (`excerpts`: the accepted excerpts by evidence index; d636)."""
    source = hint.source
    index = source.evidence_index
    excerpt = (excerpts or {}).get(index) if index is not None else None
    cell = None
    if (
        excerpt is not None
        and source.where == "excerpt"
        and source.span is not None
        and source.quantity.unit != SHARED_DAY
    ):
        cell = table_cell(excerpt, source.span, reading)
    return NEAR_TEXT[hint.reason].format(
        index=index,
        text=_Said(shown(source.quantity), cell),
        chunk=source.chunk_id,
        detail=hint.detail,
    )


def duration_said(value: NumericValue) -> bool:
    """Whether the answer's value is a duration ("six months", "52 weeks", "3 years"): a
    length of time takes no table's scale (d960)."""
    return bool(value.unit) and normalise_unit(value.unit) in DURATIONS


def grounded_message(
    value: NumericValue,
    rules: list[str],
    source: Located,
    question_scale: tuple[int, str] | None,
) -> str:
    """The message of a value grounded other than verbatim: the rules, the evidence value, and
    the declaration or the question's scale that the rules used."""
    how = "; ".join(f"{r} ({EQUIVALENCE_RULES[r]})" for r in rules)
    where = f"evidence {source.evidence_index}" if source.evidence_index is not None else "evidence"
    found = source.quantity
    parts = date_parts(source)
    if parts is not None:  # values/date/evidence: a date read from a table's header
        message = f"{value.text!r} grounded by {how}: {where} gives {shown(found)!r}, the "
        message += f"header's day {parts[0].text!r} and its year {parts[1].text!r}"
    else:
        message = f"{value.text!r} grounded by {how}: {where} has {shown(found)!r}"
    declaration = source.context.declaration
    # A percent or percentage points take no table's scale: "'15.23%' ... as_written" under
    # "单位：万元" names no scale (d927); nor does a duration read as written: "'six months'
    # ... as_written" under "$ in millions" (d960; a scale the grounding used is still named).
    if (
        declaration is not None
        and {"declared_scale", "as_written"} & set(rules)
        and not rate_said(value)
        and not (duration_said(value) and "declared_scale" not in rules)
    ):
        # The declaration as a reviewer reads it: a PDF's no-break or doubled spaces are one
        # space, never a repr escape ("'($\\xa0in millions'", d939).
        said = " ".join(declaration.text.split())
        message += f"; scale from {said!r} in chunk {declaration.chunk_id!r}"
    if "question_scale" in rules and question_scale is not None:
        message += f"; the question asks {question_scale[1]!r}"
    return message
