"""PDF chunking version 5 (documents/stacked_heads.py, d1031-d1034) on the real filings of
../shared, each against version 4's reading (`ChunkingPolicy(version=4)`, still selectable):
Johnson & Johnson's stacked reconciliations (8-K p.25-27) each whole in one chunk under the page's
title and scale line, never under another table's section label; a table's lead-in declaring a
scale is not the page's scale line (Best Buy's store counts); a statement's last row printed in
a block of its own is not left alone in a chunk (Ulta p.9's "100% 100%"); Best Buy's equity
header carried as printed, one printed row a line, and the chunks' word boxes still on their
words."""

from __future__ import annotations

from functools import cache

import pytest

from groundgate.documents.chunk_parts import _copy
from groundgate.documents.chunking import ChunkingPolicy, Line, PageChunk
from groundgate.documents.pdf_text import extract_pdf
from groundgate.documents.stacked_heads import compact, is_head, page_scale, scale_alone
from groundgate.documents.table_blocks import declares_scale
from tests.conftest import shared_data

BESTBUY = "BESTBUY_2024Q2_10Q.pdf"
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
JNJ = "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf"
V4 = ChunkingPolicy(version=4)
V5 = ChunkingPolicy()
TITLE = ["Johnson & Johnson and Subsidiaries GAAP to Non-GAAP Reconciliation", "$ in Millions"]
# The first and last cells of the reconciliations' column header, and a row of each table.
FIRST_CELL, LAST_CELL = "Intangible", "separation tax related costs"
TABLES = {  # page index -> (the section label opening each table's head, a row of it)
    24: [("First Quarter", "$ 6,687"), ("Second Quarter", "$ 6,462"), ("Six Months", "$ 13,149")],
    25: [("First Quarter", "$ 6,018"), ("Second Quarter", "$ 6,322"), ("Third Quarter", "$ 6,172")],
}


@cache
def _chunks(name: str, version: int) -> tuple[PageChunk, ...]:
    data = shared_data("financebench", name).read_bytes()
    return tuple(extract_pdf(data, policy=ChunkingPolicy(version=version)).chunks)


def _holding(name: str, version: int, said: str, page: int | None = None) -> PageChunk:
    return next(
        c
        for c in _chunks(name, version)
        if said in c.text and (page is None or c.page_index == page)
    )


@pytest.mark.parametrize(("page", "table"), [(p, t) for p, ts in TABLES.items() for t in ts])
def test_each_stacked_reconciliation_is_whole_in_one_chunk(page, table):
    """d1031: the head is ~25 PyMuPDF blocks; version 4 took 9 of them and left the rest of the
    header in the chunk before."""
    label, row = table
    chunk = _holding(JNJ, 5, row, page)
    lines = chunk.text.split("\n")
    own = [x.text for x in chunk.lines if x.block >= 0]
    assert FIRST_CELL in chunk.text and LAST_CELL in chunk.text
    assert any(x.startswith(label) for x in own), own[:4]
    assert lines[0] == TITLE[0] and lines[1].startswith(TITLE[1]), lines[:3]
    page_chunks = [c for c in _chunks(JNJ, 5) if c.page_index == page]
    before = page_chunks[: page_chunks.index(chunk)]
    assert not any(c.text.endswith(("securities", "related", "Regulation")) for c in before)


@pytest.mark.parametrize("page", list(TABLES))
def test_a_later_table_carries_the_pages_scale_not_the_first_tables_label(page):
    """d1032: "$ in Millions" shares a block with "First Quarter", the first table's label;
    version 4 carried the block to the Second Quarter's and Six Months' rows."""
    for _, row in TABLES[page][1:]:
        chunk = _holding(JNJ, 5, row, page)
        carried = [x.text for x in chunk.lines if x.block < 0]
        assert "$ in Millions" in carried and "First Quarter" not in carried, carried
        if page == 24:  # p.26 prints its scale line in a block of its own
            old = _holding(JNJ, 4, row, page)
            assert "$ in Millions First Quarter" in old.text.split("\n")


def test_every_table_of_the_three_pages_opens_a_chunk_of_its_own():
    for page in (24, 25, 26):
        held = [c for c in _chunks(JNJ, 5) if c.page_index == page and "Cost of products" in c.text]
        assert all(c.text.count("Cost of products") == 1 for c in held)
        assert all(FIRST_CELL in c.text for c in held)
    assert len([c for c in _chunks(JNJ, 5) if c.page_index in (24, 25, 26)]) < len(
        [c for c in _chunks(JNJ, 4) if c.page_index in (24, 25, 26)]
    )


def test_a_tables_lead_in_scale_is_not_the_pages_scale_line():
    """Best Buy p.17: "Selected financial data ... ($ in millions):" heads the segment table;
    version 4 carried it over the store counts (counts of stores, not dollars)."""
    row = "Total 966 5 (2) 969 977 7 (2) 982"
    chunk = _holding(BESTBUY, 5, row)
    assert not declares_scale(chunk.text), chunk.text
    assert chunk.text.startswith("Domestic segment stores open at the beginning")
    assert declares_scale(_holding(BESTBUY, 4, row).text)


def test_a_statements_last_row_is_not_alone_in_a_chunk():
    """Ulta p.9: the 13 weeks' "100% 100%" is a block of its own; version 4 gave it a chunk of
    its own under a copy of the head (d1034)."""
    chunk = _holding(ULTA, 5, "Cosmetics 40% 41%")
    assert chunk.text.split("\n")[-1] == "100% 100%"
    own = [[x.text for x in c.lines if x.block >= 0] for c in _chunks(ULTA, 4)]
    assert own.count(["100%", "100%"]) == 1


def test_the_equity_header_is_carried_as_printed_and_boxed_where_printed():
    """d1033: the seven header blocks carried as three lines; each carried word's box is the
    printed word's (the same box as in the first chunk, which holds the header itself)."""
    later = _holding(BESTBUY, 5, "Balances at April 30, 2022")
    first = _holding(BESTBUY, 5, "Balances at April 29, 2023")
    assert later.text.split("\n")[1:4] == [
        "Accumulated Other",
        "Common Additional Retained Comprehensive",
        "Shares Common Stock Paid-In Capital Earnings Income\xa0(Loss) Total",
    ]
    rows = [x for x in later.text.split("\n") if x.startswith("Balances at ")]
    assert len(rows) == 4  # version 4: two a chunk, in two chunks

    def box(chunk: PageChunk, word: str) -> tuple[int, ...]:
        return next(tuple(w[2:]) for w in chunk.word_boxes() if chunk.text[w[0] : w[1]] == word)

    for word in ("Accumulated", "Retained", "Paid-In", "Total"):
        assert box(later, word) == box(first, word)


@pytest.mark.parametrize("name", [BESTBUY, ULTA, JNJ])
@pytest.mark.parametrize("version", [4, 5])
def test_every_word_box_lies_on_its_word_and_every_row_break_on_a_newline(name, version):
    for chunk in _chunks(name, version):
        for a, b, *_ in chunk.word_boxes():
            assert 0 <= a < b <= len(chunk.text) and not any(c.isspace() for c in chunk.text[a:b])
        assert all(chunk.text[i] == "\n" for i in chunk.row_breaks)


def _line(text: str, x0: float, top: float, block: int = 0) -> Line:
    return Line(text, (x0, top, x0 + 6 * len(text), top + 8), block)


def test_compact_puts_each_printed_row_on_one_line_left_to_right():
    lines = [
        _line("Common", 242, 101, 2),
        _line("Shares", 246, 109, 3),
        _line("Common Stock", 285, 109, 3),
        _line("Accumulated Other", 468, 93, 6),
        _line("Comprehensive", 474, 101, 7),
    ]
    part = compact(lines, _copy)
    assert part.text == "Accumulated Other\nCommon Comprehensive\nShares Common Stock"
    assert len({x.block for x in part.lines}) == 1 and part.lines[0].block < 0
    assert [part.text[i] for i in part.breaks] == ["\n", "\n"]


@pytest.mark.parametrize(
    ("text", "alone"),
    [
        ("$ in Millions", True),
        ("(In thousands)", True),
        ("(in thousands, except per share data)", True),
        ("Selected financial data for the Domestic segment was as follows ($ in millions):", False),
        ("Goodwill balances were as follows ($ in millions):", False),
    ],
)
def test_the_pages_scale_line_is_a_scale_line_alone(text, alone):
    assert scale_alone(text) is alone
    copied = page_scale([_line("First Quarter", 25, 45), _line(text, 283, 37)], _copy)
    assert (copied is not None and copied.text == text) is alone


@pytest.mark.parametrize(
    ("lines", "head"),
    [
        (["Fiscal 2024", "Fiscal 2023", "Total Stores at", "Beginning of", "Second Quarter"], True),
        (["Domestic segment stores open at the beginning and end of the quarters:"], True),
        (["This is a sentence of a paragraph.", "It goes on and on over lines."], False),
        (["one two three four", "a", "b", "c", "d"], False),
    ],
)
def test_a_head_may_be_header_cells_over_many_lines_or_a_lead_in(lines, head):
    built = [_line(t, 18, 10 * i) for i, t in enumerate(lines)]
    assert is_head(built, " ".join(lines)) is head
