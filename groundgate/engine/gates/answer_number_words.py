"""How a value finding names its values: the value's reference, its near miss, the near miss's
sentence (one per reason; the kinds add theirs in values/registry.py) and the message of a value
grounded other than verbatim. Split out of answer_numbers.py, which decides; this module only
words. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.evidence_values import Located
from groundgate.engine.findings import NearMatch, ValueRef
from groundgate.engine.near_search import Hint
from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import EQUIVALENCE_RULES, SHARED_DAY, Quantity
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


def near_match(hint: Hint) -> NearMatch:
    """value_ref(hint.source)'s six fields, every one given (as its model_dump gave them, so
    the same fields are set), with the reason: one model made and validated, not two (d632)."""
    located = hint.source
    answer = located.where == "answer"
    return NearMatch(
        text=located.quantity.value.text if answer else shown(located.quantity),
        evidence_index=None if answer else located.evidence_index,
        span=located.span,
        chunk_id=None if answer else located.chunk_id,
        chunk_span=None if answer else located.chunk_span,
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


def hint_text(hint: Hint) -> str:
    source = hint.source
    return NEAR_TEXT[hint.reason].format(
        index=source.evidence_index,
        text=shown(source.quantity),
        chunk=source.chunk_id,
        detail=hint.detail,
    )


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
    if found.unit == SHARED_DAY:  # values/date/evidence: a date read from a table's header
        header = " ".join(found.value.text.split())
        message = f"{value.text!r} grounded by {how}: {where} gives {shown(found)!r} in "
        message += f"the header {header!r}"
    else:
        message = f"{value.text!r} grounded by {how}: {where} has {shown(found)!r}"
    declaration = source.context.declaration
    if declaration is not None and {"declared_scale", "as_written"} & set(rules):
        message += f"; scale from {declaration.text!r} in chunk {declaration.chunk_id!r}"
    if "question_scale" in rules and question_scale is not None:
        message += f"; the question asks {question_scale[1]!r}"
    return message
