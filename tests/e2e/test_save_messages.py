"""A save sent by the page's script shows its "Saved" on the page it opens, and only there
(d925), in a real Chromium against the live server: a save whose page stays (the form changed
while it was on its way, d901) lists the saved review in the page's Reviews list at once and
leaves no "Saved" waiting for a later page; a relabel whose page stays likewise lists itself in
the page's Label history and its "Now:" line (d964), and the head's final label follows (d1006).
Screenshots: save-messages-*.png."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Dataset, Role
from groundgate.services.datasets import membership_grant
from reviews.models import Relabel, Review
from tests.e2e.test_case_page import demo, log_in, open_case
from tests.e2e.test_save_failures import decide
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]


def test_a_save_kept_on_its_page_lists_the_review_and_leaves_no_message_behind(
    page, live_server, demo
):
    log_in(page, live_server)
    case = open_case(page, live_server, "demo-en-19")
    assert page.inner_text("#reviews-list") == "None yet."
    decide(page)  # label 2: not grounded
    page.evaluate(
        """() => {
          document.querySelector("#review-form button[name=next][value='0']").click();
          document.querySelectorAll("#review-form input[name=label]")[2].click();
        }"""
    )
    page.locator("#review-form .save-line.error").wait_for()
    # The Reviews list holds the saved review without a reload.
    listed = page.inner_text("#reviews-list")
    assert "None yet." not in listed
    assert "rita" in listed and "Not grounded" in listed
    assert "the second value needs a look" in listed
    page.locator("#reviews-list").scroll_into_view_if_needed()
    shoot(page, "save-messages-listed")
    # Save again: the next page says the newer save alone.
    page.keyboard.press("s")
    page.wait_for_selector(".messages .msg-success")
    said = page.locator(".messages li").all_inner_texts()
    assert said == ["Saved demo-en-19: Partially grounded."], said
    assert Review.objects.filter(case=case).count() == 2
    # Shown once: the page opened again says nothing more.
    page.reload()
    page.wait_for_load_state()
    assert page.locator(".messages li").count() == 0
    assert "Partially grounded" in page.inner_text("#reviews-list")


def test_save_and_next_says_saved_on_the_next_case_once(page, live_server, demo):
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-19")
    decide(page)
    page.keyboard.press("n")
    page.wait_for_selector(".messages .msg-success")
    assert page.locator(".messages li").all_inner_texts()[0] == "Saved demo-en-19: Not grounded."
    shoot(page, "save-messages-next")
    # Another page of the dataset opened after it shows no message of that save.
    page.goto(page.url)
    page.wait_for_load_state()
    assert page.locator(".messages li").count() == 0


def test_a_relabel_kept_on_its_page_lists_it_in_the_label_history(page, live_server, demo):
    admin = get_user_model().objects.create_user("ada", password="ada-pass-123")
    membership_grant(dataset=Dataset.objects.get(slug="demo"), user=admin, role=Role.ADMIN)
    log_in(page, live_server, "ada")
    case = open_case(page, live_server, "demo-en-19")
    assert page.inner_text("#label-history") == "No relabels."
    assert "none" in page.inner_text("#current-label")
    assert page.inner_text("#head-label") == ""
    page.select_option("form.relabel select[name=to_label]", "not_grounded")
    page.fill("form.relabel input[name=reason]", "the second figure is another year's")
    # Sent, then the reason changed while the relabel is on its way: the page stays (d901).
    page.evaluate(
        """() => {
          document.querySelector("form.relabel button[type=submit]").click();
          document.querySelector("form.relabel input[name=reason]").value += " (checked)";
        }"""
    )
    page.locator("form.relabel .save-line.error").wait_for()
    assert Relabel.objects.filter(case=case).count() == 1
    # The history and the "Now:" line hold the saved relabel without a reload.
    history = page.inner_text("#label-history")
    assert "No relabels." not in history
    assert "ada" in history and "Not grounded" in history, history
    assert "the second figure is another year's" in history
    now = page.inner_text("#current-label")
    assert now.startswith("Now: Not grounded (relabelled by ada"), now
    # The page's head says the final label too (d1006): it kept saying none until reloaded.
    assert page.inner_text("#head-label").strip() == "· final label Not grounded"
    # The reason as changed is still in the form, to be sent again.
    assert page.input_value("form.relabel input[name=reason]").endswith(" (checked)")
    page.locator("#label-history").scroll_into_view_if_needed()
    shoot(page, "save-messages-relabel")
