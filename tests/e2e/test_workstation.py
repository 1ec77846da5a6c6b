"""The case page as a review workstation, in a real browser at 1366x768 and 1920x1080: two panes
for every case kind, a finding shown in both panes, keyboard-only decisions with undo, "gate right
on all" and skip, refusals and cases without chunks shown for what they are, near-miss values
marked in the source text. Screenshots go where tests/e2e/test_case_page.py puts them."""

from __future__ import annotations

import json

import pytest

from groundgate.models import Case, Dataset
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.services.answering import answer_question
from groundgate.services.imports import case_import_lines
from reviews.models import FindingDecision, Review
from reviews.services import Decision, review_submit
from tests.e2e.test_case_page import PREFIX, SHOTS, SIZES, choices, demo, log_in, open_case
from tests.e2e.test_case_page import shoot as shoot_full

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]  # the fixture, shared with test_case_page

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  let p = el.parentElement;
  while (p && p !== document.body) {
    const s = getComputedStyle(p);
    if (/(auto|scroll|hidden)/.test(s.overflowY)) {
      const q = p.getBoundingClientRect();
      if (r.bottom <= q.top || r.top >= q.bottom) return false;
    }
    p = p.parentElement;
  }
  return r.bottom > 0 && r.top < window.innerHeight
      && r.right > 0 && r.left < window.innerWidth; }"""


def shoot(page, name: str) -> None:
    """What the reviewer sees: the viewport (the panes are made to fit it) at the test's size;
    then the whole page at both sizes, as test_case_page does."""
    size = page.viewport_size
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        view = SHOTS / f"{PREFIX}{name}-view-{size['width']}x{size['height']}.png"
        page.screenshot(path=str(view))
    except OSError:
        pass
    shoot_full(page, name)
    page.set_viewport_size(size)


def progress(page) -> str:
    return page.inner_text("#progress")


def long_case(dataset: Dataset) -> Case:
    """A long text-only answer with ten findings (one a value repeated three times) over a long
    chunk whose near-miss value is near its end: nothing of it fits on one screen."""
    filler = " ".join(["The station logged its daily readings without incident."] * 60)
    chunk = filler + " Unit price of the seal kit: $1,050."
    values = ["9,001", "8,002", "7,003", "6,004", "5,005", "4,006", "3,007", "2,008", "777"]
    sentences = [f"A pump ran {v} hours." for v in values]
    conclusion = (
        filler
        + " "
        + " ".join(sentences)
        + " Again 777 hours, and 777 hours once more. The seal kit costs $1,500."
    )
    line = {
        "case_id": "long-01",
        "question": "What did the station log say?",
        "raw_chunks": [{"chunk_id": "log-c1", "text": chunk}],
        "answer": {
            "conclusion": conclusion,
            "evidences": [{"chunk_id": "log-c1", "excerpt": "Unit price of the seal kit: $1,050."}],
        },
    }
    report = case_import_lines(dataset=dataset, lines=[json.dumps(line)])
    assert not report.errors, report.errors
    return Case.objects.get(external_id="long-01")


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "1920x1080"])
def test_a_pdf_case_decided_with_the_keyboard_only_undo_and_all_right(
    page, live_server, demo, size
):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-pdf-02")
    total = len(page.locator(".finding-item").all())
    assert progress(page) == f"0 of {total} findings decided"
    # The first finding is selected on opening; its box on the page is in view.
    assert "selected" in page.get_attribute("#finding-0", "class")
    assert page.locator(".pageview .focusbox:not([hidden])").evaluate(IN_VIEW)
    page.keyboard.press("w")  # gate wrong: the reason list has the keys
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # reason chosen: on to the next undecided finding
    assert progress(page) == f"1 of {total} findings decided"
    page.keyboard.press("u")  # undo takes back the whole decision, reason and all
    assert progress(page) == f"0 of {total} findings decided"
    assert choices(page)["call-0"] == "" and choices(page)["reason-0"] == ""
    page.keyboard.press("a")  # gate right on all
    assert progress(page) == f"{total} of {total} findings decided"
    page.keyboard.press("2")
    shoot(page, "ws-pdf-decided")
    page.keyboard.press("s")
    page.wait_for_selector(".messages .msg-success")
    review = Review.objects.get(case=case)
    calls = FindingDecision.objects.filter(review=review).values_list("call", flat=True)
    assert list(calls) == ["right"] * total and review.label == "not_grounded"
    # After the save every finding shows the call saved.
    assert page.locator(".saved-call").count() == total
    assert "saved: gate right" in page.inner_text("#finding-0")
    # PageUp/PageDown ([ and ]) step through the cited pages.
    page.keyboard.press("]")
    assert " of " in page.inner_text("#page-pos")
    shoot(page, "ws-pdf-saved")


def test_skip_moves_on_without_saving_and_never_comes_back(page, live_server, demo):
    log_in(page, live_server)
    first = open_case(page, live_server, "demo-en-19", "?review=unreviewed")
    page.keyboard.press("r")
    page.keyboard.press("x")
    page.wait_for_url(lambda url: f"/cases/{first.pk}/" not in url)
    assert "review=unreviewed" in page.url
    second = page.url
    page.keyboard.press("x")
    page.wait_for_url(lambda url: url != second)
    assert f"/cases/{first.pk}/" not in page.url  # skipped cases are passed over
    assert not Review.objects.exists()


def test_a_conflict_shows_the_other_calls_beside_each_finding(page, live_server, demo):
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")
    review_submit(
        case=case,
        reviewer=demo["sam"],
        label="grounded",
        decisions=[Decision(1, "wrong", "formatting")],
    )
    page.keyboard.press("a")
    page.keyboard.press("2")
    page.fill("textarea[name=comment]", "both values need a look")
    typed = choices(page)
    page.click("button[name=next][value='0']")
    page.wait_for_selector("#conflict")
    assert "sam: gate wrong (formatting)" in page.inner_text("#finding-1")
    assert choices(page) == typed  # nothing of mine lost
    shoot(page, "ws-conflict")


def test_an_anchored_case_shows_what_each_anchor_says(page, live_server, demo):
    log_in(page, live_server)
    open_case(page, live_server, "demo-r5-01")
    c0 = page.locator("#src-anchor-C0")
    assert "inspected every 90 days" in c0.inner_text()
    assert "cited in the answer" in c0.inner_text()
    assert "120 g of grease" in page.inner_text("#src-anchor-C1")
    # Both panes side by side at both sizes.
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        left, right = page.locator("#left-pane").bounding_box(), c0.bounding_box()
        assert right["x"] >= left["x"] + left["width"]
    shoot(page, "ws-anchored")
    # An unknown anchor's finding points at the answer sentence; a synthesis case shows its
    # retrieved texts.
    open_case(page, live_server, "demo-syn-01")
    assert "Section 420 deals with cheating" in page.inner_text("#src-chunk-IPC_420_0")
    shoot(page, "ws-synthesis")
    # A code case: the cited symbol's source with line numbers, in the evidence pane.
    code = Case.objects.filter(kind="code").order_by("external_id").first()
    page.goto(f"{live_server.url}/d/demo/cases/{code.pk}/")
    numbers = page.locator("#right-pane figure.code .ln")
    assert numbers.count() > 1 and numbers.first.inner_text().strip().isdigit()
    shoot(page, "ws-code")


def test_a_refusal_is_shown_as_a_refusal_with_what_retrieval_returned(page, live_server, demo):
    dataset = Dataset.objects.get(slug="demo")
    run = answer_question(
        dataset=dataset,
        question="Who manufactured the discharge valve of the pump?",
        provider=ExtractiveProvider(),
    )
    assert run.case.gate_runs.get().status == "PASSED"  # the gate accepts the refusal
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/demo/cases/{run.case.pk}/")
    badge = page.locator(".casehead .status")
    # The queue's word (one vocabulary); the gate's raw status only on hover (a new user read
    # "(gate PASSED)" beside a refusal).
    assert badge.inner_text() == "refused" and "passed" not in badge.get_attribute("class")
    assert "PASSED" in badge.get_attribute("title")
    assert "PASSED" not in page.inner_text("#left-pane")
    assert "refused to answer" in page.inner_text("#refusal")
    # The run's reason: no retrieved chunk states what the question asks (a manufacturer).
    assert "answerability" in page.inner_text("#refusal")
    candidates = page.locator(".sources .source")
    assert candidates.count() >= 1
    # The chunks put before the model (C0, ...) come first, then every retrieved candidate.
    texts = candidates.all_inner_texts()
    assert any("candidate 0" in t and "similarity" in t for t in texts), texts
    assert "What retrieval returned" in page.inner_text("#right-pane")
    shoot(page, "ws-refusal")


def test_a_case_without_chunks_shows_its_evidence_as_not_checked(page, live_server, demo):
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-08")
    assert "NO_CHUNKS" in page.inner_text("#findings")
    gate = page.inner_text(".evidences tbody")
    assert "not checked" in gate and "accepted" not in gate
    assert "not checked" in page.inner_text(".sources")
    shoot(page, "ws-no-chunks")


def test_a_text_case_marks_the_near_miss_value_in_the_source(page, live_server, demo):
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-17")  # the answer's "9 days", the chunk's "90 days"
    near = page.locator(".sources mark.m-near")
    assert near.count() == 1 and near.inner_text() == "90 days"
    assert page.locator(".sources mark.m-excerpt").count() >= 1
    # The near-miss mark is an outline with a dashed edge, >= 3:1 against the page.
    style = near.evaluate(
        "el => [getComputedStyle(el).borderTopStyle, getComputedStyle(el).borderTopColor]"
    )
    assert style == ["dashed", "rgb(188, 76, 0)"]
    shoot(page, "ws-near-miss")


def test_a_quoted_table_keeps_its_rows_and_cells_apart_in_the_evidence(page, live_server, demo):
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-22")  # the excerpt quotes three rows of a table
    excerpt = page.locator(".evidences td.excerpt").first
    # As the source text shows it: one row a line, two spaces between cells (not one run).
    assert excerpt.inner_text().splitlines() == [
        "Pump  Flow (m3/h)  Power (kW)",
        "Pump I  205  18.5",
        "Pump B  250  22.0",
    ]
    shoot(page, "ws-table-excerpt")


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "1920x1080"])
def test_clicking_a_finding_scrolls_both_panes_to_its_places(page, live_server, demo, size):
    case = long_case(Dataset.objects.get(slug="demo"))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/demo/cases/{case.pk}/")
    items = page.locator(".finding-item")
    # Twelve findings, the thrice-repeated 777 decided once: ten rows, one with a count.
    findings = case.gate_runs.get().findings
    assert len(findings) == 12
    assert items.count() == 10 and "×3" in page.inner_text(".finding-item:has(.group-count)")
    last = items.last
    assert "$1,500" in last.inner_text()
    # Clicked where it is (a mouse click through Playwright would first scroll it into view).
    last.locator("code").evaluate("el => el.click()")
    answer_mark = page.locator("#answertext mark.selected-place").first
    source_mark = page.locator(".sources mark.selected-place").first
    assert answer_mark.inner_text() == "$1,500" and source_mark.inner_text() == "$1,050"
    assert answer_mark.evaluate(IN_VIEW) and source_mark.evaluate(IN_VIEW)
    assert page.evaluate("window.scrollY") == 0  # the panes scrolled, not the page
    # The decision stays on screen however long the answer is.
    assert page.locator("#decision button[name=next][value='1']").evaluate(IN_VIEW)
    shoot(page, "ws-long-case")
    # The group: one key decides its three findings.
    group = page.locator(".finding-item:has(.group-count)")
    group.locator("code").click()
    page.keyboard.press("r")
    page.keyboard.press("a")
    page.keyboard.press("3")
    page.keyboard.press("s")
    page.wait_for_selector(".messages .msg-success")
    review = Review.objects.get(case=case)
    assert FindingDecision.objects.filter(review=review, call="right").count() == 12


def test_keys_per_case_from_opening_to_saved(page, live_server, demo):
    """The figures in docs/reviewing.md: every key pressed, from the opened page to the save."""
    long = long_case(Dataset.objects.get(slug="demo"))
    log_in(page, live_server)
    pressed: list[str] = []

    def press(*keys: str) -> None:
        for key in keys:
            page.keyboard.press(key)
            pressed.append(key)

    # One finding, gate right: r (then the label has the focus), 2, s.
    one = open_case(page, live_server, "demo-pdf-05")
    assert page.locator(".finding-item").count() == 1
    press("r", "2", "s")
    page.wait_for_selector(".messages .msg-success")
    assert len(pressed) == 3
    assert FindingDecision.objects.get(review__case=one).call == "right"

    # Ten findings (rows), one of them wrong with a reason: 9 x r, w, ArrowDown, 2, s = 13.
    pressed.clear()
    page.goto(f"{live_server.url}/d/demo/cases/{long.pk}/")
    assert page.locator(".finding-item").count() == 10
    press("r", "r", "r", "r", "r", "r", "r", "r", "r")
    press("w", "ArrowDown")
    assert progress(page) == "10 of 10 findings decided"
    press("2", "s")
    page.wait_for_selector(".messages .msg-success")
    assert len(pressed) == 13
    review = Review.objects.get(case=long)
    calls = list(FindingDecision.objects.filter(review=review).values_list("call", flat=True))
    assert calls.count("wrong") == 1 and calls.count("right") == 11

    # Ten findings, all right: a, 2, s = 3 keys (checked in the journeys above).
