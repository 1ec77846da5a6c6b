"""A prose answer's case page opens its page pane at the cited excerpt (d963): Ulta Beauty's
"Comparable sales increased 15.6% ..." is the second bullet of page 2, below the fold of the
pane at 1366x768, and an answer that cites it gives no page or box (as most models write one).
The evidence row carries the excerpt's box, found from its words; a chunk cited whole carries
the chunk's box. Screenshots: ws-excerpt-open-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.filings import answers_import, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SENTENCE = (
    "Comparable sales increased 15.6% compared to an increase of 37.9% in fiscal 2021, driven "
    "by a 10.8% increase in transactions and a 4.3% increase in average ticket."
)


@pytest.fixture
def prose(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    chunk = next(c for c in chunks if SENTENCE in c.text)
    answers_import(
        dataset,
        question="How did Ulta Beauty's comparable sales change in fiscal 2022?",
        chunks=[chunk],
        answers={
            "ulta-prose-excerpt": (SENTENCE, {"chunk_id": chunk.chunk_id, "excerpt": SENTENCE}),
            "ulta-prose-whole": (SENTENCE, {"chunk_id": chunk.chunk_id, "excerpt": chunk.text}),
        },
    )
    return chunk


def _box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "el => el.getBoundingClientRect().toJSON()")


def test_the_page_pane_opens_at_the_quoted_sentence(page, live_server, prose):
    assert "passed" in open_case(page, live_server, "ulta-prose-excerpt")
    page.locator("#pagescroll img").first.wait_for()
    row = page.locator("#evidence-0")
    assert row.get_attribute("data-key", timeout=0) is not None
    _, top, _, bottom = (float(v) for v in row.get_attribute("data-bbox").split(","))
    # The sentence's own box: the second bullet, not the chunk's first line.
    lines = [p for p in prose.position_int if p[0] == prose.page_index + 1]
    assert top > min(p[3] for p in lines) + 10
    assert bottom < max(p[4] for p in lines)
    page.wait_for_function("document.getElementById('pagescroll').scrollTop > 0")
    shown = _box(page, "#pagescroll")
    anchor = _box(page, "#pagescroll .excerpt-anchor")
    assert shown["top"] <= anchor["top"] and anchor["bottom"] <= shown["bottom"], (shown, anchor)
    # Nothing is drawn for it: the anchor is unseen, the selected-finding outline stays hidden.
    assert page.eval_on_selector(".excerpt-anchor", "el => getComputedStyle(el).visibility") == (
        "hidden"
    )
    assert page.locator(".focusbox:not([hidden])").count() == 0
    shoot(page, "excerpt-open")


def test_a_chunk_cited_whole_carries_the_chunks_box(page, live_server, prose):
    open_case(page, live_server, "ulta-prose-whole")
    lines = [p for p in prose.position_int if p[0] == prose.page_index + 1]
    want = (
        min(p[1] for p in lines),
        min(p[3] for p in lines),
        max(p[2] for p in lines),
        max(p[4] for p in lines),
    )
    got = page.locator("#evidence-0").get_attribute("data-bbox")
    assert tuple(float(v) for v in got.split(",")) == pytest.approx(want)
    # Its row's click brings the chunk's box in view on its page, outlined.
    page.locator("#evidence-0").click()
    assert page.locator(".focusbox:not([hidden])").count() == 1
    page.wait_for_function("document.getElementById('pagescroll').scrollTop > 0")
