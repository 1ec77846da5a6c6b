"""A value finding is drawn at the value's own box when the verdict carries one (the engine's
values in context), else at its characters' words in the chunk, else at its chunk's first line."""

from __future__ import annotations

import json

import pymupdf
import pytest

from groundgate.models import Case, Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from groundgate.services.rendering import case_cited_chunks
from reviews.presenters import finding_locations
from tests.conftest import shared_data


def test_the_value_box_wins_over_the_chunk_box():
    case = Case(kind="answer", payload={"answer": {"evidences": []}})
    chunk = Chunk(chunk_id="c1", kind="text", document_id=7, position_int=[[2, 10, 500, 50, 60]])
    chunk_only = {"code": "UNGROUNDED_NUMBER", "chunk_id": "c1"}
    own_box = {
        "code": "UNGROUNDED_NUMBER",
        "chunk_id": "c1",
        "near_match": {"chunk_id": "c1", "page_index": 1, "bbox": [432, 394, 465, 404]},
    }
    first, second = finding_locations(case, [chunk_only, own_box], {"c1": chunk})
    assert (first.key, first.bbox) == ("7:1", (10, 50, 500, 60))
    assert (second.key, second.bbox) == ("7:1", (432, 394, 465, 404))


def test_without_a_box_in_the_verdict_the_value_is_found_by_its_characters():
    """The near miss names its characters in the chunk (chunk_span): the focus box is the words
    there (the chunk's word boxes, stored at ingestion), on the page of the line that holds
    them, not the chunk's first line (here a paragraph about something else)."""
    case = Case(kind="answer", payload={"answer": {"evidences": []}})
    text = "Bearings: 85 C.\nUnit price of the seal kit: $1,050."
    at = text.index("$1,050")
    chunk = Chunk(
        chunk_id="c1",
        kind="text",
        document_id=7,
        text=text,
        position_int=[[1, 72, 521, 230, 262], [1, 72, 513, 334, 366]],
        word_boxes=[[0, 9, 72, 230, 120, 245], [at, at + 7, 169, 350, 206, 365]],
    )
    near = {
        "code": "UNGROUNDED_NUMBER",
        "near_match": {"chunk_id": "c1", "chunk_span": [at, at + 6]},
    }
    other = {
        "code": "UNGROUNDED_NUMBER",
        "chunk_id": "c1",
        "near_match": {"chunk_id": "c2", "chunk_span": [at, at + 6]},
    }
    [found] = finding_locations(case, [near], {"c1": chunk})
    # "$1,050" of the word "$1,050.": six of its seven characters' share of its width.
    assert (found.key, found.bbox) == ("7:0", (169, 350, 201, 365))
    # A span into another chunk is not looked up in this one: its first line.
    [elsewhere] = finding_locations(case, [other], {"c1": chunk})
    assert (elsewhere.key, elsewhere.bbox) == ("7:0", (72, 230, 521, 262))
    # No word boxes (a chunk stored before they were kept): the chunk's first line, as before.
    chunk.word_boxes = []
    [first] = finding_locations(case, [near], {"c1": chunk})
    assert (first.key, first.bbox) == ("7:0", (72, 230, 521, 262))


ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"


@pytest.fixture
def capex_cases(settings, tmp_path):
    """Ulta Beauty's earnings release (../shared) ingested; three answers cite the cash flow
    statement's row "Capital expenditures (312,126) (172,187) ..."."""
    settings.MEDIA_ROOT = tmp_path / "media"
    data = shared_data("financebench", ULTA).read_bytes()
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    document = document_ingest(dataset=dataset, data=data, filename=ULTA).document
    chunks = list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal"))
    chunk = next(c for c in chunks if "Capital expenditures" in c.text and "(312,126)" in c.text)
    start = chunk.text.index("Capital expenditures")
    excerpt = chunk.text[start : chunk.text.index("(314,584)", start) + len("(314,584)")]
    page_number, x0, x1, top, bottom = chunk.position_int[0]
    evidence = {
        "chunk_id": chunk.chunk_id,
        "excerpt": excerpt,
        "page_index": page_number - 1,
        "bbox": [x0, top, x1, bottom],
    }
    raw_chunks = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks
        if c.page_index == chunk.page_index
    ]  # fmt: skip
    answers = {
        "swapped": "Capital expenditures were -$321,126 thousand.",
        "right": "Capital expenditures were -$312,126 thousand.",
    }
    lines = [
        json.dumps(
            {
                "case_id": case_id,
                "question": "How much did Ulta Beauty spend on capital expenditures?",
                "raw_chunks": raw_chunks,
                "answer": {"conclusion": conclusion, "evidences": [evidence]},
            }
        )
        for case_id, conclusion in answers.items()
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == 2, report.errors
    return chunk, data


def value_rect(data: bytes, page_index: int, value: str, row: str) -> pymupdf.Rect:
    """Where the rendered page shows `value` in the table row that starts with `row`: PyMuPDF's
    own search of the page (its characters' boxes), not the chunk's stored word boxes."""
    with pymupdf.open(stream=data, filetype="pdf") as pdf:
        [label] = pdf[page_index].search_for(row)
        found = pdf[page_index].search_for(value)
    [rect] = [r for r in found if abs((r.y0 + r.y1) / 2 - (label.y0 + label.y1) / 2) < 2]
    return rect


@pytest.mark.django_db
def test_a_value_findings_box_encloses_the_values_words_on_a_real_filing_page(capex_cases):
    """The near miss of a swapped figure and the grounding of the right one are boxed at
    "(312,126)" in the Capital expenditures row - where PyMuPDF finds that word on the page -
    not at the chunk's first line (the statement's heading). A verdict that names the value only
    in its excerpt (no chunk_span: stored before the engine gave one) is boxed the same."""
    chunk, data = capex_cases
    heading = finding_locations(
        Case(kind="answer", payload={}), [{"code": "X", "chunk_id": chunk.chunk_id}],
        {chunk.chunk_id: chunk},
    )[0]  # fmt: skip
    for external_id, ref_key in (("swapped", "near_match"), ("right", "grounded_by")):
        case = Case.objects.get(external_id=external_id)
        findings = case.gate_runs.order_by("-id").first().findings
        [finding] = [f for f in findings if isinstance(f.get(ref_key), dict)]
        assert finding[ref_key]["chunk_span"], finding  # what the engine gives today
        chunks = case_cited_chunks(case=case)
        without = {**finding, ref_key: {**finding[ref_key], "chunk_span": None}}
        for f in (finding, without):
            [where] = finding_locations(case, [f], chunks)
            page = int(where.key.split(":")[1])
            assert where.key == f"{chunk.document_id}:{chunk.page_index}"
            digits = value_rect(data, page, "312,126", "Capital expenditures")
            box = pymupdf.Rect(where.bbox)
            # Encloses the digits - within 1.5 pt: the word "(312,126)" is cut to the value's
            # characters as if they were of equal width - and little else (not the parentheses).
            loose = pymupdf.Rect(box.x0 - 1.5, box.y0 - 1.5, box.x1 + 1.5, box.y1 + 1.5)
            assert loose.contains(digits), (box, digits)
            assert box.width < digits.width + 3 and box.height < digits.height + 3, (box, digits)
            assert where.bbox != heading.bbox
