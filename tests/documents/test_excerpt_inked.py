"""An excerpt across a table's columns is boxed only where its characters are: MuPDF's search
also boxes the blanks between columns, which drew narrow empty boxes at every column's edge of
Ulta Beauty's balance sheet (a real FinanceBench filing)."""

from __future__ import annotations

import pymupdf

from groundgate.documents.render import locate_excerpt
from tests.conftest import SHARED

ULTA = SHARED / "data" / "financebench" / "ULTABEAUTY_2023Q4_EARNINGS.pdf"


def test_an_excerpt_over_table_columns_has_no_box_without_a_character():
    doc = pymupdf.open(ULTA)
    index = next(
        i
        for i, p in enumerate(doc)
        if "Total current assets" in (t := p.get_text()) and "2,281,183" in t
    )
    page = doc[index]
    text = page.get_text()
    start = text.index("Cash and cash equivalents")
    excerpt = text[start : text.index("2,281,183", start) + len("2,281,183")]
    searched = page.search_for(excerpt)
    found = locate_excerpt(doc, index, excerpt, [tuple(page.rect)])
    words = [pymupdf.Rect(w[:4]) for w in page.get_text("words")]
    for box in found:
        assert any(pymupdf.Rect(box).intersects(w) for w in words), box
    # Every figure is still boxed; only the blanks' boxes (16 on this page) are gone.
    assert len(searched) - len(found) == 16
    for figure in ("737,877", "2,709,304", "2,281,183"):
        (at,) = page.search_for(figure)
        assert any(pymupdf.Rect(box).contains(at) for box in found), figure
