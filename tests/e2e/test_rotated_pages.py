"""Boxes on rotated pages in Chromium: pages made with PyMuPDF from a real page (tests/reviews/
rotated_pdf.py) shown turned by 90, 270 and 180 degrees (the last against its /Rotate 0: its
text decides). On each, the reviewer selects the finding of a wrong figure ("speedups of 100x"
where the page says "10x") and the page marks "10x" where PyMuPDF draws that word on the turned
page. Then the reviewer points at the value's evidence by drawing a box round "10x" on the turned
image (`g`), saves, and the box, read back into the page's unrotated points, holds that word.
Screenshots: rotated-*.png."""

from __future__ import annotations

import pymupdf
import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Chunk, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.ingestion import document_ingest
from reviews.models import Correction
from tests.conftest import shared_data
from tests.documents.test_upside_down_excerpt import turned as turned_box
from tests.e2e.filings import answers_import, evidence_of, open_case
from tests.e2e.test_workstation import shoot
from tests.reviews.rotated_pdf import ROTATED_PAGES, rotated_pdf

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MEASURE = """f => { const i = f.querySelector("img").getBoundingClientRect(),
                      m = f.querySelector(".focusbox").getBoundingClientRect();
                return [(m.left - i.left) / i.width, (m.top - i.top) / i.height,
                        (m.right - i.left) / i.width, (m.bottom - i.top) / i.height]; }"""


@pytest.fixture
def rotated(settings, tmp_path):
    """The rotated pages ingested into dataset "filings"; one answer per page cites its
    "speedups of 10x" and says 100x."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    data = rotated_pdf()
    document = document_ingest(dataset=dataset, data=data, filename="rotated.pdf").document
    chunks = list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal"))
    for index in range(len(ROTATED_PAGES)):
        chunk = next(c for c in chunks if c.page_index == index and "speedups of 10x" in c.text)
        answers_import(
            dataset,
            question="How much faster is TraceMonkey?",
            chunks=[c for c in chunks if c.page_index == index],
            answers={
                f"rotated-{index}": (
                    "It measured speedups of 100x.",
                    evidence_of(chunk, "speedups of 10x"),
                )
            },
        )
    return document, data


def test_a_value_box_lands_on_its_word_on_pages_shown_turned(page, live_server, rotated):
    document, data = rotated
    pdf = pymupdf.open(stream=data, filetype="pdf")
    source = pymupdf.open(shared_data("pdfs", "tracemonkey.pdf"))[0]
    [upright_10x] = [w[:4] for w in source.get_text("words") if w[4] == "10x"]
    upright_size = (source.rect.width, source.rect.height)
    for index, (_, _, upright) in enumerate(ROTATED_PAGES):
        open_case(page, live_server, f"rotated-{index}")
        figure = page.locator(f'.pageview[data-key="{document.pk}:{index}"]')
        caption = figure.locator("figcaption").inner_text()
        assert f"{upright}°" in caption or upright == 0, caption
        image = figure.locator("img")
        image.scroll_into_view_if_needed()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
        )
        # Where "10x" is drawn once the page is turned as the viewer shows it: the upright
        # page's box turned with the content (MuPDF's own box of upside-down text is 9.6 pt
        # off; tests/documents/test_glyph_boxes.py).
        shown = pdf[index]
        word = turned_box(upright_10x, ROTATED_PAGES[index][0], *upright_size)
        shown.set_rotation(upright)
        turned = pymupdf.Rect(word) * shown.rotation_matrix
        width, height = shown.rect.width, shown.rect.height
        natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
        assert abs(natural[0] / natural[1] - width / height) < 0.01, (natural, width, height)
        want = [turned.x0 / width, turned.y0 / height, turned.x1 / width, turned.y1 / height]
        page.locator(".finding-item.code-UNGROUNDED_NUMBER").click()
        figure.locator(".focusbox").wait_for(state="visible")
        got = figure.evaluate(MEASURE)
        slack = [1.5 / width, 1.5 / height]
        assert got[0] <= want[0] + slack[0] and got[1] <= want[1] + slack[1], (index, got, want)
        assert got[2] >= want[2] - slack[0] and got[3] >= want[3] - slack[1], (index, got, want)
        assert (got[2] - got[0]) * width < turned.width + 6, (index, got, want)
        assert (got[3] - got[1]) * height < turned.height + 6, (index, got, want)
        figure.locator(".focusbox").evaluate("m => m.getAnimations().forEach(a => a.finish())")
        shoot(page, f"rotated-{upright}")

        # A box drawn round the word on the turned image is stored in unrotated points: the
        # server reads the page's words inside it and finds "10x".
        page.keyboard.press("g")
        r = image.bounding_box()
        pad = 3 / width
        page.mouse.move(
            r["x"] + (want[0] - pad) * r["width"], r["y"] + (want[1] - pad) * r["height"]
        )
        page.mouse.down()
        page.mouse.move(
            r["x"] + (want[2] + pad) * r["width"], r["y"] + (want[3] + pad) * r["height"], steps=5
        )
        page.mouse.up()
        assert page.locator(".fix .pointer").inner_text() == f"box on page {index + 1}"
        page.keyboard.press("r")
        page.keyboard.press("2")
        page.keyboard.press("s")
        page.wait_for_selector(".messages")
        [fix] = Correction.objects.get(case__external_id=f"rotated-{index}").findings.all()
        assert fix.page_index == index and fix.text == "10x", (fix.page_index, fix.text)
        assert pymupdf.Rect(fix.bbox).contains(pymupdf.Rect(word)), (fix.bbox, word)
