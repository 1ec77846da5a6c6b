"""Who may see what. A reviewer sees her dataset; an outsider cannot tell it exists."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.models import Case, Role
from groundgate.services.datasets import membership_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviewer(demo_dataset):
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=demo_dataset, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def outsider(demo_dataset):
    user = get_user_model().objects.create_user("otto", password="otto-pass-123")
    client = Client()
    client.force_login(user)
    return client


def test_a_reviewer_sees_the_queue_rejected_first(reviewer):
    response = reviewer.get("/d/demo/")
    assert response.status_code == 200
    page = response.context["page"]
    passed = [c.current_passed for c in page]
    assert passed == sorted(passed)  # False (rejected) before True
    assert page.paginator.count >= 30


def test_the_queue_filters_by_finding_code_and_status(reviewer):
    response = reviewer.get("/d/demo/?code=COORDINATE_MISMATCH")
    ids = {c.external_id for c in response.context["page"]}
    assert ids == {"demo-en-14", "demo-en-15", "demo-zh-09", "demo-zh-10"}
    response = reviewer.get("/d/demo/?status=ok")
    assert all(c.current_status == "ok" for c in response.context["page"])


def test_a_reviewer_sees_the_finding_drawn_in_the_conclusion(reviewer):
    case = Case.objects.get(external_id="demo-zh-11")
    response = reviewer.get(f"/d/demo/cases/{case.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="finding code-UNGROUNDED_NUMBER' in html
    assert ">2024年5月1日</mark>" in html


def test_an_outsider_gets_404_for_every_page_of_the_dataset(outsider):
    case = Case.objects.get(external_id="demo-en-01")
    assert outsider.get("/d/demo/").status_code == 404
    assert outsider.get(f"/d/demo/cases/{case.pk}/").status_code == 404
    assert b"demo" not in outsider.get("/").content.split(b"<main>")[1]


def test_a_case_of_another_dataset_is_404_even_for_a_member(reviewer, demo_dataset):
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines
    from tests.services.test_imports import line

    other, _ = dataset_get_or_create(slug="other")
    case_import_lines(dataset=other, lines=[line("secret")])
    secret = Case.objects.get(dataset=other)
    assert reviewer.get(f"/d/demo/cases/{secret.pk}/").status_code == 404
    assert reviewer.get(f"/d/other/cases/{secret.pk}/").status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(demo_dataset):
    response = Client().get("/d/demo/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_csrf_is_enforced_on_login():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
