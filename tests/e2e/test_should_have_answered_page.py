"""The refusal page in a real browser: the reviewer labels a refusal "Should have answered" with
the keyboard (5), saves, and the dashboard counts it as a retrieval miss linked to the case.
Screenshots (1366x768 and 1920x1080) go where tests/e2e/test_case_page.py puts them."""

from __future__ import annotations

import pytest

from groundgate.models import Dataset
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.services.answering import answer_question
from reviews.models import Label, Review
from tests.e2e.test_case_page import demo, log_in, save_anyway, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]


def test_a_refusal_labelled_should_have_answered_is_a_retrieval_miss(page, live_server, demo):
    dataset = Dataset.objects.get(slug="demo")
    run = answer_question(
        dataset=dataset,
        question="Who manufactured the discharge valve of the pump?",
        provider=ExtractiveProvider(),
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/d/demo/cases/{run.case.pk}/")
    assert "Should have answered" in page.inner_text("#refusal")
    choice = page.locator('input[name="label"][value="should_have_answered"]')
    assert choice.is_visible() and not choice.is_checked()
    page.locator("body").click()  # the keys act on the page, not a field
    page.keyboard.press("5")
    assert choice.is_checked()
    shoot(page, "refusal-should-have-answered")
    # The save is a POST and a redirect back to the case: wait for that navigation to end, or the
    # dashboard's goto below races it ("interrupted by another navigation", seen once in CI).
    with page.expect_navigation():
        save_anyway(page)
    review = Review.objects.get(case=run.case)
    assert review.label == Label.SHOULD_HAVE_ANSWERED
    page.goto(f"{live_server.url}/d/demo/dashboard")
    misses = page.locator("#retrieval-misses")
    assert "Retrieval misses: 1 of" in misses.inner_text()
    shoot(page, "dashboard-retrieval-misses")
    misses.locator("a").click()
    page.wait_for_load_state()
    rows = page.locator(f'a[href*="/cases/{run.case.pk}/"]')
    assert rows.count() >= 1
