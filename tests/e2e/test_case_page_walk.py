"""The case page as a reviewer working a queue all day meets it at 1366x768 (the s43 page
walk): findings cut off below say so (d732); the chosen label holds the focus (d733); on a
case with a cited page the evidence text is on screen beside the page and the toolbar says
which page of what (d731, d734); an exempt value is drawn apart from a value grounded other
than verbatim (d735)."""

from __future__ import annotations

import pytest

from tests.e2e.test_case_page import demo, log_in, open_case, shoot  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def cut_off_below(page) -> int:
    """How many finding rows end below what the left pane shows (above its sticky decision)."""
    return page.evaluate(
        """() => {
          const pane = document.getElementById("left-pane");
          const bottom = Math.min(pane.getBoundingClientRect().bottom,
                                  document.getElementById("decision").getBoundingClientRect().top);
          return Array.from(document.querySelectorAll(".finding-item"))
            .filter(li => li.getBoundingClientRect().bottom > bottom + 1).length;
        }"""
    )


def test_findings_cut_off_below_are_counted_and_one_click_away(page, live_server, demo):  # noqa: F811
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-21")  # six findings
    hidden = cut_off_below(page)
    assert hidden >= 2, "the walk's case shows every finding at 1366x768: nothing to cue"
    cue = page.locator("#more-below")
    assert cue.is_visible()
    assert cue.inner_text() == f"▼ {hidden} more findings below"
    shoot(page, "walk-more-below")
    # The cue takes you to the first row below, selected and shown whole above the decision.
    first = page.locator(".finding-item").count() - hidden
    cue.click()
    rows = page.locator(".finding-item")
    assert "selected" in rows.nth(first).get_attribute("class")
    bottom, decision = page.evaluate(
        """() => [document.querySelector(".finding-item.selected").getBoundingClientRect().bottom,
                  document.getElementById("decision").getBoundingClientRect().top]"""
    )
    assert bottom <= decision + 1
    assert cut_off_below(page) < hidden
    # At the end of the list, nothing is below: the cue goes.
    page.keyboard.press("a")  # gate right on all: the label comes next
    page.evaluate("document.getElementById('left-pane').scrollTop = 1e6")
    page.wait_for_function("() => document.getElementById('more-below').hidden")
    # Back at the top, decided rows are counted as such.
    page.evaluate("document.getElementById('left-pane').scrollTop = 0")
    page.wait_for_function("() => !document.getElementById('more-below').hidden")
    assert cue.inner_text().endswith("below (all decided)")


def test_a_label_key_moves_the_focus_to_that_label(page, live_server, demo):  # noqa: F811
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-19")  # two findings
    page.keyboard.press("a")  # every finding right: the focus goes to the first label
    assert page.evaluate("document.activeElement.value") == "grounded"
    page.keyboard.press("2")
    assert page.evaluate("document.activeElement.value") == "not_grounded"
    # The next key acts on the chosen label, not the first one: Space keeps "Not grounded",
    # an arrow key moves on from it.
    page.keyboard.press(" ")
    checked = "document.querySelector('input[name=label]:checked').value"
    assert page.evaluate(checked) == "not_grounded"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(checked) == "partially_grounded"


def test_a_cited_page_with_its_evidence_text_on_screen_and_a_plain_toolbar(
    page,
    live_server,
    demo,  # noqa: F811
):
    log_in(page, live_server)
    open_case(page, live_server, "demo-pdf-03")  # one cited page, page 1 of the demo PDF
    page.wait_for_selector(".pageview img")
    view = page.viewport_size
    image = page.locator(".pageview img").first.bounding_box()
    source = page.locator("#evidence-strip .source").first.bounding_box()
    # Both on screen: the page's top part and the first source text's heading at least.
    assert image["y"] < view["height"] and image["y"] + 200 < view["height"]
    assert source["y"] + 40 < view["height"], source
    toolbar = page.inner_text(".viewerbar")
    assert page.inner_text("#page-pos") == "page 1 of 3 · the only cited page"
    assert toolbar.count("fit width") == 1 and page.inner_text("#zoom-level") == "100%"
    assert page.locator("[data-page-step]").first.is_disabled()
    # The legend is one click away from the toolbar.
    page.click("#to-legend")
    page.wait_for_function(
        """() => { const r = document.getElementById("legend").getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight - 40; }"""
    )
    shoot(page, "walk-pdf-evidence")


def test_exempt_values_and_values_grounded_otherwise_are_drawn_apart(page, live_server, demo):  # noqa: F811
    log_in(page, live_server)
    open_case(page, live_server, "demo-en-21")
    styles = page.evaluate(
        """() => Array.from(document.querySelectorAll("#answertext mark.finding.sev-info"))
             .map(m => [m.title.trim(), m.classList.contains("exempt"),
                        getComputedStyle(m).textDecorationStyle,
                        getComputedStyle(m).borderBottomStyle])"""
    )
    exempt = {
        "NUMBER_FROM_QUESTION",
        "NUMBER_ABOUT_ANSWER",
        "NUMBER_IN_WORKING",
        "NUMBER_SECTION_LABEL",
    }
    assert {code for code, *_ in styles} & exempt and {code for code, *_ in styles} - exempt
    for code, is_exempt, decoration, border in styles:
        assert is_exempt == (code in exempt), code
        if is_exempt:
            assert decoration == "wavy" and border == "none", code
        else:
            assert border == "dotted", code
    legend = page.inner_text("#legend")
    assert "exempt, no claim about the evidence" in legend
    assert "grounded other than verbatim: an equivalence or a calculation" in legend
    assert "a warning (brown fill, dashed underline)" in legend  # each style says its meaning


def test_one_relabel_sent_twice_from_the_page_is_stored_once(page, live_server, demo):  # noqa: F811
    from django.contrib.auth import get_user_model

    from groundgate.models import Dataset, Role
    from groundgate.services.datasets import membership_grant
    from reviews.models import Relabel

    ada = get_user_model().objects.create_user("ada", password="ada-pass-123")
    membership_grant(dataset=Dataset.objects.get(slug="demo"), user=ada, role=Role.ADMIN)
    log_in(page, live_server, "ada")
    case = open_case(page, live_server, "demo-en-19")
    assert page.inner_text("#relabel-title") == "Set the final label"
    assert "Now: none" in page.inner_text("#current-label")
    page.select_option("form.relabel select[name=to_label]", "not_grounded")
    page.fill("form.relabel input[name=reason]", "page 3 disagrees")
    # The page's own form sent twice (a retry after an answer lost, a double click past the
    # page's guard): both answers say relabelled, one row is stored. (Twice AT ONCE is the
    # service's test, tests/reviews/test_relabel_once.py: the in-memory test database refuses
    # a second writer outright - "table is locked" - where a file or PostgreSQL waits.)
    answers = page.evaluate(
        """async () => { const form = document.querySelector("form.relabel");
                   const send = () => fetch(form.action, {method: "POST", body: new FormData(form),
                       headers: {Accept: "application/json"}}).then(r => r.json());
                   return [await send(), await send()]; }"""
    )
    assert [a["saved"] for a in answers] == [True, True], answers
    assert Relabel.objects.filter(case=case).count() == 1
    page.reload()
    now = page.inner_text("#current-label")
    assert "Not grounded" in now and "relabelled by ada" in now
    shoot(page, "walk-relabel-once")
