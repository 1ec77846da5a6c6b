"""The import page's Label Studio form (admins of the dataset): the same service as
`manage.py import_labelstudio`, its result on the page - reviews imported, who became whom, and
each refused annotation named by task and annotation; the same file again adds nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.models import Role
from reviews.models import Review
from tests.integrations.test_labelstudio_import import exported  # noqa: F401 (a fixture)
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db

URL = "/d/pumps/import/labelstudio"


def upload(tasks) -> dict:
    data = json.dumps(tasks).encode() if not isinstance(tasks, bytes) else tasks
    return {"file": SimpleUploadedFile("project-1-at-2026.json", data)}


def test_an_admin_uploads_label_studios_export_and_sees_what_became_of_it(exported):  # noqa: F811
    dataset, _, task = exported
    ada = logged_in("ada", dataset, Role.ADMIN)
    page = ada.get("/d/pumps/import").content.decode()
    assert 'id="import-labelstudio"' in page and f'action="{URL}"' in page
    assert ada.get(URL)["Location"] == "/d/pumps/import#labelstudio"

    foreign = {**task, "id": 6, "data": {**task["data"], "case_id": 10**9}}
    response = ada.post(URL, upload([task, foreign]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "1 review imported" in page
    assert "Label Studio user 1: its email is unknown" in page and "1 review by ada" in page
    assert f"task 6, annotation 9: case {10**9} is not a case of pumps" in page
    (review,) = Review.objects.all()
    assert (review.reviewer, review.label) == (ada.user, "grounded")

    again = ada.post(URL, upload([task])).content.decode()
    assert "0 reviews imported" in again and "1 imported before" in again
    assert Review.objects.count() == 1


def test_only_admins_and_only_json(exported):  # noqa: F811
    dataset, _, task = exported
    reviewer = logged_in("rex", dataset, Role.REVIEWER)
    assert reviewer.post(URL, upload([task])).status_code == 403
    ada = logged_in("ada", dataset, Role.ADMIN)
    response = ada.post(URL, upload(b"{not json"))
    assert response.status_code == 400
    assert "Not imported: file: not JSON" in response.content.decode()
    assert ada.post(URL, {}).status_code == 400
    assert not Review.objects.exists()


def test_the_token_goes_only_to_the_configured_label_studio(exported, settings):  # noqa: F811
    """Label Studio's users are asked with the server's token (LABEL_STUDIO_API_KEY): an address
    typed on the page that is not LABEL_STUDIO_URL (scheme, host, port) is refused before any
    request, and nothing is imported (policy labelstudio-token-origin/1)."""
    dataset, _, task = exported
    ada = logged_in("ada", dataset, Role.ADMIN)
    settings.GROUNDGATE_LABEL_STUDIO_API_KEY = "t" * 40
    settings.GROUNDGATE_LABEL_STUDIO_URL = ""
    response = ada.post(URL, {**upload([task]), "label_studio_url": "http://127.0.0.1:9/"})
    assert response.status_code == 400
    assert "no Label Studio is configured (LABEL_STUDIO_URL)" in response.content.decode()
    settings.GROUNDGATE_LABEL_STUDIO_URL = "http://ls.example:8080"
    page = ada.get("/d/pumps/import").content.decode()
    assert 'name="label_studio_url" value="http://ls.example:8080"' in page
    for elsewhere in (
        "http://attacker.example:8080",
        "https://ls.example:8080",
        "http://ls.example",
    ):
        response = ada.post(URL, {**upload([task]), "label_studio_url": elsewhere})
        assert response.status_code == 400, elsewhere
        text = response.content.decode()
        assert "the API token is sent only to the configured Label Studio" in text
        assert f'value="{elsewhere}"' in text  # the choice is kept on the page
    assert not Review.objects.exists()
    # The configured address, unreachable: said so, nothing imported
    settings.GROUNDGATE_LABEL_STUDIO_URL = "http://127.0.0.1:9"
    response = ada.post(URL, {**upload([task]), "label_studio_url": "http://127.0.0.1:9/"})
    assert response.status_code == 400
    assert "Label Studio&#x27;s users: http://127.0.0.1:9/api/users/: cannot connect" in (
        response.content.decode()
    )
    assert not Review.objects.exists()
