"""Where PDF chunking reads tables, on every shared PDF: chunking versions 2, 3 and 4.

    python bench/pdf_tables.py [--blocks] [--file NAME]

Reads each readable PDF of ../shared/data/pdfs and ../shared/data/financebench as ingestion does
(one text page per page, documents.chunking) and counts, under chunking version 2 and 3:
  - blocks read as tables (chunking.reads_as_table) and, of those, blocks whose rows are
    sentences (table_blocks.reads_as_prose: version 3 joins them as prose, d966);
  - row breaks version 3 reads as a row carried on (table_blocks.continues_row, d967);
  - chunk bounds that cut a table's head from it: a chunk whose last part is a short title or
    scale line (table_blocks.is_head) right above a table block that opens the next chunk, and
    of those the scale lines ("$ in millions", "(In thousands)", "单位：万元"); version 3 keeps a
    head with the rows (d965);
  - tables cut over two chunks (one block in both), of those cut inside a row, and those
    whose later chunk carries the table's header or scale line (d968);
  - chunks of table rows declaring no scale after a chunk of the same page that declares one;
  - statements (version 4's reading of a page's blocks, documents/statement_heads.py: a table
    with a title and a dated or scaled column header, and the blocks of rows after it in its
    columns): chunks that hold lines of two statements (d992), and a statement's continuations
    (chunks of its rows after the one that prints its title) that lack a line of its title or
    of its column header (d991).
With --blocks each prose block and carried row is printed, and each cut head.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pymupdf  # noqa: E402

from groundgate.documents import (  # noqa: E402
    chunking,
    stacked_heads,
    statement_heads,
    table_blocks,
)
from groundgate.documents.glyph_boxes import page_text  # noqa: E402
from groundgate.documents.pdf_text import TEXT_FLAGS  # noqa: E402

DATA = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared")) / "data"
PASSWORDS = {"issue6010_1.pdf": "abc", "issue6010_2.pdf": "æøå"}
VERSIONS = {v: chunking.ChunkingPolicy(version=v) for v in (2, 3, 4, 5)}
Key = tuple[str, tuple[float, float, float, float]]


@dataclass
class _Piece:
    text: str
    lines: list[chunking.Line]
    head: bool = False


def _key(line: chunking.Line) -> Key:
    return line.text, line.bbox


def _copy(lines: list[chunking.Line], text: str | None = None, header: bool = False) -> _Piece:
    return _Piece(text or chunking._block_text(lines), lines)


def statements(paragraphs: list[list[chunking.Line]]) -> list[tuple[list[str], set[Key]]]:
    """The page's statements as version 4 reads them, the page not cut in chunks: (the lines of
    its title and column header, every line of it: head, rows, the blocks of rows in its
    columns after it)."""
    found: list[tuple[list[str], set[Key]]] = []
    parts: list[_Piece] = []
    context = statement_heads.StatementContext(_copy)
    for block in paragraphs:
        table = chunking.reads_as_table(block) and not table_blocks.reads_as_prose(block)
        single = len(table_blocks.rows_of(block)) == 1 and table_blocks.figure_columns([block]) >= 2
        text = chunking._block_text(block)
        if table or single:
            head = statement_heads.head_parts(parts, block) if table else 0  # type: ignore[arg-type]
            heads = parts[len(parts) - head :]
            read = context.carry(heads, block, [])  # type: ignore[arg-type]
            if read is not None and read[2]:  # its own head
                said = [x.text for p in read[1] for x in p.lines]
                lines = {_key(x) for p in heads for x in p.lines} | {_key(x) for x in block}
                found.append((said, lines))
            elif read is not None and found:  # a block of rows in its columns
                found[-1][1].update(_key(x) for x in block)
        parts.append(_Piece(text, block, not table and table_blocks.is_head(block, text)))
    return found


def statement_chunks(
    found: list[chunking.PageChunk], page: list[tuple[list[str], set[Key]]], show: str,
    counts: Counter[str], v: int,
) -> None:  # fmt: skip
    """Count chunks holding lines of two statements, and continuations lacking a head line."""
    seen: set[int] = set()
    for chunk in found:
        own = {_key(x) for x in chunk.lines if x.block >= 0}
        held = [i for i, (_, lines) in enumerate(page) if own & lines]
        if len(held) >= 2:
            counts[f"v{v} chunks holding two statements"] += 1
            if show:
                print(f"  {show} v{v}: two statements in {chunk.text[:60]!r}")
        for i in held:
            if i in seen:
                said, _ = page[i]
                counts[f"v{v} statement continuations"] += 1
                words = set(chunk.text.split())  # a compact header (v5) joins its lines anew
                missing = [x for x in said if not set(x.split()) <= words]
                if missing:
                    counts[f"v{v} ... lacking a title or header line"] += 1
                    if show:
                        print(f"  {show} v{v}: continuation lacks {missing[:3]!r}")
            seen.add(i)


def head_runs(paragraphs: list[list[chunking.Line]]) -> list[tuple[set[Key], set[Key]]]:
    """Each table block's head as version 5 reads it (stacked_heads, d1031: short parts, lead-ins
    and blocks of header cells, as many as hold HEAD_RUN_CHARS) and its rows: (head, rows)."""
    out: list[tuple[set[Key], set[Key]]] = []
    parts: list[_Piece] = []
    for block in paragraphs:
        table = chunking.reads_as_table(block) and not table_blocks.reads_as_prose(block)
        text = chunking._block_text(block)
        if table:
            n = statement_heads.head_parts(parts, block, stacked_heads.HEAD_RUN_CHARS)  # type: ignore[arg-type]
            head = {_key(x) for p in parts[len(parts) - n :] for x in p.lines}
            out.append((head, {_key(x) for x in block}))
        parts.append(_Piece(text, block, not table and stacked_heads.is_head(block, text)))
    return out


def faults(
    found: list[chunking.PageChunk], runs: list[tuple[set[Key], set[Key]]], show: str,
    counts: Counter[str], v: int,
) -> None:  # fmt: skip
    """issue 28's four faults of version 4 (s52), counted under each version: a table's head
    cut from its rows; a carried line of another table's head (a period's name, or a sentence
    declaring a scale, over rows under a dated head of their own); a row of figures alone in its
    chunk; a continuation's carried lines against its own rows."""
    where = {k: i for i, c in enumerate(found) for k in (_key(x) for x in c.lines if x.block >= 0)}
    for head, rows in runs:
        chunks = {where[k] for k in head if k in where}
        first = min((where[k] for k in rows if k in where), default=None)
        if head and first is not None and chunks - {first}:
            counts[f"v{v} F1 tables whose head is cut from its rows"] += 1
            if show:
                print(f"  {show} v{v}: F1 a head cut from its rows, chunk {first}")
    for chunk in found:
        own = [x for x in chunk.lines if x.block >= 0]
        keys = {_key(x) for x in own}
        dated = any(
            keys & head
            and table_blocks.names_periods([[x] for x in chunk.lines if _key(x) in head])
            for head, _ in runs
        )
        carried = [x for x in chunk.lines if x.block < 0]
        for x in carried:
            sentence = x.text.rstrip().endswith((":", ".")) and table_blocks.declares_scale(x.text)
            period = table_blocks.names_periods([[x]])
            if dated and (sentence or period):
                counts[f"v{v} F2 carried lines of another table's head"] += 1
                if show:
                    print(f"  {show} v{v}: F2 carried {x.text[:50]!r}")
        rows = table_blocks.rows_of(own)
        figures = [r for r in rows if table_blocks.figure_columns([r]) > 0]
        if len(rows) == 1 and table_blocks.figure_columns(rows) >= 2:
            counts[f"v{v} F3 a row of figures alone in its chunk"] += 1
            if show:
                print(f"  {show} v{v}: F3 a row alone {own[0].text[:40]!r}")
        if carried and figures:
            said = chunking._block_text(carried, True).count("\n") + 1
            counts[f"v{v} F4 continuations"] += 1
            counts[f"v{v} F4 ... their own rows of figures"] += len(figures)
            counts[f"v{v} F4 ... their carried lines"] += said
            if said >= len(figures):
                counts[f"v{v} F4 ... carrying as many lines as their rows or more"] += 1
                if show:
                    print(f"  {show} v{v}: F4 {len(figures)} rows under {said} carried lines")


def files() -> list[Path]:
    return sorted((DATA / "pdfs").glob("*.pdf")) + sorted((DATA / "financebench").glob("*.pdf"))


def _block(chunk: chunking.PageChunk, number: int) -> list[chunking.Line]:
    return [line for line in chunk.lines if line.block == number]


def bounds(found: list[chunking.PageChunk], show: str, counts: Counter[str], v: int) -> None:
    """Count the chunk bounds that cut a head from its table, or a table in two."""
    for before, after in itertools.pairwise(found):
        own = [line for line in after.lines if line.block >= 0]  # not a carried copy (d968)
        last, first = before.lines[-1].block, own[0].block
        if last == first:
            table = _block(before, last) + _block(after, first)
            if not chunking.reads_as_table(table) or (
                v >= 3 and table_blocks.reads_as_prose(table)
            ):
                continue
            counts[f"v{v} tables cut over two chunks"] += 1
            if table_blocks.same_row(before.lines[-1], own[0]):
                counts[f"v{v} tables cut inside a row"] += 1
                if show:
                    print(f"  {show} v{v}: cut inside the row {own[0].text!r}")
            carried = {line.block for line in after.lines if line.block < 0}
            heads = {line.block for line in after.lines[: len(after.lines) - len(own)]}
            counts[f"v{v} ... carrying a header or scale line"] += bool(carried or heads)
            if show:
                print(f"  {show} v{v}: a table cut before {own[0].text[:60]!r}")
            continue
        table = _block(after, first)
        if not chunking.reads_as_table(table):
            continue
        head = _block(before, last)
        text = chunking._block_text(head)
        if not (table_blocks.is_head(head, text) and table_blocks.near_above(head, table)):
            continue
        counts[f"v{v} heads cut from their table"] += 1
        if table_blocks.declares_scale(text):
            counts[f"v{v} scale lines cut from their table"] += 1
        if show:
            print(f"  {show} v{v}: {text!r} ends a chunk, its table opens the next")


def survey(path: Path, show: bool, counts: Counter[str]) -> None:
    try:
        doc = pymupdf.open(path)
        if doc.needs_pass:
            doc.authenticate(PASSWORDS.get(path.name, ""))
    except Exception as exc:  # a file that cannot be opened is the README's point
        print(f"  not read ({type(exc).__name__})")
        return
    with doc:
        for number in range(doc.page_count):
            page_dict, words = page_text(doc[number].get_textpage(flags=TEXT_FLAGS))
            where = f"p.{number + 1}" if show else ""
            counts["pages"] += 1
            paragraphs = chunking.page_lines(page_dict, words)
            page = statements(paragraphs)
            runs = head_runs(paragraphs)
            counts["statements (v4's reading)"] += len(page)
            for block in paragraphs:
                counts["blocks"] += 1
                if not chunking.reads_as_table(block):
                    continue
                counts["blocks read as tables (v2)"] += 1
                if table_blocks.reads_as_prose(block):
                    counts["of those, rows are sentences (v3: prose)"] += 1
                    if show:
                        print(f"  {where} prose: {chunking._block_text(block)[:100]!r}")
                    continue
                rows = table_blocks.rows_of(block)
                for a, b in itertools.pairwise(rows):
                    if table_blocks.continues_row(a, b):
                        counts["rows carried on (v3: joined)"] += 1
                        if show:
                            said = " ".join(line.text for line in a)[-50:]
                            print(f"  {where} carried: {said!r} + {b[0].text[:50]!r}")
            for v, policy in VERSIONS.items():
                found = chunking.chunk_page(number, page_dict, policy, words)
                counts[f"v{v} chunks"] += len(found)
                bounds(found, where, counts, v)
                statement_chunks(found, page, where, counts, v)
                if v >= 4:
                    faults(found, runs, where, counts, v)
                scale_seen = False
                for chunk in found:
                    scaled = table_blocks.declares_scale(chunk.text)
                    if chunk.row_breaks and scale_seen and not scaled:
                        counts[f"v{v} table chunks whose scale line is in a chunk before"] += 1
                        if show:
                            print(f"  {where} v{v}: rows without the page's scale line: "
                                  f"{chunk.text[:60]!r}")  # fmt: skip
                    scale_seen = scale_seen or scaled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blocks", action="store_true", help="print what each rule reads")
    parser.add_argument("--file", help="only this file name")
    args = parser.parse_args()
    total: Counter[str] = Counter()
    for path in files():
        if args.file and path.name != args.file:
            continue
        print(path.name)
        counts: Counter[str] = Counter()
        survey(path, args.blocks, counts)
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        total.update(counts)
    print("\nall files:")
    for k, v in sorted(total.items()):
        print(f"  {k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
