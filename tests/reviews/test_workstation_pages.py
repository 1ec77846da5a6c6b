"""The dataset's documents, import and export pages, the app's own 403/404 pages and empty states,
with named actors: Rita (reviewer), Sam (another reviewer), Ada (admin), Otto (outsider)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.models import Case, Chunk, Document, DocumentStatus, Role
from groundgate.services.datasets import dataset_get_or_create
from reviews.models import QueueCode
from tests.conftest import DEMO_CASES, SHARED
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db

PDF = SHARED / "data" / "pdfs" / "tracemonkey.pdf"


def pdf_upload(path=PDF) -> SimpleUploadedFile:
    return SimpleUploadedFile(path.name, path.read_bytes(), content_type="application/pdf")


def jsonl(name: str, lines: list[str]) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, "\n".join(lines).encode(), content_type="application/x-ndjson")


def test_who_may_see_and_do_what_on_the_new_pages(reviewer, second_reviewer, admin, outsider):
    pages = ["/d/demo/documents/", "/d/demo/import", "/d/demo/export"]
    # The outsider cannot tell the dataset exists: 404 everywhere, the app's own page.
    for url in pages:
        response = outsider.get(url)
        assert response.status_code == 404, url
        assert "There is nothing here for you" in response.content.decode()
        assert "demo" not in response.content.decode().split("<main>")[1]
    assert outsider.post("/d/demo/documents/upload", {"file": pdf_upload()}).status_code == 404
    assert outsider.post("/d/demo/import", {"kind": "answer"}).status_code == 404
    # Reviewers see the documents but may not upload, import or export: 403, the app's page.
    for client in (reviewer, second_reviewer):
        listing = client.get("/d/demo/documents/")
        assert listing.status_code == 200 and 'id="upload"' not in listing.content.decode()
        for url in ("/d/demo/import", "/d/demo/export"):
            response = client.get(url)
            assert response.status_code == 403, url
            assert "Your role does not allow this" in response.content.decode()
        assert client.post("/d/demo/documents/upload", {"file": pdf_upload()}).status_code == 403
        assert client.post("/d/demo/relabel", {"to_label": "grounded"}).status_code == 403
    assert not Document.objects.exists()
    # The navigation offers what the access module allows.
    assert "/d/demo/import" not in reviewer.get("/d/demo/").content.decode()
    assert "/d/demo/import" in admin.get("/d/demo/").content.decode()
    for url in pages:
        assert admin.get(url).status_code == 200, url


def test_an_uploaded_pdf_appears_with_its_pages_and_chunks(
    admin, reviewer, django_capture_on_commit_callbacks
):
    empty = admin.get("/d/demo/documents/").content.decode()
    assert "No documents yet" in empty
    with django_capture_on_commit_callbacks(execute=False) as ingestion:
        response = admin.post("/d/demo/documents/upload", {"file": pdf_upload()})
    document = Document.objects.get()
    assert response.status_code == 302 and response.url == f"/d/demo/documents/{document.pk}/"
    # Before the ingestion task has run, the page says it is reading the pages.
    assert "refreshes itself" in reviewer.get(response.url).content.decode()
    for task in ingestion:
        task()  # the queued ingestion (eager Celery in tests), as the worker would run it
    document.refresh_from_db()
    assert document.status == DocumentStatus.READY and document.page_count == 14
    listing = reviewer.get("/d/demo/documents/").content.decode()
    assert "tracemonkey.pdf" in listing
    page = reviewer.get(f"/d/demo/documents/{document.pk}/")
    assert page.status_code == 200
    # Its figure labels extract as symbols: the reviewer is told they are not searched (d281).
    assert "4 chunk(s) of unreadable text" in page.content.decode()
    assert [p["number"] for p in page.context["pages"]] == list(range(1, 15))
    chunk_total = Chunk.objects.filter(document=document).count()
    assert sum(p["chunks"] for p in page.context["pages"]) == chunk_total > 0
    assert page.context["chunk_count"] == chunk_total
    # The chunks of the chosen page are listed (page 1 by default).
    assert [c.page_index for c in page.context["chunks"]] == [0] * page.context["pages"][0][
        "chunks"
    ]
    third = reviewer.get(f"/d/demo/documents/{document.pk}/?page=3").context["chunks"]
    assert {c.page_index for c in third} == {2}
    assert "page 1 ·" in page.content.decode()
    # The same bytes again: stored once, the page says so.
    again = admin.post("/d/demo/documents/upload", {"file": pdf_upload()}, follow=True)
    assert Document.objects.count() == 1
    assert "already in this dataset" in again.content.decode()


def test_a_pending_document_page_refreshes_itself(admin, demo_dataset):
    document = Document.objects.create(
        dataset=demo_dataset, title="big.pdf", sha256="0" * 64, status=DocumentStatus.PENDING
    )
    body = admin.get(f"/d/demo/documents/{document.pk}/").content.decode()
    assert '<meta http-equiv="refresh" content="2">' in body and "Pending" in body


def test_a_document_of_another_dataset_is_404(admin):
    other, _ = dataset_get_or_create(slug="other")
    document = Document.objects.create(
        dataset=other, title="secret.pdf", sha256="1" * 64, status=DocumentStatus.READY
    )
    assert admin.get(f"/d/demo/documents/{document.pk}/").status_code == 404
    assert admin.get(f"/d/other/documents/{document.pk}/").status_code == 404


def test_a_file_that_is_not_a_pdf_is_refused_by_name(admin):
    fake = SimpleUploadedFile("notes.pdf", b"hello", content_type="application/pdf")
    response = admin.post("/d/demo/documents/upload", {"file": fake}, follow=True)
    assert "Not uploaded: file: not a PDF" in response.content.decode()
    assert not Document.objects.exists()


def test_an_import_with_a_bad_line_writes_nothing_and_names_the_line(admin, demo_dataset):
    before = Case.objects.count()
    good = [json.dumps(json.loads(line) | {"case_id": f"new-{n}"}) for n, line in
            enumerate(DEMO_CASES.read_text().splitlines()[:3])]  # fmt: skip
    bad = json.loads(good[1])
    bad["raw_chunks"] = "not a list"
    response = admin.post(
        "/d/demo/import",
        {"kind": "answer", "file": jsonl("cases.jsonl", [good[0], json.dumps(bad), good[2]])},
    )
    assert response.status_code == 400
    assert (
        response.context["errors"][0][0] == 2 and "raw_chunks" in response.context["errors"][0][1]
    )
    assert "Nothing imported" in response.content.decode()
    assert Case.objects.count() == before  # the good lines were not kept either
    done = admin.post("/d/demo/import", {"kind": "answer", "file": jsonl("cases.jsonl", good)})
    assert done.status_code == 200 and done.context["report"].imported == 3
    assert Case.objects.count() == before + 3
    assert "Imported 3 cases" in done.content.decode()
    queue = admin.get("/d/demo/?kind=answer").context["page"]
    assert queue.count == before + 3


def test_the_result_lists_the_first_new_cases_with_their_gate_status_and_links(
    admin, demo_dataset, settings
):
    """Batches of 20 over 60 new lines and 2 already stored: the page names the first 50 new
    cases in file order (never the unchanged ones), each linking to its case page, and says
    they are the first 50 of 60."""
    from groundgate.models import GateRun
    from groundgate.services.imports import SHOWN_CASES

    settings.GROUNDGATE_IMPORT_BATCH_SIZE = 20
    demo = DEMO_CASES.read_text().splitlines()
    stored = [json.dumps(json.loads(line) | {"case_id": f"old-{n}"}) for n, line in
              enumerate(demo[:2])]  # fmt: skip
    admin.post("/d/demo/import", {"kind": "answer", "file": jsonl("old.jsonl", stored)})
    fresh = [json.dumps(json.loads(demo[n % len(demo)]) | {"case_id": f"many-{n:02}"})
             for n in range(60)]  # fmt: skip
    done = admin.post(
        "/d/demo/import", {"kind": "answer", "file": jsonl("many.jsonl", [*stored, *fresh])}
    )
    assert done.status_code == 200
    report = done.context["report"]
    assert (report.imported, report.unchanged) == (60, 2)
    shown = report.first_cases
    assert len(shown) == SHOWN_CASES == 50
    assert [c.external_id for c in shown] == [f"many-{n:02}" for n in range(50)]
    for case in shown:
        assert case.status == GateRun.objects.get(case_id=case.pk).status
    page = done.content.decode()
    assert "The first 50 of the 60 new cases, in file order" in page
    first = Case.objects.get(external_id="many-00")
    assert f'href="/d/demo/cases/{first.pk}/"><code>many-00</code></a>' in page
    assert "many-50" not in page and "old-0" not in page.split('id="imported-cases"')[1]
    assert admin.get(f"/d/demo/cases/{first.pk}/").status_code == 200


def test_a_bad_line_after_written_batches_still_leaves_nothing(admin, demo_dataset, settings):
    """Batches of two: lines 1-4 are written (cases, runs, queue rows) before line 5 repeats
    line 1's case_id with other content, which the database's copy of line 1 tells apart; the
    page's transaction then takes everything back."""
    from groundgate.models import GateRun
    from reviews.models import QueueCount, QueueEntry

    settings.GROUNDGATE_IMPORT_BATCH_SIZE = 2
    counted = (Case, GateRun, QueueEntry, QueueCount)
    before = [model.objects.count() for model in counted]
    good = [json.dumps(json.loads(line) | {"case_id": f"late-{n}"}) for n, line in
            enumerate(DEMO_CASES.read_text().splitlines()[:4])]  # fmt: skip
    clash = json.loads(good[1]) | {"case_id": "late-0"}
    response = admin.post(
        "/d/demo/import",
        {"kind": "answer", "file": jsonl("cases.jsonl", [*good, json.dumps(clash)])},
    )
    assert response.status_code == 400
    ((line, message),) = response.context["errors"]
    assert line == 5 and "'late-0' was already imported earlier in this file" in message
    assert [model.objects.count() for model in counted] == before


def test_the_export_page_downloads_through_the_streaming_export(admin, reviewer):
    page = admin.get("/d/demo/export").content.decode()
    assert 'action="/api/v1/datasets/demo/export"' in page
    # The finding code is a choice of the codes the dataset's cases have, with their counts,
    # and "only settled cases" is with the other filters, not in the Format row.
    codes = sorted(set(QueueCode.objects.values_list("code", flat=True)))
    choices = re.findall(r'<option value="([A-Z_0-9]+)">\1 \((\d+)\)</option>', page)
    assert [code for code, _ in choices] == codes and codes
    assert all(int(n) == QueueCode.objects.filter(code=code).count() for code, n in choices)
    formats, which = page.split('<fieldset class="which">')
    assert 'name="reviewed"' in which and 'name="reviewed"' not in formats
    download = admin.get("/api/v1/datasets/demo/export", {"format": "jsonl"})
    assert download.status_code == 200
    assert len(b"".join(download.streaming_content).splitlines()) == Case.objects.count()
    assert reviewer.get("/api/v1/datasets/demo/export", {"format": "jsonl"}).status_code == 403


def test_empty_states_say_what_to_do_next(db):
    dataset, _ = dataset_get_or_create(slug="empty", name="Empty")
    rita = logged_in("rita", dataset, Role.REVIEWER)
    ada = logged_in("ada", dataset, Role.ADMIN)
    assert "when an admin of this dataset imports them" in rita.get("/d/empty/").content.decode()
    assert "/d/empty/import" in ada.get("/d/empty/").content.decode()
    assert "No documents yet" in rita.get("/d/empty/documents/").content.decode()
    nobody = logged_in("nora")
    assert "not a member of any dataset" in nobody.get("/").content.decode()


def test_unknown_pages_get_the_apps_404(reviewer):
    response = reviewer.get("/no/such/page")
    assert response.status_code == 404
    assert '<a href="/">your datasets</a>' in response.content.decode()


def test_the_favicon_is_served_at_the_root_for_the_admin_and_the_app(client, admin):
    """Browsers ask for /favicon.ico on pages that name no icon (the Django admin's): it was a
    404 there; the app's pages name the same file."""
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    data = b"".join(response.streaming_content)
    assert data[:4] == b"\x00\x00\x01\x00" and response["Content-Type"] in (
        "image/x-icon",
        "image/vnd.microsoft.icon",
    )
    assert '<link rel="icon" href="/favicon.ico">' in admin.get("/d/demo/").content.decode()


def test_the_favicon_is_what_its_svg_source_makes():
    """favicon.ico is generated: .ci/favicon.py renders static/root/favicon.svg at 16, 32 and
    48 px. The committed icon must be its output, so an edit of the SVG is not left half done."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / ".ci" / "favicon.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
