"""Cut a page's text (PyMuPDF "dict" output) into paragraph-sized chunks in reading order.

- A PyMuPDF text block is roughly a paragraph. Short consecutive blocks are merged until a chunk
  has at least `min_chars`; a block longer than `max_chars` is cut between lines. A line is never
  split, and a chunk never crosses a page.
- Spans are joined so words, table cells and numbers stay apart: a visible gap between two spans
  becomes a space. Lines of a block are joined by a space (nothing between two CJK characters);
  blocks are joined by a newline. Two cells can therefore never run together into one number.
- A block whose lines read as table rows (chunking version 2, d905) keeps its rows: PyMuPDF's
  lines side by side on one baseline (the cells of a row) are joined by a space, and a line that
  starts a new row by a newline, so a statement reaches the engine one row a line, under its
  column headers. A prose paragraph wrapped over lines is joined by spaces as before. Either
  separator is one character: offsets, word boxes and rectangles are those of version 1.
- Version 3 (documents/table_blocks.py, d965-d967): a table's title and scale line stay in the
  chunk of the rows they head, a long table is cut between rows, a block whose rows are
  sentences is prose, and a row that carries on the one before (a wrapped label) joins it.
  `ChunkingPolicy.version` 2 keeps version 2's reading (chunk bounds move in version 3; the
  text's characters are version 2's but for some newlines read as spaces).
- Version 4 (documents/statement_heads.py, d990-d992): a statement's whole head - its title,
  scale line and every line of its column header, printed in blocks of their own or not - goes
  with its rows and is carried to each later chunk of it (and to a block of rows after it whose
  figures stand in its columns), and a statement starts a chunk at its title.
  `ChunkingPolicy.version` 3 keeps version 3's reading.
- Version 5 (documents/stacked_heads.py, d1031-d1034): statements stacked on a page each keep
  their whole head (bounded by characters, read by lines), a statement with its own dated header
  is given only the page's scale line alone, a later chunk carries the header one printed row a
  line, and rows that carry on the chunk's rows stay in it while it fits.
  `ChunkingPolicy.version` 4 keeps version 4's reading.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from groundgate.documents import stacked_heads
from groundgate.documents.chunk_parts import _block_text as _block_text
from groundgate.documents.chunk_parts import _Context, _copy, _is_cjk, _Part, _size

# The stored form of a chunk (documents/chunk_store.py), named here as before.
from groundgate.documents.chunk_store import StoredChunk as StoredChunk
from groundgate.documents.chunk_store import block_view as block_view
from groundgate.documents.chunk_store import stored_chunk as stored_chunk
from groundgate.documents.stacked_heads import HEAD_RUN_CHARS, page_scale
from groundgate.documents.statement_heads import StatementContext, beside, head_parts
from groundgate.documents.table_blocks import (
    HEAD_CHARS,
    HEAD_PARTS,
    declares_scale,
    figure_columns,
    is_head,
    near_above,
    reads_as_prose,
    rows_of,
    same_row,
)

# A gap wider than this share of the font size between two spans is a word/cell boundary.
SPAN_GAP = 0.15
_SPACES = re.compile(r"[ \t]{2,}")


# What the chunker writes, recorded on each Document it ingests (Document.metadata["chunking"];
# a document without it was chunked by version 1). 2: a table block keeps its rows (d905).
# 3: a table keeps its head, is cut between rows, prose is not read as rows (d965-d967).
# 4: a statement's whole head goes with it and to its later chunks, it starts a chunk (d990-d992).
# 5: stacked statements' heads, the page's scale line alone, a compact carried header, a
# statement's rows kept together (d1031-d1034).
CHUNKING_VERSION = 5


@dataclass(frozen=True)
class ChunkingPolicy:
    min_chars: int = 200
    max_chars: int = 1200
    # Which chunker's reading (2 to 5; 1 is version 2's text through block_view, d907).
    version: int = CHUNKING_VERSION


DEFAULT_CHUNKING = ChunkingPolicy()


# A word's place: [start, end) in its line's (later its chunk's) text, and its box on the page
# [x0, top, x1, bottom] in whole points that enclose it.
WordBox = tuple[int, int, int, int, int, int]


@dataclass
class Line:
    text: str
    bbox: tuple[float, float, float, float]  # x0, top, x1, bottom
    block: int  # the paragraph it belongs to, numbered on its page
    # PyMuPDF's words of this line (TextPage.extractWORDS), placed in `text`.
    words: list[WordBox] = field(default_factory=list)


@dataclass
class PageChunk:
    page_index: int
    text: str
    lines: list[Line] = field(default_factory=list)
    # Where a newline starts a new row of a table block (chunking version 2, d905): offsets in
    # `text` where version 1 had a space; stored as metadata "rows" (d907).
    row_breaks: list[int] = field(default_factory=list)

    def rects(self) -> list[tuple[float, float, float, float]]:
        """One merged rectangle per paragraph (part) of this chunk, in order."""
        merged: dict[int, list[float]] = {}
        for line in self.lines:
            x0, top, x1, bottom = line.bbox
            box = merged.get(line.block)
            if box is None:
                merged[line.block] = [x0, top, x1, bottom]
            else:
                box[0], box[1] = min(box[0], x0), min(box[1], top)
                box[2], box[3] = max(box[2], x1), max(box[3], bottom)
        return [tuple(b) for b in merged.values()]  # type: ignore[misc]

    def word_boxes(self) -> list[WordBox]:
        """Every word of the chunk: its [start, end) in `text` and its box, in text order."""
        out: list[WordBox] = []
        offset, previous = 0, None
        for line in self.lines:
            if previous is not None:
                if line.block != previous.block:
                    offset += 1  # "\n" between paragraphs
                elif not (_is_cjk(previous.text[-1:]) and _is_cjk(line.text[:1])):
                    offset += 1  # " " between the lines of a paragraph
            out.extend((offset + a, offset + z, x0, t, x1, b) for a, z, x0, t, x1, b in line.words)
            offset += len(line.text)
            previous = line
        return out

    def position_int(self) -> list[list[int]]:
        """[page_number, x0, x1, top, bottom] per merged rectangle, as integers that enclose the
        text (floor the start, ceil the end)."""
        return [
            [self.page_index + 1, math.floor(x0), math.ceil(x1), math.floor(top), math.ceil(bottom)]
            for x0, top, x1, bottom in self.rects()
        ]


def _line_text(spans: list[dict[str, Any]], direction: tuple[float, float]) -> str:
    horizontal = abs(direction[0]) >= abs(direction[1])
    parts: list[str] = []
    previous: dict[str, Any] | None = None
    for span in spans:
        # NUL is not text (and PostgreSQL cannot store it); some PDFs carry it in strings.
        text = span["text"].replace("\x00", "")
        if not text:
            continue
        if previous is not None and parts:
            if horizontal:
                gap = (span["bbox"][0] - previous["bbox"][2]) * (1 if direction[0] >= 0 else -1)
            else:
                gap = (span["bbox"][1] - previous["bbox"][3]) * (1 if direction[1] >= 0 else -1)
            size = min(span["size"], previous["size"]) or 1.0
            if gap > SPAN_GAP * size and not parts[-1][-1:].isspace() and not text[:1].isspace():
                parts.append(" ")
        parts.append(text)
        previous = span
    return _SPACES.sub(" ", "".join(parts)).strip()


def page_lines(page_dict: dict[str, Any], words: list[Any] | None = None) -> list[list[Line]]:
    """The page's paragraphs, each a list of non-empty lines, in content order; with `words`
    (TextPage.extractWORDS of the same text page), each line keeps its words' places and boxes.

    A PyMuPDF block is usually a paragraph, but some producers write every line as its own
    block; a block that continues the previous one (same left edge, next line down, no more than
    half a line of space between) is merged into it.
    """
    words = words or []
    w, n_words = 0, len(words)  # extractWORDS lists them by block, line and word: one pass
    paragraphs: list[list[Line]] = []
    for block_no, block in enumerate(page_dict.get("blocks", [])):
        if block.get("type", 0) != 0:
            continue  # images
        lines = []
        for line_no, line in enumerate(block.get("lines", [])):
            text = _line_text(line.get("spans", []), tuple(line.get("dir", (1.0, 0.0))))
            first = w
            while w < n_words and (
                words[w][5] < block_no or (words[w][5] == block_no and words[w][6] <= line_no)
            ):
                w += 1
            if text.strip():
                placed = _placed(text, words[first:w]) if w > first else []
                lines.append(Line(text, tuple(line["bbox"]), 0, placed))
        if not lines:
            continue
        if paragraphs and _continues(paragraphs[-1], lines):
            paragraphs[-1].extend(lines)
        else:
            paragraphs.append(lines)
    for number, paragraph in enumerate(paragraphs):
        for line in paragraph:
            line.block = number
    return paragraphs


def _placed(text: str, words) -> list[WordBox]:  # type: ignore[no-untyped-def]
    """Each word found in the line's text, left to right (a word the text does not hold as
    written - a NUL dropped - is left out). Boxes in whole points that enclose the word (floor
    the start, ceil the end), as position_int: enough to draw, and cheap to store."""
    out: list[WordBox] = []
    at = 0
    find = text.find
    for word in words:  # extractWORDS gives them in line order
        found = find(word[4], at)
        if found < 0:
            continue
        at = found + len(word[4])
        x0, top, x1, bottom = word[:4]
        out.append((found, at, math.floor(x0), math.floor(top), math.ceil(x1), math.ceil(bottom)))
    return out


def span_boxes(
    words: list[WordBox] | list[list[float]], start: int, end: int
) -> list[tuple[float, float, float, float]]:
    """The boxes of the characters [start, end) of a chunk: the words it touches, merged per
    line (words side by side on one baseline), [x0, top, x1, bottom]. Empty when no word is
    known there (a chunk stored before word boxes were kept).

    A number inside a word is stored as a word of its own, boxed by its own characters
    (documents.glyph_boxes, d327). A word the span covers only in part otherwise (one stored
    before that; a CJK line, which PyMuPDF reads as one word, cut in its letters) is cut to the
    span's share of its characters, as if they were of equal width, in whole points round it.
    Only a word that runs left to right is cut: a turned word's direction is not kept either."""
    boxes: list[list[float]] = []
    for w in words:
        a, b, x0, top, x1, bottom = w
        if b <= start or a >= end:
            continue
        if (a < start or b > end) and b > a and x1 - x0 >= bottom - top:
            share = (x1 - x0) / (b - a)
            x0, x1 = (
                math.floor(x0 + share * (max(a, start) - a)),
                math.ceil(x0 + share * (min(b, end) - a)),
            )
        last = boxes[-1] if boxes else None
        if last is not None and abs(last[1] - top) < 1.0 and abs(last[3] - bottom) < 1.0:
            last[0], last[2] = min(last[0], x0), max(last[2], x1)
        else:
            boxes.append([x0, top, x1, bottom])
    return [(b[0], b[1], b[2], b[3]) for b in boxes]


def _continues(previous: list[Line], lines: list[Line]) -> bool:
    last, first = previous[-1], lines[0]
    height = last.bbox[3] - last.bbox[1]
    gap = first.bbox[1] - last.bbox[3]
    same_left = abs(first.bbox[0] - min(line.bbox[0] for line in previous)) <= 3
    return same_left and -0.25 * height <= gap <= 0.5 * height


_same_row = same_row  # documents/table_blocks.py


def reads_as_table(lines: list[Line]) -> bool:
    """A block is a table when at least two of its rows hold two lines or more side by side
    (a label and its cells) and such rows are at least a third of its rows (d905). A prose
    paragraph has one line a row; a heading of two cells alone is not a table."""
    rows, several = 0, 0
    run = 0
    for i, line in enumerate(lines):
        if i and _same_row(lines[i - 1], line):
            run += 1
            if run == 2:
                several += 1
        else:
            rows, run = rows + 1, 1
    return several >= 2 and 3 * several >= rows


def _chunk(page_index: int, parts: list[_Part]) -> PageChunk:
    chunk = PageChunk(page_index, "")
    for part in parts:
        at = len(chunk.text) + 1 if chunk.text else 0
        chunk.text = f"{chunk.text}\n{part.text}" if chunk.text else part.text
        chunk.lines.extend(part.lines)
        chunk.row_breaks += [at + i for i in part.breaks]
    return chunk


def _head(parts: list[_Part], table: list[Line]) -> int:
    """How many of the last parts head the table block `table` (version 3, d965): short parts
    that are no table and no sentence (a title, a scale line), the last right above it."""
    n = 0
    while n < min(HEAD_PARTS, len(parts)) and parts[-1 - n].head:
        n += 1
    return n if n and near_above(parts[-1].lines, table) else 0


def chunk_page(
    page_index: int,
    page_dict: dict[str, Any],
    policy: ChunkingPolicy,
    words: list[Any] | None = None,
) -> list[PageChunk]:
    chunks: list[PageChunk] = []
    parts: list[_Part] = []
    third, fourth, fifth = (policy.version >= v for v in (3, 4, 5))
    context = _Context()
    statements = StatementContext(_copy, version=policy.version)
    heads_of = (HEAD_RUN_CHARS,) if fifth else ()  # a head bounded by characters (d1031)
    reads_head = stacked_heads.is_head if fifth else is_head
    next_to = stacked_heads.beside if fifth else beside
    for block in page_lines(page_dict, words):
        table = reads_as_table(block) and not (third and reads_as_prose(block))
        head = (head_parts if fourth else _head)(parts, block, *heads_of) if table and third else 0  # type: ignore[arg-type]
        heads = parts[len(parts) - head :]
        # A table, or one row of figures standing alone ("Net income $ 1,242,408 12.2% ...").
        rows = third and (table or (len(rows_of(block)) == 1 and figure_columns([block]) >= 2))
        lacks, carried = context.carry(heads, block) if rows else ([], [])
        found = statements.carry(heads, block, lacks) if rows and fourth else None  # type: ignore[arg-type]
        if found is not None:  # a statement's head, or the statement's it stands under (d991)
            lacks, carried = found[0], found[1]  # type: ignore[assignment]
        # A statement opens a chunk at its title, after another's rows (d992).
        starts = (
            found is not None and found[2] and any(p.figures for p in parts[: len(parts) - head])
        )
        # Rows under no head of their own that carry on the rows the chunk ends with (of its
        # statement, or under the page's header) stay in it while they fit (d1034).
        stay = fifth and bool(rows and lacks and not head and parts and parts[-1].figures)
        stay = stay and not (found is not None and found[2])
        stay = stay and _size(parts) + 1 + len(_block_text(block, table, True)) <= policy.max_chars
        if stay:
            lacks = []
        first = policy.max_chars - sum(len(p.text) + 1 for p in [*heads, *lacks])
        later = policy.max_chars - (_size(carried) + 1 if carried else 0)
        pieces = _split_block(block, policy.max_chars, first, rows=table and third, later=later)
        for n, piece in enumerate(pieces):
            text = _block_text(piece, table, carry_on=third)
            spaced = _block_text(piece) if table else text
            breaks = [i for i, c in enumerate(text) if c != spaced[i]]
            size = _size(parts)
            own = _size([p for p in parts if not p.carried])  # what is carried counts no size
            is_a_head = third and not table and reads_head(piece, text) and len(pieces) == 1
            run = parts[
                len(parts)
                - next((i for i, p in enumerate(reversed(parts)) if not p.head), len(parts)) :
            ]
            # A column header printed as blocks side by side is not cut (version 4, d990).
            enough = own >= policy.min_chars and not (fourth and is_a_head and next_to(run, piece))  # type: ignore[arg-type]
            cut = (enough and not stay) or size + 1 + len(text) > policy.max_chars
            if own and (cut or (n == 0 and starts)):
                # A table's head goes with its rows (d965), unless it is all the chunk holds.
                held = head if n == 0 and head < len(parts) else 0
                if not (n == 0 and head == len(parts)):
                    chunks.append(_chunk(page_index, parts[: len(parts) - held]))
                    parts = parts[len(parts) - held :]
            if (
                n == 0 and lacks and len(parts) == head
            ):  # what it lacks (d968), before its head (d991)
                at = 0 if fourth else len(parts)
                parts[at:at] = lacks
            elif n and not parts and (not fourth or figure_columns(rows_of(piece))):
                parts.extend(carried)  # the table's scale line and header again (d968, d991)
            figures = bool(rows) and figure_columns(rows_of(piece)) > 0
            parts.append(_Part(text, piece, breaks, is_a_head, figures=figures))
            if not table and len(text) <= HEAD_CHARS and declares_scale(text):
                context.scale = _copy(piece, text)
                statements.scale = page_scale(piece, _copy) or statements.scale
    if parts:
        chunks.append(_chunk(page_index, parts))
    return chunks


def _split_block(
    lines: list[Line],
    max_chars: int,
    first: int | None = None,
    rows: bool = False,
    later: int | None = None,
) -> list[list[Line]]:
    """Cut a long block between lines into pieces of at most max_chars, the first of at most
    `first` and the others of at most `later` (a longer line stays whole: lines are never
    split); with `rows` (a table block, version 3, d965) between rows: a row's cells go with
    its label."""
    pieces: list[list[Line]] = [[]]
    size, limit = 0, max_chars if first is None else first
    for line in lines:
        if pieces[-1] and size + 1 + len(line.text) > limit:
            piece, start, after = pieces[-1], len(pieces[-1]), line
            while rows and start > 0 and same_row(piece[start - 1], after):
                start, after = start - 1, piece[start - 1]
            moved = piece[start:] if start > 0 else []  # the row begun, unless it is all
            del piece[len(piece) - len(moved) :]
            pieces.append(moved)
            size = sum(len(m.text) + 1 for m in moved)
            limit = max_chars if later is None else later
        pieces[-1].append(line)
        size += len(line.text) + 1
    return pieces
