"""One label for each figure a value out of context's near miss is about (d1015), on Ulta Beauty's
statements in Chromium (issue 28, s52): the page pane's orange dashed "near miss" box and the
finding's "another period's value" line sat on the answer's own figure where the evidence has
no cell that fits the answer instead (the 52 weeks' net income said of the 13 weeks: the gate's
near match is the figure itself), and on the asked period's cell where it has one (the other
year end's cash): one label, two meanings. Now the answer's figure is "the answer's figure,
another period's value" with the purple mark it has in the source text, never boxed as a near
miss; the other cell is "the cell that fits the answer instead", boxed orange and dashed.
Screenshots: near-labels-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.filings import answers_import, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NET_INCOME = "Net income $ 1,242,408 12.2% $ 985,837 11.4%"  # p.6, the 52 weeks' table
CASH = "Cash and cash equivalents $ 737,877 $ 431,560"  # p.7, January 28, 2023 | January 29, 2022


@pytest.fixture
def cases(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    weeks = next(c for c in chunks if NET_INCOME in c.text)
    answers_import(
        dataset,
        question="What was Ulta Beauty's net income in the 13 weeks ended January 28, 2023?",
        chunks=[weeks],
        answers={
            "ulta-52-weeks-said-of-13": (
                "Net income was $1,242,408 thousand in the 13 weeks ended January 28, 2023.",
                {"chunk_id": weeks.chunk_id, "excerpt": NET_INCOME},
            )
        },
    )
    sheet = next(c for c in chunks if CASH in c.text)
    answers_import(
        dataset,
        question="What were Ulta Beauty's cash and cash equivalents at January 28, 2023?",
        chunks=[sheet],
        answers={
            "ulta-cash-of-the-other-year-end": (
                "Cash and cash equivalents were $431,560 thousand at January 28, 2023.",
                {"chunk_id": sheet.chunk_id, "excerpt": CASH},
            )
        },
    )


# Orange pixels (the near-miss box's stroke, documents/render.py LAYER_STYLE) of the page image as
# served, in a box [x0, top, x1, bottom] (PDF points) grown by 4 points.
ORANGE_AROUND = """([left, top, right, bottom]) => {
  const img = document.querySelector('.pageview img');
  const figure = img.closest('.pageview');
  const scale = img.naturalWidth / parseFloat(figure.dataset.shownWidth);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const x0 = Math.floor((left - 4) * scale), y0 = Math.floor((top - 4) * scale);
  const w = Math.ceil((right - left + 8) * scale), h = Math.ceil((bottom - top + 8) * scale);
  const data = ctx.getImageData(x0, y0, w, h).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 170 && r < 210 && g > 55 && g < 95 && b < 40) n += 1;
  }
  return n;
}"""


def _opened(page, live_server, case_id: str) -> list[tuple[str, str]]:
    open_case(page, live_server, case_id)
    page.locator(".finding-item.selected").wait_for()
    img = page.locator(".pageview img").first
    img.wait_for()
    page.wait_for_function("() => document.querySelector('.pageview img').complete")
    page.wait_for_load_state("networkidle")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    return [
        (line.get_attribute("class") or "", line.inner_text())
        for line in item.locator(".near-line, .span-place").all()
    ]


def _own_box(page) -> list[float]:
    """The page box of the answer's figure in the evidence: the finding's own place."""
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    return [float(v) for v in (item.get_attribute("data-bbox") or "").split(",")]


def test_the_answers_own_figure_is_labelled_as_the_answers_and_not_boxed_as_a_near_miss(
    page, live_server, cases
):
    lines = _opened(page, live_server, "ulta-52-weeks-said-of-13")
    # One line: the answer's figure, where the evidence has it; no near miss (d1015).
    assert lines == [
        (
            "hint span-place",
            "the answer's figure, another period's value: line 18 of 24, row “Net income”: "
            "“Net income $ 1,242,408 12.2% $ 985,837 11.4%”",
        )
    ], lines
    # In the source text the figure is the answer's (purple), not a near miss (orange).
    assert page.locator(".source mark.src.m-near").count() == 0
    assert page.locator(".source mark.src.m-closest", has_text="1,242,408").count() == 1
    # On the page image: no near-miss box around the figure (there was one, orange dashed).
    figure = _own_box(page)
    assert page.evaluate(ORANGE_AROUND, figure) == 0
    shoot(page, "near-labels-own-figure")


def test_the_cell_that_fits_the_answer_instead_is_the_near_miss(page, live_server, cases):
    lines = _opened(page, live_server, "ulta-cash-of-the-other-year-end")
    assert [text.split(": ")[0] for _, text in lines] == [
        "the cell that fits the answer instead",
        "the answer's figure, another period's value",
    ], lines
    assert lines[0] == (
        "hint near-line near-near",
        "the cell that fits the answer instead: “737,877” in evidence 0",
    )
    assert lines[1][0] == "hint span-place" and "$ 737,877 $ 431,560" in lines[1][1], lines
    assert page.locator(".source mark.src.m-near").all_inner_texts() == ["737,877"]
    assert page.locator(".source mark.src.m-closest").all_inner_texts() == ["431,560"]
    # The answer's figure (the finding's box) is not drawn as a near miss; the row holds one.
    x0, top, x1, bottom = _own_box(page)
    assert page.evaluate(ORANGE_AROUND, [x0, top, x1, bottom]) == 0
    assert page.evaluate(ORANGE_AROUND, [x0 - 120, top, x0, bottom]) > 20
    shoot(page, "near-labels-instead")
