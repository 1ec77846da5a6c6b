"""Read endpoints, uploads and imports, with who may do what."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.models import Case, Document
from tests.conftest import SHARED
from tests.engine.family_samples import PASSING, failing

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture
def upload(django_capture_on_commit_callbacks):
    """POST a file to the upload endpoint. The test's transaction never commits, so the task
    that would run on commit (eagerly) is run when the request returns."""

    def post(client, name: str, data: bytes | None = None, **extra):
        content = data if data is not None else (PDFS / name).read_bytes()
        file = SimpleUploadedFile(name, content, content_type="application/pdf")
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                "/api/v1/datasets/team/documents/upload",
                {"file": file, **extra},
                format="multipart",
            )

    return post


def test_datasets_list_only_the_callers(rag_system, outsider):
    assert [d["slug"] for d in rag_system.get("/api/v1/datasets/").json()["results"]] == ["team"]
    assert outsider.get("/api/v1/datasets/").json()["results"] == []
    assert outsider.get("/api/v1/datasets/team/").status_code == 404


def test_upload_a_pdf_then_read_its_status_and_chunks(team_admin, upload):
    response = upload(team_admin, "rotation.pdf")
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["task_id"] and body["status_url"].endswith(f"/documents/{body['document']['id']}/")
    status = team_admin.get(body["status_url"]).json()
    assert (status["status"], status["page_count"], status["chunk_count"]) == ("ready", 2, 2)
    chunks = team_admin.get(f"/api/v1/datasets/team/chunks/?document={status['id']}").json()
    assert chunks["results"][1]["position_int"][0][0] == 2
    assert upload(team_admin, "rotation.pdf").status_code == 200  # already ingested
    assert Document.objects.count() == 1


def test_upload_an_encrypted_pdf_with_its_password(team_admin, upload):
    response = upload(team_admin, "issue6010_2.pdf", password="æøå")
    document = team_admin.get(response.json()["status_url"]).json()
    assert document["status"] == "ready"


def test_upload_errors(team_admin, rag_system, settings, upload):
    assert upload(team_admin, "notes.txt", b"hello, not a pdf").status_code == 415
    assert upload(rag_system, "rotation.pdf").status_code == 403  # a reviewer may not ingest
    settings.GROUNDGATE_MAX_UPLOAD_BYTES = 1000
    assert upload(team_admin, "rotation.pdf").status_code == 413
    response = team_admin.post("/api/v1/datasets/team/documents/upload", {}, format="multipart")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "file"


def test_jsonl_import_of_chunks_and_cases(team_admin, upload):
    document = team_admin.get(upload(team_admin, "rotation.pdf").json()["status_url"]).json()
    good = {"chunk_id": "ext-1", "text": "x", "page_index": 0, "position_int": [[1, 1, 2, 3, 4]]}
    lines = json.dumps(good) + "\n" + json.dumps(good | {"chunk_id": "ext-2", "page_index": 9})
    response = team_admin.post(
        f"/api/v1/datasets/team/documents/{document['id']}/chunks/import",
        data=lines,
        content_type="application/x-ndjson",
    )
    report = response.json()
    assert report["imported"] == 1 and report["errors"][0]["line"] == 2
    cases = "\n".join([json.dumps(PASSING["anchored"]), "{oops"])
    response = team_admin.post(
        "/api/v1/datasets/team/cases/import?kind=anchored",
        data=cases,
        content_type="application/x-ndjson",
    )
    assert response.json()["imported"] == 1 and response.json()["errors"][0]["line"] == 2
    assert Case.objects.get().kind == "anchored"


def test_cases_with_current_verdict_filters_and_cursor_pagination(rag_system):
    for i in range(7):
        body = (failing("answer") if i % 2 else PASSING["answer"]) | {"case_id": f"c{i}"}
        rag_system.post(
            "/api/v1/gate/answer?dataset=team",
            data=json.dumps(body),
            content_type="application/json",
        )
    first = rag_system.get("/api/v1/datasets/team/cases/?page_size=3").json()
    assert len(first["results"]) == 3 and first["next"]
    second = rag_system.get(first["next"]).json()
    assert {c["external_id"] for c in first["results"]}.isdisjoint(
        c["external_id"] for c in second["results"]
    )
    rejected = rag_system.get("/api/v1/datasets/team/cases/?code=UNGROUNDED_NUMBER").json()
    assert [c["external_id"] for c in rejected["results"]] == ["c1", "c3", "c5"]
    assert rejected["results"][0]["current"]["gate_status"] == "citation_insufficient"
    assert "UNGROUNDED_NUMBER" in rejected["results"][0]["current"]["finding_codes"]  # a list
    assert first["results"][0]["current"]["finding_codes"] == []
    case_id = rejected["results"][0]["id"]
    detail = rag_system.get(f"/api/v1/datasets/team/cases/{case_id}/").json()
    assert detail["current_verdict"]["findings"][0]["code"] == "UNGROUNDED_NUMBER"
    runs = rag_system.get(f"/api/v1/datasets/team/cases/{case_id}/gate-runs/").json()
    assert len(runs["results"]) == 1
    assert rag_system.get(f"/api/v1/datasets/team/cases/{case_id}/reviews/").json()["results"] == []
    assert rag_system.get("/api/v1/datasets/team/cases/999999/").status_code == 404


def test_outsiders_get_404_everywhere(team_admin, outsider):
    team_admin.post(
        "/api/v1/gate/answer?dataset=team",
        data=json.dumps(PASSING["answer"]),
        content_type="application/json",
    )
    case_id = Case.objects.get().pk
    for url in [
        "/api/v1/datasets/team/",
        "/api/v1/datasets/team/documents/",
        "/api/v1/datasets/team/chunks/",
        "/api/v1/datasets/team/cases/",
        f"/api/v1/datasets/team/cases/{case_id}/",
        "/api/v1/datasets/team/export",
    ]:
        assert outsider.get(url).status_code == 404, url


def test_the_case_list_filters_by_final_label(team_admin, team):
    from reviews.services import case_relabel

    for i in range(3):
        team_admin.post(
            "/api/v1/gate/answer?dataset=team",
            data=json.dumps(PASSING["answer"] | {"case_id": f"l{i}"}),
            content_type="application/json",
        )
    case_relabel(
        case=Case.objects.get(external_id="l1"),
        admin=team_admin.user,
        to_label="grounded",
        reason="checked",
    )
    listed = team_admin.get("/api/v1/datasets/team/cases/?label=grounded").json()["results"]
    assert [c["external_id"] for c in listed] == ["l1"]
