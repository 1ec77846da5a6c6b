"""Who annotated, and every box deleted, against a real Label Studio (issue 31).

Label Studio's JSON export names an annotator by id; its users API gives the email, and the
import makes the review the GroundGate user's with that email (the others fall to --reviewer,
and the summary says so). In the editor, deleting the gate's every box and choosing
not_grounded is the correction "no evidence grounds this"; doing so under grounded is refused."""

from __future__ import annotations

import html
import io
import json
import os
import time

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from groundgate.integrations.labelstudio import LABEL_CONFIG
from groundgate.integrations.labelstudio.users import LabelStudioError, label_studio_users
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import demo_load
from reviews.models import Correction, Review
from tests.api.conftest import api_client
from tests.integrations.labelstudio.conftest import URL
from tests.integrations.labelstudio.test_label_studio_both_ways import open_task
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db

REFUTED = "demo-pdf-02"  # "$1,500" where the page says $1,050: no evidence grounds it
GROUNDED = "demo-pdf-01"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def submit_without_boxes(page, project: int, task: int, label: str) -> None:
    """In the editor: every region of the annotation deleted, `label` chosen, submitted."""
    open_task(page, project, task)
    assert page.evaluate("() => Htx.annotationStore.selected.regions.length") > 0
    # A copy: deleting from the live list while walking it skips every other region. The editor
    # may still be adding regions when it is first selected (a CI run kept one): delete until the
    # list has stayed empty for five polls in a row.
    page.wait_for_function(
        """() => {
            const regions = Htx.annotationStore.selected.regions;
            if (regions.length) {
                regions.slice().forEach(r => r.deleteRegion());
                window.emptyPolls = 0;
                return false;
            }
            window.emptyPolls = (window.emptyPolls || 0) + 1;
            return window.emptyPolls >= 5;
        }""",
        polling=100,
    )
    assert page.evaluate("() => Htx.annotationStore.selected.regions.length") == 0
    page.locator(f"input[name={label}]").check()
    page.get_by_role("button", name="Submit").click()


def test_annotators_mapped_by_email_and_every_box_deleted(
    label_studio, ls_page, tmp_path, monkeypatch, settings
):
    dataset, _ = dataset_get_or_create(slug="demo")
    demo_load(dataset=dataset)
    ada = api_client("ada", dataset, Role.ADMIN)
    response = ada.get("/api/v1/datasets/demo/export?format=labelstudio")
    ours = json.loads(b"".join(response.streaming_content))
    project = label_studio.call(
        "POST",
        "/api/projects",
        {"title": f"GroundGate annotators {time.time():.0f}", "label_config": LABEL_CONFIG},
    )["id"]
    label_studio.call("POST", f"/api/projects/{project}/import", ours)
    stored = label_studio.call("GET", f"/api/tasks?project={project}&page_size=1000")["tasks"]
    by_case = {t["data"]["external_id"]: t["id"] for t in stored}
    # The Label Studio user's email, in other case, is a GroundGate reviewer's
    lena = get_user_model().objects.create_user(
        "lena", email=os.environ["LABEL_STUDIO_USERNAME"].upper()
    )
    membership_grant(dataset=dataset, user=lena, role=Role.REVIEWER)

    for case, label in ((REFUTED, "not_grounded"), (GROUNDED, "grounded")):
        submit_without_boxes(ls_page, project, by_case[case], label)
    for _ in range(120):  # the editor posts them in the background
        exported = label_studio.call("GET", f"/api/projects/{project}/export?exportType=JSON")
        if sum(len(t["annotations"]) for t in exported) == 2:
            break
        time.sleep(0.5)
    annotations = [a for t in exported for a in t["annotations"]]
    assert len(annotations) == 2
    # What the import relies on: an id for the annotator, the prediction it was made from
    assert all(type(a["completed_by"]) is int for a in annotations)
    assert all(a["parent_prediction"] is not None for a in annotations)

    users = label_studio_users(URL, os.environ["LABEL_STUDIO_USER_TOKEN"])
    me = next(u for u in users.values() if u.email == os.environ["LABEL_STUDIO_USERNAME"])
    assert me.id == annotations[0]["completed_by"]
    with pytest.raises(LabelStudioError, match="check the API token"):
        label_studio_users(URL, "0" * 40)

    path = tmp_path / "export.json"
    path.write_text(json.dumps(exported))
    # The import page: Label Studio's address in its field, the token from the settings (the
    # environment), sent only because the address is the configured one
    settings.GROUNDGATE_LABEL_STUDIO_URL = URL
    settings.GROUNDGATE_LABEL_STUDIO_API_KEY = os.environ["LABEL_STUDIO_USER_TOKEN"]
    uploader = logged_in("una", dataset, Role.ADMIN)
    page = uploader.get("/d/demo/import").content.decode()
    assert f'name="label_studio_url" value="{URL}"' in page
    response = uploader.post(
        "/d/demo/import/labelstudio",
        {"file": SimpleUploadedFile("export.json", path.read_bytes()), "label_studio_url": URL},
    )
    page = html.unescape(response.content.decode())
    assert response.status_code == 200, page[-2000:]
    assert f"{me} -> lena (1 review)" in page
    assert "1 review imported" in page
    assert "every evidence box was deleted but the label is grounded" in page
    settings.GROUNDGATE_LABEL_STUDIO_URL = ""
    # The command, with the same Label Studio: the same mapping; the review is in already
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setenv("LABEL_STUDIO_API_KEY", os.environ["LABEL_STUDIO_USER_TOKEN"])
    call_command(
        "import_labelstudio",
        str(path),
        "--dataset",
        "demo",
        "--reviewer",
        "ada",
        "--label-studio",
        URL,
        stdout=out,
        stderr=err,
    )
    monkeypatch.delenv("LABEL_STUDIO_API_KEY")
    assert f"{me} -> lena" in out.getvalue()
    assert "0 reviews imported" in out.getvalue() and "1 imported before" in out.getvalue()
    assert "every evidence box was deleted but the label is grounded" in err.getvalue()
    refuted = Case.objects.get(dataset=dataset, external_id=REFUTED)
    (review,) = Review.objects.filter(case__dataset=dataset)
    assert (review.case, review.reviewer, review.label) == (refuted, lena, "not_grounded")
    correction = Correction.objects.get(review=review)
    assert correction.answer["evidences"] == [] and correction.citations_changed
    assert not correction.gate_passed

    # Without Label Studio's users the annotator is an id, and the summary says so
    out = io.StringIO()
    call_command(
        "import_labelstudio",
        str(path),
        "--dataset",
        "demo",
        "--reviewer",
        "ada",
        stdout=out,
        stderr=io.StringIO(),
    )
    assert f"Label Studio user {me.id}: its email is unknown" in out.getvalue()
    assert "0 reviews imported" in out.getvalue() and "1 imported before" in out.getvalue()
