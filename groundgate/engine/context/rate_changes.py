"""A percentage change of a rate row's two cells (policy `rate_changes: "rate_rows"`, gate
2.62.0, d798; d761's proposal).

derivations.Pools keeps cells written with "%" out of the amount pool, so no percentage change
of two percentages is ever searched: "the year on year percentage change in domestic discount
rate between 2018 and 2019 is 6.67%" of "Discount rate  4.00%  3.75%" ((4.00 - 3.75) / 3.75)
was refused. d761 measured searching every "%" cell as an amount and found the coincidences
it admits among share rows ("Percentage of revenue" read as the change of total revenue). This
module checks one calculation only:
  - the sentence says a percentage change in words ("percentage change", "percent change",
    "% change"), and states the value as a percentage;
  - the answer's words name exactly one row of a cited table, a rate row: every cell of it
    written with "%", and its label names no share ("Percentage of revenue", "as a % of
    sales", "share of": those rows sit beside the amounts they divide);
  - the answer names two years; the row has one cell of each (several of a year, as under
    "Domestic" and "International": the one whose column's own words the answer says);
  - the change is the later year's cell over the earlier's: (later - earlier) / earlier, at
    the value's own precision (half a unit of its last digit); a fall said by its size ("fell
    by 10.9 percentage points") is the negative change;
  - with `columns` (rate_changes "rate_rows_columns"), also a column printed as percentages of
    a base - its first cell "100 %" (the base row, "Sales  100.0 %"), its last written with
    "%", the rows between bare - holds percentages: the difference of the named row's two
    cells there, later less earlier, for a change said as a percentage or in points
    ("percentage of sales" names the base row as the base, not as the row). A column that
    starts and ends with rates around amounts ("Growth rate  5.0%", "Revenue  1,200",
    "Margin  12.0%") is none.
Bounded: one row's two cells. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from groundgate.engine.context.claims import naming_words
from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity

Place = tuple[int, int]  # a value's span in its excerpt

_SAYS_PERCENT_CHANGE = re.compile(
    r"(?i)\b(?:percent(?:age)?|%)\s+(?:change|increase|decrease|growth|decline|rise|fall)"
)
_SHARE_LABEL = re.compile(
    r"(?i)\b(?:percent(?:age)?|%|share|proportion|portion)\s+of\b|\bas\s+a\s+(?:percent|%)"
)


def _year_of(fact: Fact) -> str | None:
    found = [p for p in fact.periods if p[0] == "Y"]
    return found[0] if len(found) == 1 else None


def _signed(fact: Fact, located: Located) -> float:
    figure = float(located.quantity.figure or 0)
    return -figure if fact.negative or located.quantity.negative else figure


def _one(
    cells: list[tuple[Fact, Located]], words: frozenset[str], months: bool
) -> tuple[Fact, Located] | None:
    """The one cell of a year: alone, else the one whose column's own words are said."""
    if len(cells) == 1:
        return cells[0]
    if not cells:
        return None
    own = {i: naming_words(f.column, months) for i, (f, _) in enumerate(cells)}
    common = frozenset.intersection(*own.values())
    said = [i for i, found in own.items() if found - common and found - common <= words]
    return cells[said[0]] if len(said) == 1 else None


def _percent_column(column: str, facts: list[Fact], by_place: Mapping[Place, Located]) -> bool:
    """Whether the table's `column` is printed as percentages of a base: three cells or more,
    the first "100 %" (the base row, "Sales  100.0 %") and the last written with "%" ("Net
    income  7.2 %"), the rows between bare. A column that merely starts and ends with rates
    ("Growth rate  5.0%", "Revenue  1,200", "Margin  12.0%") is no such column."""
    cells = sorted((f for f in facts if f.in_table and f.column == column), key=lambda f: f.start)
    if len(cells) < 3:
        return False
    first, last = (by_place.get((f.start, f.end)) for f in (cells[0], cells[-1]))
    return (
        first is not None
        and last is not None
        and first.quantity.unit == last.quantity.unit == "%"
        and float(first.quantity.figure or 0) == 100.0
    )


def _base_row(row: str, facts: list[Fact], by_place: Mapping[Place, Located]) -> bool:
    """A row whose cells are all "100 %": the base of a table of shares ("Sales  100.0 %")."""
    placed = [by_place.get((f.start, f.end)) for f in facts if f.in_table and f.row == row]
    return bool(placed) and all(
        o is not None and o.quantity.unit == "%" and float(o.quantity.figure or 0) == 100.0
        for o in placed
    )


def explain_rate_change(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    min_significant: int = 2,
    columns: bool = False,
) -> Found | None:
    """The percentage change of the named rate row's cells of the two named years that gives
    `target`, or None (also when two cited tables give it alike). `columns` (rate_changes
    "rate_rows_columns"): also the difference of a named row's two cells in percent columns."""
    if target.unit not in ("%", "pp") or not target.numeric or target.figure is None:
        return None
    if len(target.digits) < min_significant:
        return None
    relative = bool(_SAYS_PERCENT_CHANGE.search(context.sentence_at(span)[1]))
    if relative and target.unit != "%":
        return None
    if not relative and not (columns and "difference" in (context.operations(span) or ())):
        return None
    if not any(o.quantity.unit == "%" for o, _ in operands):
        return None  # no rate row and no percent column cited
    # The named periods (about's, without its words: most values asked have no two years)
    periods = context._read_sentence(span)[0] or context._question_periods
    years = sorted({p for p in periods if p[0] == "Y"})
    if len(years) != 2:
        return None
    about = context.about(span)
    figure = float(target.figure) * (-1.0 if target.negative else 1.0)
    if context._read_sentence(span)[1] and not target.negative:
        figure = -figure  # "fell by 10.9 percentage points": a fall said by its size
    half = 0.5 * 10.0 ** (-target.decimals)
    found: Found | None = None
    places: dict[int, dict[Place, Located]] = {}
    for o, _ in operands:
        if o.where == "excerpt" and o.evidence_index is not None and o.span is not None:
            places.setdefault(o.evidence_index, {})[o.span] = o
    for index in context.evidence_indices():
        rows = context.named_rows(index, about.words) or context.named_rows(
            index, about.sentence_words
        )
        if not rows or len(rows) > 2:
            continue
        by_place = places.get(index, {})
        facts = context.facts_of(index)
        if len(rows) == 2 and columns and not relative:
            # "percentage of sales represented by gross profit": the base row ("Sales  100.0 %")
            # the others are shares of is named as the base, not as the row
            rows = {r for r in rows if not _base_row(r, facts, by_place)}
        if len(rows) != 1:
            continue
        row = next(iter(rows))
        cells = [(f, by_place.get((f.start, f.end))) for f in facts if f.in_table and f.row == row]
        if len(cells) < 2 or any(o is None for _, o in cells):
            continue
        bare = [f for f, o in cells if o is not None and o.quantity.unit != "%"]
        if relative and (bare or _SHARE_LABEL.search(row)):
            continue  # a rate row only: every cell written with "%", no share's label
        if not relative and (
            not bare
            or any(not f.column or not _percent_column(f.column, facts, by_place) for f in bare)
        ):
            continue  # a row of percent columns, some cells bare (d798)
        located = [(f, o) for f, o in cells if o is not None]
        picked = [
            _one(
                [c for c in located if _year_of(c[0]) == year], about.sentence_words, context.months
            )
            for year in years
        ]
        earlier, later = picked
        if earlier is None or later is None:
            continue
        base = _signed(*earlier)
        if relative and base == 0:
            continue
        change = _signed(*later) - base
        if relative:
            change = change / abs(base) * 100.0
        if abs(figure - change) > half * (1 + 1e-9):
            continue
        if found is not None:
            return None  # two tables give it alike: which one is not said
        old, new = earlier[1].quantity.value.text.strip(), later[1].quantity.value.text.strip()
        formula = f"({new} − {old}) / {old}" if relative else f"{new} − {old}"
        found = Found(
            "percentage_change" if relative else "percentage_points",
            f"{formula} ≈ {target.value.text.strip()}",
            change,
            (later[1], earlier[1]),
        )
    return found
