"""The cells an aggregate is taken over (aggregates.py's forms): the named rows' cells across
the named years (one a year, within the named span), or one cell of each named row down the
named year's column; a row label the table repeats split into its occurrences. Bounded: sets
of `_MAX_CELLS` at most. Moved out of aggregates.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity


# Sets larger than this are no calculation a sentence states ("the average of 40 quarters").
_MAX_CELLS = 12


def aggregable(target: Quantity, min_significant: int) -> bool:
    """Whether `target` may be an aggregate's result (a total, an average, a difference of
    averages): a numeric figure, no range or year, at least `min_significant` significant
    digits, not percentage points."""
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return False
    return len(target.digits) >= min_significant and target.unit != "pp"


def _candidate_sets(
    context: OperandContext,
    words: frozenset[str],
    years: list[str],
    repeated: bool = False,
    least_rows: int = 3,
) -> list[tuple[list[tuple[int, Fact]], bool]]:
    """The named rows' cells across the named periods, then the named rows' cells down one
    column: each set a list of (evidence index, fact), and whether it is one occurrence of a
    label the table repeats (`repeated`: "Vested" under "RSUs" and again under "PSUs" - each
    occurrence's cells, in text order, a series of its own). `least_rows`: the fewest named
    rows taken down a column (2 for a percentage, percent_aggregates "shares", d562)."""
    out: list[tuple[list[tuple[int, Fact]], bool]] = []
    for index in context.evidence_indices():
        rows = context.named_rows(index, words)
        if not rows:
            continue
        cells = [f for f in context.facts_of(index) if f.in_table and f.row in rows]
        for row in sorted(rows):
            series = [f for f in cells if f.row == row and f.value.kind not in _NOT_AMOUNTS]
            across = _across(series, years)
            if across is not None:
                out.append(([(index, f) for f in across], False))
            elif repeated:
                for occurrence in _occurrences(series):
                    across = _across(occurrence, years)
                    if across is not None:
                        out.append(([(index, f) for f in across], True))
        if len(rows) >= least_rows:
            down = _down(cells, rows, years)
            if down is not None:
                out.append(([(index, f) for f in down], False))
    return out


def _occurrences(row: list[Fact]) -> list[list[Fact]]:
    """A repeated row label's cells split into its occurrences: in text order, a cell of a year
    the current occurrence already has starts the next one. One occurrence: []."""
    out: list[list[Fact]] = [[]]
    seen: set[str] = set()
    for fact in sorted(row, key=lambda f: f.start):
        year = _year_of(fact)
        if year is not None and year in seen:
            out.append([])
            seen = set()
        if year is not None:
            seen.add(year)
        out[-1].append(fact)
    return out if len(out) > 1 else []


_NOT_AMOUNTS = frozenset({"date", "time", "identifier", "score", "ordinal", "range"})


def _year_of(fact: Fact) -> str | None:
    found = [p for p in fact.periods if p[0] == "Y"]
    return found[0] if len(found) == 1 else None


def _across(row: list[Fact], years: list[str]) -> list[Fact] | None:
    """The row's cells of one year each within the named span (or all of them with a year when
    none is named): None unless there are three or more, one a year."""
    picked: dict[str, Fact] = {}
    for fact in row:
        year = _year_of(fact)
        if year is None:
            continue
        if len(years) >= 2 and not (years[0] <= year <= years[-1]):
            continue
        if year in picked:
            return None  # two cells of one year (an amount and its share): not one series
        picked[year] = fact
    if not picked and not years:
        # No column's year is known (a header the reader does not pair with the cells): the
        # row's cells, all of them, when nothing narrows the periods.
        return row if 3 <= len(row) <= _MAX_CELLS else None
    if len(years) >= 2 and (years[0] not in picked or years[-1] not in picked):
        return None  # "from 2015 to 2019" names its ends
    # Three cells or more; two when the answer names both years ("the average in 2017 and
    # 2018": an average of two percentages is no operation derivations.explain searches).
    least = 2 if len(years) >= 2 else 3
    if not least <= len(picked) <= _MAX_CELLS:
        return None
    return [picked[y] for y in sorted(picked)]


def _down(cells: list[Fact], rows: set[str], years: list[str]) -> list[Fact] | None:
    """One cell of each named row in the column of the named year (or the one column their
    cells share): None unless every named row has exactly one there."""
    by_row: dict[str, list[Fact]] = {}
    for fact in cells:
        if len(years) == 1 and _year_of(fact) != years[0]:
            continue
        if len(years) != 1 and len(years) > 0:
            return None  # a span of years is an "across"
        by_row.setdefault(fact.row, []).append(fact)
    if set(by_row) != rows or any(len(found) != 1 for found in by_row.values()):
        return None
    picked = [found[0] for found in by_row.values()]
    if len(years) != 1 and len({f.column for f in picked}) != 1:
        return None
    if len(picked) > _MAX_CELLS:
        return None
    return sorted(picked, key=lambda f: f.start)


def _amount(located: Located) -> bool:
    q = located.quantity
    return q.figure is not None and q.kind not in _NOT_AMOUNTS and not q.is_year()
