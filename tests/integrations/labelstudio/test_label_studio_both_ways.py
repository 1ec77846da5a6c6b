"""GroundGate's tasks in a real Label Studio and its annotations back (issue 31, item 3).

The demo dataset (a real PDF, ingested, and text-only cases) is exported as Label Studio tasks,
imported into a new project through Label Studio's REST API, opened in its editor in Chromium,
annotated (one in the editor as a person does, one through the API as the editor posts it),
exported with Label Studio's JSON export and imported back as reviews and a correction."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pymupdf
import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from groundgate.integrations.labelstudio import LABEL_CONFIG
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.demo import DEMO_PDF, demo_load
from reviews.labelstudio_import import labelstudio_import
from reviews.models import Correction, Review
from tests.api.conftest import api_client
from tests.integrations.labelstudio.conftest import SHOTS, URL

pytestmark = pytest.mark.django_db

PDF_CASE = "demo-pdf-03"  # its evidence is the second paragraph's first line, not a heading
TEXT_CASE = "demo-en-03"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def pct_box(page: pymupdf.Page, text: str) -> dict[str, float]:
    """Where `text` is on the page, in percent of the page (as Label Studio stores boxes)."""
    (rect,) = page.search_for(text)[:1]
    w, h = page.rect.width, page.rect.height
    return {
        "x": rect.x0 / w * 100,
        "y": rect.y0 / h * 100,
        "width": rect.width / w * 100,
        "height": rect.height / h * 100,
    }


def open_task(page, project: int, task: int) -> None:
    """Label Studio's editor on `task`, its page image loaded (drawn from a blob of our data
    URL: Label Studio fetches every image and shows it from a blob)."""
    page.goto(f"{URL}/projects/{project}/data?tab=0&task={task}")
    page.wait_for_function(
        "() => [...document.querySelectorAll('img')]"
        ".some(i => i.src.startsWith('blob:') && i.complete && i.naturalWidth > 0)"
    )
    page.wait_for_function("() => window.Htx && Htx.annotationStore.selected")


def shown(page, text: str) -> None:
    """`text` is drawn in the editor. It waits: the editor renders its text panes after the
    page image has loaded (a check that does not wait failed once in CI on the code task)."""
    expect(page.get_by_text(text, exact=False).first).to_be_visible(timeout=30_000)


def shoot(page, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(800)
        page.screenshot(path=str(Path(SHOTS) / f"labelstudio-{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})


def test_tasks_out_and_annotations_back(label_studio, ls_page, tmp_path):
    dataset, _ = dataset_get_or_create(slug="demo")
    demo_load(dataset=dataset)
    ada = api_client("ada", dataset, Role.ADMIN)
    response = ada.get("/api/v1/datasets/demo/export?format=labelstudio")
    ours = json.loads(b"".join(response.streaming_content))
    assert len(ours) == Case.objects.filter(dataset=dataset).count()

    # Into Label Studio: a project with our config, our tasks as they are
    project = label_studio.call(
        "POST",
        "/api/projects",
        {"title": f"GroundGate demo {time.time():.0f}", "label_config": LABEL_CONFIG},
    )["id"]
    imported = label_studio.call("POST", f"/api/projects/{project}/import", ours)
    assert imported["task_count"] == len(ours) and imported["prediction_count"] == len(ours)
    stored = label_studio.call("GET", f"/api/tasks?project={project}&page_size=1000")["tasks"]
    by_case = {t["data"]["external_id"]: t for t in stored}
    for task in ours:
        theirs = by_case[task["data"]["external_id"]]
        assert theirs["data"] == task["data"]  # data URLs, evidence text and ids kept as sent
        (prediction,) = label_studio.call("GET", f"/api/predictions?task={theirs['id']}")
        assert prediction["result"] == task["predictions"][0]["result"]
        assert task["data"]["pages"] and task["data"]["evidence_text"]  # never empty
    text_only = [t for t in ours if t["data"]["page_refs"][0]["document_id"] is None]
    assert len(text_only) > len(ours) / 2  # most demo cases have no page: each has a stand-in

    # The editor: the page image shown, the prediction's box on the evidence's own line
    page = ls_page
    pdf_task, text_task = by_case[PDF_CASE], by_case[TEXT_CASE]
    open_task(page, project, pdf_task["id"])
    regions = page.evaluate(
        "() => Htx.annotationStore.predictions[0].regions"
        ".map(r => ({x: r.x, y: r.y, width: r.width, height: r.height, item: r.item_index}))"
    )
    case = Case.objects.get(dataset=dataset, external_id=PDF_CASE)
    (evidence,) = case.payload["answer"]["evidences"]
    with pymupdf.open(DEMO_PDF) as pdf:
        expected = pct_box(pdf[0], evidence["excerpt"])
        heading = pct_box(pdf[0], "Pump Station Maintenance Manual")
        moved_to = pct_box(pdf[0], "Section 2.1 Inspection intervals.")
    (region,) = regions
    for key, value in expected.items():
        assert region[key] == pytest.approx(value, abs=0.6), key
    assert abs(region["y"] - heading["y"]) > 5  # not the chunk's first rectangle
    shown(page, evidence["excerpt"])
    shoot(page, "pdf-case")
    open_task(page, project, text_task["id"])
    case_text = Case.objects.get(dataset=dataset, external_id=TEXT_CASE)
    cited_id = case_text.payload["answer"]["evidences"][0]["chunk_id"]
    chunk_text = next(c for c in case_text.payload["raw_chunks"] if c["chunk_id"] == cited_id)[
        "text"
    ]
    shown(page, chunk_text[:40])
    shoot(page, "text-case")
    # Every family's task renders: its page or stand-in image drawn, its evidence text shown
    for kind in sorted({t["data"]["kind"] for t in ours}):
        first = next(t for t in ours if t["data"]["kind"] == kind)
        open_task(page, project, by_case[first["data"]["external_id"]]["id"])
        line = first["data"]["evidence_text"].splitlines()[0]
        shown(page, line)
    open_task(page, project, text_task["id"])
    refused = [line for line in page.console_lines if "Refused to" in line]
    assert refused == []  # no Content-Security-Policy refusal (Label Studio's CSP is report-only)

    # Annotating as a person: the text-only case, in the editor
    page.locator("input[name=not_grounded]").check()
    page.locator("[name=comment]").fill("the figure is not in the evidence")
    page.locator("[name=comment]").press("Enter")
    page.get_by_role("button", name="Submit").click()
    for _ in range(120):  # the editor posts it in the background
        if label_studio.call("GET", f"/api/tasks/{text_task['id']}")["total_annotations"] == 1:
            break
        time.sleep(0.5)
    # ... and as the editor posts it: the PDF case, its box moved onto another line
    ours_pdf = next(t for t in ours if t["data"]["external_id"] == PDF_CASE)
    box = dict(ours_pdf["predictions"][0]["result"][0])
    box["value"] = {**box["value"], **moved_to}
    box["id"] = "moved"
    label_studio.call(
        "POST",
        f"/api/tasks/{pdf_task['id']}/annotations/",
        {
            "result": [
                box,
                {
                    "id": "label",
                    "from_name": "label",
                    "to_name": "answer",
                    "type": "choices",
                    "value": {"choices": ["partially_grounded"]},
                },
            ],
            "lead_time": 12.5,
            "project": project,
        },
    )

    # Back: Label Studio's JSON export, read into reviews
    exported = label_studio.call("GET", f"/api/projects/{project}/export?exportType=JSON")
    assert {t["data"]["external_id"] for t in exported if t["annotations"]} == {
        PDF_CASE,
        TEXT_CASE,
    }
    report = labelstudio_import(dataset=dataset, tasks=exported, reviewer=ada.user)
    assert (report.imported, report.corrected, report.unchanged) == (2, 1, 0), report.problems
    assert report.problems == []
    text_review = Review.objects.get(case=case_text)
    assert text_review.label == "not_grounded" and text_review.reviewer == ada.user
    assert text_review.comment.startswith("the figure is not in the evidence\n[Label Studio")
    pdf_review = Review.objects.get(case=case)
    assert pdf_review.label == "partially_grounded"
    correction = Correction.objects.get(review=pdf_review)
    assert correction.citations_changed
    (cited,) = correction.answer["evidences"]
    assert cited["excerpt"] == "Section 2.1 Inspection intervals."  # the words in the moved box

    # Again: nothing is imported twice (the command says so)
    path = tmp_path / "label-studio-export.json"
    path.write_text(json.dumps(exported))
    out = io.StringIO()
    call_command(
        "import_labelstudio", str(path), "--dataset", "demo", "--reviewer", "ada", stdout=out
    )
    assert "0 reviews imported" in out.getvalue() and "2 imported before" in out.getvalue()
    assert Review.objects.filter(case__dataset=dataset).count() == 2
