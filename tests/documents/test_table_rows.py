"""A PDF statement keeps its rows (chunking version 2, d905): in a block whose lines read as table
rows, PyMuPDF's lines side by side on one baseline (a label and its cells) are joined by a space
and a line that starts a new row follows a newline; a prose paragraph wrapped over lines is
joined by spaces, as in version 1. Either separator is one character, so the text has the length
it had, and each word's offset and box are those of version 1. Checked on the real filings of
../shared (Ulta Beauty's earnings release, Best Buy's 10-Q) and on built lines."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.chunking import Line, _block_text, reads_as_table, span_boxes
from groundgate.documents.pdf_text import extract_pdf
from tests.conftest import shared_data

ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
BESTBUY = "BESTBUY_2024Q2_10Q.pdf"


@pytest.fixture(scope="module")
def ulta():
    data = shared_data("financebench", ULTA).read_bytes()
    return data, extract_pdf(data).chunks


@pytest.fixture(scope="module")
def bestbuy():
    data = shared_data("financebench", BESTBUY).read_bytes()
    return data, extract_pdf(data).chunks


def line(text: str, x0: float, top: float, x1: float, bottom: float | None = None) -> Line:
    return Line(text, (x0, top, x1, top + 9 if bottom is None else bottom), 0)


def test_a_statement_block_keeps_one_row_a_line(ulta):
    _, chunks = ulta
    sheet = next(c for c in chunks if "Condensed Consolidated Balance Sheets" in c.text)
    rows = sheet.text.split("\n")
    assert "January 28, January 29," in rows
    assert "2023 2022" in rows
    assert "Cash and cash equivalents $ 737,877 $ 431,560" in rows
    assert "Total assets $ 5,370,411 $ 4,764,379" in rows


def test_a_cash_flow_statement_keeps_its_rows_and_header(bestbuy):
    _, chunks = bestbuy
    flows = next(c for c in chunks if "Depreciation and amortization 473 453" in c.text)
    rows = flows.text.split("\n")
    at = rows.index("Six Months Ended")  # under its title and scale line (version 3, d965)
    assert rows[at : at + 3] == [
        "Six Months Ended",
        "July 29, 2023 July 30, 2022",
        "Operating activities",
    ]
    assert "Net earnings $ 518 $ 647" in rows
    assert "Depreciation and amortization 473 453" in rows


def test_prose_paragraphs_are_still_joined_by_spaces(ulta):
    _, chunks = ulta
    said = next(c for c in chunks if "Net sales increased 18.3% to $10.2 billion" in c.text)
    sentence = next(s for s in said.text.split("\n") if "Net sales increased 18.3%" in s)
    # The paragraph is one line of text, wrapped over several lines on the page.
    assert len(sentence) > 200


def test_offsets_and_boxes_are_those_of_the_words(ulta, bestbuy):
    for data, chunks in (ulta, bestbuy):
        doc = pymupdf.open(stream=data, filetype="pdf")
        for chunk in chunks:
            for a, b, *_ in chunk.word_boxes():
                assert chunk.text[a:b].strip() == chunk.text[a:b] != ""
        # A cell's box is its own on the page, on a row of the statement.
        flows = [c for c in chunks if "Depreciation and amortization 473 453" in c.text]
        for chunk in flows:
            start = chunk.text.index("Depreciation and amortization 473 453") + len(
                "Depreciation and amortization 473 "
            )
            (box,) = span_boxes(chunk.word_boxes(), start, start + 3)
            hits = doc[chunk.page_index].search_for("453")
            assert any(abs(box[0] - h.x0) < 2 and abs(box[1] - h.y0) < 2 for h in hits)


def test_the_text_has_the_length_of_version_1(ulta):
    # Every separator is one character: a newline stands where a space stood.
    _, chunks = ulta
    for chunk in chunks:
        spaced = _block_text(chunk.lines)  # version 1's joining of the same lines, one block
        if len({line.block for line in chunk.lines}) == 1:
            assert len(spaced) == len(chunk.text)
            assert spaced == chunk.text.replace("\n", " ")


def test_rows_and_prose_built_from_lines():
    table = [
        line("2023", 460, 116, 478),
        line("2022", 514, 116, 532),
        line("Cash and cash equivalents", 71, 162, 170),
        line("737,877", 464, 162, 503),
        line("431,560", 518, 162, 550),
        line("Receivables, net", 71, 173, 132),
        line("199,422", 464, 173, 504),
        line("233,682", 518, 173, 550),
    ]
    assert reads_as_table(table)
    assert _block_text(table, True) == (
        "2023 2022\nCash and cash equivalents 737,877 431,560\nReceivables, net 199,422 233,682"
    )
    prose = [
        line("Net sales increased 18.3% to $10.2 billion compared to $8.6", 60, 100, 550),
        line("billion in fiscal 2021. Comparable sales increased 15.6%.", 60, 111, 400),
    ]
    assert not reads_as_table(prose)
    # A heading of two cells alone is no table.
    assert not reads_as_table([line("Item 1.", 60, 100, 90), line("Business", 100, 100, 150)])
    # Chinese lines: nothing between two CJK characters, as in version 1.
    zh = [line("营业", 60, 100, 80), line("收入", 90, 100, 110), line("合计", 60, 120, 80)]
    assert _block_text(zh, True) == "营业收入合计"


def test_the_rows_are_stored_and_the_blocks_read_back(ulta):
    """Metadata "rows" holds the offsets of the newlines that start a table's rows (d907), so a
    reader of paragraphs (services/chunk_context) reads a statement as one block, as version 1
    wrote it; a chunk without a table stores no "rows"."""
    import json

    from groundgate.documents.chunking import block_view, stored_chunk

    _, chunks = ulta
    sheet = next(c for c in chunks if "Condensed Consolidated Balance Sheets" in c.text)
    metadata = json.loads(stored_chunk(sheet).metadata)
    assert all(sheet.text[at] == "\n" for at in metadata["rows"])
    flat = block_view(sheet.text, metadata)
    assert len(flat) == len(sheet.text)
    assert "(Unaudited) Assets Current assets: Cash and cash equivalents $ 737,877" in flat
    said = next(c for c in chunks if "Net sales increased 18.3% to $10.2 billion" in c.text)
    assert "rows" not in json.loads(stored_chunk(said).metadata)
    assert block_view(said.text, json.loads(stored_chunk(said).metadata)) == said.text
