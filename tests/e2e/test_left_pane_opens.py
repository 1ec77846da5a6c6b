"""The case page's left pane opens at its top when the finding it selects is already in view
down to its last row, its "should say" row (d981, d1009): at 1366x768 the pane opened scrolled
29px, cutting the case's head line ("... gate answer 2.81.0: ✗ reject · policy ..."), to bring
the first finding's last row clear of the "more below" cue that only appears after the
selection; then (d981) that row opened under the cue. A finding out of view is still brought in.
Screenshots: left-pane-opens-*.png."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Case, Dataset, Role
from groundgate.services.datasets import membership_grant
from reviews.reservations import case_reserve
from tests.e2e.filings import answers_import, open_case, ulta_chunks
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CASE = "ulta-cash-and-cash-equivalents-at-the-other-year-end"
ROW = "Cash and cash equivalents $ 737,877 $ 431,560"
# The question names no day: the answer's "January 28, 2023" is a finding of its own beside the
# value out of context (a day the question states is no claim, and d1012 drops its note beside a
# finding about that period), so the pane holds two findings and its cue one below.
QUESTION = "What were Ulta Beauty's cash and cash equivalents at the end of fiscal 2022?"


@pytest.fixture
def other_date(settings, tmp_path):
    chunks, dataset = ulta_chunks(settings, tmp_path)
    sheet = next(c for c in chunks if ROW in c.text)
    answers_import(
        dataset,
        question=QUESTION,
        chunks=[sheet],
        answers={
            CASE: (
                "Cash and cash equivalents were $431,560 thousand at January 28, 2023.",
                {"chunk_id": sheet.chunk_id, "excerpt": ROW},
            ),
        },
    )


# The selected finding's top, its decision row's bottom, the room between the pane's sticky
# parts (the answer above, the decision block with its "more below" cue under), the scrollTop.
PLACES = """() => {
  const pane = document.getElementById('left-pane');
  const item = document.querySelector('.finding-item.selected');
  const covers = window.ggCase.stuckCovers(pane, item);
  const box = pane.getBoundingClientRect();
  return {scroll: pane.scrollTop, top: item.getBoundingClientRect().top,
          decided: item.querySelector('.decide').getBoundingClientRect().bottom,
          fixed: item.querySelector('.fix').getBoundingClientRect().bottom,
          roomTop: box.top + covers.top, roomBottom: box.bottom - covers.bottom};
}"""


def _opened(page, live_server) -> dict:
    assert "reject" in open_case(page, live_server, CASE)
    page.locator(".finding-item.selected").wait_for()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # the cue's frame
    return page.evaluate(PLACES)


def test_the_left_pane_opens_with_its_findings_should_say_row_in_view(
    page, live_server, other_date
):
    # The case id wraps the head to three lines: at the pane's top (d981) the finding's "should
    # say" row sat under the "1 more finding below" cue, its head and decision row in view. The
    # row the reviewer corrects the answer in is brought clear of the cue (d1009), by as little
    # scrolling as that takes.
    at = _opened(page, live_server)
    assert at["roomTop"] <= at["top"] and at["fixed"] <= at["roomBottom"] + 0.5, at
    # And the head line whole (d1018): "no evidence pointed at" no longer pushes the "should
    # say" field to a line of its own at this height, so the pane opens at its top; it opened
    # scrolled 29px under d1009, the crumbs line cut.
    assert at["scroll"] == 0, at
    head = page.eval_on_selector(".casehead", "el => el.getBoundingClientRect().top")
    pane = page.eval_on_selector("#left-pane", "el => el.getBoundingClientRect().top")
    assert head >= pane, (head, pane)
    assert page.locator(".finding-item.selected .fixvalue").is_visible()
    # The cue counts the finding below it, not the one selected and shown (it read "2 more").
    assert page.inner_text("#more-below") == "▼ 1 more finding below"
    shoot(page, "left-pane-opens")


def test_the_left_pane_opens_at_its_top_where_its_finding_shows_whole(
    page, live_server, other_date
):
    # Taller, the finding shows down to its last row at the pane's top: the pane stays there,
    # the case's head line whole (d981).
    page.set_viewport_size({"width": 1366, "height": 900})
    at = _opened(page, live_server)
    assert at["scroll"] == 0, at
    head = page.eval_on_selector(".casehead", "el => el.getBoundingClientRect().top")
    pane = page.eval_on_selector("#left-pane", "el => el.getBoundingClientRect().top")
    assert head >= pane, (head, pane)  # the head line whole
    assert at["roomTop"] <= at["top"] and at["fixed"] <= at["roomBottom"] + 0.5, at


def test_a_finding_whose_decision_row_is_hidden_is_still_brought_in(page, live_server, other_date):
    page.set_viewport_size({"width": 1366, "height": 640})
    at = _opened(page, live_server)
    assert at["scroll"] > 0, at
    assert at["roomTop"] <= at["top"] and at["decided"] <= at["roomBottom"] + 0.5, at


def test_the_cue_does_not_count_the_selected_finding_in_view(page, live_server, other_date):
    # Sam holds the case: Rita reads it under the two-line hold banner, and the pane opens
    # scrolled to bring the selected finding's "should say" row in. Back at the pane's top, its
    # last row is under the cue but its top is in view: the cue counted it, "2 more findings
    # below" of 2 (issue 28, s51's walk). It counts the finding below it only (d1018).
    sam = get_user_model().objects.create_user("sam", password="sam-pass-123")
    dataset = Dataset.objects.get(slug="filings")
    membership_grant(dataset=dataset, user=sam, role=Role.REVIEWER)
    case_reserve(case=Case.objects.get(external_id=CASE), user=sam)
    _opened(page, live_server)
    assert "sam opened this case and holds it" in page.inner_text("#hold")
    page.evaluate("document.getElementById('left-pane').scrollTop = 0")
    page.wait_for_timeout(300)
    at = page.evaluate(PLACES)
    assert at["scroll"] == 0 and at["roomTop"] <= at["top"] < at["roomBottom"], at
    assert page.locator(".finding-item").count() == 2
    assert page.inner_text("#more-below") == "▼ 1 more finding below"
    shoot(page, "left-pane-cue-at-top")
