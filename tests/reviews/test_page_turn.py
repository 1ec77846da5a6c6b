"""PageTurn (reviews/presenters.py), the one place the case page turns a box onto a page shown
turned, agrees with PyMuPDF's own rotation of real rotated pages: every word of the page lands
where PyMuPDF puts it once the page is turned, as fractions of the turned page (within a
millionth: PyMuPDF keeps single precision)."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.render import upright_rotation
from reviews.presenters import PageTurn
from tests.reviews.rotated_pdf import ROTATED_PAGES, rotated_pdf


@pytest.mark.parametrize("shown", [0, 90, 180, 270])
def test_a_box_lands_where_pymupdf_turns_it(shown):
    pdf = pymupdf.open(stream=rotated_pdf(), filetype="pdf")
    for number, (_, rotate, upright) in enumerate(ROTATED_PAGES):
        page = pdf[number]
        assert page.rotation == rotate and upright_rotation(page) == upright
        width, height = page.cropbox.width, page.cropbox.height  # as ingestion stores them
        words = page.get_text("words")
        assert len(words) > 300
        page.set_rotation(shown)
        turn = PageTurn(width, height, shown)
        assert turn.shown == (page.rect.width, page.rect.height)
        for word in words[::25]:
            turned = pymupdf.Rect(word[:4]) * page.rotation_matrix
            want = (
                turned.x0 / page.rect.width,
                turned.y0 / page.rect.height,
                turned.x1 / page.rect.width,
                turned.y1 / page.rect.height,
            )
            assert turn.box(word[:4]) == pytest.approx(want, abs=1e-6), (shown, word)
