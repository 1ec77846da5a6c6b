"""The excerpt's box on a page whose content is turned (tests/reviews/rotated_pdf.py: a real
page, tracemonkey's first, drawn turned by 90, -90 and 180 degrees): where the upright page's
box lands once turned. MuPDF boxed the upside-down (180) text 9.6 pt off, as if its glyphs rose
above the baseline."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.render import locate_excerpt
from tests.conftest import shared_data
from tests.reviews.rotated_pdf import rotated_pdf

PHRASE = "Trace-based Just-in-Time"


def turned(box, content: int, width: float, height: float):
    """The upright page's box (width x height points) where content turned by `content`
    degrees puts it, in the turned page's unrotated space."""
    x0, top, x1, bottom = box
    if content == 90:
        return (top, width - x1, bottom, width - x0)
    if content == -90:
        return (height - bottom, x0, height - top, x1)
    return (width - x1, height - bottom, width - x0, height - top)


@pytest.mark.parametrize(("index", "content"), [(0, 90), (1, -90), (2, 180)])
def test_the_excerpt_box_on_a_turned_page_is_the_upright_box_turned(index, content):
    upright = pymupdf.open(shared_data("pdfs", "tracemonkey.pdf"))
    page = upright[0]
    (expected,) = page.search_for(PHRASE)
    doc = pymupdf.open(stream=rotated_pdf(), filetype="pdf")
    whole = tuple(doc[index].mediabox)
    (found,) = locate_excerpt(doc, index, PHRASE, [whole])
    want = turned(tuple(expected), content, page.rect.width, page.rect.height)
    assert found == pytest.approx(want, abs=0.5), (found, want)
