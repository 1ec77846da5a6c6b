"""Review input is parsed by Django forms: bad input is refused naming the field, and nothing is
written."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from reviews.models import Relabel, Review

pytestmark = pytest.mark.django_db


def case(external_id: str) -> Case:
    return Case.objects.get(external_id=external_id)


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({}, "Your decision"),
        ({"label": "grounded", "seen_review_id": "x"}, "record of the reviews you saw"),
        ({"label": "grounded", "gate_run_id": "-3"}, "gate run"),
    ],
)
def test_a_bad_review_form_is_refused_naming_the_field(reviewer, form, field):
    c = case("demo-en-17")
    response = reviewer.post(f"/d/demo/cases/{c.pk}/review", form)
    assert response.status_code == 400
    assert "Not saved: " in response.content.decode() and field in response.content.decode()
    assert not Review.objects.filter(case=c).exists()


def test_force_zero_is_not_force(reviewer, second_reviewer):
    """Sam saves over Rita's review only when the page says force=1, not for force=0."""
    c = case("demo-en-17")
    seen = reviewer.get(f"/d/demo/cases/{c.pk}/").context["seen_review_id"]
    assert (
        second_reviewer.post(f"/d/demo/cases/{c.pk}/review", {"label": "grounded"}).status_code
        == 302
    )
    form = {"label": "not_grounded", "seen_review_id": seen, "force": "0"}
    assert reviewer.post(f"/d/demo/cases/{c.pk}/review", form).status_code == 409
    form["force"] = "1"
    assert reviewer.post(f"/d/demo/cases/{c.pk}/review", form).status_code == 302


def test_a_bulk_relabel_without_a_reason_relabels_nothing(admin):
    response = admin.post(
        "/d/demo/relabel?status=ok",
        {"status": "ok", "to_label": "grounded", "reason": "", "expected_count": "0"},
        follow=True,
    )
    assert "Not relabelled: reason: " in response.content.decode()
    assert not Relabel.objects.exists()


def test_query_parameters_of_the_case_page_never_become_form_fields(reviewer):
    """A crafted link cannot set the conflict marker, force a save or pre-decide a finding."""
    c = case("demo-en-19")
    crafted = "?seen_review_id=999999&force=1&call-0=wrong&reason-0=other&code=X&evil=1"
    response = reviewer.get(f"/d/demo/cases/{c.pk}/{crafted}")
    html = response.content.decode()
    assert 'name="force"' not in html and 'name="evil"' not in html
    assert 'value="999999"' not in html
    assert 'name="queue" value="code=X"' in html  # only a known queue filter, as one field
    assert "checked" not in html.split('id="finding-0"')[1].split("</li>")[0]
