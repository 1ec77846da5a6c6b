"""What heads a statement, whole, for PDF chunking version 4 (d990-d992, issue 28).

Version 3 (table_blocks.py, d965-d968) keeps up to 3 short parts above a table with its rows and
carries a scale line and a dated column header to a statement's later chunks. Found on the
filings (bench/pdf_tables.py): a header printed over several lines in blocks of their own
("January 28, January 29," above "2023 2022"; Best Buy's equity header, seven blocks side by
side) was cut from its rows or carried in part; a statement's title was not carried; a block of
rows after a statement was given its header only when its figures counted the header's cells
(Ulta's "Net income $ 340,751 10.6% $ 289,366 10.6%" under two columns of a value and a share);
and a statement's title could open in the chunk of another statement's tail. Version 4 reads:
  - a statement's head (`head_parts`, d990): the run of short parts above its table - each no
    sentence and no row of figures, each beside, over or near above the next - up to
    HEAD_PARTS parts; a column header printed as blocks side by side is not cut between chunks
    (`beside`);
  - its title and its column header (`StatementContext.carry`, d991): the head part declaring
    the scale (with the part above it when it is one line) and every part and lead row between
    it and the rows are the title and the header; a later chunk of the statement, and a block
    of rows after it on the page whose figures stand in its columns (`aligned`: the right edges
    of their figures are the statement's), carry both whole;
  - a statement starts a chunk at its title (d992): chunking.chunk_page ends the chunk before a
    statement's head when the chunk already holds rows of figures of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from groundgate.documents import stacked_heads
from groundgate.documents.table_blocks import (
    column_header,
    declares_scale,
    figure_columns,
    lead_rows,
    names_periods,
    rows_of,
)

if TYPE_CHECKING:
    from groundgate.documents.chunking import Line

# d990: a statement's head is at most this many parts (Best Buy's equity statement: the page's
# running head, the title with its scale line and six blocks of column header), each no further
# above the region below it than HEAD_GAP_LINES of its line height.
HEAD_PARTS = 9
HEAD_GAP_LINES = 3.0
# d991: a figure stands in a statement's column when its right edge is this near one of the
# statement's figures' right edges (numbers are set flush right; ")" of a negative hangs).
EDGE_POINTS = 4.0
# d991: a statement with no title right under another (within this many of its line heights)
# is under the other's title (Ulta's "Sales by Category": 13 weeks, then 52 weeks).
INHERIT_GAP_LINES = 4.0
# A one-line scale part of at most this many words is a scale line alone: the title is above.
SCALE_WORDS = 8
_NUMBER_WORD = re.compile(r"^\(?\$?\d[\d,]*(?:\.\d+)?%?\)?$")
_CLOSE = re.compile(r"^[)%]+$")
_YEAR = re.compile(r"(?:19|20)\d\d")


class Part(Protocol):
    text: str
    lines: list[Line]
    head: bool


# (lines, text as chunked or None, a header's copy) -> a copy of them carried to another chunk
Copy = Callable[..., "Part"]


def _box(lines: list[Line]) -> tuple[float, float, float, float]:
    return (
        min(line.bbox[0] for line in lines),
        min(line.bbox[1] for line in lines),
        max(line.bbox[2] for line in lines),
        max(line.bbox[3] for line in lines),
    )


def _figure_row(lines: list[Line]) -> bool:
    return any(figure_columns([row]) >= 2 for row in rows_of(lines))


def head_parts(parts: list[Part], table: list[Line], chars: int | None = None) -> int:
    """How many of the last parts head the table `table` (d990): short parts that are no
    table, no sentence and no row of figures, each overlapping the region below it (the parts
    after it and the table) or ending within HEAD_GAP_LINES of its line height above it; up to
    HEAD_PARTS parts, or with `chars` (version 5, d1031) as many as hold that many characters."""
    top = table[0].bbox[1]
    n, size = 0, 0
    while n < (len(parts) if chars else min(HEAD_PARTS, len(parts))):
        part = parts[-1 - n]
        size += len(part.text) + 1
        if not part.head or _figure_row(part.lines) or (chars and size > chars):
            break
        _, above, _, bottom = _box(part.lines)
        height = max(part.lines[-1].bbox[3] - part.lines[-1].bbox[1], 1.0)
        if top - bottom > HEAD_GAP_LINES * height:
            break
        top, n = min(top, above), n + 1
    return n


def beside(run: list[Part], part_lines: list[Line]) -> bool:
    """The lines stand beside a part of `run`, a statement's head so far (a part of it declares
    a scale or names a period, d990): they overlap it or touch it vertically and start right of
    its end (or end left of its start) - a column header printed as blocks side by side
    ("Common" / "Shares", "Additional" / "Paid-In Capital", ...), not to be cut from its rows."""
    if not any(declares_scale(p.text) or names_periods(rows_of(p.lines)) for p in run):
        return False  # a figure's labels side by side (tracemonkey's) head no statement
    x0, top, x1, bottom = _box(part_lines)
    for part in run:
        a0, a_top, a1, a_bottom = _box(part.lines)
        vertical = min(bottom, a_bottom) - max(top, a_top) >= -1.0
        if vertical and (x0 >= a1 - 1.0 or x1 <= a0 + 1.0):
            return True
    return False


def _edges(rows: list[list[Line]]) -> list[float]:
    """The right edges of the figures of the rows (words that are numbers, years left out), a
    ")" or "%" printed apart after one counted in ("5.3 %", "( 3.2 )": J&J's columns)."""
    out: list[float] = []
    for row in rows:
        for line in row:
            words = [(line.text[w[0] : w[1]], float(w[4])) for w in line.words]
            for i, (word, x1) in enumerate(words):
                if _NUMBER_WORD.match(word) and not _YEAR.fullmatch(word):
                    while i + 1 < len(words) and _CLOSE.match(words[i + 1][0]):
                        i, x1 = i + 1, words[i + 1][1]
                    out.append(x1)
    return out


def aligned(edges: list[float], rows: list[list[Line]]) -> bool:
    """Every figure of the rows (two at least) stands in one of `edges`' columns (d991)."""
    own = _edges(rows)
    if len(own) < 2 or not edges:
        return False
    return all(any(abs(e - x) <= EDGE_POINTS for x in edges) for e in own)


def _split(heads: list[Part]) -> tuple[list[Part], list[Part]]:
    """(title parts, header parts) of a statement's head parts (d991): the nearest part that
    declares the scale, with the part above when it is one line, is the title; the parts after
    it are the column header. With no scale line, the trailing parts that name a period or hold
    two cells are the header and the part above them the title."""
    at = next((i for i in range(len(heads) - 1, -1, -1) if declares_scale(heads[i].text)), None)
    if at is not None:
        alone = len(heads[at].lines) == 1 and _scale_alone(heads[at].text)
        first = at - 1 if at and alone else at
        return heads[first : at + 1], heads[at + 1 :]
    n = len(heads)
    while n and (
        names_periods(rows_of(heads[n - 1].lines)) or len(rows_of(heads[n - 1].lines)[0]) >= 2
    ):
        n -= 1
    return heads[max(n - 1, 0) : n], heads[n:]


def _near(bottom: float, block: list[Line], top: float | None = None) -> bool:
    """`block` (or its head, starting at `top`: version 5, d1031) starts within
    INHERIT_GAP_LINES of its line height below `bottom`."""
    height = max(block[0].bbox[3] - block[0].bbox[1], 1.0)
    return (block[0].bbox[1] if top is None else top) - bottom <= INHERIT_GAP_LINES * height


def _scale_alone(text: str) -> bool:
    """A scale line and no title ("(In thousands)", "(in thousands, except per share data)"),
    not a title saying one ("Amortization expense was as follows ($ in millions):")."""
    return len(text.split()) <= SCALE_WORDS and not text.rstrip().endswith(":")


@dataclass
class Statement:
    """A statement's carried head (copies) and its figures' right edges."""

    parts: list[Part]
    edges: list[float] = field(default_factory=list)
    title: list[Part] = field(default_factory=list)
    bottom: float = 0.0  # where its last block of rows ends on the page


@dataclass
class StatementContext:
    """The page's last statement so far (version 4, d991)."""

    copy: Copy
    statement: Statement | None = None
    version: int = 4  # 5: stacked_heads' reading of a head's lines (d1031-d1033)
    scale: Part | None = None  # version 5: the page's last scale line alone (d1032)

    def carry(
        self, heads: list[Part], block: list[Line], page: list[Part]
    ) -> tuple[list[Part], list[Part], bool] | None:
        """(what the block's first chunk lacks, what its later chunks carry, whether it starts
        a statement), or None where version 3's reading stands (no statement); `page`: what
        version 3 finds it lacks of the page's scale line and header."""
        rows = rows_of(block)
        start, end = column_header(rows)
        fifth = self.version >= 5
        if fifth:  # by lines, the header compact (d1031, d1033)
            title, lines = stacked_heads.split(heads, self.copy)
        else:
            title_parts, header_parts = _split(heads)
            title = [self.copy(h.lines, h.text) for h in title_parts]
        if start:
            title.append(self.copy([x for row in rows[:start] for x in row]))
        if fifth:
            lines += [x for row in rows[start:end] for x in row]
            header = [stacked_heads.compact(lines, self.copy)] if lines else []
        else:
            header = [self.copy(h.lines, h.text, True) for h in header_parts]
            if end > start:
                header.append(self.copy([x for row in rows[start:end] for x in row], None, True))
        said = [x for p in [*title, *header] for x in p.lines]
        scaled = declares_scale(" ".join(x.text for x in said))
        if not scaled:
            lead = lead_rows(rows)
            scale = [
                rows[i]
                for i in range(end, lead)
                if declares_scale(" ".join(x.text for x in rows[i]))
            ]
            if scale:
                title.append(self.copy(scale[0]))
                scaled = True
        dated = names_periods(rows_of(said))
        if fifth:
            printed = next((h.lines for h in reversed(heads) if declares_scale(h.text)), [])
            self.scale = stacked_heads.page_scale(printed, self.copy) or self.scale
        if header and (dated or (title and scaled)):
            lacks = [] if scaled else page
            if fifth:  # the page's scale line alone, not another table's head (d1032)
                lacks = [] if scaled or self.scale is None else [self.scale]
            last = self.statement
            top = heads[0].lines[0].bbox[1] if fifth and heads else None
            if not title and last is not None and _near(last.bottom, block, top):
                title = last.title  # a statement right under another, of the page's title
                lacks = [*title, *(p for p in lacks if p.text not in {t.text for t in title})]
            bottom = block[-1].bbox[3]
            self.statement = Statement([*title, *header], _edges(rows[end:]), title, bottom)
            return lacks, self.statement.parts, True
        # Rows in the statement's columns, under no head of their own, are of it.
        if (
            self.statement is not None
            and not (heads or scaled or dated)
            and aligned(self.statement.edges, rows)
        ):
            self.statement.edges += _edges(rows)
            self.statement.bottom = block[-1].bbox[3]
            return self.statement.parts, self.statement.parts, False
        return None
