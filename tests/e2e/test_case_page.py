"""The case page in a real browser: a failed save keeps every choice, the form carries only what
the server put there, the keyboard never gets stuck in a reason list, log out lands on the app's
own login page. Screenshots of each state go to var/shots (or GROUNDGATE_SHOTS, names prefixed
with GROUNDGATE_SHOTS_PREFIX) for a person to look at."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pymupdf
import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import demo_load
from reviews.models import FindingDecision, Review, WrongReason
from reviews.services import Decision, review_submit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("GROUNDGATE_SHOTS", Path(__file__).parents[2] / "var" / "shots"))
PREFIX = os.environ.get("GROUNDGATE_SHOTS_PREFIX", "")
SIZES = [(1366, 768), (1920, 1080)]
FIRST_REASON = WrongReason.values[0]


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="demo", name="Demo")
    demo_load(dataset=dataset)
    users = {}
    for name in ("rita", "sam"):
        users[name] = get_user_model().objects.create_user(name, password=f"{name}-pass-123")
        membership_grant(dataset=dataset, user=users[name], role=Role.REVIEWER)
    return users


def log_in(page, live_server, name="rita"):
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", f"{name}-pass-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def shoot(page, name: str, *, prefix: str = PREFIX) -> None:
    """The page at both sizes the issue names, full length (in the temp dir where SHOTS cannot
    be created: the screenshots are for people, not a condition of the test)."""
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        folder = SHOTS
    except OSError:
        folder = Path(tempfile.gettempdir())
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(folder / f"{prefix}{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})


def save_anyway(page, key: str = "s") -> None:
    """Press `key` (s or n); with findings undecided the page warns first, so press it again."""
    page.keyboard.press(key)
    if page.locator("#partial-warning:not([hidden])").count():
        page.keyboard.press(key)


def open_case(page, live_server, external_id: str, query: str = "") -> Case:
    case = Case.objects.get(external_id=external_id)
    page.goto(f"{live_server.url}/d/demo/cases/{case.pk}/{query}")
    return case


def choices(page) -> dict:
    """What the form shows as chosen right now."""
    return page.evaluate(
        """() => {
          const f = document.getElementById("review-form");
          const out = {label: (f.querySelector('input[name=label]:checked') || {}).value || "",
                       comment: f.querySelector("textarea[name=comment]").value};
          f.querySelectorAll(".finding-item").forEach((li, i) => {
            const call = li.querySelector('input[type=radio]:checked');
            out["call-" + i] = call ? call.value : "";
            out["reason-" + i] = li.querySelector("select").value;
          });
          return out;
        }"""
    )


def test_a_failed_save_keeps_every_choice_and_a_later_conflict_is_still_caught(
    page, live_server, demo
):
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")  # two findings
    assert "This case is held for you until" in page.inner_text("#hold")
    # Sam saves while Rita has the page open.
    review_submit(
        case=case,
        reviewer=demo["sam"],
        label="grounded",
        comment="fine by me",
        decisions=[Decision(1, "wrong", "formatting")],
    )

    page.check("input[name=call-0][value=right]")
    page.check("input[name=call-1][value=wrong]")  # no reason: refused
    page.check("input[name=label][value=not_grounded]")
    page.fill("textarea[name=comment]", "10 is not in the chunk")
    typed = choices(page)
    page.click("button[name=next][value='0']")
    # A "gate wrong" without a reason is not decided: the first save warns, the second goes.
    assert "undecided" in page.inner_text("#partial-warning")
    page.click("button[name=next][value='0']")
    # The page sent the save and keeps itself: the refusal is its line and the finding's row.
    page.wait_for_selector("#review-form .save-line.error")
    message = page.inner_text(".save-line")
    assert "Finding 2 (UNGROUNDED_NUMBER): say why the gate was wrong" in message
    assert "Nothing you entered is lost" in message
    assert "decisions[" not in page.content()
    # Refused, the browser is still on the case's own address, not the form's POST URL.
    assert page.url.split("?")[0].endswith(f"/cases/{case.pk}/"), page.url
    assert page.locator("#finding-1.has-error .fielderror").is_visible()
    assert choices(page) == typed
    # The hold notice is still there.
    assert "held for you until" in page.inner_text("#hold")
    assert page.locator("#hold").is_visible()
    shoot(page, "case-missing-reason")

    # A missing label (a browser that skips the `required` check): refused, nothing lost.
    page.evaluate(
        """() => document.querySelectorAll('input[name=label]').forEach(
             r => { r.checked = false; r.required = false; })"""
    )
    page.select_option("select[name=reason-1]", FIRST_REASON)
    page.click("button[name=next][value='0']")
    page.wait_for_function(
        "() => /Your decision: This field is required/.test("
        "document.querySelector('#review-form .save-line').textContent)"
    )
    assert choices(page) == {**typed, "label": "", "reason-1": FIRST_REASON}

    # Fixed: the save now meets Sam's review, saved after Rita opened the page.
    page.check("input[name=label][value=not_grounded]")
    page.click("button[name=next][value='0']")
    page.wait_for_selector("#conflict")
    conflict = page.inner_text("#conflict")
    assert "sam" in conflict and "fine by me" in conflict
    assert "finding 2 UNGROUNDED_NUMBER: wrong (formatting)" in conflict  # their calls too
    assert choices(page) == {**typed, "reason-1": FIRST_REASON}
    assert Review.objects.filter(case=case).count() == 1
    assert "still held for you until" in page.inner_text("#hold")
    shoot(page, "case-conflict")

    # Knowingly saving anyway records Rita's review with her calls.
    page.click("button[name=next][value='0']")
    page.wait_for_selector(".messages .msg-success")
    mine = Review.objects.get(case=case, reviewer=demo["rita"])
    assert (mine.label, mine.comment) == ("not_grounded", "10 is not in the chunk")
    calls = FindingDecision.objects.filter(review=mine).order_by("finding_index")
    assert [(d.call, d.reason) for d in calls] == [("right", ""), ("wrong", FIRST_REASON)]


def test_query_parameters_never_become_form_fields(page, live_server, demo):
    log_in(page, live_server)
    case = Case.objects.get(external_id="demo-en-19")
    review_submit(case=case, reviewer=demo["sam"], label="grounded")
    crafted = "?seen_review_id=999999&force=1&call-0=wrong&reason-0=other&review=unreviewed"
    open_case(page, live_server, "demo-en-19", crafted)
    hidden = page.eval_on_selector_all(
        "#review-form input[type=hidden]", "els => els.map(e => [e.name, e.value])"
    )
    names = [name for name, _ in hidden]
    # "correction" is the correction tools' field, empty until the page's script fills it.
    assert names == [
        "csrfmiddlewaretoken",
        "seen_review_id",
        "gate_run_id",
        "queue",
        "save_key",
        "correction",
    ]
    assert dict(hidden)["correction"] == ""
    values = dict(hidden)
    newest = Review.objects.filter(case=case).latest("id").pk
    assert values["seen_review_id"] == str(newest) and values["queue"] == "review=unreviewed"
    assert choices(page)["call-0"] == ""

    # A review saved after this page was opened is still a conflict: the URL switched nothing off.
    review_submit(case=case, reviewer=demo["sam"], label="not_grounded")
    page.keyboard.press("1")
    page.keyboard.press("s")  # findings undecided: the first `s` warns, the second saves
    page.keyboard.press("s")
    page.wait_for_selector("#conflict")
    assert Review.objects.filter(case=case, reviewer=demo["rita"]).count() == 0

    # The queue context is kept for "save and next", and only as filters.
    with page.expect_navigation():  # the refused page's URL is the case's own already
        save_anyway(page, "n")
    page.wait_for_url("**/cases/**review=unreviewed**")
    mine = Review.objects.get(case=case, reviewer=demo["rita"])
    assert not FindingDecision.objects.filter(review=mine).exists()


def test_the_reason_list_never_traps_the_keyboard(page, live_server, demo):
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")
    focused = "() => document.activeElement.id || document.activeElement.name"

    assert page.evaluate(focused) == "finding-0"  # opening the case selects finding 1
    page.keyboard.press("w")  # gate wrong: the reason list takes focus for the arrow keys
    assert page.evaluate(focused) == "reason-0"
    page.keyboard.press("ArrowDown")  # the first reason
    assert page.input_value("select[name=reason-0]") == FIRST_REASON
    page.keyboard.press("j")  # leaves the list for finding 2
    assert page.evaluate(focused) == "finding-1"
    page.keyboard.press("r")
    page.keyboard.press("k")
    page.keyboard.press("w")
    page.keyboard.press("Escape")  # back to the finding, the reason kept
    assert page.evaluate(focused) == "finding-0"
    page.keyboard.press("w")
    assert page.evaluate(focused) == "reason-0"
    shoot(page, "case-keyboard")
    page.keyboard.press("2")  # a label, not a reason
    page.keyboard.press("s")  # saves, not type-to-select
    page.wait_for_selector(".messages .msg-success")

    review = Review.objects.get(case=case, reviewer=demo["rita"])
    assert review.label == "not_grounded"
    calls = FindingDecision.objects.filter(review=review).order_by("finding_index")
    assert [(d.call, d.reason) for d in calls] == [("wrong", FIRST_REASON), ("right", "")]
    # After the save the page shows the decisions just made.
    shown = choices(page)
    assert (shown["call-0"], shown["reason-0"], shown["call-1"]) == ("wrong", FIRST_REASON, "right")
    assert shown["label"] == "not_grounded"
    shoot(page, "case-saved")


def test_log_out_lands_on_the_apps_login_page_which_reviewers_can_use(page, live_server, demo):
    log_in(page, live_server)
    page.click("header button:has-text('Log out')")
    page.wait_for_url(f"{live_server.url}/login/")
    assert page.inner_text("h1") == "Log in"
    assert "Django administration" not in page.content()
    shoot(page, "login")
    log_in(page, live_server)
    assert "Demo" in page.inner_text("main")


def test_the_page_viewer_fits_the_width_zooms_and_shows_rotated_pages_upright(
    page, live_server, demo
):
    log_in(page, live_server)
    # Cites the demo PDF's third page, whose text is drawn upright under a /Rotate 90.
    open_case(page, live_server, "demo-pdf-05")
    figure = page.locator(".pageview").first
    image = figure.locator("img")
    image.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    # Upright: shown as the 595 x 842 pt portrait its text is written on, not turned sideways.
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert abs(natural[0] / natural[1] - 595 / 842) < 0.01
    caption = figure.locator("figcaption").inner_text()
    assert caption.startswith("page 3 ") and "the PDF says 90°" in caption  # 1-based
    # Fit to the pane's width by default.
    box, pane = image.bounding_box(), figure.bounding_box()
    assert abs(box["width"] - (pane["width"] - 2)) <= 2

    # An evidence's box lands where PyMuPDF puts it on the rotated page.
    row = page.locator("tr.evidence[data-bbox]").first
    bbox = [float(v) for v in row.get_attribute("data-bbox").split(",")]
    row.click()
    marker = figure.locator(".focusbox")
    assert marker.is_visible()
    pdf = pymupdf.open(Path(__file__).parents[2] / "fixtures/demo/demo-documents.pdf")
    pdf[2].set_rotation(0)  # as shown
    rect = pymupdf.Rect(bbox) * pdf[2].rotation_matrix
    # Measured in one go: the page may still be scrolling smoothly into view.
    left, top = figure.evaluate(
        """f => { const i = f.querySelector("img").getBoundingClientRect(),
                        m = f.querySelector(".focusbox").getBoundingClientRect();
                  return [(m.left - i.left) / i.width, (m.top - i.top) / i.height]; }"""
    )
    assert abs(left - rect.x0 / 595) < 0.01 and abs(top - rect.y0 / 842) < 0.01
    shoot(page, "case-pdf-fit")

    # Zoom in with the button and the key: wider than the pane, re-rendered sharper.
    page.click(".viewerbar button[data-zoom=in]")
    assert page.inner_text("#zoom-level") == "125%"
    page.locator("body").press("+")
    page.locator("body").press("+")
    page.locator("body").press("+")
    page.locator("body").press("+")
    assert page.inner_text("#zoom-level") == "300%"
    assert "zoom=4" in image.get_attribute("src")  # the render level for 3 x 645 px / 595 pt
    page.wait_for_function(
        "img => img.complete && img.naturalWidth >= 2380", arg=image.element_handle()
    )
    assert image.bounding_box()["width"] > 2.5 * pane["width"]
    shoot(page, "case-pdf-zoomed")
    page.click(".viewerbar button[data-zoom=fit]")
    # The toolbar says the zoom once; "fit width" is only the button, idle at 100% (d731).
    assert page.inner_text("#zoom-level") == "100%"
    assert page.locator(".viewerbar button[data-zoom=fit]").is_disabled()
    assert page.inner_text(".viewerbar").count("fit width") == 1
    assert abs(image.bounding_box()["width"] - box["width"]) <= 2
