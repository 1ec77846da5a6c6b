"""The annotated PDF boxes the values a finding names where they are on the page - the figure
itself and its near miss, as the case page does - not the chunk's first line. Checked on a real
filing (Ulta Beauty's cash flow statement, ../shared) by reading the annotations back with
PyMuPDF and comparing them with PyMuPDF's own search of the page."""

from __future__ import annotations

import json

import pymupdf
import pytest

from groundgate.models import Case, Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from groundgate.services.rendering import case_annotated_pdf
from tests.conftest import shared_data

pytestmark = pytest.mark.django_db
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
ANSWERS = {
    "swapped": "Capital expenditures were -$321,126 thousand.",
    "right": "Capital expenditures were -$312,126 thousand.",
}


@pytest.fixture
def filing(settings, tmp_path):
    """The filing ingested; each answer cites the row "Capital expenditures (312,126) ..."."""
    settings.MEDIA_ROOT = tmp_path / "media"
    data = shared_data("financebench", ULTA).read_bytes()
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    document = document_ingest(dataset=dataset, data=data, filename=ULTA).document
    chunks = list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal"))
    chunk = next(c for c in chunks if "Capital expenditures" in c.text and "(312,126)" in c.text)
    start = chunk.text.index("Capital expenditures")
    excerpt = chunk.text[start : chunk.text.index("(314,584)", start) + len("(314,584)")]
    raw_chunks = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks
        if c.page_index == chunk.page_index
    ]  # fmt: skip
    lines = [
        json.dumps(
            {
                "case_id": case_id,
                "question": "How much did Ulta Beauty spend on capital expenditures?",
                "raw_chunks": raw_chunks,
                "answer": {
                    "conclusion": conclusion,
                    "evidences": [{"chunk_id": chunk.chunk_id, "excerpt": excerpt}],
                },
            }
        )
        for case_id, conclusion in ANSWERS.items()
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == len(ANSWERS), report.errors
    return chunk, data


def digits_rect(data: bytes, page_index: int, value: str, row: str) -> pymupdf.Rect:
    """Where PyMuPDF finds `value` on the page, in the table row that starts with `row`."""
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        [label] = pdf[page_index].search_for(row)
        found = pdf[page_index].search_for(value)
    [rect] = [r for r in found if abs((r.y0 + r.y1) / 2 - (label.y0 + label.y1) / 2) < 2]
    return rect


def value_annots(pdf: bytes) -> list[tuple[pymupdf.Rect, str, tuple]]:
    """(rect, note, stroke colour) of each rectangle annotation of the annotated PDF that marks
    a value (its note names the value)."""
    out = []
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        assert doc.page_count == 1
        for annot in doc[0].annots():
            note = annot.info["content"]
            if annot.type[1] == "Square" and note.split(" ", 1)[0] in ("Value", "Near", "Grounded"):
                out.append((pymupdf.Rect(annot.rect), note, tuple(annot.colors["stroke"])))
    return out


def encloses(box: pymupdf.Rect, digits: pymupdf.Rect) -> bool:
    """`box` holds the digits (within 1.5 pt: a word is cut to the value's characters as if they
    were of equal width) and little else: not the whole row, not the chunk's heading."""
    loose = pymupdf.Rect(box.x0 - 1.5, box.y0 - 1.5, box.x1 + 1.5, box.y1 + 1.5)
    small = box.width < digits.width + 8 and box.height < digits.height + 8
    return loose.contains(digits) and small


def test_the_near_miss_of_a_swapped_figure_is_boxed_at_its_digits(filing):
    chunk, data = filing
    case = Case.objects.get(external_id="swapped")
    findings = case.gate_runs.order_by("-id").first().findings
    assert any(f["code"] == "UNGROUNDED_NUMBER" and f.get("near_match") for f in findings)
    marks = value_annots(case_annotated_pdf(case=case, findings=findings))
    [(box, note, stroke)] = [m for m in marks if m[1].startswith("Near miss")]
    assert encloses(box, digits_rect(data, chunk.page_index, "312,126", "Capital expenditures"))
    assert "'312,126'" in note and "UNGROUNDED_NUMBER" in note and "321,126" in note
    assert stroke == pytest.approx((0.737, 0.298, 0.0), abs=0.01)  # the case page's orange


def test_the_value_that_grounded_a_right_figure_is_boxed_at_its_digits(filing):
    chunk, data = filing
    case = Case.objects.get(external_id="right")
    findings = case.gate_runs.order_by("-id").first().findings
    marks = value_annots(case_annotated_pdf(case=case, findings=findings))
    [(box, note, stroke)] = [m for m in marks if m[1].startswith("Grounded by")]
    assert "312,126" in note
    assert encloses(box, digits_rect(data, chunk.page_index, "312,126", "Capital expenditures"))
    assert stroke == pytest.approx((0.102, 0.498, 0.216), abs=0.01)  # the case page's green
    # The excerpt is still highlighted beside the value boxes.
    with pymupdf.open(stream=case_annotated_pdf(case=case, findings=findings)) as doc:
        assert "Highlight" in {a.type[1] for a in doc[0].annots()}


def test_a_verdict_without_value_places_marks_only_the_excerpt(filing):
    """Findings that name no located value (a verdict stored before chunk spans) add no value
    marks: the PDF is what it was before."""
    case = Case.objects.get(external_id="swapped")
    findings = [
        {k: v for k, v in f.items() if k not in ("near_match", "grounded_by", "chunk_span")}
        for f in case.gate_runs.order_by("-id").first().findings
    ]
    assert value_annots(case_annotated_pdf(case=case, findings=findings)) == []
