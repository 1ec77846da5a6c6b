"""Label Studio tasks from a real PDF with a rotated page (../shared/data/pdfs/rotation.pdf:
page 1 upright, page 2 turned 90°): the page images are inline PNGs, and each evidence's box,
read back in the image's own pixels, holds the quoted words' ink."""

from __future__ import annotations

import base64
import json

import pymupdf
import pytest

from groundgate.models import Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from reviews.export import ExportFilters, export_records
from reviews.export_formats import EXPORT_FORMATS
from tests.conftest import SHARED

pytestmark = pytest.mark.django_db
PDF = SHARED / "data" / "pdfs" / "rotation.pdf"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def ink(pixmap: pymupdf.Pixmap, box: tuple[int, int, int, int]) -> int:
    """How many dark pixels the box [x0, y0, x1, y1] of a grey image holds."""
    x0, y0, x1, y1 = box
    return sum(pixmap.pixel(x, y)[0] < 128 for y in range(y0, y1) for x in range(x0, x1))


def test_each_evidence_box_holds_its_words_on_the_shown_page():
    dataset, _ = dataset_get_or_create(slug="rot")
    document = document_ingest(dataset=dataset, data=PDF.read_bytes(), filename=PDF.name).document
    chunks = list(Chunk.objects.filter(document=document).order_by("ordinal"))
    cited = [next(c for c in chunks if c.page_index == page) for page in (0, 1)]
    excerpts = [c.text.splitlines()[0].strip() for c in cited]
    case = {
        "case_id": "r1",
        "question": "What do the pages say?",
        "raw_chunks": [{"chunk_id": c.chunk_id, "text": c.text} for c in cited],
        "answer": {
            "conclusion": excerpts[0],
            "evidences": [
                {"chunk_id": c.chunk_id, "excerpt": e} for c, e in zip(cited, excerpts, strict=True)
            ],
        },
    }
    case_import_lines(dataset=dataset, lines=[json.dumps(case)])
    records = export_records(dataset=dataset, filters=ExportFilters())
    stream = EXPORT_FORMATS["labelstudio"].stream(records, dataset=dataset)
    (task,) = json.loads(b"".join(stream))
    results = task["predictions"][0]["result"]
    assert [r["meta"]["pageIndex"] for r in results] == [0, 1]
    for result, excerpt in zip(results, excerpts, strict=True):
        url = task["data"]["pages"][result["item_index"]]
        png = base64.b64decode(url.removeprefix("data:image/png;base64,"))
        pixmap = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.Pixmap(png))
        w, h = pixmap.width, pixmap.height
        v = result["value"]
        box = (
            int(v["x"] / 100 * w),
            int(v["y"] / 100 * h),
            int((v["x"] + v["width"]) / 100 * w) + 1,
            int((v["y"] + v["height"]) / 100 * h) + 1,
        )
        inside = ink(pixmap, box)
        assert inside > 50, excerpt  # the words are drawn where the box is
        # ... and the box is about one line of text: not the page, not the chunk's neighbours
        assert v["width"] < 90 and v["height"] < 10
        # the image is the page as shown: a box of the rotated page is as wide as the line
        assert (box[2] - box[0]) > (box[3] - box[1]), excerpt
