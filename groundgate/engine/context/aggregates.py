"""Aggregates bound to context: an average or a total over the cells the answer names.

derivations.explain looks for one operation on two cited values. "The average operating income
from 2015 to 2019 was 13,237.4" is a calculation on five: the cells of the row the answer names
("Operating income"), in the columns of the periods it names (2015 to 2019, both ends included).
A careful reviewer checks exactly that calculation, and so does this module (policy
`derivation_aggregates: "named_rows_periods"`, gate 2.9.0):
  - the sentence names the operation: "average"/"mean" an average, "total"/"sum" a sum
    (operation_words.named_operations); a value whose sentence names neither is no aggregate;
  - across a row: each table row the answer's words name (operands.OperandContext.named_rows),
    its cells of one year each, within the named years' span when two years are named (all its
    cells with a year when none is named); three cells or more (two are derivations.explain's);
  - down a column: the rows the answer names (three or more) in the column of the one year it
    names, or the one column their cells share;
  - a share of a sum (policy value "named_rows_periods_shares", gate 2.19.0, d441): where the
    sentence names a share, the named rows' cells down the named year's column over one more
    cell of it, "(425 + 33) / 38,771" (explain_share_of_sum);
  - a difference of averages (policy value "named_rows_periods_differences", gate 2.23.0,
    d488): where the sentence names an average and a difference, the two named rows' averages
    over the same years, the first said minus the second (explain_difference_of_averages);
    and, same value, a row label the table repeats under several headings ("Vested" under
    "RSUs" and under "PSUs"): each occurrence's cells a series of its own, derived only where
    exactly one of them gives the value (_occurrences);
  - sign and scale as derivations.explain reads them: a cell printed "(197)" is -197; the result
    is compared at the answer's own precision, at its magnitude (or the question's) and as the
    table writes the figures.
Bounded: the candidate sets are the named rows and columns only (never subsets of them), each
summed once: linear in the cited table. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.number_grounding import Located
    from groundgate.engine.quantities import Quantity

AGGREGATE_OPERATIONS = frozenset({"average", "sum"})
# Sets larger than this are no calculation a sentence states ("the average of 40 quarters").
_MAX_CELLS = 12


def explain_aggregate(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    question_exponent: int | None,
    min_significant: int = 2,
    restate: bool = True,
    shares: bool = False,
    repeated: bool = False,
) -> Found | None:
    """An average or a total of the cells the answer names that gives `target`, or None.
    `restate`: as derivations.explain's (the figures as the table writes them). `shares`: also
    a share of a sum of the named rows (explain_share_of_sum), where the sentence names one."""
    if shares:
        found = explain_aggregate(
            target,
            context,
            span,
            operands,
            question_exponent=question_exponent,
            min_significant=min_significant,
            restate=restate,
            repeated=repeated,
        )
        return found or explain_share_of_sum(
            target, context, span, operands, min_significant=min_significant
        )
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant or target.unit == "pp":
        return None
    wanted = AGGREGATE_OPERATIONS & (context.operations(span) or frozenset())
    if not wanted:
        return None
    about = context.about(span)
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    years = sorted(p for p in about.periods if p[0] == "Y")
    # The words since the value's previous figure name it; in "the average X from 2017 to
    # 2019 was 1.9%" they are "period" - then the words of its whole sentence.
    for words in dict.fromkeys((about.words, about.sentence_words)):
        if not words:
            continue
        split: Found | None = None  # the match of one occurrence of a repeated row
        for cells, occurrence in _candidate_sets(context, words, years, repeated):
            located = [by_place.get((index, (f.start, f.end))) for index, f in cells]
            if any(o is None or not _amount(o) for o in located):
                continue
            found = _matches(target, cells, located, wanted, question_exponent, restate)  # type: ignore[arg-type]
            if found is None:
                continue
            if not occurrence:
                return found
            if split is not None:
                return None  # two occurrences give it alike: which one is not said
            split = found
        if split is not None:
            return split
    return None


def _candidate_sets(
    context: OperandContext, words: frozenset[str], years: list[str], repeated: bool = False
) -> list[tuple[list[tuple[int, Fact]], bool]]:
    """The named rows' cells across the named periods, then the named rows' cells down one
    column: each set a list of (evidence index, fact), and whether it is one occurrence of a
    label the table repeats (`repeated`: "Vested" under "RSUs" and again under "PSUs" - each
    occurrence's cells, in text order, a series of its own)."""
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
        if len(rows) >= 3:
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


def _matches(
    target: Quantity,
    cells: list[tuple[int, Fact]],
    located: list[Located],
    wanted: frozenset[str],
    question_exponent: int | None,
    restate: bool = True,
) -> Found | None:
    percent_target = target.unit == "%"
    units = {o.quantity.unit for o in located}
    if ("%" in units) != percent_target and not (percent_target and units <= {"", "%"}):
        return None
    if len({u for u in units if u}) > 1:
        return None  # dollars and euros are not added
    signed = [
        (-1.0 if fact.negative or o.quantity.negative else 1.0) * float(o.quantity.figure or 0)
        for (_, fact), o in zip(cells, located, strict=True)
    ]
    total = sum(signed)
    results = {"sum": total, "average": total / len(signed)}
    figure = float(target.figure)  # type: ignore[arg-type]
    if target.negative:
        figure = -figure
    half = 0.5 * 10.0 ** (-target.decimals)
    scales = [0]
    exponent = 0 if percent_target else (target.magnitude or (question_exponent or 0))
    declared = {o.context.declaration.exponent for o in located if o.context.declaration}
    if exponent:
        # The answer at its magnitude against the cells at their declared scale, and the answer
        # restating figures as the table writes them.
        scales = [exponent - d for d in declared if d]
        if restate or not target.magnitude:
            scales.append(0)
    for operation in ("average", "sum"):
        if operation not in wanted:
            continue
        result = results[operation]
        for shift in scales:
            # target x 10^shift == the result (the cells' figures at their written scale)
            if abs(figure * 10.0**shift - result) <= half * 10.0**shift * (1 + 1e-9):
                return _found(operation, result, cells, located, target)
    return None


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
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant or target.unit == "pp":
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
    restating the figures as the table writes them (as _matches compares)."""
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


def _found(
    operation: str,
    result: float,
    cells: list[tuple[int, Fact]],
    located: list[Located],
    target: Quantity,
) -> Found:
    texts = " + ".join(
        ("−" if fact.negative and not o.quantity.negative else "") + o.quantity.value.text.strip()
        for (_, fact), o in zip(cells, located, strict=True)
    )
    formula = f"({texts}) / {len(located)}" if operation == "average" else texts
    return Found(operation, f"{formula} ≈ {target.value.text.strip()}", result, tuple(located))


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
