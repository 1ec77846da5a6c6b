"""Page images are rendered in a child process with memory and time limits: a hostile page ends
as a 422 with an image that says which limit it hit (never a 500, never decoded in the web
worker), the outcome is cached, and the render cache stays within its size."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents import render
from groundgate.documents.pdf_text import PdfProblem
from groundgate.models import Role
from groundgate.services import rendering
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED
from tests.hostile.pdfs import huge_image_pdf
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def team():
    dataset, _ = dataset_get_or_create(slug="team")
    return dataset


@pytest.fixture
def rita(team):
    """Rita, a reviewer of the team dataset."""
    return logged_in("rita", team, Role.REVIEWER)


@pytest.fixture
def no_render_here(monkeypatch):
    """Fail the test if this process (the web worker) draws a page itself."""

    def refuse(*args, **kwargs):
        raise AssertionError("a page was rendered in the web worker")

    monkeypatch.setattr(render, "render_page_png", refuse)


def ingest(team, data: bytes, name: str):
    document = document_ingest(dataset=team, data=data, filename=name).document
    assert document.status == "ready", document.error
    return document


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_a_real_pdf_page_is_rendered_in_the_child(team, rita, no_render_here):
    document = ingest(team, (PDFS / "tracemonkey.pdf").read_bytes(), "tracemonkey.pdf")
    response = rita.get(f"/d/team/documents/{document.pk}/pages/0.png?zoom=1")
    assert response.status_code == 200
    image = pymupdf.Pixmap(body(response))
    assert (image.width, image.height) == (612, 792)


def test_a_40k_image_page_past_the_time_limit_is_a_422_image_naming_the_limit(
    team, rita, settings, no_render_here, monkeypatch
):
    # 40,960 x 40,960 pixels: 1.6 GB inflated from a 7 MB file; seconds of CPU at any zoom.
    document = ingest(team, huge_image_pdf(40_960), "huge-image.pdf")
    settings.GROUNDGATE_RENDER_TIMEOUT_SECONDS = 1
    url = f"/d/team/documents/{document.pk}/pages/0.png?zoom=0.25"
    response = rita.get(url)
    assert response.status_code == 422
    assert response["Content-Type"] == "image/png"
    assert (
        "took longer than 1 s (GROUNDGATE_RENDER_TIMEOUT_SECONDS)" in response["X-GroundGate-Error"]
    )
    assert pymupdf.Pixmap(body(response)).width > 0  # an image the page shows in its place

    # The outcome is cached: asking again does not start another child.
    def refuse(*args, **kwargs):
        raise AssertionError("the hostile page was rendered again")

    monkeypatch.setattr(rendering, "render_page_isolated", refuse)
    assert rita.get(url).status_code == 422
    # With more time (a changed limit), the page is tried again.
    settings.GROUNDGATE_RENDER_TIMEOUT_SECONDS = 2
    with pytest.raises(AssertionError, match="rendered again"):
        rita.get(url)


def test_an_image_that_needs_too_much_memory_is_a_422_naming_the_memory_limit(
    team, rita, settings, no_render_here
):
    # 0.5 MB on disk; MuPDF expands an /Indexed image whole: 300 MB for one allocation.
    data = huge_image_pdf(10_240, indexed=True)
    assert len(data) < 1_000_000
    document = ingest(team, data, "indexed.pdf")
    settings.GROUNDGATE_RENDER_MAX_MEMORY_MB = 256
    response = rita.get(f"/d/team/documents/{document.pk}/pages/0.png?zoom=1")
    assert response.status_code == 422
    reason = response["X-GroundGate-Error"]
    assert "needed more than 256 MB of memory (GROUNDGATE_RENDER_MAX_MEMORY_MB)" in reason
    # The case page still learns the page's rotation: reading its text decodes no image.
    assert rendering.page_shown_rotation(document=document, page_index=0) == 0


def test_the_render_cache_drops_the_least_recently_used_images_past_its_size(team, settings):
    document = ingest(team, (PDFS / "tracemonkey.pdf").read_bytes(), "tracemonkey.pdf")

    def png(zoom):
        return rendering.page_render(document=document, page_index=0, zoom=zoom, highlights=[])

    small, medium, large = png(0.25), png(0.5), png(0.75)
    png(0.25)  # used again: now the most recently used
    cache = rendering.render_cache_dir()
    total = sum(p.stat().st_size for p in cache.rglob("*") if p.is_file())
    assert rendering.render_cache_trim(max_bytes=total - 1) == 1
    # The least recently used went (the page's rotation note is rewritten with each image).
    assert not medium.exists() and small.exists() and large.exists()

    # Through the setting: a 1 MB cache never holds more than 1 MB after a render.
    settings.GROUNDGATE_RENDER_CACHE_MB = 1
    for zoom in (1, 2, 3, 4):
        latest = png(zoom)
        held = sum(p.stat().st_size for p in cache.rglob("*") if p.is_file())
        assert held <= 1024 * 1024 or set(cache.rglob("*.png")) == {latest}
    assert latest.exists()


def test_a_reason_with_line_breaks_is_one_ascii_header_line(team, rita, monkeypatch):
    """A child's reason can quote MuPDF (any text): the header stays one ASCII line."""
    document = ingest(team, (PDFS / "tracemonkey.pdf").read_bytes(), "tracemonkey.pdf")

    def fail(*args, **kwargs):
        raise PdfProblem("failed", "the PDF could not be rendered: RuntimeError: bad\r\nX-Evil: é")

    monkeypatch.setattr(rendering, "render_page_isolated", fail)
    response = rita.get(f"/d/team/documents/{document.pk}/pages/0.png?zoom=1")
    assert response.status_code == 422
    assert response["X-GroundGate-Error"] == (
        "the PDF could not be rendered: RuntimeError: bad X-Evil: ?"
    )
    assert "X-Evil" not in response.headers
