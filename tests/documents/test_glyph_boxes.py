"""Boxes stored at ingestion where the glyphs are (groundgate/documents/glyph_boxes.py):

- on a real page turned 180 degrees (tracemonkey's first, tests/reviews/rotated_pdf.py), a word's
  box and its chunk's outline are the upright page's boxes turned (MuPDF boxed them 9.6 pt off),
  as on the turns of 90 and 270;
- a value that is part of a word on a real filing page (Ulta Beauty's release: "$3.2",
  "(4.8%)", "(1,521,925)") is boxed by its own characters (PyMuPDF's rawdict), not by an even
  share of the word's width."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.chunking import span_boxes
from groundgate.documents.glyph_boxes import words_in_box
from groundgate.documents.pdf_text import TEXT_FLAGS, extract_pdf
from tests.conftest import shared_data
from tests.documents.test_upside_down_excerpt import turned
from tests.reviews.rotated_pdf import ROTATED_PAGES, rotated_pdf

ULTA = ("financebench", "ULTABEAUTY_2023Q4_EARNINGS.pdf")  # shared_data(*ULTA): fails if missing


def upright_word(text: str) -> tuple[float, ...]:
    page = pymupdf.open(shared_data("pdfs", "tracemonkey.pdf"))[0]
    [word] = [w for w in page.get_text("words") if w[4] == text]
    return (*word[:4], page.rect.width, page.rect.height)


@pytest.mark.parametrize("index", range(len(ROTATED_PAGES)))
def test_word_boxes_and_chunk_outlines_on_turned_pages_are_the_upright_ones_turned(index):
    content = ROTATED_PAGES[index][0]
    x0, top, x1, bottom, width, height = upright_word("Trace-based")
    want = turned((x0, top, x1, bottom), content, width, height)
    chunks = [c for c in extract_pdf(rotated_pdf()).chunks if c.page_index == index]
    [title] = [c for c in chunks if "Trace-based Just-in-Time" in c.text]
    start = title.text.index("Trace-based")
    [box] = span_boxes(title.word_boxes(), start, start + len("Trace-based"))
    # Word boxes are stored in whole points round the word (floor the start, ceil the end).
    assert box == pytest.approx(want, abs=1.01), (content, box, want)
    # The chunk's outline (position_int: page, x0, x1, top, bottom) holds the word's glyphs.
    [[_, ox0, ox1, otop, obottom], *_] = title.position_int()
    assert ox0 <= want[0] + 1 and otop <= want[1] + 1, (content, title.position_int(), want)
    assert ox1 >= want[2] - 1 and obottom >= want[3] - 1, (content, title.position_int(), want)


def test_a_box_drawn_round_the_turned_title_reads_its_words():
    x0, top, x1, bottom, width, height = upright_word("Trace-based")
    want = turned((x0, top, x1, bottom), 180, width, height)
    page = pymupdf.open(stream=rotated_pdf(), filetype="pdf")[2]
    # Drawn tight round the glyphs: their middles are 9.6 pt from MuPDF's own boxes' middles.
    drawn = (want[0] - 1, want[1] + 1, want[2] + 1, want[3] - 1)
    assert words_in_box(page.get_textpage(flags=TEXT_FLAGS), drawn) == ["Trace-based"]


def characters(page: pymupdf.Page, word_text: str) -> list[tuple[str, tuple[float, ...]]]:
    """The characters of the first `word_text` on the page, with their boxes (rawdict)."""
    [word] = [w for w in page.get_text("words") if w[4] == word_text][:1]
    for block in page.get_text("rawdict", flags=TEXT_FLAGS)["blocks"]:
        for line in block.get("lines", []):
            chars = [c for span in line["spans"] for c in span["chars"]]
            text = "".join(c["c"] for c in chars)
            at = text.find(word_text)
            while at >= 0:
                if abs(chars[at]["bbox"][0] - word[0]) < 0.5:
                    return [(c["c"], c["bbox"]) for c in chars[at : at + len(word_text)]]
                at = text.find(word_text, at + 1)
    raise AssertionError(word_text)


@pytest.mark.parametrize(
    ("page_index", "word", "value"),
    [
        (0, "$3.2", "3.2"),
        (0, "(4.8%)", "4.8"),
        (0, "(17.9%)", "17.9"),
        (7, "(1,521,925)", "1,521,925"),
    ],
)
def test_a_value_inside_a_word_is_boxed_by_its_own_characters(page_index, word, value):
    ulta = shared_data(*ULTA)
    page = pymupdf.open(ulta)[page_index]
    chars = characters(page, word)
    at = word.index(value)
    own = (chars[at][1][0], chars[at + len(value) - 1][1][2])  # the value's left and right
    chunks = [c for c in extract_pdf(ulta.read_bytes()).chunks if c.page_index == page_index]
    chunk = next(c for c in chunks if word in c.text)
    start = chunk.text.index(word) + at
    [box] = span_boxes(chunk.word_boxes(), start, start + len(value))
    # In whole points round the characters (floor, ceil): within a point of them, both sides.
    assert own[0] - 1 <= box[0] <= own[0] and own[1] <= box[2] <= own[1] + 1, (box, own)
    # An even share of the word's width per character (the old way, on the whole word's box)
    # was off: "(" and "%" are not as wide as a digit.
    whole = next(w for w in page.get_text("words") if w[4] == word)
    share = (whole[2] - whole[0]) / len(word)
    even = (whole[0] + share * at, whole[0] + share * (at + len(value)))
    # Measured: "$3.2" 0.85 pt, "(4.8%)" 2.0, "(17.9%)" 1.8, "(1,521,925)" 1.1 (before whole
    # points are taken round it); the characters' own boxes are exact.
    assert max(abs(even[0] - own[0]), abs(even[1] - own[1])) > 0.8, (even, own)
    # A box drawn round the value reads the value alone; round the word, the word.
    textpage = page.get_textpage(flags=TEXT_FLAGS)
    assert words_in_box(textpage, (own[0] - 0.5, whole[1], own[1] + 0.5, whole[3])) == [value]
    assert words_in_box(textpage, tuple(whole[:4])) == [word]
