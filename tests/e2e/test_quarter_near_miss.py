"""A prose figure said of another quarter of its sentence's year (answer gate 2.68.0's
`year_quarters` and `sentence_periods`, d854/d855), on the case page in Chromium: the near miss
the page boxes and offers as the value to say is the quarter's figure ("$1.1 billion" for Q1),
never the sentence's year "2023". Screenshots: quarter-near-miss-*.png."""

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
