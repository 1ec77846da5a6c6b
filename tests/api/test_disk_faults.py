"""A disk that fails: an upload on a full file system (a real, small tmpfs mounted for
MEDIA_ROOT) is a 507 with nothing stored; a page image whose render cache cannot be written (a
read-only mount, a full one) is served uncached; a document whose file was lost is a 410 page
and API answer, not a 500. Mounting needs root (CI runs as root); elsewhere these tests skip."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from groundgate.models import Case, Document, OutboxMessage, Role
from groundgate.services.datasets import membership_grant
from groundgate.services.demo import demo_load
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


def _mount(path: Path, options: str) -> None:
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {done.stderr.strip()}")


@pytest.fixture
def mounts() -> Iterator[list[Path]]:
    mounted: list[Path] = []
    yield mounted
    for path in reversed(mounted):
        subprocess.run(["umount", "-l", str(path)], check=False)


def mount_tmpfs(mounts: list[Path], path: Path, options: str) -> Path:
    _mount(path, options)
    mounts.append(path)
    return path


def files_under(root: Path) -> list[Path]:
    return [Path(folder, name) for folder, _, names in os.walk(root) for name in names]


def upload(client, data: bytes, name: str = "big.pdf"):
    file = SimpleUploadedFile(name, data, content_type="application/pdf")
    return client.post("/api/v1/datasets/team/documents/upload", {"file": file}, format="multipart")


def test_an_upload_on_a_full_disk_is_507_with_nothing_stored(
    team_admin, settings, tmp_path, mounts
):
    media = mount_tmpfs(mounts, tmp_path / "full-media", "size=64k")
    settings.MEDIA_ROOT = media
    data = (PDFS / "freeculture.pdf").read_bytes()
    assert len(data) > 64 * 1024
    response = upload(team_admin, data)
    assert response.status_code == 507, response.content
    assert "storage is full" in response.json()["detail"]
    assert not Document.objects.exists()
    assert not OutboxMessage.objects.exists()
    assert files_under(media) == [] and os.listdir(media) == []  # no partial file, no folder
    # Room again: the same upload is accepted.
    subprocess.run(["mount", "-o", "remount,size=16m", str(media)], check=True)
    assert upload(team_admin, data).status_code == 202


def test_the_upload_page_on_a_full_disk_says_so(team, settings, tmp_path, mounts):
    from django.contrib.auth import get_user_model

    media = mount_tmpfs(mounts, tmp_path / "full-media", "size=64k")
    settings.MEDIA_ROOT = media
    user = get_user_model().objects.create_user("ada-web")
    membership_grant(dataset=team, user=user, role=Role.ADMIN)
    client = Client()
    client.force_login(user)
    file = SimpleUploadedFile("big.pdf", (PDFS / "freeculture.pdf").read_bytes())
    response = client.post("/d/team/documents/upload", {"file": file})
    assert response.status_code == 507
    assert b"storage is full" in response.content
    assert not Document.objects.exists() and files_under(media) == []


@pytest.fixture
def demo_member(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    from django.contrib.auth import get_user_model

    from groundgate.services.datasets import dataset_get_or_create

    dataset, _ = dataset_get_or_create(slug="demo")
    demo_load(dataset=dataset)
    user = get_user_model().objects.create_user("rita")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    case = Case.objects.get(external_id="demo-pdf-01")
    document = dataset.documents.get(kind="pdf")
    return client, case, document


@pytest.mark.parametrize("options", ["ro,size=1m", "size=4k"])
def test_a_page_image_is_served_uncached_when_the_cache_cannot_be_written(
    demo_member, settings, mounts, options
):
    client, case, document = demo_member
    renders = mount_tmpfs(mounts, Path(settings.MEDIA_ROOT) / "renders", options)
    for url in (
        f"/d/demo/documents/{document.pk}/pages/0.png?zoom=1",
        f"/d/demo/documents/{document.pk}/pages/0.png?case={case.pk}",
    ):
        response = client.get(url)
        assert response.status_code == 200, response.content[:200]
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert body[:8] == b"\x89PNG\r\n\x1a\n" and len(body) > 4096
    assert [p for p in files_under(renders) if p.suffix == ".tmp"] == []


def test_a_document_whose_file_was_lost_is_a_410_page_not_a_500(demo_member):
    client, case, document = demo_member
    Path(document.file.path).unlink()
    for url in (
        f"/d/demo/documents/{document.pk}/pages/0.png",
        f"/d/demo/cases/{case.pk}/annotated.pdf",
    ):
        response = client.get(url)
        assert response.status_code == 410, (url, response.status_code)
        assert b"file is missing" in response.content
    # The document's page still lists it (it does not read the file).
    assert client.get(f"/d/demo/documents/{document.pk}/").status_code == 200


def test_the_api_answers_410_for_a_lost_file(team_admin, settings, tmp_path):
    from groundgate.api.errors import exception_handler
    from groundgate.services.stored_files import DocumentFileMissing

    settings.MEDIA_ROOT = tmp_path / "media"
    from groundgate.models import Dataset

    dataset = Dataset.objects.get(slug="team")
    document = document_ingest(
        dataset=dataset, data=(PDFS / "rotation.pdf").read_bytes(), filename="rotation.pdf"
    ).document
    Path(document.file.path).unlink()
    response = exception_handler(DocumentFileMissing(document), {})
    assert response.status_code == 410 and "missing" in response.data["detail"]
    # The same bytes uploaded again put the file back (no second ingestion).
    again = upload(team_admin, (PDFS / "rotation.pdf").read_bytes(), "rotation.pdf")
    assert again.status_code == 200
    document.refresh_from_db()
    assert Path(document.file.path).read_bytes() == (PDFS / "rotation.pdf").read_bytes()


def test_a_label_studio_export_carries_its_page_images_when_the_cache_cannot_be_written(
    demo_member, settings, mounts
):
    """The exporter reads the page image from the cache, or takes the image itself when the
    cache is read-only (page_render gives bytes then): a task still shows its real page."""
    import base64
    import json

    from reviews.export import ExportFilters, export_records
    from reviews.export_formats import EXPORT_FORMATS

    _, case, _ = demo_member
    mount_tmpfs(mounts, Path(settings.MEDIA_ROOT) / "renders", "ro,size=1m")
    stream = EXPORT_FORMATS["labelstudio"].stream
    tasks = json.loads(
        b"".join(
            stream(
                export_records(dataset=case.dataset, filters=ExportFilters()), dataset=case.dataset
            )
        )
    )
    task = next(t for t in tasks if case.external_id in json.dumps(t["data"]))
    pages = task["data"]["pages"]
    assert pages, task["data"].keys()
    assert pages[0].startswith("data:image/png;base64,"), pages[0][:40]
    png = base64.b64decode(pages[0].split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 4096
