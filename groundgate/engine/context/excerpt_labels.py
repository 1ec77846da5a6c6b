"""What the binding of a derivation (context/operands.OperandContext) reads of an excerpt once
per text, not once per operand: its row labels' naming words (row_labels, marked_labels), its
facts by span (facts_at), the spans of its values and of its cells printed negative
(negative_cells). Each is a text memo shared by every case citing the excerpt (read only).
Split from operands.py by capability (d1027). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.excerpt_index import excerpt_cells, excerpt_facts
from groundgate.engine.context.facts import Fact, TableReading, printed_negative
from groundgate.engine.context.operation_words import _core_words, _marked_core_words
from groundgate.engine.context.other_rows import other_label
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.text_memo import text_memo


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def row_labels(
    excerpt: str, core: bool, reading: TableReading
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The distinct row labels of the excerpt's table cells (excerpt_index.excerpt_facts), each
    with its naming words (with `core`: _core_words), those that have any, in text order:
    once per text, not once per fact for every value asked about (OperandContext._named_by)."""
    read = _core_words if core else naming_words
    labels: dict[str, frozenset[str]] = {}
    for fact in excerpt_facts(excerpt, reading):
        if fact.in_table and fact.row and fact.row not in labels:
            label = read(fact.row, reading.whole_months)
            labels[fact.row] = label or other_label(fact.row, reading.other_rows)
    return tuple((row, label) for row, label in labels.items() if label)


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def marked_labels(excerpt: str, reading: TableReading) -> tuple[tuple[str, frozenset[str]], ...]:
    """row_labels with their _marked_core_words."""
    labels: dict[str, frozenset[str]] = {}
    for fact in excerpt_facts(excerpt, reading):
        if fact.in_table and fact.row and fact.row not in labels:
            labels[fact.row] = _marked_core_words(fact.row, reading.whole_months)
    return tuple((row, label) for row, label in labels.items() if label)


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def facts_at(excerpt: str, reading: TableReading) -> dict[tuple[int, int], Fact]:
    """The excerpt's facts (excerpt_index.excerpt_facts) by span, the later of two at one span:
    once per text (the memo's dict is shared: read only)."""
    return {(fact.start, fact.end): fact for fact in excerpt_facts(excerpt, reading)}


@text_memo(max_bytes=4 * 2**20, item_bytes=40)
def negative_cells(
    excerpt: str, reading: TableReading
) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """The spans of the excerpt's values, and of those the cell printed negative ("(9,819)"):
    OperandContext's test of an operand (_maybe_negative, then the excerpt_cells fact at its
    span), asked of every value of the text at once, once per text - excerpts repeat across
    the answers about one filing, the operands of every case are all their values. Read as
    the case reads its tables (`reading`: one reading of the text, shared with the others)."""
    spans = frozenset((v.start, v.end) for v in extract_numbers(excerpt))
    maybe = [(a, b) for a, b in spans if printed_negative(excerpt, a, b)]
    if not maybe:
        return spans, frozenset()
    at: dict[tuple[int, int], Fact] = {}
    for cell in excerpt_cells(excerpt, reading):
        at[cell.start, cell.end] = cell
    return spans, frozenset(
        span for span in maybe if (fact := at.get(span)) is not None and fact.negative
    )
