"""The column rule of values in context (policy `column_naming: "said_headers"`, gate 2.15.1,
d382): a table cell is about its column as much as its row. Where the answer says every naming
word of another column's header ("As reported", "Current", "Change (%)", "调整前") and not all
of the cell's own, the cell is another column's figure ("Deferred tax assets as reported were
22,094", where 22,094 is the "Without adoption" column's). A header of periods alone ("2019",
"December 31, 2019") has no naming words: the period rule judges it. Used by grounding.py;
pure, no Django.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact


def another_column(
    said: frozenset[str],
    fact: Fact,
    labels: dict[str, frozenset[str]],
    headers: dict[str, frozenset[str]],
) -> bool:
    """Whether `said` (the answer's naming words for the value) holds every naming word of
    another column's header, not all of the value's own column's (a header of words), and
    those words are not its row's (`labels`: row -> naming words; `headers`: column -> naming
    words)."""
    own = headers.get(fact.column, frozenset())
    if not own or own <= said:
        return False  # its own header said, or known by its period alone (the period rule's)
    row = labels.get(fact.row, frozenset())
    return any(
        words and words <= said and not words <= row and not words <= own
        for header, words in headers.items()
        if header != fact.column
    )


def column_alternative(
    said: frozenset[str], fact: Fact, facts: list[Fact], headers: dict[str, frozenset[str]]
) -> Fact | None:
    """The same row's cell in a column the answer names, if the table has one."""
    fits = [
        f
        for f in facts
        if f.in_table
        and f.row == fact.row
        and f is not fact
        and headers.get(f.column)
        and headers[f.column] <= said
    ]
    return fits[0] if fits else None
