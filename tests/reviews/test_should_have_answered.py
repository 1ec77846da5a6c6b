"""A refusal of the answering pipeline can be labelled "Should have answered" (the documents hold
the answer), and the dashboard counts those as retrieval misses, linked to exactly those cases.
The label judges refusals only: on an answer it is refused, by review and by relabel."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from groundgate.services.imports import case_import_lines
from reviews.models import Label, QueueEntry
from reviews.services import ReviewInputError, case_relabel, review_submit
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db
SHOULD = Label.SHOULD_HAVE_ANSWERED


@pytest.fixture
def anchored(demo_dataset):
    lines = (ROOT / "fixtures" / "demo" / "anchored.jsonl").read_bytes().splitlines()
    assert not case_import_lines(dataset=demo_dataset, lines=lines, kind="anchored").errors
    refused = Case.objects.get(external_id="demo-r5-05")
    answered = (
        QueueEntry.objects.filter(dataset=demo_dataset, kind="anchored")
        .exclude(outcome="refused")
        .first()
    )
    assert QueueEntry.objects.get(case=refused).outcome == "refused"
    return refused, answered.case


def test_the_refusal_page_offers_the_label_and_an_answer_page_does_not(reviewer, anchored):
    refused, answered = anchored
    page = reviewer.get(f"/d/demo/cases/{refused.pk}/").content.decode()
    assert f'value="{SHOULD}"' in page and "Should have answered" in page
    assert "<kbd>1</kbd>–<kbd>5</kbd> label" in page
    other = reviewer.get(f"/d/demo/cases/{answered.pk}/").content.decode()
    assert f'value="{SHOULD}"' not in other and "<kbd>1</kbd>–<kbd>4</kbd> label" in other


def test_only_a_refusal_takes_the_label(reviewer, admin, anchored):
    refused, answered = anchored
    with pytest.raises(ReviewInputError) as error:
        review_submit(case=answered, reviewer=reviewer.user, label=SHOULD)
    assert error.value.field == "label" and "only for a refusal" in str(error.value)
    with pytest.raises(ReviewInputError) as error:
        case_relabel(case=answered, admin=admin.user, to_label=SHOULD, reason="r")
    assert error.value.field == "to_label"
    saved = review_submit(case=refused, reviewer=reviewer.user, label=SHOULD)
    assert saved.review is not None and saved.review.label == SHOULD


def test_the_dashboard_counts_should_have_answered_refusals_as_retrieval_misses(reviewer, anchored):
    refused, _ = anchored
    before = reviewer.get("/d/demo/dashboard")
    assert before.context["retrieval_misses"] == 0 and before.context["refusals"] >= 1
    review_submit(case=refused, reviewer=reviewer.user, label=SHOULD)
    after = reviewer.get("/d/demo/dashboard")
    assert after.context["retrieval_misses"] == 1
    html = after.content.decode()
    assert 'id="retrieval-misses"' in html and "Retrieval misses" in html
    url = after.context["retrieval_misses_url"]
    assert "outcome=refused" in url and f"review_label={SHOULD}" in url
    listed = reviewer.get(url.replace("&amp;", "&"))
    assert [e.external_id for e in listed.context["page"]] == ["demo-r5-05"]
