"""PDF chunking version 3 (documents/table_blocks.py, d965-d968), on the real filings of
../shared and on built lines: a statement's title and scale line stay in the chunk of the rows
they head (Best Buy's 10-Q cash flows, where version 2 ended a chunk with "$ in millions"); a
statement cut over chunks carries its scale line and column header to each later chunk; a block
whose rows are sentences is prose; a row that carries on the one before joins it."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.chunking import ChunkingPolicy, Line, _block_text, _split_block
from groundgate.documents.pdf_text import extract_pdf
from groundgate.documents.table_blocks import (
    column_header,
    continues_row,
    is_head,
    reads_as_prose,
    rows_of,
)
from tests.conftest import shared_data

BESTBUY = "BESTBUY_2024Q2_10Q.pdf"
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
JNJ = "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30.pdf"
V2 = ChunkingPolicy(version=2)


def _chunks(name: str, policy: ChunkingPolicy | None = None):  # type: ignore[no-untyped-def]
    data = shared_data("financebench", name).read_bytes()
    return extract_pdf(data) if policy is None else extract_pdf(data, policy=policy)


@pytest.fixture(scope="module")
def bestbuy():
    return shared_data("financebench", BESTBUY).read_bytes(), _chunks(BESTBUY).chunks


def _holding(chunks, row: str):  # type: ignore[no-untyped-def]
    return next(c for c in chunks if row in c.text.split("\n"))


def test_the_scale_line_stays_with_the_statements_rows(bestbuy):
    _, chunks = bestbuy
    flows = _holding(chunks, "Depreciation and amortization 473 453")
    rows = flows.text.split("\n")
    at = rows.index("Six Months Ended")
    assert "Condensed Consolidated Statements of Cash Flows $ in millions (unaudited)" in rows[:at]
    assert rows[at : at + 2] == ["Six Months Ended", "July 29, 2023 July 30, 2022"]
    # Version 2 ended the chunk before with the title and its scale line (d938's case).
    old = _holding(_chunks(BESTBUY, V2).chunks, "Depreciation and amortization 473 453")
    assert "in millions" not in old.text


def test_a_statement_cut_over_chunks_carries_its_scale_and_header(bestbuy):
    data, chunks = bestbuy
    end = _holding(
        chunks, "Cash, cash equivalents and restricted cash at end of period $ 1,491 $ 1,152"
    )
    rows = end.text.split("\n")
    assert rows[:3] == [
        "Condensed Consolidated Statements of Cash Flows $ in millions (unaudited)",
        "Six Months Ended",
        "July 29, 2023 July 30, 2022",
    ]
    # The carried words are boxed where they are printed (the page's title, once).
    doc = pymupdf.open(stream=data, filetype="pdf")
    title = doc[end.page_index].search_for("in millions")
    at = end.text.index("in millions")
    box = next(b for b in end.word_boxes() if b[0] == at)
    assert any(abs(box[2] - t.x0) < 2 and abs(box[3] - t.y0) < 2 for t in title)


def test_a_statement_printed_in_blocks_carries_the_pages_scale_and_header(bestbuy):
    _, chunks = bestbuy
    liabilities = _holding(chunks, "Total current liabilities 8,433 8,979 8,650")
    rows = liabilities.text.split("\n")
    assert rows[0].startswith("Condensed Consolidated Balance Sheets $\xa0in millions")
    assert rows[1] == "July 29, 2023 January 28, 2023 July 30, 2022"
    # A row of figures printed as a block of its own gets the page's scale line too.
    net = "Net income $ 1,242,408 12.2% $ 985,837 11.4%"
    income = _holding(_chunks(ULTA, ChunkingPolicy(version=3)).chunks, net)
    assert income.text.startswith("(In thousands, except per share data)\n")
    # Version 4 (d991): the statement's whole head, its title and every header line.
    income = _holding(_chunks(ULTA, ChunkingPolicy(version=4)).chunks, net)
    head = (
        "Exhibit 2\nUlta Beauty, Inc.\nConsolidated Statements of Income\n"
        "(In thousands, except per share data)\n52 Weeks Ended\nJanuary 28, January 29,\n"
        "2023 2022\n"
    )
    assert income.text.startswith(head + "Net income $ 1,242,408")
    # Version 5 (d1034): the row's block stays in the statement's chunk, under its own head.
    income = _holding(_chunks(ULTA).chunks, net)
    assert income.text.startswith(head + "(Unaudited)\nNet sales $ 10,208,580")
    assert not any(x.block < 0 for x in income.lines)


def test_sentences_are_not_cut_into_rows(bestbuy):
    _, chunks = bestbuy
    said = next(c for c in chunks if "headphones and portable speakers." in c.text)
    assert not any(r.startswith("headphones") for r in said.text.split("\n"))
    old = next(c for c in _chunks(BESTBUY, V2).chunks if "portable speakers." in c.text)
    assert any(r.startswith("headphones") for r in old.text.split("\n"))
    paper = extract_pdf(shared_data("pdfs", "tracemonkey.pdf").read_bytes()).chunks
    assert any("ACM Transactions on Pro- gramming Languages" in c.text for c in paper)


def test_a_wrapped_label_joins_its_cells(bestbuy):
    _, chunks = bestbuy
    rows = [r for c in _chunks(JNJ).chunks for r in c.text.split("\n")]
    assert "Cost of products sold $ 6,687 (1,118) (23) (206) 5,340" in rows
    assert "Selling, marketing and admin expenses 4,906 (7) 4,899" in rows
    rows = [r for c in chunks for r in c.text.split("\n")]
    assert any(r.startswith("Useful Life Remaining as of July 29, 2023") for r in rows)


def test_every_word_box_is_its_word():
    for name in (BESTBUY, ULTA, JNJ):
        for chunk in _chunks(name).chunks:
            for a, b, *_ in chunk.word_boxes():
                assert chunk.text[a:b].strip() == chunk.text[a:b] != ""
            assert all(chunk.text[at] == "\n" for at in chunk.row_breaks)


def line(text: str, x0: float, top: float, x1: float) -> Line:
    return Line(text, (x0, top, x1, top + 9), 0)


def test_rules_on_built_lines():
    label = [line("Cost of products", 60, 100, 140)]
    cells = [line("sold", 60, 111, 80), line("6,687", 300, 111, 330)]
    assert continues_row(label, cells)
    # A row of cells under a row of cells keeps its newline (a code listing, a statement).
    code = [line("v0 := ld state[748]", 60, 100, 150), line("// load primes", 200, 100, 300)]
    more = [line("st sp[0], v0", 60, 111, 150), line("// store primes", 200, 111, 300)]
    assert not continues_row(code, more)
    assert not continues_row([line("side_exit_1:", 60, 100, 120)], [line("mov ecx", 60, 111, 99)])
    assert not continues_row(label, [line("Selling, marketing", 60, 111, 140)])
    bullet = [
        line("\uf0b7", 50, 100, 54),
        line("Appliances: The 16.1% decline was driven by", 60, 100, 400),
    ]
    assert continues_row(bullet, [line("large appliances.", 60, 111, 140)])
    wrapped = line("large appliances, partially offset by growth in the rest.", 60, 111, 300)
    assert reads_as_prose([*bullet, wrapped])
    assert not reads_as_prose(label + cells)
    assert is_head([line("$ in millions", 60, 80, 120)], "$ in millions")
    sentence = "Net sales increased 18.3% to $10.2 billion."
    assert not is_head([line(sentence, 60, 80, 300)], sentence)
    table = [
        line("Six Months Ended", 300, 90, 360),
        line("July 29, 2023", 280, 100, 330), line("July 30, 2022", 340, 100, 390),
        line("Operating activities", 60, 111, 140),
        line("Net earnings", 60, 122, 120),
        line("$ 518", 300, 122, 330), line("$ 647", 360, 122, 390),
    ]  # fmt: skip
    assert column_header(rows_of(table)) == (0, 2)
    # A long table is cut between rows, never between a label and its cells.
    pieces = _split_block(table, 45, rows=True)
    assert all(len(rows_of(p)) >= 1 for p in pieces)
    assert [t.text for t in pieces[-1]] == ["Net earnings", "$ 518", "$ 647"]
    assert _block_text(pieces[-1], True) == "Net earnings $ 518 $ 647"
