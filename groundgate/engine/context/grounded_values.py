"""An answer's values grounded as stated by their size, and the evidence quantity that grounded
each: what the sign rules (sign_sides, plain_negatives) and the context rule (grounding) read
after the number check has spoken. Pure: no Django, no I/O."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from groundgate.engine.context.periods import is_period_value
from groundgate.engine.findings import Finding
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.values.typed import typed

GROUNDED = "NUMBER_EQUIVALENT"  # the info finding of a value grounded by an equivalence rule


def grounded_needle(quantity: str, finding: Finding | None) -> str | None:
    """The evidence quantity that grounded a value: its own `quantity` (verbatim, no finding),
    or the one its equivalence finding names; None when the finding names none."""
    if finding is None:
        return quantity
    source = getattr(finding, "grounded_by", None)
    if source is None:
        return None
    found = extract_numbers(source.text)
    return found[0].quantity if found else None


def grounded_by_size(
    conclusion: str, number_findings: Sequence[Finding]
) -> Iterator[tuple[NumericValue, Finding | None]]:
    """Each value of `conclusion` the number check grounded (verbatim, or by an equivalence:
    not ungrounded, exempt or derived) that is no period and is stated without its sign, with
    its finding (None when verbatim)."""
    by_span = {f.span: f for f in number_findings if f.span is not None}
    for value in extract_numbers(conclusion):
        finding = by_span.get((value.start, value.end))
        if finding is not None and (finding.severity == "error" or finding.code != GROUNDED):
            continue  # ungrounded, exempt or derived: not these rules'
        if is_period_value(value) or typed(value).negative:
            continue  # a period; a value stated with its sign, not by its size
        yield value, finding
