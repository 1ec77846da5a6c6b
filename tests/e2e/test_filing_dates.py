"""A real earnings release (Ulta Beauty's, from FinanceBench's filings in ../shared) in a real
browser: its balance sheet writes "January 28, January 29," over "2023 2022", and an answer that
says "as of January 29, 2022" is accepted with the rule that did it shown and its header marked
in the source, beside the PDF page with the cited box. An answer that pairs the day with the
other column's year is rejected. Screenshots: ws-filing-header-date-*.png."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Case, Chunk, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED
from tests.e2e.test_case_page import log_in
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ULTA = SHARED / "data" / "financebench" / "ULTABEAUTY_2023Q4_EARNINGS.pdf"
EXCERPT_FROM, EXCERPT_TO = "(In thousands)", "$ 431,560"


@pytest.fixture
def filing(settings, tmp_path):
    """The release ingested into dataset "filings"; two answers cite its balance sheet."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    document = document_ingest(dataset=dataset, data=ULTA.read_bytes(), filename=ULTA.name).document
    chunks = list(Chunk.objects.filter(document=document, page_index=6).order_by("ordinal"))
    sheet = next(c for c in chunks if "January 29," in c.text and EXCERPT_TO in c.text)
    start = sheet.text.index(EXCERPT_FROM)
    excerpt = sheet.text[start : sheet.text.index(EXCERPT_TO) + len(EXCERPT_TO)]
    page_number, x0, x1, top, bottom = sheet.position_int[0]
    raw_chunks = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks
    ]  # fmt: skip
    evidence = {
        "chunk_id": sheet.chunk_id,
        "excerpt": excerpt,
        "page_index": page_number - 1,
        "bbox": [x0, top, x1, bottom],
    }
    answers = {
        "ulta-cash-right": "As of January 29, 2022, Ulta Beauty held $431,560 thousand in cash.",
        "ulta-cash-wrong": "As of January 29, 2023, Ulta Beauty held $431,560 thousand in cash.",
    }
    lines = [
        json.dumps(
            {
                "case_id": case_id,
                "question": "How much cash did Ulta Beauty hold a year before fiscal 2022 ended?",
                "raw_chunks": raw_chunks,
                "answer": {"conclusion": conclusion, "evidences": [evidence]},
            }
        )
        for case_id, conclusion in answers.items()
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == 2, report.errors
    return excerpt


def test_a_header_date_is_accepted_and_marked_where_the_table_gives_it(page, live_server, filing):
    log_in(page, live_server)
    case = Case.objects.get(external_id="ulta-cash-right")
    page.goto(f"{live_server.url}/d/filings/cases/{case.pk}/")
    badge = page.locator(".casehead .status")
    assert "passed" in badge.get_attribute("class")
    findings = page.inner_text("#findings")
    assert "date_shared_day" in findings and "declared_scale" in findings
    assert "“January 29, 2022” in evidence 0" in findings  # the date the header gives
    # The header is marked in the cited source, from the day to its year.
    header = filing[filing.index("January 29,") : filing.index("2022") + 4]
    marks = page.locator(".sources mark.m-grounded").all_inner_texts()
    assert header in marks, marks
    # The PDF page is drawn with the cited box.
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-header-date")

    wrong = Case.objects.get(external_id="ulta-cash-wrong")
    page.goto(f"{live_server.url}/d/filings/cases/{wrong.pk}/")
    assert "rejected" in page.locator(".casehead .status").get_attribute("class")
    text = page.inner_text("#findings")
    assert "UNGROUNDED_NUMBER" in text and "January 29, 2023" in text
    shoot(page, "filing-header-date-wrong")
