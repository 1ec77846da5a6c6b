"""Statements stacked on a page, and the head a later chunk carries: PDF chunking version 5
(d1031-d1034, issue 28).

Version 4 (statement_heads.py, d990-d992) reads a statement's head as up to 9 short parts above
its table, splits it into a title and a column header by parts, and carries every part of both
to each later chunk, one part a line. Found on the filings (bench/pdf_tables.py):
  - Johnson & Johnson's reconciliations (8-K p.25-27) print three tables one above another, each
    under a column header of 13 cells wrapped over up to four lines, PyMuPDF's blocks 20-25 of
    them: the head was cut at 9 parts, its first cells left in the chunk before; the page's scale
    line "$ in Millions" shares a block with the first table's section label "First Quarter",
    and that whole block was carried to the second and third tables ("First Quarter" over the
    Second Quarter's rows);
  - a table's lead-in sentence declaring a scale ("Selected financial data for the Domestic
    segment was as follows ($ in millions):") was the page's scale line for every later table
    of the page (Best Buy's store counts);
  - Best Buy's equity header, six blocks side by side, was carried as 7 lines over 7-9 rows.
Version 5 reads:
  - a statement's head (`HEAD_RUN_CHARS`, d1031): the run of short parts above its table as
    version 4 reads it, bounded by its characters instead of a count of parts, a part of it
    also a table's lead-in or a block of header cells over many lines (`is_head`); a part by a
    head run - beside it, or right under a run that declares a scale or is dated header cells
    (`beside`) - is not cut from it by min_chars;
  - its title and header by lines (`split`, d1031): the part declaring the scale is cut after
    its scale line (the lines below it are the header's: a section label), and where no part
    declares a scale the header starts at the first part printed beside another (a header of
    cells side by side), the parts above it the title; a statement with no title of its own
    right under another takes the other's title, measured from its head's top;
  - the page's scale line (`page_scale`, d1032): only a scale line alone ("$ in Millions",
    "(In thousands)"), the line itself, not its block's other lines and not a sentence;
  - a compact carried header (`compact`, d1033): the header's lines as printed, one printed row
    a line ("Shares Common Stock Paid-In Capital Earnings Income (Loss) Total"), not one PyMuPDF
    block a line;
  - rows under no head of their own that carry on the rows a chunk ends with stay in it while it
    fits (chunking.chunk_page, d1034).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.documents import table_blocks
from groundgate.documents.table_blocks import declares_scale, names_periods, rows_of

if TYPE_CHECKING:
    from groundgate.documents.chunking import Line
    from groundgate.documents.statement_heads import Copy, Part

# d1031: a statement's head is at most this many characters (Johnson & Johnson's reconciliation
# heads: ~300 in 25 parts); version 4 took at most 9 parts.
HEAD_RUN_CHARS = 600
# A one-line scale part of at most this many words is a scale line alone (statement_heads).
SCALE_WORDS = 8


def scale_alone(text: str) -> bool:
    """A scale line and no title ("(In thousands)", "$ in Millions"), not a title or a sentence
    saying one ("Amortization expense was as follows ($ in millions):")."""
    return len(text.split()) <= SCALE_WORDS and not text.rstrip().endswith(":")


def _beside(a: list[Line], b: list[Line]) -> bool:
    """A line of `a` and a line of `b` share a printed row and stand apart, left and right."""
    for x in a:
        for y in b:
            overlap = min(x.bbox[3], y.bbox[3]) - max(x.bbox[1], y.bbox[1])
            height = min(x.bbox[3] - x.bbox[1], y.bbox[3] - y.bbox[1])
            apart = y.bbox[0] >= x.bbox[2] - 1.0 or y.bbox[2] <= x.bbox[0] + 1.0
            if overlap >= 0.5 * height and apart:
                return True
    return False


def split(heads: list[Part], copy: Copy) -> tuple[list[Part], list[Line]]:
    """(copies of the title's lines, the header's lines) of a statement's head parts (d1031).
    With a part declaring the scale: its lines to its last scale line, and the part above when
    that line is a scale line alone opening its part, are the title; the part's lines below it
    and the parts after it are the header. Without: the header starts at the first part printed
    beside another part of the head, else at the trailing parts that name a period or hold two
    cells (version 4's reading); the part above it is the title."""
    at = next((i for i in range(len(heads) - 1, -1, -1) if declares_scale(heads[i].text)), None)
    if at is not None:
        lines = heads[at].lines
        k = max((j for j, x in enumerate(lines) if declares_scale(x.text)), default=len(lines) - 1)
        if k == len(lines) - 1:
            title = [copy(lines, heads[at].text)]
        else:
            title = [copy(lines[: k + 1])]
        if k == 0 and at and scale_alone(lines[0].text):
            title.insert(0, copy(heads[at - 1].lines, heads[at - 1].text))
        return title, [*lines[k + 1 :], *(x for h in heads[at + 1 :] for x in h.lines)]
    n = next(
        (
            i
            for i, h in enumerate(heads)
            if any(_beside(h.lines, o.lines) for o in heads if o is not h)
        ),
        None,
    )
    if n is None:
        n = len(heads)
        while n and (
            names_periods(rows_of(heads[n - 1].lines)) or len(rows_of(heads[n - 1].lines)[0]) >= 2
        ):
            n -= 1
    title = [copy(h.lines, h.text) for h in heads[max(n - 1, 0) : n]]
    return title, [x for h in heads[n:] for x in h.lines]


def compact(lines: list[Line], copy: Copy) -> Part:
    """A copy of a header's lines one printed row a line (d1033): the lines sorted into the rows
    they are printed on (a line whose middle falls within a row's first line), each row left to
    right; the copies are one paragraph (one block number), so the text's separators are the
    word boxes' (a space in a row, a newline between rows)."""
    bands: list[list[Line]] = []
    for line in sorted(lines, key=lambda x: (x.bbox[1], x.bbox[0])):
        middle = (line.bbox[1] + line.bbox[3]) / 2
        if bands and bands[-1][0].bbox[1] <= middle <= bands[-1][0].bbox[3]:
            bands[-1].append(line)
        else:
            bands.append([line])
    ordered = [x for band in bands for x in sorted(band, key=lambda x: x.bbox[0])]
    part = copy(ordered, None, True)
    block = part.lines[0].block
    for x in part.lines:
        x.block = block
    return part


def page_scale(lines: list[Line], copy: Copy) -> Part | None:
    """The page's scale line a part gives (d1032): a copy of its last line declaring a scale
    when that line is a scale line alone; None for a sentence or a title saying one."""
    said = [x for x in lines if declares_scale(x.text)]
    if not said or not scale_alone(said[-1].text):
        return None
    return copy([said[-1]])


# d1031: a part of more lines than table_blocks.HEAD_LINES may head a table when each of its
# lines is a header cell of at most this many words (Best Buy's store counts: "Fiscal 2024",
# "Fiscal 2023", "Total Stores at" / "Beginning of" / "Second Quarter" in one block).
CELL_WORDS = 3


def is_head(lines: list[Line], text: str) -> bool:
    """table_blocks.is_head, a table's lead-in ("... were as follows:", d1031) and a part of
    short header cells however many lines."""
    if table_blocks.is_head(lines, text) or lead_in(lines, text):
        return True
    if len(text) > table_blocks.HEAD_CHARS or any(len(x.text.split()) > CELL_WORDS for x in lines):
        return False
    return table_blocks.is_head(lines[: table_blocks.HEAD_LINES], text)


def beside(run: list[Part], lines: list[Line]) -> bool:
    """statement_heads.beside, or read by lines where the parts' boxes overlap (d1031): a block
    of header cells spanning the header's width ("Fiscal 2024" ... "Fiscal 2023" over "Total
    Stores at") has the next block's cells inside its box, beside its lines."""
    from groundgate.documents.statement_heads import beside as by_boxes  # it imports this one

    if by_boxes(run, lines):
        return True
    if not any(declares_scale(p.text) or names_periods(rows_of(p.lines)) for p in run):
        return False
    return any(_beside(p.lines, lines) for p in run) or _under(run, lines)


def _cells(part: Part) -> bool:
    return all(len(x.text.split()) <= CELL_WORDS for x in part.lines)


def _under(run: list[Part], lines: list[Line]) -> bool:
    """`lines` start within HEAD_GAP_LINES of the line height below the run's last part, and
    the run is a statement's head so far: a part of it declares a scale, or is header cells
    naming a period ("Goodwill balances were as follows ($ in millions):" over its header's
    dates, over "Gross Carrying" / "Amount"); kept together, as the rows below keep them (d1031)."""
    if not any(declares_scale(p.text) or (_cells(p) and names_periods([p.lines])) for p in run):
        return False
    last = run[-1].lines[-1].bbox
    gap = min(x.bbox[1] for x in lines) - last[3]
    return -1.0 <= gap <= table_blocks.HEAD_GAP_LINES * max(last[3] - last[1], 1.0)


def lead_in(lines: list[Line], text: str) -> bool:
    """A short sentence that ends ":" ("Domestic segment stores open at ... were as follows:"):
    it introduces what is printed below it, a table's head when a table follows (d1031)."""
    fits = len(lines) <= table_blocks.HEAD_LINES and len(text) <= table_blocks.HEAD_CHARS
    return fits and text.rstrip().endswith(":")
