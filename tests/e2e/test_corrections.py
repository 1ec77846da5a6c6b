"""A reviewer produces corrected data in a real browser (Debian's Chromium) on a real filing
(Ulta Beauty's earnings release, FinanceBench's in ../shared): the answer says $10,280.6 million
where the table says 10,208.6, and cites the press paragraph instead of the table. The reviewer
draws a box round the right cell on the page, types the value the answer should say, removes the
swapped citation and cites the table's row by selecting its text; a save with the answer emptied
is refused beside the editor with all of that kept; the save then runs the gate on the corrected
answer, which passes, and the export carries the correction with who and when.
Screenshots: ws-corrections-*.png."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.models import Role
from groundgate.services.datasets import membership_grant
from reviews.models import Correction
from tests.e2e.filings import answers_import, evidence_of, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The "10,208.6" cell (fiscal 2022 net sales) of the table on page 1, in PDF points.
CELL = (432.75, 394.53, 464.78, 403.75)
ROW = "Net sales $ 3,226.8 $ 2,729.4 $ 2,198.7 $ 10,208.6"


@pytest.fixture
def wrong_answer(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    press = chunks[1]  # "BOLINGBROOK, Ill. ... announced financial results ..."
    assert "announced financial results" in press.text
    answers_import(
        dataset,
        question="What were Ulta Beauty's net sales in fiscal 2022?",
        chunks=[c for c in chunks if c.page_index == 0],
        answers={
            "ulta-sales": (
                "Net sales for the full year were $10,280.6 million.",
                evidence_of(press, "announced financial results"),
            )
        },
    )
    return dataset, next(c for c in chunks if ROW in c.text)


def draw_box(page, pdf_box) -> None:
    """Drag a box on the first page image round `pdf_box` (an upright page), a little loose."""
    img = page.locator(".pageview img").first
    img.scroll_into_view_if_needed()
    x0, top, x1, bottom = pdf_box
    # The page scrolls in its own box (d734): bring the box's place to its middle first.
    img.evaluate(
        """(img, fy) => { const box = img.closest(".pagescroll") || img.closest(".pane");
                          const r = img.getBoundingClientRect(), q = box.getBoundingClientRect();
                          box.scrollTop += r.top + fy * r.height - (q.top + q.height / 2); }""",
        (top + bottom) / 2 / 792,
    )
    r = img.bounding_box()
    sx, sy = r["width"] / 612, r["height"] / 792
    page.mouse.move(r["x"] + (x0 - 2) * sx, r["y"] + (top - 2) * sy)
    page.mouse.down()
    page.mouse.move(r["x"] + (x1 + 2) * sx, r["y"] + (bottom + 2) * sy, steps=5)
    page.mouse.up()


def select_text(page, chunk_id: str, text: str) -> None:
    """Select `text` in the source pane's copy of the chunk, as a mouse would, and let go."""
    page.evaluate(
        """([chunk, text]) => {
          const host = document.querySelector(`article[data-chunk="${chunk}"] .srctext`);
          host.scrollIntoView({block: "center"});
          const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
          let all = "", nodes = [];
          while (walker.nextNode()) {
            nodes.push([walker.currentNode, all.length]);
            all += walker.currentNode.data;
          }
          const at = all.indexOf(text), end = at + text.length;
          const place = (i) => {
            for (const [n, o] of nodes) if (i <= o + n.data.length) return [n, i - o];
          };
          const range = document.createRange();
          range.setStart(...place(at));
          range.setEnd(...place(end));
          getSelection().removeAllRanges();
          getSelection().addRange(range);
          host.dispatchEvent(new MouseEvent("mouseup", {bubbles: true}));
        }""",
        [chunk_id, text],
    )


def test_a_reviewer_corrects_a_wrong_number_and_a_swapped_citation(page, live_server, wrong_answer):
    dataset, table = wrong_answer
    assert "rejected" in open_case(page, live_server, "ulta-sales")
    page.locator(".pageview img").first.wait_for()
    assert page.locator(".finding-item.selected code").inner_text() == "UNGROUNDED_NUMBER"

    # The value's evidence: `g`, then a box round the right cell on the page.
    page.keyboard.press("g")
    assert "draw a box" in page.inner_text("#point-mode")
    shoot(page, "corrections-pointing")
    draw_box(page, CELL)
    assert page.locator(".fix .pointer").inner_text() == "box on page 1"
    # ... and the value the answer should have said: `v`, type, Esc.
    page.keyboard.press("v")
    page.keyboard.type("$10,208.6 million")
    page.keyboard.press("Escape")

    # A save with the finding undecided warns first.
    page.keyboard.press("2")
    page.keyboard.press("s")
    assert "1 of 1 findings undecided" in page.inner_text("#partial-warning")
    page.keyboard.press("r")  # the gate was right: the number is wrong

    # The swapped citation: the press paragraph out, the table's row in (`c`, select its text).
    page.locator("#citations li[data-evidence='0'] input").uncheck()
    page.keyboard.press("c")
    select_text(page, table.chunk_id, ROW)
    assert "Net sales $ 3,226.8" in page.inner_text("#citations li.added")

    # An emptied answer is refused beside the editor; everything else is kept.
    page.keyboard.press("e")
    page.fill("#corrected-conclusion", "  ")
    page.keyboard.press("Escape")
    page.keyboard.press("s")
    page.wait_for_selector("#conclusion-error")
    assert "corrected answer is empty" in page.inner_text("#conclusion-error")
    assert page.locator(".fix .pointer").inner_text() == "box on page 1"
    assert page.locator(".fix .fixvalue").input_value() == "$10,208.6 million"
    assert not page.locator("#citations li[data-evidence='0'] input").is_checked()
    assert "Net sales $ 3,226.8" in page.inner_text("#citations li.added")
    assert page.locator("input[name=call-0][value=right]").is_checked()
    assert not Correction.objects.exists()
    shoot(page, "corrections-refused")

    # Keep the answer as answered (the value is put in its place) and save.
    page.click("#edit-cancel")
    page.keyboard.press("s")
    page.wait_for_selector("#corrected-verdict")
    assert "pass" in page.inner_text("#corrected-verdict")
    assert "ulta-sales" in page.inner_text(".messages")
    correction = Correction.objects.get()
    assert correction.gate_status == "ok"
    assert correction.answer["conclusion"] == "Net sales for the full year were $10,208.6 million."
    excerpts = [e["excerpt"] for e in correction.answer["evidences"]]
    assert excerpts == [ROW, "10,208.6"]
    [fix] = correction.findings.all()
    assert fix.page_index == 0 and fix.text == "10,208.6"
    assert fix.bbox[0] < CELL[0] < CELL[2] < fix.bbox[2]
    # The page shows the saved correction again (a new review keeps it).
    assert page.locator(".fix .pointer").inner_text() == "box on page 1"
    assert "corrected" in page.inner_text(".casebelow")
    shoot(page, "corrections-saved")

    # The export (an admin's download) carries it, with who and when.
    ada = get_user_model().objects.create_user("ada", password="ada-pass-123")
    membership_grant(dataset=dataset, user=ada, role=Role.ADMIN)
    client = Client()
    client.force_login(ada)
    response = client.get("/api/v1/datasets/filings/export?format=jsonl")
    [record] = [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]
    [review] = record["reviews"]
    assert review["reviewer"] == "rita" and review["created_at"]
    assert review["correction"]["gate"]["status"] == "ok"
    assert review["correction"]["findings"][0]["bbox"] == fix.bbox


def test_keys_per_case_correcting_a_number_and_a_citation(page, live_server, wrong_answer):
    """docs/reviewing.md's figure for the issue's correction, the shortest way: every key
    pressed from the opened page to the saved review, besides a drag round the cell, a text
    selection for the new citation, one click to untick the swapped one and the typed value."""
    _, table = wrong_answer
    assert "rejected" in open_case(page, live_server, "ulta-sales")
    page.locator(".pageview img").first.wait_for()
    pressed: list[str] = []

    def press(*keys: str) -> None:
        for key in keys:
            page.keyboard.press(key)
            pressed.append(key)

    press("g")
    draw_box(page, CELL)
    press("v")
    page.keyboard.type("$10,208.6 million")
    press("Escape", "r")
    page.locator("#citations li[data-evidence='0'] input").uncheck()  # the one click
    press("c")
    select_text(page, table.chunk_id, ROW)
    press("2", "s")
    page.wait_for_selector("#corrected-verdict")
    assert pressed == ["g", "v", "Escape", "r", "c", "2", "s"]
    correction = Correction.objects.get()
    assert correction.answer["conclusion"] == "Net sales for the full year were $10,208.6 million."
    assert [e["excerpt"] for e in correction.answer["evidences"]] == [ROW, "10,208.6"]
