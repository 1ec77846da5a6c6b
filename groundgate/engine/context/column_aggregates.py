"""An average or a total down the one column the answer names, over the table's rows (policy
`column_aggregates: "named_columns"`, gate 2.31.0, d564).

aggregates.py takes the cells of the rows the answer names. "The average amount of total
expected charges per segment was 96.33 million" names no row: it names a column ("Total Expected
Charges") and means every row of it but the total ((160 + 80 + 49) / 3); "the average quarterly
low price in 2018 is 3.83" names the "Low" column of a table of quarters. This module checks
exactly that calculation:
  - the sentence names the operation: an average or a total (operation_words.named_operations,
    or said before a share's words: "the average amount of total expected charges");
  - it names no row of the table but a total row (named rows are aggregates.py's);
  - it names one column: the words of that column's header that not every column's header
    holds (a group header over all of them, "Common Stock Price Range 2018", aside) are all
    said, and no other column's are;
  - the cells: that column's, one a row, of every row but a total row (a label starting with
    "Total", or none), three to `_MAX_CELLS` of them; none of a period the answer does not name;
  - sign and scale as aggregates.py reads them (_matches: the answer's own precision).
Bounded: one column's cells, summed once: linear in the cited table. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import _MAX_CELLS, _NOT_AMOUNTS, _amount, aggregable
from groundgate.engine.context.aggregates import AGGREGATE_OPERATIONS, _matches
from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.operation_words import SHARES, aggregate_of_shares
from groundgate.engine.context.periods import contradicts

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.derivations import Found
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity


def _total(row: str) -> bool:
    """A total row: no label, or a label whose first word is "Total"."""
    words = row.split()
    return not words or words[0].lower().startswith("total")


def _named_column(
    columns: dict[str, list[Fact]], words: frozenset[str], months: bool = True
) -> str | None:
    """The one column whose own header words (those not every header holds) are all said."""
    own = {column: naming_words(column, months) for column in columns}
    common = frozenset.intersection(*own.values()) if own else frozenset()
    named = [c for c, found in own.items() if found - common and found - common <= words]
    return named[0] if len(named) == 1 else None


def explain_column_aggregate(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    question_exponent: int | None,
    min_significant: int = 2,
    restate: bool = True,
    sizes: bool = False,
) -> Found | None:
    """An average or a total down the one column the answer names that gives `target`, or
    None (also when two cited tables give it alike). `sizes`: as aggregates.py's (d796)."""
    if not aggregable(target, min_significant):
        return None
    named = context.operations(span) or frozenset()
    wanted = AGGREGATE_OPERATIONS & named
    if not wanted and named == SHARES:
        # "the average amount of total expected charges": the average said first (d562)
        wanted = aggregate_of_shares(context.sentence_at(span)[1])
    if not wanted:
        return None
    about = context.about(span)
    words = about.sentence_words
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    found: Found | None = None
    for index in context.evidence_indices():
        if any(not _total(row) for row in context.named_rows(index, words)):
            continue  # a named row: aggregates.py's calculation
        columns: dict[str, list[Fact]] = {}
        for fact in context.facts_of(index):
            if fact.in_table and fact.column and fact.value.kind not in _NOT_AMOUNTS:
                columns.setdefault(fact.column, []).append(fact)
        if len(columns) < 2:
            continue
        column = _named_column(columns, words, context.months)
        if column is None:
            continue
        cells = [f for f in columns[column] if not _total(f.row)]
        if not 3 <= len(cells) <= _MAX_CELLS or len({f.row for f in cells}) != len(cells):
            continue
        if about.periods and any(contradicts(about.periods, f.periods) for f in cells):
            continue
        located = [by_place.get((index, (f.start, f.end))) for f in cells]
        if any(o is None or not _amount(o) for o in located):
            continue
        match = _matches(
            target,
            [(index, f) for f in cells],
            located,  # type: ignore[arg-type]
            wanted,
            question_exponent,
            restate,
            sizes,
        )
        if match is not None:
            if found is not None:
                return None  # two tables give it alike: which one is not said
            found = match
    return found
