"""The difference of two named rows' averages (policy `derivation_aggregates:
"named_rows_periods_differences"`, gate 2.23.0, d488): one of aggregates.py's forms. Moved out
of aggregates.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import (
    _NOT_AMOUNTS,
    _amount,
    _year_of,
    aggregable,
)
from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity


def explain_difference_of_averages(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    question_exponent: int | None,
    min_significant: int = 2,
    restate: bool = True,
) -> Found | None:
    """The difference of two named rows' averages (policy `derivation_aggregates:
    "named_rows_periods_differences"`, gate 2.23.0, d488): "the difference between the
    average investment income and average financing costs is 2,140" is (433 + 685) / 2 −
    ((−2,088) + (−1,074)) / 2, two steps that derivations.explain, one operation on two values,
    never finds. Only where the sentence names both an average and a change or difference, and
    its words name exactly two rows of one cited table; each row's cells of one year each in
    the named years (two named: those; one named: that year and the year before, a year's
    average balance; none: every year the row has), the same years for both rows and at least
    two; the first row the sentence says minus the second, at the answer's own precision.
    Bounded: two rows of one table, one subtraction."""
    if not aggregable(target, min_significant):
        return None
    operations = context.operations(span) or frozenset()
    if "average" not in operations or "difference" not in operations:
        return None
    about = context.about(span)
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    years = sorted({p for p in about.periods if p[0] == "Y"})
    if len(years) == 1:
        years = [f"Y{int(years[0][1:]) - 1}", years[0]]
    elif len(years) > 2:
        return None
    for words in dict.fromkeys((about.words, about.sentence_words)):
        if not words:
            continue
        for index in context.evidence_indices():
            rows = context.two_rows(index, words)
            if len(rows) != 2:
                continue
            order = context.said_order(span, rows)
            if order is None:
                continue
            series: list[list[Fact]] = []
            for row in order:
                picked: dict[str, Fact] = {}
                for fact in context.facts_of(index):
                    if not fact.in_table or fact.row != row or fact.value.kind in _NOT_AMOUNTS:
                        continue
                    year = _year_of(fact)
                    if year is None or (years and year not in years):
                        continue
                    if year in picked:
                        picked = {}
                        break  # two cells of one year: not one series
                    picked[year] = fact
                series.append([picked[y] for y in sorted(picked)])
            first, second = series
            if len(first) < 2 or [_year_of(f) for f in first] != [_year_of(f) for f in second]:
                continue
            if years and len(first) != len(years):
                continue
            placed = [by_place.get((index, (f.start, f.end))) for f in first + second]
            located = [o for o in placed if o is not None and _amount(o)]
            if len(located) != len(placed):
                continue
            found = _difference_matches(target, first, second, located, question_exponent, restate)
            if found is not None:
                return found
    return None


def _difference_matches(
    target: Quantity,
    first: list[Fact],
    second: list[Fact],
    located: list[Located],
    question_exponent: int | None,
    restate: bool,
) -> Found | None:
    units = {o.quantity.unit for o in located}
    if "%" in units or target.unit == "%" or len({u for u in units if u}) > 1:
        return None
    facts = first + second
    signed = [
        (-1.0 if fact.negative or o.quantity.negative else 1.0) * float(o.quantity.figure or 0)
        for fact, o in zip(facts, located, strict=True)
    ]
    n = len(first)
    result = sum(signed[:n]) / n - sum(signed[n:]) / n
    if not _at_precision(target, located, result, question_exponent, restate):
        return None

    def average(part: list[Located], cells: list[Fact]) -> str:
        texts = " + ".join(
            ("−" if fact.negative and not o.quantity.negative else "")
            + o.quantity.value.text.strip()
            for fact, o in zip(cells, part, strict=True)
        )
        return f"({texts}) / {n}"

    formula = (
        f"{average(located[:n], first)} − {average(located[n:], second)} ≈ "
        f"{target.value.text.strip()}"
    )
    return Found("difference", formula, result, tuple(located))


def _at_precision(
    target: Quantity,
    located: list[Located],
    result: float,
    question_exponent: int | None,
    restate: bool,
) -> bool:
    """Whether `result` (of the cells' figures at their written scale) is the target at its own
    precision: at its magnitude (or the question's) against the cells' declared scale, or
    restating the figures as the table writes them (as aggregates._matches compares)."""
    figure = float(target.figure)  # type: ignore[arg-type]
    if target.negative:
        figure = -figure
    half = 0.5 * 10.0 ** (-target.decimals)
    scales = [0]
    exponent = target.magnitude or (question_exponent or 0)
    declared = {o.context.declaration.exponent for o in located if o.context.declaration}
    if exponent:
        scales = [exponent - d for d in declared if d]
        if restate or not target.magnitude:
            scales.append(0)
    return any(
        abs(figure * 10.0**shift - result) <= half * 10.0**shift * (1 + 1e-9) for shift in scales
    )
