"""The named equivalence rules: every way an evidence value may ground an answer value other
than written the same way, in one ordered list (the order is the risk). A kind's compare returns
their names (ValueKind.rules lists a kind's); a policy allows a subset, and the gate reports each
one it used as an info finding. Examples of each: docs/number-grammar.md.
Pure: no Django, no I/O.
"""

from __future__ import annotations

# The equivalence rules, each with what it means. A policy allows a subset (the verbatim policy
# none). Risk orders them: when several evidence values ground a value, the least risky wins.
EQUIVALENCE_RULES: dict[str, str] = {
    "format": "the same value written differently",
    "date_format": "the same date written differently",
    "date_shared_day": "a day written once for the years after it, as a table header writes it",
    "time_format": "the same time of day written differently",
    "time_12_hour": "a time of day given without am/pm (or 上午/下午), in either half of the day",
    "identifier_digits": "the same digits with other punctuation",
    "country_code": "a phone number with or without its country code",
    "score": "a score's value without or with its scale",
    "ordinal": "an ordinal and its number",
    "sign": "the sign given in words or parentheses",
    "rescaled": "the same amount at another magnitude",
    "unit_converted": "the same duration or measure in another unit (2 years = 24 months)",
    "declared_scale": "the evidence's scale is declared for its table or paragraph",
    "question_scale": "the answer's scale is declared in the question",
    "as_written": "the figure as the evidence writes it, without its declared or written scale",
    "percent_declared": "the evidence's figure is in a column or text declared as percent",
    "date_less_precise": "the date given less precisely than the evidence gives it",
    "rounded": "the evidence's value rounded to the answer's precision",
    "bound": "the evidence's value is within the bound the answer states, near it",
    "range_endpoints": "each end of the range is in the evidence",
    "undeclared_scale": "the answer adds a magnitude that the evidence states nowhere",
    # Not allowed by default (d783): a selectable reading, the one before gate 2.59.0.
    "year_figure": "a bare year (a column's 2022) read as the figure the answer writes with a "
    "thousands separator ($2,022 million, 2,022 employees)",
}
# The rules a policy allows unless it names its own (AnswerGatePolicy.equivalences).
NOT_BY_DEFAULT = ("year_figure",)
_RISK = {rule: risk for risk, rule in enumerate(EQUIVALENCE_RULES)}


def risk(rules: tuple[str, ...]) -> tuple[int, int]:
    """Order of preference between two ways of grounding a value (lower is safer)."""
    return (max((_RISK.get(r, 0) for r in rules), default=-1), len(rules))
