"""Signs and labels on a real cash flow statement (Ulta Beauty's earnings release, from
FinanceBench's filings in ../shared) in a real browser. The statement writes outflows in
parentheses - "Capital expenditures (312,126)" - so an answer's "-$312,126 thousand" is that
value, its sign given by the parentheses; its "see Note 4" points at a part no excerpt numbers
and is shown as a label. An answer that turns the year's net increase in cash ("306,317") into a
decrease ("-$306,317 thousand") is rejected, and the near miss - the same figure with the other
sign - is marked in the source beside the PDF page. Screenshots: ws-filing-signs-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.filings import answers_import, evidence_of, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cash_flows(settings, tmp_path):
    """The release ingested into dataset "filings"; two answers cite its cash flow statement."""
    chunks, dataset = ulta_chunks(settings, tmp_path)

    def cite(label: str, through: str) -> tuple[dict, int]:
        """An evidence quoting the statement's line `label` up to the figure `through`."""
        chunk = next(c for c in chunks if label in c.text and through in c.text)
        start = chunk.text.index(label)
        excerpt = chunk.text[start : chunk.text.index(through, start) + len(through)]
        return evidence_of(chunk, excerpt), chunk.page_index

    capex, page_index = cite("Capital expenditures", "(314,584)")
    change, _ = cite("Net increase (decrease) in cash", "306,317")
    capex_answer = (
        "Ulta Beauty's capital expenditures were -$312,126 thousand, and its net cash used in "
        "investing activities was $314,584 thousand (see Note 4)."
    )
    sign_answer = "Ulta Beauty's cash and cash equivalents changed by -$306,317 thousand."
    answers_import(
        dataset,
        question="How much cash did Ulta Beauty spend on investments?",
        chunks=[c for c in chunks if c.page_index == page_index],
        answers={"ulta-capex": (capex_answer, capex), "ulta-cash-sign": (sign_answer, change)},
    )
    return capex, change


def test_parentheses_give_the_sign_and_a_note_is_shown_as_a_label(page, live_server, cash_flows):
    assert "passed" in open_case(page, live_server, "ulta-capex")
    findings = page.inner_text("#findings")
    assert "sign" in findings and "NUMBER_SECTION_LABEL" in findings
    assert "Note 4" in findings
    marks = page.locator(".sources mark.m-grounded").all_inner_texts()
    assert "312,126" in marks, marks
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-signs")


def test_a_flipped_sign_is_rejected_with_the_figure_marked(page, live_server, cash_flows):
    assert "rejected" in open_case(page, live_server, "ulta-cash-sign")
    findings = page.inner_text("#findings")
    assert "UNGROUNDED_NUMBER" in findings and "opposite sign" in findings
    marked = " ".join(page.locator(".sources mark").all_inner_texts())
    assert "306,317" in marked, marked
    page.locator("#left-pane img, #right-pane img").first.wait_for()
    shoot(page, "filing-signs-wrong")
