"""Pages are shown so their text reads left to right: the PDF's /Rotate when it does that
(rotation.pdf page 2), otherwise the turn that does (hello_world_rotated.pdf draws its text
upright and then sets /Rotate 90, which any viewer obeying /Rotate shows sideways)."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.render import Highlight, upright_rotation
from groundgate.services import rendering
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED
from tests.services.test_rendering import changed_box

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def test_the_text_decides_which_way_up_a_page_is_shown():
    rotation = pymupdf.open(PDFS / "rotation.pdf")
    assert [(p.rotation, upright_rotation(p)) for p in rotation] == [(0, 0), (90, 90)]
    sideways = pymupdf.open(PDFS / "hello_world_rotated.pdf")
    assert {(p.rotation, upright_rotation(p)) for p in sideways} == {(90, 0)}
    blank = pymupdf.open()
    blank.new_page().set_rotation(270)
    assert upright_rotation(blank[0]) == 270  # no text: the PDF's /Rotate


@pytest.mark.parametrize(
    ("name", "page_index", "shown"),
    [("rotation.pdf", 0, 0), ("rotation.pdf", 1, 90), ("hello_world_rotated.pdf", 0, 0)],
)
def test_page_images_are_upright_with_their_boxes_on_the_words(name, page_index, shown):
    dataset, _ = dataset_get_or_create(slug="upright")
    data = (PDFS / name).read_bytes()
    document = document_ingest(dataset=dataset, data=data, filename=name).document
    assert rendering.page_shown_rotation(document=document, page_index=page_index) == shown
    pdf = pymupdf.open(stream=data)
    page = pdf[page_index]
    word = tuple(page.get_text("words")[0][:4])
    plain = rendering.page_render(document=document, page_index=page_index, zoom=1.0, highlights=[])
    marked = rendering.page_render(
        document=document, page_index=page_index, zoom=1.0, highlights=[Highlight("finding", word)]
    )
    image = pymupdf.Pixmap(plain.read_bytes())
    # The image has the shape of the page turned by `shown`, the PDF's /Rotate ignored.
    page.set_rotation(shown)
    assert (image.width, image.height) == (round(page.rect.width), round(page.rect.height))
    x0, y0, x1, y1 = changed_box(plain.read_bytes(), marked.read_bytes())
    expected = pymupdf.Rect(word) * page.rotation_matrix
    assert abs(x0 - expected.x0) <= 4 and abs(y0 - expected.y0) <= 4
    assert abs(x1 - expected.x1) <= 4 and abs(y1 - expected.y1) <= 4
    # A line of text on the image runs across it (wider than tall), not up or down.
    assert expected.width > expected.height
