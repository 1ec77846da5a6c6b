"""Every value located: PDF ingestion keeps PyMuPDF's words with their boxes, so a character
span of a chunk maps to its own box on the page (not the chunk's first line)."""

from __future__ import annotations

import json

import pymupdf
import pytest

from groundgate.documents.chunking import span_boxes
from groundgate.documents.isolated import IsolationLimits, extract_pdf_isolated
from groundgate.documents.pdf_text import extract_pdf
from tests.conftest import shared_data

BESTBUY = "BESTBUY_2024Q2_10Q.pdf"


def bestbuy() -> bytes:
    """The filing's bytes; missing, the test fails (d187): CI has ../shared."""
    return shared_data("financebench", BESTBUY).read_bytes()


def inside(inner, outer, slack=1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def test_a_table_value_maps_to_its_own_box_on_the_page():
    data = bestbuy()
    extracted = extract_pdf(data)
    page_chunks = [c for c in extracted.chunks if c.page_index == 16]
    chunk = next(c for c in page_chunks if "Best Buy" in c.text and " 907" in c.text)
    start = chunk.text.index(" 907") + 1
    boxes = span_boxes(chunk.word_boxes(), start, start + 3)
    assert len(boxes) == 1
    box = boxes[0]
    # PyMuPDF's own search finds "907" on the page; the value's box is one of those hits.
    page = pymupdf.open(stream=data, filetype="pdf")[16]
    hits = [tuple(r) for r in page.search_for("907")]
    assert any(inside(box, hit, 1.5) and inside(hit, box, 1.5) for hit in hits), (box, hits)
    # ... and it is not the chunk's first rectangle (a heading or the row label).
    assert box != tuple(chunk.rects()[0])
    assert box[2] - box[0] < 40  # a figure, not a line


def test_every_word_offset_points_at_its_word():
    extracted = extract_pdf(bestbuy())
    checked = 0
    for chunk in extracted.chunks[:200]:
        for a, b, x0, top, x1, bottom in chunk.word_boxes():
            word = chunk.text[a:b]
            assert word and not word.isspace() and x0 <= x1 and top <= bottom
            checked += 1
    assert checked > 1000


def test_a_span_over_two_lines_gives_a_box_per_line_and_no_words_no_box():
    words = [(0, 4, 10.0, 100.0, 40.0, 110.0), (5, 9, 45.0, 100.0, 70.0, 110.0),
             (10, 14, 10.0, 112.0, 38.0, 122.0)]  # fmt: skip
    assert span_boxes(words, 0, 9) == [(10.0, 100.0, 70.0, 110.0)]
    # Words covered in part are cut to the span's share of their characters, in whole points.
    assert span_boxes(words, 6, 12) == [(51, 100.0, 70, 110.0), (10, 112.0, 24, 122.0)]
    assert span_boxes([], 0, 5) == []
    # A turned word (taller than wide) is not cut: its direction is not kept.
    assert span_boxes([(0, 4, 10.0, 100.0, 20.0, 160.0)], 1, 2) == [(10.0, 100.0, 20.0, 160.0)]


def test_the_isolated_child_sends_the_word_boxes_checked():
    extracted = extract_pdf_isolated(bestbuy(), isolation=IsolationLimits())
    stored = next(c for c in extracted.chunks if c.page_index == 16 and " 907" in c.text)
    words = json.loads(stored.word_boxes)
    start = stored.text.index(" 907") + 1
    assert span_boxes(words, start, start + 3)


@pytest.mark.django_db
def test_ingestion_stores_each_chunks_word_boxes(settings, tmp_path):
    from groundgate.models import Chunk
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.ingestion import document_ingest

    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings")
    result = document_ingest(dataset=dataset, data=bestbuy(), filename=BESTBUY)
    assert result.status == "ready"
    chunk = next(
        c for c in Chunk.objects.filter(document=result.document, page_index=16) if " 907" in c.text
    )
    start = chunk.text.index(" 907") + 1
    (box,) = span_boxes(chunk.word_boxes, start, start + 3)
    assert box[2] - box[0] < 40 and box != tuple(chunk.bbox)
