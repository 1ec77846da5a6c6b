"""Rotated pages made with PyMuPDF from a real page (tracemonkey.pdf's first page, in ../shared):
its text drawn turned on the page, and a /Rotate that shows it upright - as scanners and
converters write landscape pages - or a /Rotate that does not (the viewer then turns it by its
text: documents.render.upright_rotation)."""

from __future__ import annotations

import pymupdf

from tests.conftest import shared_data

# (how the real page's content is drawn turned, the page's /Rotate, the turn that shows it
# upright): one page each.
ROTATED_PAGES = ((90, 90, 90), (-90, 270, 270), (180, 0, 180))


def rotated_pdf() -> bytes:
    source = pymupdf.open(shared_data("pdfs", "tracemonkey.pdf"))
    out = pymupdf.open()
    for content, rotate, _ in ROTATED_PAGES:
        width, height = source[0].rect.width, source[0].rect.height
        if content % 180:
            width, height = height, width
        page = out.new_page(width=width, height=height)
        page.show_pdf_page(page.rect, source, 0, rotate=content)
        page.set_rotation(rotate)
    data = out.tobytes()
    out.close()
    source.close()
    return data
