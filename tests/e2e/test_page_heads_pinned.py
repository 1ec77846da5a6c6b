"""A table's header with the boxed figure in the page pane, in Chromium (issue 28, s52):
- Ulta Beauty's cash flow statement at 1366x768: its header lines ("52 Weeks Ended", "January
  28, January 29,", "2023 2022") at 96 points and the answer's repurchase row at 438 do not fit
  in the pane (about 322 points) together, and the pane showed the row with no header: now a
  strip of the page image cut to the header lines is pinned at the pane's top, labelled, the row
  below it (d1016); scrolled up to the header itself, the strip goes;
- at 1920x1080 the pane showed the same ~330 points: the taller window gives the page more of
  its height, so header and row show together, no strip needed (d1016);
- Best Buy's equity statement dates its rows ("Balances at July 30, 2022") and heads its columns
  by name: the pane showed the figure's row without its column head "Total", though both fit;
  now a column head by name counts where no period header is over the figure (d1017), and at
  200% the pane scrolls sideways to show the figure's column head with it.
Screenshots: page-heads-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.filings import answers_import, bestbuy_page_chunks, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

REPURCHASE = "Repurchase of common shares (900,033) (1,521,925)"  # p.8, at 438-448 points
HEAD = (96.0, 125.0)  # the cash flow statement's header lines, top and bottom (points)
EQUITY = "Balances at July 30, 2022 225.1  $ 22  $ 20  $ 2,522  $ 328  $ 2,892"
TOTAL = (477.0, 108.0, 575.0, 117.0)  # "Income (Loss) Total", the line of the column head


@pytest.fixture
def cash_flows(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    flows = next(c for c in chunks if REPURCHASE in c.text)
    answers_import(
        dataset,
        question="How much did Ulta Beauty spend on repurchases of common shares in fiscal 2022?",
        chunks=[flows],
        answers={
            "ulta-repurchases": (
                "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 "
                "weeks ended January 28, 2023.",
                {"chunk_id": flows.chunk_id, "excerpt": REPURCHASE},
            )
        },
    )


@pytest.fixture
def equity(settings, tmp_path):
    chunks, dataset = bestbuy_page_chunks(settings, tmp_path, 6)
    chunk = next(c for c in chunks if "Balances at July 30, 2022 225.1" in c.text)
    row = next(line for line in chunk.text.split("\n") if line.startswith("Balances at July 30"))
    answers_import(
        dataset,
        question="What was Best Buy's total shareholders' equity at July 30, 2022?",
        chunks=[chunk],
        answers={
            "bby-equity": (
                "Best Buy's total shareholders' equity was $2,892 million at July 30, 2022.",
                {"chunk_id": chunk.chunk_id, "excerpt": row},
            )
        },
    )


# What of the page the pane shows (points, top and bottom; left and right), the strip's place
# in the pane (px) and the points of the page its image shows, its label.
SHOWN = """() => {
  const scroll = document.getElementById('pagescroll');
  const figure = document.querySelector('.pageview');
  const box = figure.querySelector('.pagebox').getBoundingClientRect();
  const view = scroll.getBoundingClientRect();
  const points = parseFloat(figure.dataset.shownHeight) / box.height;
  const strip = document.getElementById('head-strip');
  const out = {top: (view.top - box.top) * points, bottom: (view.bottom - box.top) * points,
               left: (view.left - box.left) * points, right: (view.right - box.left) * points,
               strip: null};
  if (strip && !strip.hidden) {
    const s = strip.getBoundingClientRect(), clip = strip.querySelector('.head-strip-clip');
    const image = clip.querySelector('.head-strip-image');
    const img = image.getBoundingClientRect(), c = clip.getBoundingClientRect();
    out.strip = {top: s.top - view.top, bottom: s.bottom - view.top,
                 shows: [(c.top - img.top) * points, (c.bottom - img.top) * points],
                 page: getComputedStyle(image).backgroundImage
                   .includes(figure.querySelector('img').getAttribute('src').split('?')[0]),
                 label: strip.innerText};
  }
  return out;
}"""


def _opened(page, live_server, case_id: str) -> dict:
    open_case(page, live_server, case_id)
    page.locator(".finding-item.selected").wait_for()
    page.locator("#pagescroll img").first.wait_for()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    return page.evaluate(SHOWN)


def test_the_header_is_pinned_over_the_pane_where_it_does_not_fit_with_the_row(
    page, live_server, cash_flows
):
    shown = _opened(page, live_server, "ulta-repurchases")
    assert shown["bottom"] - shown["top"] < 438 + 10 - HEAD[0]  # the two do not fit together
    assert shown["top"] > HEAD[0]  # the header is above the pane's top
    strip = shown["strip"]
    assert strip is not None, shown
    assert strip["top"] == pytest.approx(0, abs=1)
    assert "the table's header" in strip["label"] and "page 8" in strip["label"]
    # The strip shows the header lines, cut from the page image.
    assert strip["shows"][0] <= HEAD[0] and HEAD[1] <= strip["shows"][1] + 1, strip
    assert strip["page"], strip  # the page image itself
    # The row is in view below the strip.
    points = (shown["bottom"] - shown["top"]) / page.evaluate(
        "document.getElementById('pagescroll').getBoundingClientRect().height"
    )
    assert shown["top"] + strip["bottom"] * points <= 438 and 448 <= shown["bottom"], shown
    shoot(page, "page-heads-pinned")
    # Up to the header itself: the strip goes.
    page.evaluate("document.getElementById('pagescroll').scrollTop = 0")
    page.wait_for_timeout(300)
    assert page.evaluate(SHOWN)["strip"] is None


def test_the_taller_window_shows_the_header_and_the_row_together(page, live_server, cash_flows):
    page.set_viewport_size({"width": 1920, "height": 1080})
    shown = _opened(page, live_server, "ulta-repurchases")
    assert shown["top"] <= HEAD[0] and 448 <= shown["bottom"], shown
    assert shown["strip"] is None
    shoot(page, "page-heads-tall-window")


def test_the_figures_column_head_shows_with_its_row(page, live_server, equity):
    shown = _opened(page, live_server, "bby-equity")
    row = page.locator(".finding-item.selected").get_attribute("data-bbox")
    _, top, _, bottom = (float(v) for v in row.split(","))
    assert (top, bottom) == (349.0, 358.0)  # its "2,892", the Total column
    assert shown["top"] <= TOTAL[1] and bottom <= shown["bottom"], shown
    assert shown["strip"] is None
    shoot(page, "page-heads-column")
    # At 200% the row and the header do not fit in the pane: the pane scrolls sideways to the
    # figure's column, its head pinned above it.
    for _ in range(3):
        page.click('.viewerbar button[data-zoom="in"]')
    assert page.inner_text("#zoom-level") == "200%"
    page.locator(".finding-item.selected").click(position={"x": 5, "y": 5})
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    shown = page.evaluate(SHOWN)
    assert shown["left"] <= TOTAL[0] + 80 and TOTAL[2] <= shown["right"], shown
    assert shown["strip"] is not None and shown["strip"]["shows"][0] <= TOTAL[1], shown
    shoot(page, "page-heads-column-zoomed")
