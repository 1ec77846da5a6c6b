"""A real earnings release (Ulta Beauty's, from FinanceBench's filings in ../shared) in a real
browser: its balance sheet writes "January 28, January 29," over "2023 2022", and an answer that
says "as of January 29, 2022" is accepted with the rule that did it shown and the header's day
and year marked in the source, beside the PDF page with the cited box. An answer that pairs the
day with the other column's year is rejected. An answer that cites no page is shown where the
cited chunk is. Screenshots: ws-filing-header-date-*.png."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from tests.e2e.filings import answers_import, evidence_of, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

EXCERPT_FROM, EXCERPT_TO = "(In thousands)", "$ 431,560"


@pytest.fixture
def filing(settings, tmp_path):
    """The release ingested into dataset "filings"; two answers cite its balance sheet."""
    chunks, dataset = ulta_chunks(settings, tmp_path)
    chunks = [c for c in chunks if c.page_index == 6]
    sheet = next(c for c in chunks if "January 29," in c.text and EXCERPT_TO in c.text)
    start = sheet.text.index(EXCERPT_FROM)
    excerpt = sheet.text[start : sheet.text.index(EXCERPT_TO) + len(EXCERPT_TO)]
    evidence = evidence_of(sheet, excerpt)
    right = "As of January 29, 2022, Ulta Beauty held $431,560 thousand in cash."
    wrong = "As of January 29, 2023, Ulta Beauty held $431,560 thousand in cash."
    # An answer that cites the chunk and its excerpt only, no page (as most models write one).
    bare = {"chunk_id": sheet.chunk_id, "excerpt": excerpt}
    answers_import(
        dataset,
        question="How much cash did Ulta Beauty hold a year before fiscal 2022 ended?",
        chunks=chunks,
        answers={
            "ulta-cash-right": (right, evidence),
            "ulta-cash-wrong": (wrong, evidence),
            "ulta-cash-no-page": (right, bare),
        },
    )
    return excerpt


def test_a_header_date_is_accepted_and_marked_where_the_table_gives_it(page, live_server, filing):
    assert "passed" in open_case(page, live_server, "ulta-cash-right")
    findings = page.inner_text("#findings")
    assert "date_shared_day" in findings and "declared_scale" in findings
    assert "“January 29, 2022” in evidence 0" in findings  # the date the header gives
    # The header's day and its year are marked in the cited source, each where it is written,
    # not the header between them (2.41.0, d635).
    marks = page.locator(".sources mark.m-grounded").all_inner_texts()
    assert "January 29," in marks and "2022" in marks, marks
    assert not any("2023" in mark for mark in marks), marks
    # The PDF page is drawn with the cited box.
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-header-date")

    wrong = Case.objects.get(external_id="ulta-cash-wrong")
    page.goto(f"{live_server.url}/d/filings/cases/{wrong.pk}/")
    assert "rejected" in page.locator(".casehead .status").get_attribute("class")
    text = page.inner_text("#findings")
    assert "UNGROUNDED_NUMBER" in text and "January 29, 2023" in text
    shoot(page, "filing-header-date-wrong")


def test_where_shows_the_cited_chunks_page_when_the_answer_gives_none(page, live_server, filing):
    # "Where" was empty though the cited pages show the chunk's page 7 beside it.
    open_case(page, live_server, "ulta-cash-no-page")
    where = page.locator("#evidence-0 td").nth(3)
    assert where.inner_text() == "page 7"
    assert "the answer gives none" in where.locator("span").get_attribute("title")
    open_case(page, live_server, "ulta-cash-right")  # the answer's own page, as before
    assert page.locator("#evidence-0 td").nth(3).inner_text() == "page 7"
    assert page.locator("#evidence-0 td span.muted").count() == 0
