"""Highlighted page renders (checked pixel by pixel), the render cache, annotated PDFs."""

from __future__ import annotations

import pymupdf
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.documents.render import LAYER_STYLE, Highlight, render_page_png
from groundgate.models import Case, Chunk, Role
from groundgate.services import rendering
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import demo_load
from groundgate.services.ingestion import document_ingest
from tests.conftest import SHARED

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def changed_box(plain: bytes, marked: bytes) -> tuple[int, int, int, int]:
    """Bounding box (x0, y0, x1, y1) of the pixels that differ between two renders."""
    a, b = pymupdf.Pixmap(plain), pymupdf.Pixmap(marked)
    assert (a.width, a.height) == (b.width, b.height)
    xs, ys = [], []
    sa, sb, n = a.samples, b.samples, a.n
    for y in range(0, a.height, 2):
        row = y * a.stride
        for x in range(0, a.width, 2):
            i = row + x * n
            if sa[i : i + n] != sb[i : i + n]:
                xs.append(x)
                ys.append(y)
    assert xs, "nothing was drawn"
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("name", ["rotation.pdf", "hello_world_rotated.pdf"])
def test_a_highlight_is_drawn_where_the_text_is_even_on_rotated_pages(name):
    doc = pymupdf.open(stream=(PDFS / name).read_bytes())
    page_index = doc.page_count - 1
    page = doc[page_index]
    assert page.rotation == 90
    word = page.get_text("words")[0]
    box = tuple(word[:4])
    plain = render_page_png(doc, page_index, zoom=1.0, highlights=[])
    doc = pymupdf.open(stream=(PDFS / name).read_bytes())
    marked = render_page_png(doc, page_index, zoom=1.0, highlights=[Highlight("finding", box)])
    x0, y0, x1, y1 = changed_box(plain, marked)
    # Where the box lands on the rotated image, computed independently of the renderer:
    expected = pymupdf.Rect(box) * doc[page_index].rotation_matrix
    assert abs(x0 - expected.x0) <= 4 and abs(y0 - expected.y0) <= 4
    assert abs(x1 - expected.x1) <= 4 and abs(y1 - expected.y1) <= 4


def test_the_cache_serves_a_page_without_opening_the_pdf(monkeypatch):
    dataset, _ = dataset_get_or_create(slug="render")
    doc = document_ingest(
        dataset=dataset, data=(PDFS / "tracemonkey.pdf").read_bytes(), filename="tracemonkey.pdf"
    ).document
    highlights = [Highlight("chunk", (72, 100, 300, 140))]
    first = rendering.page_render(document=doc, page_index=0, zoom=1.0, highlights=highlights)
    assert first.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    def refuse(*args, **kwargs):
        raise AssertionError("opened the PDF for a cached page")

    # Pages are rendered in a child process (render_page_isolated): refuse to start one.
    monkeypatch.setattr(rendering, "render_page_isolated", refuse)
    again = rendering.page_render(document=doc, page_index=0, zoom=1.0, highlights=highlights)
    assert again == first
    with pytest.raises(AssertionError):  # another highlight set is another image
        rendering.page_render(document=doc, page_index=0, zoom=1.0, highlights=[])
    with pytest.raises(ValueError, match="zoom"):
        rendering.page_render(document=doc, page_index=0, zoom=50, highlights=[])
    with pytest.raises(ValueError, match="page 99"):
        rendering.page_render(document=doc, page_index=99, zoom=1, highlights=[])


@pytest.fixture
def demo(db):
    dataset, _ = dataset_get_or_create(slug="demo")
    demo_load(dataset=dataset)
    return dataset


def test_case_highlights_show_claimed_and_true_boxes(demo):
    case = Case.objects.get(external_id="demo-pdf-03")
    findings = case.gate_runs.get().findings
    pages = rendering.case_page_highlights(case=case, findings=findings)
    (((_, page_index), highlights),) = pages.items()
    layers = {h.layer for h in highlights}
    assert page_index == 0
    assert {"chunk", "true_box", "evidence", "excerpt"} <= layers


def test_the_near_miss_is_boxed_on_the_page_not_its_paragraph(demo):
    # A new user read the claimed box (the whole paragraph, orange dashed like a near miss) as
    # the near miss's box. The near miss "$1,050" has its own tight box inside the paragraph,
    # and the claimed box is drawn in another colour.
    case = Case.objects.get(external_id="demo-pdf-02")
    findings = case.gate_runs.get().findings
    assert findings[0]["near_match"]["text"] == "$1,050"
    (highlights,) = rendering.case_page_highlights(case=case, findings=findings).values()
    (near,) = [h.bbox for h in highlights if h.layer == "near_miss"]
    (claimed,) = [h.bbox for h in highlights if h.layer == "evidence"]
    assert claimed[0] <= near[0] < near[2] <= claimed[2]
    assert claimed[1] <= near[1] < near[3] <= claimed[3]
    assert (near[2] - near[0]) < (claimed[2] - claimed[0]) / 5  # the value, not the paragraph
    assert (near[3] - near[1]) < 20  # one line
    assert LAYER_STYLE["near_miss"]["color"] != LAYER_STYLE["evidence"]["color"]


def test_annotated_pdf_carries_the_findings(demo):
    case = Case.objects.get(external_id="demo-pdf-05")  # on the rotated page
    findings = case.gate_runs.get().findings
    data = rendering.case_annotated_pdf(case=case, findings=findings)
    pdf = pymupdf.open(stream=data)
    assert pdf.page_count == 1 and pdf[0].rotation == 90
    notes = [a.info["content"] for a in pdf[0].annots()]
    assert any("UNGROUNDED_NUMBER" in note for note in notes)
    assert {a.type[1] for a in pdf[0].annots()} >= {"Highlight", "Square"}


def test_page_images_and_pdfs_are_for_members_only(demo):
    case = Case.objects.get(external_id="demo-pdf-01")
    doc = case.dataset.documents.get(kind="pdf")
    users = get_user_model().objects
    reviewer, outsider = users.create_user("rita"), users.create_user("otto")
    membership_grant(dataset=demo, user=reviewer, role=Role.REVIEWER)
    member, stranger = Client(), Client()
    member.force_login(reviewer)
    stranger.force_login(outsider)
    image = f"/d/demo/documents/{doc.pk}/pages/0.png?case={case.pk}"
    pdf = f"/d/demo/cases/{case.pk}/annotated.pdf"
    response = member.get(image)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert member.get(pdf)["Content-Type"] == "application/pdf"
    assert member.get(f"/d/demo/documents/{doc.pk}/pages/0.png?zoom=abc").status_code == 400
    assert member.get(f"/d/demo/documents/{doc.pk}/pages/7.png").status_code == 404
    for url in (image, pdf):
        assert stranger.get(url).status_code == 404
    assert Client().get(image).status_code == 302  # anonymous: to the login page


def test_the_case_page_places_each_finding_on_its_cited_page(demo):
    """Findings that name only an evidence index are placed on the page of that evidence's
    chunk (the answer family maps the index to the chunk)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from groundgate.services.datasets import membership_grant

    case = Case.objects.get(external_id="demo-pdf-03")
    findings = case.gate_runs.get().findings
    placed = [f for f in findings if f.get("evidence_index") is not None]
    assert placed
    user = get_user_model().objects.create_user("rita")
    membership_grant(dataset=demo, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    page = client.get(f"/d/demo/cases/{case.pk}/")
    locations = [g.where for g in page.context["groups"]]
    document_id = Chunk.objects.get(
        dataset=demo, chunk_id=case.payload["answer"]["evidences"][0]["chunk_id"]
    ).document_id
    assert any(w.key == f"{document_id}:0" and len(w.bbox) == 4 for w in locations)
    assert f'data-page="{document_id}:0" data-bbox="' in page.content.decode()
    # A finding that names only its evidence index is placed through the answer family.
    from reviews.presenters import finding_locations

    bare = [{"code": "EXCERPT_NOT_FOUND", "evidence_index": 0}, {"code": "X"}]
    chunks = rendering.case_cited_chunks(case=case)
    first, unplaced = finding_locations(case, bare, chunks)
    assert first.key == f"{document_id}:0" and len(first.bbox) == 4
    assert unplaced.key == "" and unplaced.bbox == ()
