"""A document's page as a person reads it: a document without pages (a code repository, a text)
says so and lists its chunks; a PDF's pages each open at full size on a page of the app; the PDF
reader's warnings read each once, with how many times."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from groundgate.models import Chunk, Document
from groundgate.services.code_ingestion import code_repository_ingest
from groundgate.services.ingestion import document_ingest
from reviews import document_page
from reviews.document_page import document_summary, reading_warnings
from tests.conftest import SHARED

pytestmark = pytest.mark.django_db

PDF = SHARED / "data" / "pdfs" / "tracemonkey.pdf"

SOURCE = """def first() -> int:
    return 1


def second() -> int:
    return 2


def third() -> int:
    return 3
"""


def _code_document(dataset, repo: Path) -> Document:
    (repo / "numbers.py").write_text(SOURCE)
    return code_repository_ingest(dataset=dataset, repo=repo, title="numbers").document


def test_a_document_without_pages_reads_text_only_and_lists_its_chunks(
    reviewer, demo_dataset, tmp_path
):
    document = _code_document(demo_dataset, tmp_path)
    assert document.page_count is None and not document.pages.exists()
    response = reviewer.get(f"/d/demo/documents/{document.pk}/")
    body = response.content.decode()
    status = body.split('id="document-status"')[1].split("</p>")[0]
    assert "text only, 3 chunks" in status
    assert "None" not in status and "page" not in status
    # No pages, no "Chunks of page 1 (0 of ...)": every chunk in reading order, with its source.
    assert "Chunks of page" not in body and 'id="pages"' not in body
    title = body.split('id="chunks-title">')[1].split("</h2>")[0]
    assert title.startswith("Chunks ") and "(all 3)" in title
    ids = [c.chunk_id for c in response.context["chunks"]]
    assert ids == ["numbers.py::first", "numbers.py::second", "numbers.py::third"]
    assert "numbers.py:1-2" in body  # the Source column: where the chunk is in its file
    assert "<th>Source</th>" in body and "<th>Page</th>" not in body
    assert reviewer.get(f"/d/demo/documents/{document.pk}/pages/0/").status_code == 404


def test_a_long_document_without_pages_says_how_many_are_listed(
    reviewer, demo_dataset, tmp_path, monkeypatch
):
    monkeypatch.setattr(document_page, "CHUNKS_SHOWN", 2)
    document = _code_document(demo_dataset, tmp_path)
    response = reviewer.get(f"/d/demo/documents/{document.pk}/")
    body = html.unescape(response.content.decode())
    assert len(response.context["chunks"]) == 2
    assert "(the first 2 of 3)" in body
    assert "The first 2 of the document's 3 chunks; the API lists them all." in body
    # ?page= means nothing without pages: the same list, no error.
    again = reviewer.get(f"/d/demo/documents/{document.pk}/?page=7")
    assert again.status_code == 200 and len(again.context["chunks"]) == 2
    assert Chunk.objects.filter(document=document).count() == 3


def test_a_documents_size_reads_as_a_person_says_it():
    assert document_summary(pages=0, chunks=1919) == "text only, 1,919 chunks"
    assert document_summary(pages=0, chunks=1) == "text only, 1 chunk"
    assert document_summary(pages=1, chunks=1) == "1 page · 1 chunk"
    assert document_summary(pages=14, chunks=1234) == "14 pages · 1,234 chunks"


def test_full_size_opens_a_page_of_the_app_that_shows_the_page_image(
    reviewer, outsider, demo_dataset, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    data = PDF.read_bytes()
    document = document_ingest(dataset=demo_dataset, data=data, filename=PDF.name).document
    base = f"/d/demo/documents/{document.pk}"
    listing = reviewer.get(f"{base}/").content.decode()
    # "full size" is the app's page of that page, not the bare PNG (which a browser shows in an
    # image document of its own, whose inline styles the Content-Security-Policy refuses).
    assert f'href="{base}/pages/2/">full size</a>' in listing
    assert f'href="{base}/pages/2.png">full size' not in listing
    response = reviewer.get(f"{base}/pages/2/")
    assert response.status_code == 200
    body = html.unescape(response.content.decode())
    assert "tracemonkey.pdf, page 3" in body and "of 14" in body
    assert f'<img src="{base}/pages/2.png?zoom=1.5"' in body
    assert f'href="{base}/pages/1/?zoom=1.5" rel="prev">‹ page 2' in body
    assert f'href="{base}/pages/3/?zoom=1.5" rel="next">page 4 ›' in body
    chunks = Chunk.objects.filter(document=document, page_index=2).count()
    assert f"{base}/?page=3#chunks\">this page's {chunks} chunk" in body
    assert " style=" not in body.split("<main>")[1] and "<style" not in body
    # The zoom is one of the offered levels; anything else is the default.
    assert 'pages/2.png?zoom=3"' in reviewer.get(f"{base}/pages/2/?zoom=3").content.decode()
    assert "zoom=1.5" in reviewer.get(f"{base}/pages/2/?zoom=99").content.decode()
    first = reviewer.get(f"{base}/pages/0/").content.decode()
    assert "‹ first page" in first and 'rel="prev"' not in first
    last = reviewer.get(f"{base}/pages/13/").content.decode()
    assert "last page ›" in last and 'rel="next"' not in last
    # No such page, an outsider: 404 (the app's page), as for the image.
    assert reviewer.get(f"{base}/pages/14/").status_code == 404
    assert outsider.get(f"{base}/pages/2/").status_code == 404


# Best Buy's 10-Q as MuPDF reported it (ActualText 6 times, something else, then 2 times more).
ACTUAL_TEXT = "ActualText with no position. Text may be lost or mispositioned."
BEST_BUY = [ACTUAL_TEXT, "... repeated 6 times...", ACTUAL_TEXT, "... repeated 2 times..."]


def test_the_readers_warnings_read_each_once_with_how_many_times():
    assert reading_warnings(BEST_BUY) == [f"{ACTUAL_TEXT} (8 times)"]
    assert reading_warnings(["a", "b", "... repeated 3 times...", "a"]) == [
        "a (2 times)",
        "b (3 times)",
    ]
    assert reading_warnings(["... repeated 3 times...", "c"]) == ["... repeated 3 times...", "c"]
    assert reading_warnings([]) == []


def test_the_document_page_lists_the_warnings_so(reviewer, demo_dataset, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    document = document_ingest(dataset=demo_dataset, data=PDF.read_bytes(), filename=PDF.name)
    Document.objects.filter(pk=document.document.pk).update(warnings=BEST_BUY)
    body = reviewer.get(f"/d/demo/documents/{document.document.pk}/").content.decode()
    assert f"<li>{ACTUAL_TEXT} (8 times)</li>" in html.unescape(body)
    assert "repeated" not in body
