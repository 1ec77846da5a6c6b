"""Who may see and do what. An outsider cannot tell a dataset exists; a reviewer cannot
relabel; CSRF is on."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from groundgate.logfilters import RefusalOneLine
from groundgate.models import Case
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from tests.services.test_imports import line

pytestmark = pytest.mark.django_db


def test_a_reviewer_sees_the_queue_rejected_first(reviewer):
    response = reviewer.get("/d/demo/")
    assert response.status_code == 200
    page = response.context["page"]
    assert [e.passed for e in page] == sorted(e.passed for e in page)
    assert page.count >= 30


def test_the_queue_filters_by_code_status_kind_and_review_state(reviewer):
    response = reviewer.get("/d/demo/?code=COORDINATE_MISMATCH")
    ids = {e.external_id for e in response.context["page"]}
    assert ids == {"demo-en-14", "demo-en-15", "demo-zh-09", "demo-zh-10"}
    assert all(e.gate_status == "ok" for e in reviewer.get("/d/demo/?status=ok").context["page"])
    assert reviewer.get("/d/demo/?review=disputed").context["page"].count == 0
    counts = dict(response.context["counts"]["code"])
    assert counts["COORDINATE_MISMATCH"] == 4


def test_a_reviewer_sees_the_finding_drawn_in_the_conclusion(reviewer):
    case = Case.objects.get(external_id="demo-zh-11")
    html = reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode()
    assert 'class="finding code-UNGROUNDED_NUMBER' in html
    assert ">2024年5月1日</mark>" in html


def every_url(case: Case) -> list[str]:
    return [
        "/d/demo/",
        "/d/demo/dashboard",
        f"/d/demo/cases/{case.pk}/",
        f"/d/demo/cases/{case.pk}/annotated.pdf",
    ]


def test_an_outsider_gets_404_for_every_page_and_download(outsider):
    case = Case.objects.get(external_id="demo-en-01")
    for url in every_url(case):
        assert outsider.get(url).status_code == 404, url
    for url in (
        f"/d/demo/cases/{case.pk}/review",
        f"/d/demo/cases/{case.pk}/relabel",
        "/d/demo/relabel",
    ):
        assert outsider.post(url, {"label": "grounded"}).status_code == 404, url
    assert b"demo" not in outsider.get("/").content.split(b"<main>")[1]


def test_a_case_of_another_dataset_is_404_even_for_a_member(reviewer):
    other, _ = dataset_get_or_create(slug="other")
    case_import_lines(dataset=other, lines=[line("secret")])
    secret = Case.objects.get(dataset=other)
    assert reviewer.get(f"/d/demo/cases/{secret.pk}/").status_code == 404
    assert reviewer.get(f"/d/other/cases/{secret.pk}/").status_code == 404


def test_a_reviewer_cannot_relabel(reviewer):
    case = Case.objects.get(external_id="demo-en-01")
    form = {"to_label": "grounded", "reason": "looks fine"}
    assert reviewer.post(f"/d/demo/cases/{case.pk}/relabel", form).status_code == 403
    assert reviewer.post("/d/demo/relabel", form | {"expected_count": "1"}).status_code == 403
    assert not case.relabels.exists()


def test_a_refusal_is_logged_in_one_line_without_a_traceback(reviewer, caplog):
    """A 403 is an answer, not an error: one line, no PermissionDenied traceback (settings'
    LOGGING, groundgate/logfilters.py). The filter sits on the logger, before any handler."""
    case = Case.objects.get(external_id="demo-en-01")
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = reviewer.post(f"/d/demo/cases/{case.pk}/relabel", {"to_label": "grounded"})
    assert response.status_code == 403
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.getMessage() == f"Forbidden (Permission denied): /d/demo/cases/{case.pk}/relabel"
    assert record.exc_info is None and "Traceback" not in caplog.text
    # Other records keep their traceback: a server error still logs one.
    other = logging.LogRecord("django.request", logging.ERROR, "", 0, "boom", (), None)
    other.status_code = 500  # type: ignore[attr-defined]
    other.exc_info = (ValueError, ValueError("x"), None)
    assert RefusalOneLine().filter(other) and other.exc_info is not None


def test_anonymous_visitors_are_sent_to_log_in(demo_dataset):
    response = Client().get("/d/demo/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_csrf_is_enforced(reviewer):
    client = Client(enforce_csrf_checks=True)
    client.force_login(reviewer.user)
    case = Case.objects.get(external_id="demo-en-01")
    assert client.post(f"/d/demo/cases/{case.pk}/review", {"label": "grounded"}).status_code == 403
    assert client.post("/login/", {"username": "x", "password": "y"}).status_code == 403
