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
    cell of it, "(425 + 33) / 38,771" (share_of_sum.py);
  - a difference of averages (policy value "named_rows_periods_differences", gate 2.23.0,
    d488): where the sentence names an average and a difference, the two named rows' averages
    over the same years, the first said minus the second (difference_of_averages.py);
    and, same value, a row label the table repeats under several headings ("Vested" under
    "RSUs" and under "PSUs"): each occurrence's cells a series of its own, derived only where
    exactly one of them gives the value (aggregate_cells._occurrences);
  - sign and scale as derivations.explain reads them: a cell printed "(197)" is -197; the result
    is compared at the answer's own precision, at its magnitude (or the question's) and as the
    table writes the figures.
Bounded: the candidate sets are the named rows and columns only (never subsets of them), each
summed once: linear in the cited table. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import _amount, _candidate_sets, aggregable
from groundgate.engine.context.aggregate_signs import sized_results
from groundgate.engine.context.operation_words import SHARES, aggregate_of_shares
from groundgate.engine.context.share_of_sum import explain_share_of_sum
from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity

AGGREGATE_OPERATIONS = frozenset({"average", "sum"})


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
    percent_pairs: bool = False,
    sizes: bool = False,
) -> Found | None:
    """An average or a total of the cells the answer names that gives `target`, or None.
    `restate`: as derivations.explain's (the figures as the table writes them). `shares`: also
    a share of a sum of the named rows (explain_share_of_sum), where the sentence names one.
    `percent_pairs` (percent_aggregates "shares", d562): a percentage also down two named
    rows (derivations.explain adds no percentages). `sizes` (aggregate_signs "sizes_alike",
    d796): cells all printed negative also by their sizes (aggregate_signs.sized_results)."""
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
            percent_pairs=percent_pairs,
            sizes=sizes,
        )
        return found or explain_share_of_sum(
            target, context, span, operands, min_significant=min_significant
        )
    if not aggregable(target, min_significant):
        return None
    named = context.operations(span) or frozenset()
    wanted = AGGREGATE_OPERATIONS & named
    if not wanted and percent_pairs and target.unit == "%" and named == SHARES:
        # "the total percentage of revenue from Apple and Huawei": a sum of shares (d562)
        wanted = aggregate_of_shares(context.sentence_at(span)[1])
    if not wanted:
        return None
    about = context.about(span)
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    years = sorted(p for p in about.periods if p[0] == "Y")
    least_rows = 2 if percent_pairs and target.unit == "%" else 3
    # The words since the value's previous figure name it; in "the average X from 2017 to
    # 2019 was 1.9%" they are "period" - then the words of its whole sentence.
    for words in dict.fromkeys((about.words, about.sentence_words)):
        if not words:
            continue
        split: Found | None = None  # the match of one occurrence of a repeated row
        sets = _candidate_sets(context, words, years, repeated, least_rows)
        for cells, occurrence in sets:
            located = [by_place.get((index, (f.start, f.end))) for index, f in cells]
            if any(o is None or not _amount(o) for o in located):
                continue
            found = _matches(
                target,
                cells,
                located,  # type: ignore[arg-type]
                wanted,
                question_exponent,
                restate,
                sizes,
            )
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


def _matches(
    target: Quantity,
    cells: list[tuple[int, Fact]],
    located: list[Located],
    wanted: frozenset[str],
    question_exponent: int | None,
    restate: bool = True,
    sizes: bool = False,
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
    sized = sizes and sized_results(signed, target.negative)
    if sized:
        total = -total  # cells all printed negative, stated by their size (d796)
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
                return _found(operation, result, cells, located, target, sized)
    return None


def _found(
    operation: str,
    result: float,
    cells: list[tuple[int, Fact]],
    located: list[Located],
    target: Quantity,
    sized: bool = False,
) -> Found:
    texts = " + ".join(
        ("−" if fact.negative and not o.quantity.negative and not sized else "")
        + o.quantity.value.text.strip()
        for (_, fact), o in zip(cells, located, strict=True)
    )
    formula = f"({texts}) / {len(located)}" if operation == "average" else texts
    return Found(operation, f"{formula} ≈ {target.value.text.strip()}", result, tuple(located))
