"""Signs and labels on a real cash flow statement (Ulta Beauty's earnings release, from
FinanceBench's filings in ../shared) in a real browser. The statement writes outflows in
parentheses - "Capital expenditures (312,126)" - so an answer's "-$312,126 thousand" is that
value, its sign given by the parentheses; its "see Note 4" points at a part no excerpt numbers
and is shown as a label. An answer that turns the year's net increase in cash ("306,317") into a
decrease ("-$306,317 thousand") is rejected, and the near miss - the same figure with the other
sign - is marked in the source beside the PDF page. Screenshots: ws-filing-signs-*.png."""

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


@pytest.fixture
def cash_flows(settings, tmp_path):
    """The release ingested into dataset "filings"; two answers cite its cash flow statement."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    document = document_ingest(dataset=dataset, data=ULTA.read_bytes(), filename=ULTA.name).document
    chunks = list(Chunk.objects.filter(document=document).order_by("page_index", "ordinal"))

    def cite(label: str, through: str) -> dict:
        """An evidence quoting the statement's line `label` up to the figure `through`."""
        chunk = next(c for c in chunks if label in c.text and through in c.text)
        start = chunk.text.index(label)
        excerpt = chunk.text[start : chunk.text.index(through, start) + len(through)]
        page_number, x0, x1, top, bottom = chunk.position_int[0]
        return {
            "chunk_id": chunk.chunk_id,
            "excerpt": excerpt,
            "page_index": page_number - 1,
            "bbox": [x0, top, x1, bottom],
        }

    capex = cite("Capital expenditures", "(314,584)")
    change = cite("Net increase (decrease) in cash", "306,317")
    page_index = capex["page_index"]
    raw_chunks = [
        {"chunk_id": c.chunk_id, "text": c.text, "page_index": c.page_index,
         "position_int": c.position_int}
        for c in chunks if c.page_index == page_index
    ]  # fmt: skip
    answers = {
        "ulta-capex": "Ulta Beauty's capital expenditures were -$312,126 thousand, and its net "
        "cash used in investing activities was $314,584 thousand (see Note 4).",
        "ulta-cash-sign": "Ulta Beauty's cash and cash equivalents changed by -$306,317 "
        "thousand over the year.",
    }
    lines = [
        json.dumps(
            {
                "case_id": case_id,
                "question": "How much cash did Ulta Beauty spend on investments?",
                "raw_chunks": raw_chunks,
                "answer": {"conclusion": conclusion, "evidences": [evidence]},
            }
        )
        for (case_id, conclusion), evidence in zip(answers.items(), (capex, change), strict=True)
    ]
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == 2, report.errors
    return capex, change


def test_parentheses_give_the_sign_and_a_note_is_shown_as_a_label(page, live_server, cash_flows):
    log_in(page, live_server)
    case = Case.objects.get(external_id="ulta-capex")
    page.goto(f"{live_server.url}/d/filings/cases/{case.pk}/")
    assert "passed" in page.locator(".casehead .status").get_attribute("class")
    findings = page.inner_text("#findings")
    assert "sign" in findings and "NUMBER_SECTION_LABEL" in findings
    assert "Note 4" in findings
    marks = page.locator(".sources mark.m-grounded").all_inner_texts()
    assert "312,126" in marks, marks
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-signs")


def test_a_flipped_sign_is_rejected_with_the_figure_marked(page, live_server, cash_flows):
    log_in(page, live_server)
    case = Case.objects.get(external_id="ulta-cash-sign")
    page.goto(f"{live_server.url}/d/filings/cases/{case.pk}/")
    assert "rejected" in page.locator(".casehead .status").get_attribute("class")
    findings = page.inner_text("#findings")
    assert "UNGROUNDED_NUMBER" in findings and "opposite sign" in findings
    marked = " ".join(page.locator(".sources mark").all_inner_texts())
    assert "306,317" in marked, marked
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-signs-wrong")
