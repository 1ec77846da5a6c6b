"""A save that fails loses nothing (house rule: "a fault delays work; it never loses it"), in a
real Chromium against the live server. The failures are made at the network's edge with
Playwright's routing, set before the page opens (tests/e2e/network.py, d900): the server
answering 500, the connection cut, the answer lost after the server saved. The page stays with
a line that says what happened; Save again saves once. Going Back after a plain form post that
failed, the counter and Undo agree with the calls shown. A change made while a save is on its
way is kept (d901). A derived finding selected outlines every operand on the PDF page.
Screenshots: save-*.png."""

from __future__ import annotations

import pytest

from reviews.models import Review
from tests.e2e.filings import answers_import, evidence_of, ulta_chunks
from tests.e2e.filings import open_case as open_filing
from tests.e2e.network import edge_route
from tests.e2e.test_case_page import choices, demo, log_in, open_case
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]

REVIEW = "**/cases/*/review"


def decide(page) -> dict:
    """Both findings of demo-en-19 decided, a label and a comment: what must survive."""
    page.keyboard.press("a")
    page.keyboard.press("2")
    page.fill("textarea[name=comment]", "the second value needs a look\nand a second line")
    page.keyboard.press("Escape")  # out of the comment: the page's keys again
    assert page.inner_text("#progress") == "2 of 2 findings decided"
    return choices(page)


def test_a_save_the_server_fails_keeps_the_page_and_saves_once_when_sent_again(
    page, live_server, demo
):
    log_in(page, live_server)
    edge = edge_route(page, REVIEW)
    case = open_case(page, live_server, "demo-en-19")
    typed = decide(page)
    edge.mode = "fail500"
    page.keyboard.press("s")
    line = page.locator("#review-form .save-line.error")
    line.wait_for()
    assert edge.seen == ["fail500"]
    words = line.inner_text()
    assert "Not saved: the server failed (error 500)." in words
    assert "Nothing you entered is lost" in words
    assert page.url.split("?")[0].endswith(f"/cases/{case.pk}/")
    assert choices(page) == typed and page.inner_text("#progress") == "2 of 2 findings decided"
    assert not page.locator("#undo").is_disabled()
    shoot(page, "save-failed-500")
    assert not Review.objects.filter(case=case).exists()
    # The connection cut: said so, still nothing lost.
    edge.mode = "reset"
    page.click("button[name=next][value='0']")
    page.wait_for_function(
        "() => /connection to the server was lost/.test("
        "document.querySelector('#review-form .save-line').textContent)"
    )
    assert choices(page) == typed and edge.seen == ["fail500", "reset"]
    shoot(page, "save-failed-connection")
    # Save again, the network back: saved, once, and the page says so as a save always did.
    edge.mode = "pass"
    page.keyboard.press("s")
    page.wait_for_selector(".messages .msg-success")
    assert "Saved demo-en-19" in page.inner_text(".messages")
    review = Review.objects.get(case=case)
    assert (
        review.comment.replace("\r\n", "\n") == "the second value needs a look\nand a second line"
    )
    assert review.decisions.count() == 2


def test_an_answer_lost_after_the_server_saved_and_a_double_click_save_once(
    page, live_server, demo
):
    log_in(page, live_server)
    edge = edge_route(page, REVIEW)
    case = open_case(page, live_server, "demo-en-19")
    decide(page)
    edge.mode = "lost"  # the server gets it and saves it; its answer never arrives
    page.click("button[name=next][value='0']")
    page.locator("#review-form .save-line.error").wait_for()
    assert Review.objects.filter(case=case).count() == 1 and edge.seen == ["lost"]
    edge.mode = "pass"
    # A double click: the page sends one save; the server would keep one anyway (its key).
    page.dblclick("button[name=next][value='0']")
    page.wait_for_selector(".messages .msg-success")
    assert "saved once" in page.inner_text(".messages")
    assert Review.objects.filter(case=case).count() == 1


def test_a_refused_save_names_the_field_in_the_page(page, live_server, demo):
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")
    page.check("input[name=call-0][value=right]")
    page.check("input[name=call-1][value=wrong]")  # no reason
    page.check("input[name=label][value=not_grounded]")
    page.fill("textarea[name=comment]", "kept")
    typed = choices(page)
    page.click("button[name=next][value='0']")  # warns: one undecided
    page.click("button[name=next][value='0']")
    page.locator("#review-form .save-line.error").wait_for()
    assert "Finding 2 (UNGROUNDED_NUMBER): say why the gate was wrong" in page.inner_text(
        ".save-line"
    )
    assert page.locator("#finding-1.has-error .fielderror").is_visible()
    assert choices(page) == typed
    assert not Review.objects.filter(case=case).exists()


def test_back_after_a_failed_form_post_shows_the_counter_and_undo_as_the_form_is(
    page, live_server, demo
):
    # The page's own script sends the save; a plain form post (a script that failed to load, an
    # old page) still happens, and a failure shows the server's error page; Back returns here.
    log_in(page, live_server)
    edge = edge_route(page, REVIEW)
    case = open_case(page, live_server, "demo-en-19")
    typed = decide(page)
    page.keyboard.press("e")  # a corrected answer too
    page.fill("#corrected-conclusion", "The flow is 205 m3/h.")
    page.keyboard.press("Escape")
    edge.mode, edge.body = "fail500", "<h1>Server Error</h1>"
    with page.expect_navigation():
        page.evaluate(
            "() => HTMLFormElement.prototype.submit.call(document.getElementById('review-form'))"
        )
    assert "Server Error" in page.content() and edge.seen == ["fail500"]
    edge.mode = "pass"
    page.go_back()
    # The page's pageshow has put the counter and the answer editor back (a condition, no sleep).
    page.wait_for_function(
        "() => document.getElementById('progress')"
        " && document.getElementById('progress').textContent === '2 of 2 findings decided'"
        " && !document.getElementById('answer-editor').hidden"
    )
    assert choices(page) == typed
    assert page.inner_text("#progress") == "2 of 2 findings decided"
    assert not page.locator("#undo").is_disabled()
    # The answer editor is open again with the corrected answer the browser kept.
    assert page.locator("#answer-editor").is_visible()
    assert page.input_value("#corrected-conclusion") == "The flow is 205 m3/h."
    shoot(page, "save-back-after-500")
    page.keyboard.press("u")  # one call back to the page's own start
    assert page.inner_text("#progress") == "1 of 2 findings decided"
    page.keyboard.press("s")
    page.keyboard.press("s")  # the undecided warning, then the save
    page.wait_for_selector(".messages .msg-success")
    assert Review.objects.get(case=case).decisions.count() == 1


@pytest.fixture
def derived(settings, tmp_path):
    """A change of Ulta's total current assets, worked out from its balance sheet's two years."""
    chunks, dataset = ulta_chunks(settings, tmp_path)
    chunk = next(c for c in chunks if "Total current assets" in c.text and "2,281,183" in c.text)
    start = chunk.text.index("Total current assets")
    excerpt = chunk.text[start : chunk.text.index("2,281,183", start) + len("2,281,183")]
    # The change alone: said beside its two values it would be the answer's own written
    # calculation (said_changes, d838), whose operands are the answer's, not the page's cells.
    answer = (
        "Total current assets increased by $428,121 thousand from January 29, 2022 to "
        "January 28, 2023."
    )
    answers_import(
        dataset,
        question="By how much did Ulta Beauty's total current assets change in fiscal 2022?",
        chunks=[c for c in chunks if c.page_index == chunk.page_index],
        answers={"ulta-derived": (answer, evidence_of(chunk, excerpt))},
    )


def test_a_derived_finding_outlines_every_operand_inside_its_box(page, live_server, derived):
    open_filing(page, live_server, "ulta-derived")
    item = page.locator(".finding-item", has_text="could be derived").first
    item.click()
    boxes = page.locator(".pageview .focusbox:not([hidden])")
    assert boxes.count() == 2, item.get_attribute("data-boxes")
    # Each outline is drawn inside its box: its outline does not reach past the box's edges.
    for i in range(boxes.count()):
        offset = boxes.nth(i).evaluate("el => parseFloat(getComputedStyle(el).outlineOffset)")
        assert offset <= 0
    shoot(page, "save-derived-operands")


def test_a_change_made_while_the_save_is_on_its_way_is_kept_and_saved_again(
    page, live_server, demo
):
    """A key pressed right after Save (d901): the label changed while the save was on its way.
    The save stores what the form held when it was sent; the page does not go on as if the
    change were saved: it stays with the change and says so, and Save again stores it as the
    reviewer's newer review (no conflict with her own first one)."""
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")
    decide(page)  # label 2: not grounded
    # Save, and in the same turn of the page (before any answer can come back) label 3.
    page.evaluate(
        """() => {
          document.querySelector("#review-form button[name=next][value='0']").click();
          document.querySelectorAll("#review-form input[name=label]")[2].click();
        }"""
    )
    line = page.locator("#review-form .save-line.error")
    line.wait_for()
    assert "not your changes since" in line.inner_text()
    assert "Saved demo-en-19: Not grounded." in line.inner_text()
    assert page.url.split("?")[0].endswith(f"/cases/{case.pk}/")
    assert choices(page)["label"] == "partially_grounded"
    assert list(Review.objects.filter(case=case).values_list("label", flat=True)) == [
        "not_grounded"
    ]
    shoot(page, "save-changed-meanwhile")
    page.keyboard.press("s")
    page.wait_for_selector(".messages .msg-success")
    labels = list(Review.objects.filter(case=case).order_by("id").values_list("label", flat=True))
    assert labels == ["not_grounded", "partially_grounded"]
