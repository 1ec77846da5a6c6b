"""An excerpt's rows read with the columns its chunk's header gives (policy excerpt_headers
"chunk_columns", d940; issue 28, d903 item 1).

The context rule reads the cited excerpt (excerpt_index._seen): an excerpt quoting only a row of
a statement ("Cash and cash equivalents $ 737,877 $ 431,560" of Ulta Beauty's balance sheet)
has no header, so its cells have no column and no period, and another date's cell grounds an
answer naming the date. Where the case's chunk holds the excerpt exactly (the gate located it:
answer.gate_answer's fast path, one chunk of its id, the excerpt a substring of its text) and
the excerpt is only a part of it, each table cell of the excerpt that has no column takes the
column (its name and periods) and the row the chunk's own table reading gives the same figure
at the same place: the chunk's table reading, restricted to the cells the excerpt quotes.

What is read as before (d940): an excerpt not located in its chunk (several chunks of one id, a
coordinate tolerance: the gate's slow path does not keep where it found it), the whole chunk
quoted, a cell the excerpt's own reading already heads (its own header lines win), a cell the
chunk reads as prose or under no column, and every prose value (a sentence quoted from a
paragraph keeps its own words' periods: prose is not read against a table's header).

The chunk's headed cells are read once per chunk text (`_headed`, a text memo), the merged
reading once per excerpt and chunk (`_part_seen`): not once per value. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from groundgate.engine.context.excerpt_index import _Seen, _seen, excerpt_cells, seen_of
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.text_memo import text_memo

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

# index -> (its chunk's text, the excerpt's offset in it): the excerpts read with their chunk.
Parts = Mapping[int, tuple[str, int]]


def located_parts(
    accepted: Sequence[tuple[int, Evidence]], located: Mapping[int, tuple[RawChunk, int]] | None
) -> dict[int, tuple[str, int]]:
    """The accepted excerpts the gate located in their chunk that are a part of it, not the
    whole (d940): index -> (chunk text, offset)."""
    if not located:
        return {}
    out: dict[int, tuple[str, int]] = {}
    for index, evidence in accepted:
        where = located.get(index)
        if where is not None and len(evidence.excerpt) < len(where[0].text):
            out[index] = (where[0].text, where[1])
    return out


def evidence_seen(
    excerpt: str,
    with_periods: bool,
    reading: TableReading = PLAIN,
    part: tuple[str, int] | None = None,
) -> _Seen:
    """The excerpt's facts as the context rule reads them: with `part` (its chunk's text and
    its offset there), its header-less cells headed as the chunk heads them."""
    own = _seen(excerpt, with_periods, reading)
    if part is None or not any(f.in_table and not f.column for f in own.facts):
        return own
    return _part_seen(excerpt, part[0], part[1], with_periods, reading)


@text_memo(max_bytes=4 * 2**20, item_bytes=300)
def _part_seen(
    excerpt: str, chunk: str, offset: int, with_periods: bool, reading: TableReading
) -> _Seen:
    own = _seen(excerpt, with_periods, reading)
    headed = _headed(chunk, reading)
    if not headed:
        return own
    facts: list[Fact] = []
    taken: set[tuple[int, int]] = set()
    for fact in own.facts:
        cell = headed.get(fact.start + offset) if fact.in_table and not fact.column else None
        if cell is None or cell.end != fact.end + offset:
            facts.append(fact)
            continue
        facts.append(
            fact._replace(
                row=cell.row or fact.row, column=cell.column, periods=cell.periods, name=cell.name
            )
        )
        taken.add((fact.start, fact.end))
    if not taken:
        return own
    seen = seen_of(facts, excerpt, reading)
    seen.from_chunk = frozenset(taken)
    if seen.fiscal_chunk:  # its header's retail year end read for those cells (d977)
        seen.chunk_head = chunk[: offset + len(excerpt)]
    return seen


@text_memo(max_bytes=4 * 2**20, item_bytes=200)
def _headed(chunk: str, reading: TableReading) -> Mapping[int, Fact]:
    """The chunk's table cells under a column, by where each starts: read once per chunk text
    (a headed cell's column and periods are its header's, whether or not prose periods are
    read: excerpt_index._excerpt_facts gives periods to cells of no column only)."""
    return {f.start: f for f in excerpt_cells(chunk, reading) if f.in_table and f.column}


def from_chunk(fact: Fact, seen: _Seen) -> bool:
    """Whether the cell took its column from its chunk's header (d940)."""
    return (fact.start, fact.end) in seen.from_chunk


def headed_text(fact: Fact, seen: _Seen) -> str:
    """The text that heads the cell: with fiscal_years "chunk_names", for a cell that took its
    column from its chunk (d940), the chunk up to the excerpt's end (its header lines and the
    quoted rows), so the retail year end of the chunk's header is read (d977); else the
    excerpt."""
    if seen.chunk_head and from_chunk(fact, seen):
        return seen.chunk_head
    return seen.text
