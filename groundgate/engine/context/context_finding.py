"""A value out of context: its VALUE_OUT_OF_CONTEXT finding (context/grounding.py judges the
value; here the finding is written: the cell it is, the cell that fits the answer instead as its
near match, both boxed in the chunk) and the binding of the answer's value in its sentence, read
on first need. Moved out of grounding.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from groundgate.engine.context.cell_names import cell_name
from groundgate.engine.context.claims import Claim
from groundgate.engine.context.disagreement import _alternative
from groundgate.engine.context.excerpt_index import _Seen
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.context.point_units import of_another_unit, unit_detail
from groundgate.engine.context.prose_bindings import Said, answer_binding
from groundgate.engine.context.prose_directions import direction_detail
from groundgate.engine.context.prose_subjects import subject_name
from groundgate.engine.findings import Finding, NearMatch, NumberFinding
from groundgate.engine.numbers import NumericValue
from groundgate.engine.sentences import Sentence

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

VALUE_OUT_OF_CONTEXT = "VALUE_OUT_OF_CONTEXT"
# Near-miss reasons of this rule (NearMatch.reason), most specific first.
CONTEXT_REASONS = (
    "another_source",
    "another_row",
    "another_subject",
    "another_period",
    "another_column",
    "another_direction",
)


def _finding(
    claim: Claim,
    matches: list[tuple[int, Fact, _Seen]],
    reasons: list[str | None],
    accepted: list[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
    cited: int | None,
    named: tuple[str, ...] = (),
    relative: bool = False,
    bound: Callable[[], Said] | None = None,
    years: bool = False,
) -> Finding:
    order = {r: i for i, r in enumerate(CONTEXT_REASONS)}
    k = min(range(len(matches)), key=lambda i: (order[reasons[i] or ""], i))
    index, fact, seen = matches[k]
    reason = reasons[k] or ""
    chunk_id = next(ev.chunk_id for i, ev in accepted if i == index)
    offset = located[index][1] if located and index in located else None
    alt = _alternative(claim, fact, seen, reason, named, relative, bound, years)
    text = claim.value.text
    own_clause = reason == "another_subject" and (
        bound is None or seen.subjects().another_subject(fact, claim.words | claim.own_words)
    )
    if own_clause:
        subjects = seen.subjects()
        detail = f"{text} is {subject_name(subjects, fact, alt)}'s" + (
            f"; {subject_name(subjects, alt, fact)} has {alt.value.text}" if alt else ""
        )
    elif reason == "another_direction":
        detail = direction_detail(text, fact, seen, cell_name(fact))
    elif reason == "another_subject":  # bound to another value's subject (d690)
        bindings = seen.bindings()
        detail = f"{text} is said of {bindings.name(fact, alt)}" + (
            f"; {bindings.name(alt, fact)} has {alt.value.text}" if alt else ""
        )
    elif (
        reason == "another_column"
        and seen.points
        and of_another_unit(claim.value, fact, seen.rate_columns)
    ):
        detail = unit_detail(claim.value, cell_name(fact))  # "percent, not points" (d788)
    elif reason in ("another_row", "another_period", "another_column"):
        detail = f"{text} is the figure for {cell_name(fact)}" + (
            f"; {cell_name(alt)} has {alt.value.text}" if alt else ""
        )
    else:
        detail = f"{text} is in evidence {index}; the sentence cites evidence {cited}"
    near = alt or fact

    def chunk_span(f: Fact) -> tuple[int, int] | None:
        return (offset + f.start, offset + f.end) if offset is not None else None

    return NumberFinding(
        code=VALUE_OUT_OF_CONTEXT,
        message=f"{text!r} is in the evidence about something else: {detail}",
        field="answer.conclusion",
        span=(claim.value.start, claim.value.end),
        value=text,
        evidence_index=index,
        chunk_id=chunk_id,
        chunk_span=chunk_span(fact),
        near_match=NearMatch(
            text=near.value.text,
            evidence_index=index,
            span=(near.start, near.end),
            chunk_id=chunk_id,
            chunk_span=chunk_span(near),
            reason=reason,
            detail=detail,
        ),
    )


def _answer_bound(
    sentence: Sentence, value: NumericValue, reading: TableReading = PLAIN
) -> Callable[[], Said]:
    """The binding of an answer's value in its sentence (prose_bindings), read on first need
    (as `reading`'s prose_facets reads it, d774, d780)."""
    read: list[Said] = []

    def get() -> Said:
        if not read:
            s0 = sentence.start
            own = value._replace(start=value.start - s0, end=value.end - s0)
            nouns = reading.count_nouns
            pairs = reading.respective
            read.append(answer_binding(sentence.text, own, reading.change_words, nouns, pairs))
        return read[0]

    return get
