"""One validation of stored input (ids, page indexes, boxes) on every surface, and pages that
stay up when bad values were stored anyway (before the validation existed, or by raw SQL)."""

from __future__ import annotations

import io
import json

import pymupdf
import pytest
from django.core.management import call_command

from groundgate.models import Case, Chunk, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.gating import dataset_regate
from groundgate.services.ingestion import document_ingest
from groundgate.services.rendering import ZOOM_LEVELS, render_cache_dir
from tests.api.conftest import api_client
from tests.conftest import SHARED, run_groundgate
from tests.hostile.pdfs import pdf_with_content
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def case(case_id: str = "c-1", **evidence) -> dict:
    return {
        "case_id": case_id,
        "question": "q",
        "raw_chunks": [{"chunk_id": "k1", "text": "The box weighs 2 kg.", "page_index": 0}],
        "answer": {
            "conclusion": "The box weighs 2 kg.",
            "evidences": [{"chunk_id": "k1", "excerpt": "The box weighs 2 kg.", **evidence}],
        },
    }


BAD = [
    (case(""), "case_id", "an id must not be empty"),
    (case("x" * 256), "case_id", "256 characters; an id has at most 255"),
    (case('evil"\r\nX-Injected: 1'), "case_id", "must not contain control characters"),
    (case(page_index=-1), "answer.evidences[0].page_index", "-1: a page index is 0 or more"),
    (case(bbox=[50, 10, 10, 20]), "answer.evidences[0].bbox", "x0 <= x1 and top <= bottom"),
    (case(bbox=[0, 0, 1e300, 10]), "answer.evidences[0].bbox", "at most 1000000 points"),
    (
        {**case(), "raw_chunks": [{"chunk_id": "", "text": "t"}]},
        "raw_chunks[0].chunk_id",
        "an id must not be empty",
    ),
]


@pytest.fixture
def team():
    dataset, _ = dataset_get_or_create(slug="team")
    return dataset


@pytest.mark.parametrize(("payload", "field", "message"), BAD)
def test_api_and_cli_refuse_the_same_stored_input_naming_the_field(
    team, tmp_path, payload, field, message
):
    client = api_client("ada", team, Role.ADMIN)
    response = client.post(
        "/api/v1/gate/answer", json.dumps(payload), content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], message in error["message"]) == (field, True)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(payload))
    cli = run_groundgate("gate", "answer", str(path))
    assert cli.returncode == 2
    assert cli.stderr.strip() == f"groundgate: {path}: {field}: {error['message']}"
    assert not Case.objects.exists()


def test_import_reports_each_bad_line_and_keeps_the_good_ones(team, tmp_path):
    lines = [json.dumps(case("good-1"))]
    lines += [json.dumps(payload) for payload, _, _ in BAD]
    lines += [json.dumps(case("good-2"))]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(lines) + "\n")
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command(
            "import_cases", str(path), "--dataset", "team", stderr=err, stdout=io.StringIO()
        )
    reported = err.getvalue().splitlines()
    assert [r.split(": ")[2] for r in reported] == [field for _, field, _ in BAD]
    assert sorted(Case.objects.values_list("external_id", flat=True)) == ["good-1", "good-2"]


# ---- pages robust to bad stored values ----------------------------------------------------------


@pytest.fixture
def stored():
    """A ready document, a reviewer, and a helper that stores a case exactly as given (as raw
    SQL or an old version could have) and gates it."""
    dataset, _ = dataset_get_or_create(slug="team")
    document = document_ingest(
        dataset=dataset, data=(PDFS / "rotation.pdf").read_bytes(), filename="rotation.pdf"
    ).document
    chunk = Chunk.objects.filter(document=document).order_by("ordinal").first()
    reviewer = logged_in("rita", dataset, Role.ADMIN)

    def store(external_id: str, **evidence) -> Case:
        payload = case(external_id, **evidence)
        payload["raw_chunks"][0] = {
            "chunk_id": chunk.chunk_id,
            "text": chunk.text,
            "page_index": chunk.page_index,
            "position_int": chunk.position_int,
        }
        payload["answer"]["evidences"][0].update(chunk_id=chunk.chunk_id, excerpt=chunk.text[:20])
        row = Case.objects.create(
            dataset=dataset, kind="answer", external_id=external_id, payload=payload
        )
        dataset_regate(dataset=dataset)
        return row

    return dataset, document, reviewer, store


@pytest.mark.parametrize(
    "evidence",
    [
        {"page_index": -1, "bbox": [10, 10, 50, 50]},
        {"page_index": 0, "bbox": [500, 700, 10, 20]},  # inverted
        {"page_index": 0, "bbox": [-1e12, -1e12, 1e12, 1e12]},  # huge
        {"page_index": 10**30, "bbox": [10, 10, 50, 50]},  # past 64 bits
        {"page_index": 1, "bbox": [0, 0, 0, 0]},  # empty
    ],
)
def test_case_page_page_image_and_annotated_pdf_survive_bad_stored_boxes(stored, evidence):
    _, document, reviewer, store = stored
    row = store("bad-box", **evidence)
    page = reviewer.get(f"/d/team/cases/{row.pk}/")
    assert page.status_code == 200
    pdf = reviewer.get(f"/d/team/cases/{row.pk}/annotated.pdf")
    assert pdf.status_code == 200 and pymupdf.open(stream=pdf.content).page_count >= 1
    for index in range(document.page_count):
        image = reviewer.get(f"/d/team/documents/{document.pk}/pages/{index}.png?case={row.pk}")
        assert image.status_code == 200 and image["Content-Type"] == "image/png"


def test_an_id_with_quotes_and_line_breaks_cannot_break_the_download_header(stored):
    _, _, reviewer, store = stored
    row = store('evil"; filename="other.exe\r\nX-Injected: yes')
    response = reviewer.get(f"/d/team/cases/{row.pk}/annotated.pdf")
    assert response.status_code == 200
    header = response["Content-Disposition"]
    assert "\r" not in header and "\n" not in header
    # One parameter, percent-encoded (RFC 6266): the quote cannot open a second filename.
    assert header.startswith("attachment; filename*=utf-8''evil%22%3B%20filename%3D%22other.exe")
    assert header.count(";") == 1 and '"' not in header
    assert "X-Injected" not in response.headers


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/d/team/documents/{doc}/pages/0.png?case=abc", 400),
        ("/d/team/documents/{doc}/pages/0.png?case=99999999999999999999999", 400),
        ("/d/team/documents/{doc}/pages/0.png?zoom=nan", 400),
        ("/d/team/documents/{doc}/pages/0.png?zoom=1e400", 400),
        ("/d/team/documents/99999999999999999999999/pages/0.png", 404),
        ("/d/team/documents/{doc}/pages/99999999999999999999999.png", 404),
        ("/d/team/cases/99999999999999999999999/", 404),
        ("/d/team/cases/99999999999999999999999/annotated.pdf", 404),
        ("/api/v1/datasets/team/cases/99999999999999999999999/", 404),
        ("/api/v1/datasets/team/documents/99999999999999999999999/", 404),
        ("/api/v1/datasets/team/chunks/?document=99999999999999999999999", 200),
        ("/api/v1/datasets/team/export?since=2024-01-01T00:00:00%2B99:00", 400),
        ("/api/v1/datasets/team/export?since=9999-12-31T23:59:59-23:59", 400),
        ("/api/v1/datasets/team/export?since=0001-01-01T00:00:00%2B23:59", 400),
    ],
)
def test_hostile_urls_are_4xx_never_500(stored, url, status):
    dataset, document, reviewer, _ = stored
    url = url.format(doc=document.pk)
    if url.startswith("/api/"):
        client = api_client("ada-api", dataset, Role.ADMIN)
        response = client.get(url)
    else:
        response = reviewer.get(url)
    assert response.status_code == status, response.content[:300]


def test_the_render_cache_keeps_a_fixed_set_of_zoom_levels(stored):
    _, document, reviewer, _ = stored
    for zoom in ("1.0001", "1.0002", "0.99", "1.1", "1.2", "2.5", "5.9"):
        url = f"/d/team/documents/{document.pk}/pages/0.png?zoom={zoom}"
        assert reviewer.get(url).status_code == 200
    cached = sorted(p.name.split("-")[1] for p in render_cache_dir().rglob("*.png"))
    assert cached == ["1", "1.25", "2", "6"]  # 2.5 is as near 2 as 3: the smaller wins
    assert {float(z) for z in cached} <= set(ZOOM_LEVELS)


def test_a_200000_point_page_renders_within_the_size_limit(stored, settings):
    dataset, _, reviewer, _ = stored
    doc = pymupdf.open()
    page = doc.new_page(width=200_000, height=200_000)
    page.insert_text((100, 100), "A very large page", fontsize=12)
    data = doc.tobytes()
    huge = document_ingest(dataset=dataset, data=data, filename="huge.pdf").document
    assert huge.status == "ready"
    settings.GROUNDGATE_RENDER_MAX_SIDE_PX = 1000
    response = reviewer.get(f"/d/team/documents/{huge.pk}/pages/0.png?zoom=6")
    assert response.status_code == 200
    image = pymupdf.Pixmap(b"".join(response.streaming_content))
    assert max(image.width, image.height) <= 1000


def test_pdf_with_content_helper_makes_valid_pdfs():
    # The helper the hostile-PDF tests rely on makes files MuPDF opens without repair.
    doc = pymupdf.open(stream=pdf_with_content(b"BT ET", filter_name=None))
    assert doc.page_count == 1 and not doc.is_repaired
