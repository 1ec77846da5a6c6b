"""A share of a sum of the rows the answer names (policy `derivation_aggregates:
"named_rows_periods_shares"`, gate 2.19.0, d441): one of aggregates.py's forms. Moved out of
aggregates.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import (
    _MAX_CELLS,
    _NOT_AMOUNTS,
    _amount,
    _down,
    _year_of,
)
from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity


# The operations a share of a sum is named by (operation_words.named_operations' shares).
_SHARE_NAMES = frozenset({"ratio", "percentage", "as_percent", "percent_of"})


def explain_share_of_sum(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    min_significant: int = 2,
) -> Found | None:
    """A share of a sum of the rows the answer names (policy `derivation_aggregates:
    "named_rows_periods_shares"`, d441): "the proportion of land and leasehold improvements
    over the gross cost ... in 2019 is 0.18" is (672 + 798) / 8,109, two steps that
    derivations.explain, one operation on two values, never finds. The parts are the cells of
    the rows the answer names (two or more) in the column of the year it names (or the one
    column they share); the whole is one more cell of that column: a named row's, or any
    other row's. The result is compared at the answer's own precision - a percentage as the
    share x 100, a bare figure as the share itself - and a value that two wholes give alike is
    ambiguous, not derived. Bounded: the named rows once, and one division per cell of the
    column."""
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant or target.unit not in ("%", ""):
        return None
    if not _SHARE_NAMES & (context.operations(span) or frozenset()):
        return None
    about = context.about(span)
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    figure = float(target.figure)
    if target.negative:
        figure = -figure
    half = 0.5 * 10.0 ** (-target.decimals)
    factor = 100.0 if target.unit == "%" else 1.0
    years = sorted(p for p in about.periods if p[0] == "Y")
    for words in dict.fromkeys((about.words, about.sentence_words)):
        if not words:
            continue
        found: list[Found] = []
        for index, parts, wholes in _share_sets(context, words, years):
            for whole in wholes:
                members = [f for f in parts if f is not whole]
                if len(members) < 2:
                    continue
                cells = (*members, whole)
                located: list[Located] = []
                for f in cells:
                    o = by_place.get((index, (f.start, f.end)))
                    if o is None or not _amount(o):
                        break
                    located.append(o)
                if len(located) != len(cells):
                    continue
                units = {o.quantity.unit for o in located if o.quantity.unit}
                if len(units) > 1 or "%" in units:
                    continue  # a share of dollars over dollars, not of percentages
                amounts = [_signed_figure(f, o) for f, o in zip(cells, located, strict=True)]
                if amounts[-1] == 0:
                    continue
                result = sum(amounts[:-1]) / amounts[-1] * factor
                if abs(figure - result) <= half * (1 + 1e-9):
                    found.append(_share_found(result, located, target))
        if len(found) == 1:
            return found[0]
        if found:
            return None  # two wholes give it alike: a coincidence, not the calculation
    return None


def _share_sets(
    context: OperandContext, words: frozenset[str], years: list[str]
) -> list[tuple[int, list[Fact], list[Fact]]]:
    """For each cited table: the named rows' cells down one column (the parts), and the cells
    that may be the whole (those and the column's other cells)."""
    out: list[tuple[int, list[Fact], list[Fact]]] = []
    if len(years) > 1:
        return out
    for index in context.evidence_indices():
        rows = context.named_rows(index, words)
        if len(rows) < 2:
            continue
        cells = [
            f for f in context.facts_of(index) if f.in_table and f.value.kind not in _NOT_AMOUNTS
        ]
        parts = _down([f for f in cells if f.row in rows], rows, years)
        if parts is None or len(parts) > _MAX_CELLS:
            continue
        if years:
            column = [f for f in cells if _year_of(f) == years[0]]
        else:
            head = parts[0].column
            column = [f for f in cells if head and f.column == head]
        others = [f for f in column if f.row not in rows]
        if len(others) > 4 * _MAX_CELLS:
            continue
        out.append((index, parts, parts + others))
    return out


def _signed_figure(fact: Fact, located: Located) -> float:
    sign = -1.0 if fact.negative or located.quantity.negative else 1.0
    return sign * float(located.quantity.figure or 0)


def _share_found(result: float, located: list[Located], target: Quantity) -> Found:
    parts = " + ".join(o.quantity.value.text.strip() for o in located[:-1])
    whole = located[-1].quantity.value.text.strip()
    times = " × 100" if target.unit == "%" else ""
    operation = "percentage" if target.unit == "%" else "ratio"
    formula = f"({parts}) / {whole}{times} ≈ {target.value.text.strip()}"
    return Found(operation, formula, result, tuple(located))
