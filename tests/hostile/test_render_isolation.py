"""Page images are rendered in a child process with memory and time limits: a hostile page ends
as a 422 with an image that says which limit it hit (never a 500, never decoded in the web
worker), the outcome is cached, and the render cache stays within its size."""

from __future__ import annotations

import resource

import pymupdf
import pytest

from groundgate.documents import render
from groundgate.documents.pdf_text import PdfProblem
from groundgate.documents.render import Highlight
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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_a_40k_image_page_is_decoded_once_for_every_zoom_and_highlight_set(
    team, settings, no_render_here
):
    """The 40,960-px image page cost ~8-12 s of CPU per zoom level and per highlight set, for
    any member: now its picture is drawn once (the base) and every other image of it is drawn
    over that picture."""
    document = ingest(team, huge_image_pdf(40_960), "huge-image.pdf")
    settings.GROUNDGATE_RENDER_TIMEOUT_SECONDS = 120  # CPU is measured; a busy machine is slow
    before = _children_cpu()
    first = rendering.page_render(document=document, page_index=0, zoom=1.0, highlights=[])
    first_cpu = _children_cpu() - before
    assert list(rendering.render_cache_dir().rglob("0-base-*px.png"))
    later = []
    box = Highlight("finding", (72.0, 60.0, 240.0, 80.0))
    for zoom, highlights in [(0.25, []), (0.5, [box]), (2.0, [box]), (4.0, []), (6.0, [box])]:
        before = _children_cpu()
        image = rendering.page_render(
            document=document, page_index=0, zoom=zoom, highlights=highlights
        )
        later.append(_children_cpu() - before)
        pix = pymupdf.Pixmap(image.read_bytes() if hasattr(image, "read_bytes") else image)
        assert (pix.width, pix.height) == (round(612 * zoom), round(792 * zoom))
    # The first render decodes the image (seconds of CPU); each later one reads the base
    # picture (plus the child's start): six images cost what two decodes did (before: six).
    assert first_cpu > 2.0, first_cpu
    assert max(later) < first_cpu / 2, (first_cpu, later)
    assert first_cpu + sum(later) < 2.5 * first_cpu, (first_cpu, later)
    assert pymupdf.Pixmap(first.read_bytes()).width == 612


@pytest.mark.parametrize("rotate", [0, 90, 180])
def test_a_page_drawn_over_its_base_picture_looks_as_when_drawn_directly(rotate):
    """render_page_png over render_base_png: the same picture (within resampling) as drawing
    the page itself, highlights and page turn included, on a real PDF page."""
    data = (PDFS / "tracemonkey.pdf").read_bytes()
    highlights = [
        Highlight("finding", (72.0, 90.0, 300.0, 110.0)),
        Highlight("chunk", (60, 60, 400, 200)),
    ]

    def doc():
        pdf = pymupdf.open(stream=data, filetype="pdf")
        pdf[0].set_rotation(rotate)
        return pdf

    direct = render.render_page_png(doc(), 0, zoom=1.0, highlights=highlights, max_side_px=5000)
    base = render.render_base_png(doc(), 0, zoom=2.0)
    over = render.render_page_png(
        doc(), 0, zoom=1.0, highlights=highlights, max_side_px=5000, base_png=base
    )
    a, b = pymupdf.Pixmap(direct), pymupdf.Pixmap(over)
    assert (a.width, a.height) == (b.width, b.height)
    differ = sum(abs(x - y) > 64 for x, y in zip(a.samples, b.samples, strict=True))
    assert differ / len(a.samples) < 0.02, differ / len(a.samples)
