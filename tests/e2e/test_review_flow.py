"""A reviewer's morning, in a real browser: log in, filter the queue, open a rejected case, see
the highlight on the page image, decide with the keyboard, see the dashboard change."""

from __future__ import annotations

import pymupdf
import pytest
from django.contrib.auth import get_user_model

from groundgate.documents.render import render_page_png
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import demo_load
from reviews.models import FindingDecision, Review
from tests.e2e.test_case_page import save_anyway

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="demo", name="Demo")
    demo_load(dataset=dataset)
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    return dataset


def log_in(page, live_server):
    page.goto(f"{live_server.url}/")
    page.fill("#id_username", "rita")
    page.fill("#id_password", "rita-pass-123")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def test_review_a_rejected_case_end_to_end(page, live_server, demo):
    log_in(page, live_server)
    page.click("text=Demo")

    # The dashboard before any review.
    page.click("nav.datasetnav >> text=Dashboard")
    assert "No finding decisions yet" in page.inner_text("#rules")
    page.go_back()

    # Filter the queue by finding code.
    # Filter the queue by finding code: the filters apply as soon as one changes.
    page.select_option("select[name=code]", "COORDINATE_MISMATCH")
    page.wait_for_url("**code=COORDINATE_MISMATCH**")
    rows = page.locator("#queue tbody tr")
    ids = rows.locator("td:first-child").all_inner_texts()
    assert "demo-pdf-03" in ids and len(ids) == 5

    # Keyboard in the queue: j moves the selection, Enter opens the selected case.
    target = ids.index("demo-pdf-03")
    for _ in range(target):
        page.keyboard.press("j")
    assert "selected" in (rows.nth(target).get_attribute("class") or "")
    page.keyboard.press("Enter")
    page.wait_for_url("**/cases/**")
    assert "What is the bearing temperature limit?" in page.inner_text("h1")

    # The cited page is rendered with the highlight drawn on it.
    image = page.locator(".pageview img").first
    image.wait_for()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    response = page.request.get(live_server.url + image.get_attribute("src"))
    assert response.status == 200 and response.headers["content-type"] == "image/png"
    case = Case.objects.get(external_id="demo-pdf-03")
    document = case.dataset.documents.get(kind="pdf")
    with document.file.open("rb") as fh:
        plain = render_page_png(pymupdf.open(stream=fh.read()), 0, zoom=1.5, highlights=[])
    drawn, clean = pymupdf.Pixmap(response.body()), pymupdf.Pixmap(plain)
    # Sample inside the claimed box of the evidence: highlighted pixels differ from the plain page.
    x0, top, x1, bottom = case.payload["answer"]["evidences"][0]["bbox"]
    changed = sum(
        drawn.pixel(int(x * 1.5), int(y * 1.5)) != clean.pixel(int(x * 1.5), int(y * 1.5))
        for x in range(int(x0) + 2, int(x1) - 2, 20)
        for y in range(int(top) + 2, int(bottom) - 2, 5)
    )
    assert changed > 10

    # Clicking the finding brings its page and box into view.
    page.click("#finding-0 >> code")
    assert page.locator(".focusbox").first.is_visible()

    # Decide with the keyboard: the first finding (selected), gate right, "not grounded", save.
    page.keyboard.press("r")
    page.keyboard.press("2")
    save_anyway(page)  # the other finding stays undecided: the page warns once
    page.wait_for_selector(".messages .msg-success")
    assert f"Saved {case.external_id}: Not grounded" in page.inner_text(".messages")
    review = Review.objects.get(case=case)
    assert (review.reviewer.username, review.label) == ("rita", "not_grounded")
    assert list(FindingDecision.objects.filter(review=review).values_list("code", "call")) == [
        ("COORDINATE_MISMATCH", "right")
    ]

    # The dashboard changed.
    page.click("nav.datasetnav >> text=Dashboard")
    # The chart's counts are links to the queue, so read its text, not its markup.
    rules = page.text_content("#rules")
    assert "COORDINATE_MISMATCH" in rules and "1 right / 0 wrong" in rules


def test_save_and_next_with_the_keyboard(page, live_server, demo):
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/demo/?review=unreviewed")
    page.keyboard.press("Enter")
    page.wait_for_url("**/cases/**")
    first = page.url
    page.keyboard.press("1")
    save_anyway(page, "n")
    page.wait_for_function("url => window.location.href !== url", arg=first)
    assert "/cases/" in page.url and page.url != first
    assert Review.objects.count() == 1
