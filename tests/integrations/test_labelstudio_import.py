"""Label Studio annotations in as reviews, against tasks our exporter made from a real PDF (the
demo PDF, ingested). The annotations have the shape a real Label Studio exports
(tests/integrations/labelstudio/ makes them for real); here the refusals: a case gated again
since the export, a review saved meanwhile in GroundGate, a task of another dataset."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from groundgate.integrations.labelstudio.users import LabelStudioUser
from groundgate.models import Case, Chunk, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import DEMO_PDF
from groundgate.services.gating import dataset_regate
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from reviews.export import ExportFilters, export_records
from reviews.export_formats import EXPORT_FORMATS
from reviews.labelstudio_import import labelstudio_import
from reviews.models import Correction, Review
from reviews.services import review_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def exported():
    """The dataset, its reviewer, and its one case exported as a Label Studio task with an
    annotation (a label and the gate's own box) as Label Studio exports it."""
    dataset, _ = dataset_get_or_create(slug="pumps")
    document = document_ingest(dataset=dataset, data=DEMO_PDF.read_bytes(), filename="p.pdf")
    chunk = Chunk.objects.filter(document=document.document).order_by("ordinal")[1]
    excerpt = chunk.text.split(". ")[0] + "."
    case = {
        "case_id": "c1",
        "question": "What is the limit?",
        "raw_chunks": [{"chunk_id": chunk.chunk_id, "text": chunk.text}],
        "answer": {
            "conclusion": excerpt,
            "evidences": [{"chunk_id": chunk.chunk_id, "excerpt": excerpt}],
        },
    }
    case_import_lines(dataset=dataset, lines=[json.dumps(case)])
    reviewer = get_user_model().objects.create_user("rita")
    membership_grant(dataset=dataset, user=reviewer, role=Role.REVIEWER)
    stream = EXPORT_FORMATS["labelstudio"].stream
    (task,) = json.loads(
        b"".join(stream(export_records(dataset=dataset, filters=ExportFilters()), dataset=dataset))
    )
    task["id"] = 5
    task["annotations"] = [
        {
            "id": 9,
            "completed_by": 1,
            "was_cancelled": False,
            "result": [
                *task["predictions"][0]["result"],
                {"from_name": "label", "type": "choices", "value": {"choices": ["grounded"]}},
            ],
        }
    ]
    return dataset, reviewer, task


def test_an_annotation_becomes_a_review_once(exported):
    dataset, reviewer, task = exported
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert (report.imported, report.corrected, report.problems) == (1, 0, [])  # box kept
    (review,) = Review.objects.all()
    assert review.label == "grounded" and review.reviewer == reviewer
    assert review.comment == "[Label Studio annotation 9]"
    again = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert (again.imported, again.unchanged) == (0, 1)


def test_a_case_gated_again_since_the_export_is_refused(exported):
    dataset, reviewer, task = exported
    dataset_regate(dataset=dataset)
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert report.imported == 0
    assert report.problems == ["task 5, annotation 9: the case was gated again since the export"]


def test_a_review_saved_meanwhile_in_groundgate_is_not_overruled(exported):
    dataset, reviewer, task = exported
    ada = get_user_model().objects.create_user("ada")
    membership_grant(dataset=dataset, user=ada, role=Role.ADMIN)
    review_submit(case=Case.objects.get(), reviewer=ada, label="not_grounded")
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert report.imported == 0
    assert report.problems == ["task 5, annotation 9: reviewed meanwhile in GroundGate by ada"]


def test_a_task_of_another_dataset_is_refused(exported):
    _, reviewer, task = exported
    other, _ = dataset_get_or_create(slug="other")
    membership_grant(dataset=other, user=reviewer, role=Role.REVIEWER)
    report = labelstudio_import(dataset=other, tasks=[task], reviewer=reviewer)
    assert report.imported == 0
    assert report.problems == [
        f"task 5, annotation 9: case {task['data']['case_id']} is not a case of other"
    ]


def test_annotators_map_to_groundgate_users_by_the_email_label_studio_gives(exported):
    dataset, reviewer, task = exported
    lena = get_user_model().objects.create_user("lena", email="Lena@Example.org")
    membership_grant(dataset=dataset, user=lena, role=Role.REVIEWER)
    second = {**task["annotations"][0], "id": 10, "completed_by": 2}
    case2 = {**task, "annotations": [second]}
    users = {
        1: LabelStudioUser(id=1, email="lena@example.org", name="Lena"),
        2: LabelStudioUser(id=2, email="nobody@example.org", name=""),
    }
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer, users=users)
    assert report.imported == 1 and Review.objects.get().reviewer == lena
    assert report.annotator_lines("rita") == [
        "Lena <lena@example.org> (Label Studio user 1) -> lena (1 review)"
    ]
    # An annotator no GroundGate user claims: the fallback reviewer, and the summary says so
    report = labelstudio_import(dataset=dataset, tasks=[case2], reviewer=reviewer, users=users)
    assert report.annotator_lines("rita") == [
        "nobody@example.org (Label Studio user 2): no GroundGate user has this email; "
        "0 reviews by rita"
    ]
    assert report.problems == ["task 5, annotation 10: reviewed meanwhile in GroundGate by lena"]
    # Without Label Studio's users the id names nobody, and the summary says so
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert report.unchanged == 1
    assert report.annotator_lines("rita") == [
        "Label Studio user 1: its email is unknown (read Label Studio's users to map it); "
        "0 reviews by rita"
    ]


def test_every_box_deleted_is_a_correction_without_evidence(exported):
    dataset, reviewer, task = exported
    task["annotations"][0]["result"] = [
        {"from_name": "label", "type": "choices", "value": {"choices": ["not_grounded"]}}
    ]
    task["annotations"][0]["parent_prediction"] = 1
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert (report.imported, report.corrected, report.problems) == (1, 1, [])
    correction = Correction.objects.get()
    assert correction.answer["evidences"] == [] and correction.citations_changed
    assert not correction.gate_passed  # the answer without evidence: the gate rejects it


def test_every_box_deleted_under_the_label_grounded_is_refused(exported):
    dataset, reviewer, task = exported
    task["annotations"][0]["result"] = [
        {"from_name": "label", "type": "choices", "value": {"choices": ["grounded"]}}
    ]
    task["annotations"][0]["parent_prediction"] = 1
    report = labelstudio_import(dataset=dataset, tasks=[task], reviewer=reviewer)
    assert report.imported == 0 and not Review.objects.exists()
    assert report.problems == [
        "task 5, annotation 9: every evidence box was deleted but the label is grounded: "
        "keep or draw the box that grounds it, or choose another label"
    ]
