"""An address under /api/ that no endpoint has answers the API's JSON error shape, not the
site's HTML 404 page; the API's own pages (the docs) and the site's pages keep their HTML."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/api/v1/nope", "/api/v1/datasets/x/nothing/", "/api/nothing"])
def test_an_unknown_api_address_is_a_json_404(url, team_admin):
    for client in (Client(), team_admin):
        response = client.get(url)
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "not found: no API endpoint at this address"}


def test_the_site_keeps_its_html_404_and_the_api_docs_their_html():
    page = Client().get("/no/such/page")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    docs = Client().get("/api/docs/")
    assert docs.status_code == 200 and docs["Content-Type"].startswith("text/html")
