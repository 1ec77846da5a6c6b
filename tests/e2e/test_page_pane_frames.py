"""Where the case page's page pane opens a box, on Ulta Beauty's income statements (p.6: a 13
weeks table above a 52 weeks table), in Chromium at 1366x768 (issue 28, s51):
- the boxed row with its column's period header above it, where both fit in the pane (d1008):
  the net income row centred had "52 Weeks Ended" just above the pane's edge;
- j/k to a finding with no box of its own goes to its excerpt's box (d1007), as opening does
  (d963); the pane stayed where it was, with the last finding's outline;
- an excerpt's box taller than the pane (the answer claims a whole statement) opens down to the
  answer's figure inside it (d1007): the pane showed the box's top only.
Screenshots: ws-page-pane-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.filings import answers_import, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROW = "Net income $ 1,242,408 12.2% $ 985,837 11.4%"
QUESTION = "What was Ulta Beauty's net income in the 52 weeks ended January 28, 2023?"
SAID = "Net income was $1,242,408 thousand in the 52 weeks ended January 28, 2023."
HEAD = 423.0  # "52 Weeks Ended": its top on the page, in PDF points (p.6 is 612 x 792)
FIGURE = (586.0, 595.0)  # the net income row of the 52 weeks table
REPURCHASE = "Repurchase of common shares (900,033) (1,521,925)"  # p.8, at 438-448 points


@pytest.fixture
def statements(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    chunk = next(c for c in chunks if ROW in c.text)
    answers_import(
        dataset,
        question=QUESTION,
        chunks=[c for c in chunks if c.page_index == chunk.page_index],
        answers={
            "ulta-52-weeks": (SAID, {"chunk_id": chunk.chunk_id, "excerpt": ROW}),
        },
    )
    # The cash flow statement is one box of its chunk, taller than the pane at 1366x768; the
    # answer claims it, quoting a row at its foot.
    flows = next(c for c in chunks if REPURCHASE in c.text)
    page_number, x0, x1, top, bottom = max(flows.position_int, key=lambda p: p[4] - p[3])
    assert bottom - top > 330, flows.position_int
    answers_import(
        dataset,
        question="How much did Ulta Beauty spend on repurchases of common shares in fiscal 2022?",
        chunks=[flows],
        answers={
            "ulta-cash-flow-box": (
                "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 "
                "weeks ended January 28, 2023.",
                {
                    "chunk_id": flows.chunk_id,
                    "excerpt": REPURCHASE,
                    "page_index": page_number - 1,
                    "bbox": [x0, top, x1, bottom],
                },
            ),
        },
    )
    return chunk


# What of the page (in PDF points, top and bottom) the page pane shows.
SHOWN = """() => {
  const scroll = document.getElementById('pagescroll');
  const figure = document.querySelector('.pageview');
  const box = figure.querySelector('.pagebox').getBoundingClientRect();
  const view = scroll.getBoundingClientRect();
  const points = 792 / box.height;
  return [(view.top - box.top) * points, (view.bottom - box.top) * points];
}"""


def _shown(page) -> tuple[float, float]:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    top, bottom = page.evaluate(SHOWN)
    return top, bottom


def test_the_boxed_row_opens_with_its_period_header_above_it(page, live_server, statements):
    assert "passed" in open_case(page, live_server, "ulta-52-weeks")
    page.locator("#pagescroll img").first.wait_for()
    assert page.viewport_size == {"width": 1366, "height": 768}
    top, bottom = _shown(page)
    assert page.locator(".focusbox:not([hidden])").count() == 1
    assert top <= HEAD and FIGURE[1] <= bottom, (top, bottom)
    shoot(page, "page-pane-header")


def test_a_finding_with_no_box_goes_to_its_excerpts_box(page, live_server, statements):
    open_case(page, live_server, "ulta-52-weeks")
    page.locator("#pagescroll img").first.wait_for()
    _shown(page)
    # The reviewer looks up the page, then j to the question's "52 weeks" (no box of its own).
    page.evaluate("document.getElementById('pagescroll').scrollTop = 0")
    assert _shown(page)[1] < FIGURE[0]
    item = page.locator(".finding-item.code-NUMBER_FROM_QUESTION").first
    assert item.get_attribute("data-page") is None
    while "selected" not in (item.get_attribute("class") or ""):
        page.keyboard.press("j")
    top, bottom = _shown(page)
    assert top <= FIGURE[0] and FIGURE[1] <= bottom, (top, bottom)
    # The last finding's outline is gone: nothing is drawn for an excerpt.
    assert page.locator(".focusbox:not([hidden])").count() == 0
    # k back: its box again.
    page.keyboard.press("k")
    page.wait_for_timeout(200)
    assert page.locator(".focusbox:not([hidden])").count() == 1
    shoot(page, "page-pane-no-box")


def test_a_claimed_box_taller_than_the_pane_opens_down_to_the_figures_row(
    page, live_server, statements
):
    open_case(page, live_server, "ulta-cash-flow-box")
    page.locator("#pagescroll img").first.wait_for()
    row = page.locator("#evidence-0")
    _, top, _, bottom = (float(v) for v in row.get_attribute("data-bbox").split(","))
    assert bottom - top > 330  # the whole statement, as the answer claims it
    _, focus_top, _, focus_bottom = (float(v) for v in row.get_attribute("data-focus").split(","))
    assert (focus_top, focus_bottom) == (438, 448)  # its "900,033", the answer's figure
    # The answer's date (grounded by its cell's column header since 2.86.0, d1011; under 2.85.0
    # the question's date with no box of its own): the pane goes down to the figure's row at the
    # box's foot (it showed the box's top, the row below the pane's edge).
    item = page.locator(".finding-item", has_text="'January 28, 2023'")
    item.click()
    shown = _shown(page)
    assert shown[1] - shown[0] < bottom - top
    assert shown[0] <= focus_top and focus_bottom <= shown[1], shown
    # Its row's click likewise, the box outlined.
    page.evaluate("document.getElementById('pagescroll').scrollTop = 0")
    row.click()
    shown = _shown(page)
    assert shown[0] <= focus_top and focus_bottom <= shown[1], shown
    assert page.locator(".focusbox:not([hidden])").count() == 1
    shoot(page, "page-pane-tall-box")
