"""A prose figure said of another quarter of its sentence's year (answer gate 2.68.0's
`year_quarters` and `sentence_periods`, d854/d855), on the case page in Chromium: the near miss
the page boxes and offers as the value to say is the quarter's figure ("$1.1 billion" for Q1),
never the sentence's year "2023"; and a change said beside its two values (d838), which could be
derived, is not offered its one-digit near miss as the value to say. Screenshots:
quarter-near-miss-*.png, said-change-should-say-*.png."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from tests.e2e.test_case_page import log_in
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

QUARTERS = (
    "In 2023, revenue was $1.1 billion in Q1, $1.3 billion in Q2, $1.4 billion in Q3 and $1.6"
    " billion in Q4."
)


def test_the_near_miss_of_another_quarters_figure_is_that_quarters_figure(page, live_server):
    dataset, _ = dataset_get_or_create(slug="quarters", name="Quarters")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    line = {
        "case_id": "q1-said-q2",
        "question": "What was revenue in the first quarter of 2023?",
        "raw_chunks": [{"chunk_id": "c1", "text": QUARTERS}],
        "answer": {
            "conclusion": "Revenue was $1.3 billion in Q1 2023.",
            "evidences": [{"chunk_id": "c1", "excerpt": QUARTERS}],
        },
    }
    report = case_import_lines(dataset=dataset, lines=[json.dumps(line)])
    assert report.imported == 1, report.errors
    log_in(page, live_server)
    case = Case.objects.get(external_id="q1-said-q2")
    page.goto(f"{live_server.url}/d/quarters/cases/{case.pk}/")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    words = item.inner_text()
    assert "$1.1 billion" in words and "has 2023" not in words, words
    assert item.locator(".fixvalue").get_attribute("placeholder") == "$1.1 billion"
    # The orange dashed box in the source text is on Q1's figure, not on the year.
    near = page.locator("article.source .src.m-near")
    assert near.count() == 1 and near.inner_text() == "$1.1 billion"
    item.click()
    shoot(page, "quarter-near-miss")


def test_a_change_said_beside_its_values_is_not_offered_its_near_miss_to_say(page, live_server):
    """A change said beside its two values, "an increase of 3 percentage points" of 20% and 23%
    (said_changes, d838): the finding says it could be derived as 23% − 20%, and the "should
    say" field offers no "23%" (the one-digit near miss), which would turn a right change into
    the rate itself."""
    dataset, _ = dataset_get_or_create(slug="quarters", name="Quarters")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    table = "Year Ended December 31,\n2022  2021\nEffective tax rate  23%  20%"
    line = {
        "case_id": "said-change",
        "question": "How did the effective tax rate change from FY2021 to FY2022?",
        "raw_chunks": [{"chunk_id": "c1", "text": table}],
        "answer": {
            "conclusion": "The effective tax rate changed from 20% in FY2021 to 23% in FY2022,"
            " an increase of 3 percentage points.",
            "evidences": [{"chunk_id": "c1", "excerpt": table}],
        },
    }
    report = case_import_lines(dataset=dataset, lines=[json.dumps(line)])
    assert report.imported == 1, report.errors
    log_in(page, live_server)
    case = Case.objects.get(external_id="said-change")
    page.goto(f"{live_server.url}/d/quarters/cases/{case.pk}/")
    item = page.locator(".finding-item", has_text="could be derived")
    assert "23% − 20%" in item.inner_text()
    assert item.locator(".fixvalue").get_attribute("placeholder") == "value"
    shoot(page, "said-change-should-say")


def test_a_figure_said_of_another_period_is_not_offered_itself_to_say(page, live_server):
    """A prose figure with its own period phrase said of the sentence's other period ("$5.2
    billion, or 8% more, in 2023" said of 2022: sentence_periods own_phrases, d855): the gate's
    near miss is the figure itself, for its own year (d866: the figure itself where no other
    fits). The "should say" field offers no value then (d902): offering the answer's own
    "$5.2 billion" would offer to change nothing."""
    dataset, _ = dataset_get_or_create(slug="quarters", name="Quarters")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    text = "Net sales were $5.2 billion, or 8% more, in 2023 and $4.8 billion in 2022."
    line = {
        "case_id": "own-phrase",
        "question": "What were net sales in 2022?",
        "raw_chunks": [{"chunk_id": "s1", "text": text}],
        "answer": {
            "conclusion": "Net sales were $5.2 billion in 2022.",
            "evidences": [{"chunk_id": "s1", "excerpt": text}],
        },
    }
    report = case_import_lines(dataset=dataset, lines=[json.dumps(line)])
    assert report.imported == 1, report.errors
    log_in(page, live_server)
    case = Case.objects.get(external_id="own-phrase")
    page.goto(f"{live_server.url}/d/quarters/cases/{case.pk}/")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    assert "$5.2 billion is the figure for 2023" in item.inner_text()
    assert item.locator(".fixvalue").get_attribute("placeholder") == "value"
    # The figure is marked where it is, as the answer's figure, not as a near miss (d1015).
    assert page.locator("article.source .src.m-near").count() == 0
    own = page.locator("article.source .src.m-closest")
    assert own.count() == 1 and own.inner_text() == "$5.2 billion"
    assert "the answer's figure, another period's value" in item.inner_text()
    shoot(page, "own-phrase-should-say")
