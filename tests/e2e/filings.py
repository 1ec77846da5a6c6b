"""Ulta Beauty's earnings release (FinanceBench's filing in ../shared), ingested for the browser
tests of answers about real financial statements (test_filing_dates, test_filing_signs)."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model

from groundgate.models import Case, Chunk, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED
from tests.e2e.test_case_page import log_in

ULTA = SHARED / "data" / "financebench" / "ULTABEAUTY_2023Q4_EARNINGS.pdf"


def ulta_chunks(settings, tmp_path):
    """The release ingested into dataset "filings" (reviewer rita may review it): its chunks in
    page and reading order, and the dataset."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    document = document_ingest(dataset=dataset, data=ULTA.read_bytes(), filename=ULTA.name).document
    chunks = Chunk.objects.filter(document=document).order_by("page_index", "ordinal")
    return list(chunks), dataset


BESTBUY = SHARED / "data" / "financebench" / "BESTBUY_2024Q2_10Q.pdf"


def bestbuy_page_chunks(settings, tmp_path, page_index: int):
    """One page of Best Buy's 10-Q (FinanceBench's filing in ../shared), cut from the filing as
    it is printed and ingested alone into dataset "filings" (its 30 pages take long to ingest):
    the page's chunks in reading order, and the dataset (reviewer rita)."""
    import pymupdf

    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    with pymupdf.open(BESTBUY) as filing:
        filing.select([page_index])
        data = filing.tobytes(garbage=3, deflate=True)
    name = f"BESTBUY_2024Q2_10Q-p{page_index + 1}.pdf"
    document = document_ingest(dataset=dataset, data=data, filename=name).document
    return list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal")), dataset


def open_case(page, live_server, external_id: str) -> str:
    """Log in as the reviewer, open the case page of `external_id`; its status badge's class."""
    log_in(page, live_server)
    case = Case.objects.get(external_id=external_id)
    page.goto(f"{live_server.url}/d/filings/cases/{case.pk}/")
    return page.locator(".casehead .status").get_attribute("class")


def evidence_of(chunk: Chunk, excerpt: str) -> dict:
    """An evidence quoting `excerpt` of `chunk`, with the chunk's first box."""
    page_number, x0, x1, top, bottom = chunk.position_int[0]
    return {
        "chunk_id": chunk.chunk_id,
        "excerpt": excerpt,
        "page_index": page_number - 1,
        "bbox": [x0, top, x1, bottom],
    }


def answers_import(dataset, *, question: str, chunks: list[Chunk], answers: dict) -> None:
    """Import one case per answer (case id -> (conclusion, evidence)), all given `chunks`."""
    raw_chunks = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks
    ]  # fmt: skip
    lines = [
        json.dumps(
            {
                "case_id": case_id,
                "question": question,
                "raw_chunks": raw_chunks,
                "answer": {"conclusion": conclusion, "evidences": [evidence]},
            }
        )
        for case_id, (conclusion, evidence) in answers.items()
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == len(answers), report.errors
