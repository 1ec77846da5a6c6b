"""A dataset's documents in a real browser (Debian's Chromium): a PDF's thumbnails and a page by
itself, full size, with nothing refused by the Content-Security-Policy on the way; a document
without pages (the demo's code repository) reads "text only" and lists its chunks; a filing's
statement lists its chunk row by row, whole. Screenshots
at 1366x768 and 1920x1080 go to var/shots (or GROUNDGATE_SHOTS) as documents-*.png."""

from __future__ import annotations

import re

import pytest

from groundgate.models import Document, DocumentKind
from tests.e2e.filings import ulta_chunks
from tests.e2e.test_case_page import SHOTS, SIZES, demo, log_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]  # the fixture

# What Chromium logs when the policy refuses something ("Refused to apply inline style ...",
# or in newer versions "Applying inline style violates the following Content Security Policy
# directive ...").
REFUSED = re.compile(r"Refused to|Content Security Policy", re.IGNORECASE)


# The lines a chunk box cuts across at its foot: [box index, the line's top, bottom, box bottom].
CUT_LINES = """() => [...document.querySelectorAll('#chunks .chunktext')].flatMap((box, i) => {
  const foot = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
  const range = document.createRange();
  range.selectNodeContents(box);
  return [...range.getClientRects()]
    .filter(r => r.height > 0 && r.top < foot - 0.5 && r.bottom > foot + 0.5)
    .map(r => [i, r.top, r.bottom, foot]);
})"""


def refused(lines: list[str]) -> list[str]:
    return [line for line in lines if REFUSED.search(line)]


def test_a_thumbnail_and_full_size_log_nothing_refused(page, live_server, demo):
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    log_in(page, live_server)
    pdf = Document.objects.get(kind=DocumentKind.PDF)
    page.goto(f"{live_server.url}/d/demo/documents/")
    page.click(f"#documents >> text={pdf.title}")
    page.wait_for_url(f"**/documents/{pdf.pk}/")
    page.wait_for_function("() => [...document.querySelectorAll('#pages img')]"
                           ".every(i => i.complete && i.naturalWidth > 0)")  # fmt: skip
    assert refused(console) == []

    # A thumbnail chooses its page: its chunks are listed, nothing is refused.
    page.click("#page-2 a >> nth=0")
    page.wait_for_url("**/?page=2#chunks")
    assert page.inner_text("#chunks-title").startswith("Chunks of page 2")
    assert page.locator("#page-2.current").count() == 1
    assert refused(console) == [], refused(console)
    shoot(page, "documents-pdf", prefix="")

    # "full size": the page by itself, on a page of the app (the bare PNG would be shown in
    # Chromium's own image document, whose inline styles the policy refuses: three lines).
    page.click("#page-2 >> text=full size")
    page.wait_for_url(f"**/documents/{pdf.pk}/pages/1/")
    image = page.locator("#full-page img")
    image.evaluate("img => img.decode()")
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert natural[0] > 500 and natural[1] > 500  # drawn at zoom 1.5
    assert "page 2" in page.inner_text("h1") and "of 3" in page.inner_text("h1")
    assert refused(console) == [], refused(console)
    shoot(page, "documents-full-size", prefix="")
    # Its neighbours and its zoom, still without a refusal.
    page.click("#page-nav a[rel=next]")
    page.wait_for_url("**/pages/2/?zoom=1.5")
    page.click("#page-nav >> text=2×")
    page.wait_for_url("**/pages/2/?zoom=2")
    page.locator("#full-page img").evaluate("img => img.decode()")
    assert refused(console) == [], refused(console)
    # The policy itself is as strict as before on the image as on the pages.
    png = page.request.get(f"{live_server.url}/d/demo/documents/{pdf.pk}/pages/1.png")
    assert png.ok and "style-src 'self'" in png.headers["content-security-policy"]
    assert "unsafe-inline" not in png.headers["content-security-policy"]


def test_a_document_without_pages_reads_text_only_and_lists_its_chunks(page, live_server, demo):
    log_in(page, live_server)
    code = Document.objects.get(kind=DocumentKind.CODE)
    page.goto(f"{live_server.url}/d/demo/documents/{code.pk}/")
    status = page.inner_text("#document-status")
    total = code.chunks.count()
    assert f"text only, {total:,} chunks" in status and "None" not in status
    assert page.locator("#pages").count() == 0
    title = page.inner_text("#chunks-title")
    assert title.startswith("Chunks (") and "of page" not in title
    assert page.locator("#chunks tbody tr").count() == min(total, 500)
    # The table stays inside the window: long paths and code break, they do not widen the page.
    # At both sizes, the window's worth (the whole page is 500 rows long).
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(SHOTS / f"documents-text-only-{width}x{height}.png"))


def test_a_statements_chunk_reads_row_by_row_and_whole(page, live_server, settings, tmp_path):
    """Chunking 2 keeps a statement's rows as lines (d905): the document page's chunk list shows
    them so, each row on its own line, and the whole chunk (the balance sheet's last row too) in a
    box that scrolls, rather than one run of words cut at 300 characters."""
    chunks, _ = ulta_chunks(settings, tmp_path)
    sheet = next(c for c in chunks if c.page_index == 6 and "Cash and cash equivalents $" in c.text)
    assert len(sheet.text) > 300 and "\n" in sheet.text
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/filings/documents/{sheet.document_id}/?page=7")
    box = page.locator("#chunks .chunktext", has_text="Cash and cash equivalents $ 737,877")
    lines = box.inner_text().split("\n")
    assert "Cash and cash equivalents $ 737,877 $ 431,560" in lines, lines[:12]
    assert lines[-1] == sheet.text.rstrip().split("\n")[-1]  # not cut
    high, shown = box.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert high > shown  # a dozen lines, then it scrolls
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, (width, wide)
        # The box's foot falls between two lines, never across one (d981): each line of every
        # chunk box is wholly inside it or wholly below it (the look had 210px of text in 204px).
        assert page.evaluate(CUT_LINES) == [], (width, height)
    shoot(page, "documents-statement-rows", prefix="")
