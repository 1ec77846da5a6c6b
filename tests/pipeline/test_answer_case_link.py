"""The CLI and the API say where the stored run is: its case id and the case page's URL."""

from __future__ import annotations

import json

import pytest

from groundgate.models import Case
from tests.pipeline.test_pipeline import QUESTION, manual  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def test_the_cli_prints_the_case_id_and_url(manual, capfd, settings):  # noqa: F811
    from groundgate.cli import main

    settings.GROUNDGATE_SITE_URL = "https://gg.example.org"
    assert main(["answer", QUESTION, "--dataset", "manual", "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    case = Case.objects.get(external_id=data["request_id"])
    assert data["case_id"] == case.pk
    assert data["case_url"] == f"https://gg.example.org/d/manual/cases/{case.pk}/"
    assert main(["answer", QUESTION, "--dataset", "manual"]) == 0
    last = capfd.readouterr().out.splitlines()[-1]
    assert last == f"case {case.pk}: https://gg.example.org/d/manual/cases/{case.pk}/"


def test_the_api_returns_the_case_id_and_an_absolute_case_url(manual):  # noqa: F811
    from tests.api.conftest import api_client

    client = api_client("asker", manual)
    body = client.post(
        "/api/v1/answer", {"question": QUESTION, "dataset": "manual"}, format="json"
    ).json()
    case = Case.objects.get(external_id=body["request_id"])
    assert body["case_id"] == case.pk
    assert body["case_url"] == f"http://testserver/d/manual/cases/{case.pk}/"
    assert client.get(body["case_url"]).status_code in (200, 302)  # a real page
