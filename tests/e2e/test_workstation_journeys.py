"""The queue, reservations and the admin's pages in a real browser (Debian's Chromium), at
1366x768 and 1920x1080: two reviewers and a reservation; an admin uploading a PDF, reading its
document page, importing cases, relabelling with a confirmation, reading the dashboard and
downloading an export. Screenshots go to var/shots (or GROUNDGATE_SHOTS) as ws-queue-*.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from groundgate.models import Case, Document, DocumentStatus, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.demo import demo_load
from reviews.models import QueueEntry, Relabel, Reservation, Review
from tests.conftest import DEMO_CASES, SHARED
from tests.e2e.test_case_page import save_anyway
from tests.e2e.test_case_page import shoot as shoot_both_sizes

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PDF = SHARED / "data" / "pdfs" / "tracemonkey.pdf"


@pytest.fixture
def demo(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="demo", name="Demo")
    demo_load(dataset=dataset)
    for name, role in (("rita", Role.REVIEWER), ("sam", Role.REVIEWER), ("ada", Role.ADMIN)):
        user = get_user_model().objects.create_user(name, password=f"{name}-pass-123")
        membership_grant(dataset=dataset, user=user, role=role)
    return dataset


def log_in(page, live_server, name: str) -> None:
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", f"{name}-pass-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def shoot(page, name: str) -> None:
    """The page at both sizes, full length (the screenshots are for people to look at)."""
    shoot_both_sizes(page, name, prefix="ws-queue-")


def queue_ids(page) -> list[str]:
    return page.locator("#queue tbody tr[data-href] td:first-child a").all_inner_texts()


@pytest.fixture
def two_pages(browser):
    """Two browsers' pages at the two sizes, closed after the test (an open context keeps its
    connections to the live server, whose threads then close them after the test database went)."""
    contexts = [
        browser.new_context(viewport={"width": 1366, "height": 768}),
        browser.new_context(viewport={"width": 1920, "height": 1080}),
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def test_two_reviewers_never_take_the_same_case(two_pages, live_server, demo):
    rita, sam = two_pages
    log_in(rita, live_server, "rita")
    log_in(sam, live_server, "sam")

    # Rita filters the queue without a button (the form submits on change) and opens a case.
    rita.goto(f"{live_server.url}/d/demo/")
    assert not rita.locator("#filters button.apply").is_visible()
    rita.select_option("select[name=outcome]", "reject")
    rita.wait_for_url("**outcome=reject**")
    assert set(rita.locator("#queue .outcome").all_inner_texts()) == {"reject"}
    # The counts beside the other filters follow: the kinds add up to the rejected cases.
    kinds = rita.locator("select[name=kind] option").all_inner_texts()[1:]
    total = int(rita.inner_text("#queue-count").split()[0])
    assert sum(int(k.rsplit("(", 1)[1].rstrip(")")) for k in kinds) == total
    shoot(rita, "queue-filtered")
    first = queue_ids(rita)[0]
    rita.keyboard.press("Enter")
    rita.wait_for_url("**/cases/**")
    assert "held for you until" in rita.inner_text("#hold")
    case = Case.objects.get(external_id=first)
    assert Reservation.objects.get(case=case).reviewer.username == "rita"

    # Sam's queue does not show it; the same filter counts one case fewer.
    sam.goto(f"{live_server.url}/d/demo/?outcome=reject")
    assert first not in queue_ids(sam)
    assert int(sam.inner_text("#queue-count").split()[0]) == total - 1
    shoot(sam, "queue-other-reviewer")
    # Opening it by its link shows who holds it; Sam does not take it over.
    sam.goto(f"{live_server.url}/d/demo/cases/{case.pk}/")
    assert "rita opened this case and holds it" in sam.inner_text("#hold")
    assert Reservation.objects.get(case=case).reviewer.username == "rita"
    sam.goto(f"{live_server.url}/d/demo/")

    # Rita decides with the keyboard and saves: the hold ends, Sam sees the case again.
    rita.locator("body").press("1")
    save_anyway(rita)
    rita.wait_for_selector(".messages .msg-success")
    assert Review.objects.filter(case=case, reviewer__username="rita").exists()
    assert not Reservation.objects.filter(case=case).exists()
    sam.goto(f"{live_server.url}/d/demo/?outcome=reject")
    assert first in queue_ids(sam)
    rita.goto(f"{live_server.url}/d/demo/")
    assert "1 reviewed today" in rita.inner_text("#my-progress")
    assert "0 reviewed today" in sam.inner_text("#my-progress")
    shoot(rita, "queue-progress")


def test_an_admins_day_upload_import_relabel_dashboard_export(page, live_server, demo, tmp_path):
    log_in(page, live_server, "ada")
    page.click("text=Demo")

    # Upload a real PDF: it appears in the documents with its pages and chunks.
    page.click("nav.datasetnav >> text=Documents")
    page.set_input_files("#upload input[name=file]", str(PDF))
    page.click("#upload button[type=submit]")
    page.wait_for_url("**/documents/*/")
    # The page refreshes itself while the document is pending; wait until it is ready.
    page.wait_for_function(
        "() => document.querySelector('#document-status').innerText.includes('Ready')",
        timeout=60_000,
    )
    document = Document.objects.get(title="tracemonkey.pdf")
    assert document.status == DocumentStatus.READY
    assert page.locator("#pages li").count() == 14
    assert "page 1 ·" in page.inner_text("#pages li >> nth=0")
    assert page.locator("#chunks tbody tr").count() > 0
    page.locator("#pages img").first.wait_for()
    shoot(page, "document")
    page.click("nav.datasetnav >> text=Documents")
    assert "tracemonkey.pdf" in page.inner_text("#documents")

    # Import: a file with a bad line writes nothing and names the line; the fixed file imports.
    lines = DEMO_CASES.read_text().splitlines()[:4]
    good = [json.dumps(json.loads(line) | {"case_id": f"imported-{n}"}) for n, line in
            enumerate(lines)]  # fmt: skip
    bad = json.loads(good[2]) | {"raw_chunks": "not a list"}
    bad_file, good_file = tmp_path / "bad.jsonl", tmp_path / "good.jsonl"
    bad_file.write_text("\n".join([*good[:2], json.dumps(bad), good[3]]) + "\n")
    good_file.write_text("\n".join(good) + "\n")
    before = Case.objects.count()
    page.click("nav.datasetnav >> text=Import")
    page.set_input_files("#import input[name=file]", str(bad_file))
    page.click("#import button[type=submit]")
    page.wait_for_selector("#import-errors")
    assert page.inner_text("#import-errors tbody tr td >> nth=0") == "3"
    assert "raw_chunks" in page.inner_text("#import-errors")
    assert Case.objects.count() == before
    shoot(page, "import-errors")
    page.set_input_files("#import input[name=file]", str(good_file))
    page.click("#import button[type=submit]")
    page.wait_for_selector(".import-done")
    assert "Imported 4 cases" in page.inner_text("#import-result")
    assert Case.objects.count() == before + 4
    shoot(page, "import-done")

    # Bulk relabel: the confirmation lists how many and which cases; only then is it applied.
    page.goto(f"{live_server.url}/d/demo/?code=NO_CHUNKS")
    page.click("details.bulk summary")
    page.fill("details.bulk input[name=reason]", "no retrieval at all")
    page.select_option("details.bulk select[name=to_label]", "not_grounded")
    page.click("details.bulk button[type=submit]")
    page.wait_for_selector("#relabel-cases")
    listed = page.locator("#relabel-cases tbody tr td:first-child").all_inner_texts()
    expected = sorted(
        QueueEntry.objects.filter(finding_codes__contains=" NO_CHUNKS ").values_list(
            "external_id", flat=True
        )
    )
    assert sorted(listed) == expected and len(expected) >= 1
    assert f"{len(expected)} case" in page.inner_text("#relabel-summary")
    assert not Relabel.objects.exists()
    shoot(page, "relabel-confirm")
    page.click("#confirm-relabel")
    page.wait_for_selector(".messages .msg-success")
    assert Relabel.objects.count() == len(expected)
    # A relabel is not a review: those cases are still unreviewed.
    assert set(
        QueueEntry.objects.filter(external_id__in=expected).values_list("review_state", flat=True)
    ) == {"unreviewed"}

    # Dashboard: per-rule agreement with kappa; a count opens the queue it counts.
    for external_id, label in (("demo-en-17", "2"), ("demo-en-01", "1"), ("demo-en-09", "3")):
        page.goto(f"{live_server.url}/d/demo/cases/{Case.objects.get(external_id=external_id).pk}/")
        page.locator("body").press(label)
        save_anyway(page)
        page.wait_for_selector(".messages .msg-success")
    assert Review.objects.filter(reviewer__username="ada").count() == 3, page.inner_text("main")[
        :600
    ]
    page.click("nav.datasetnav >> text=Dashboard")
    page.wait_for_url("**/dashboard")
    page.wait_for_selector("#agreement table.rule")
    assert page.locator("#agreement table.rule").count() >= 1
    cell = page.locator("#confusion tbody td a").filter(has_text="1").first
    href = cell.get_attribute("href")
    shoot(page, "dashboard")
    cell.click()
    page.wait_for_url("**review_label=**")
    assert page.url.endswith(href.split("?", 1)[1]) or "review_label" in page.url
    assert page.inner_text("#queue-count") == "1 case"

    # Export: the page's download is the streaming export.
    page.click("nav.datasetnav >> text=Export")
    page.wait_for_selector("#export")
    shoot(page, "export")
    with page.expect_download() as download_info:
        page.click("#export button[type=submit]")
    path = download_info.value.path()
    records = [json.loads(line) for line in Path(path).read_text().splitlines()]
    assert len(records) == Case.objects.count()
    assert download_info.value.suggested_filename == "demo.jsonl"


def test_the_apps_own_error_pages(page, live_server, demo):
    log_in(page, live_server, "rita")
    response = page.goto(f"{live_server.url}/d/demo/import")
    assert response.status == 403 and "Your role does not allow this" in page.inner_text("main")
    shoot(page, "403")
    response = page.goto(f"{live_server.url}/d/secret-dataset/")
    assert response.status == 404 and "There is nothing here for you" in page.inner_text("main")
    shoot(page, "404")


def test_a_refused_relabel_keeps_the_admins_input_and_the_cases_address(page, live_server, demo):
    log_in(page, live_server, "ada")
    case = Case.objects.get(external_id="demo-en-17")
    page.goto(f"{live_server.url}/d/demo/cases/{case.pk}/")
    page.select_option("form.relabel select[name=to_label]", "not_grounded")
    # A reason of blanks (a browser that skips the `required` check): refused by the server.
    reason = "form.relabel input[name=reason]"
    page.evaluate(f"() => document.querySelector('{reason}').required = false")
    page.fill(reason, "   ")
    page.click("form.relabel button[type=submit]")
    # The page sent it and keeps itself, with its line.
    page.wait_for_selector("form.relabel .save-line.error")
    line = page.inner_text("form.relabel .save-line")
    assert "Not relabelled: reason: a relabel needs a reason" in line
    assert "Nothing you entered is lost" in line
    shoot(page, "relabel-refused")
    # Her choice is still there, and the address is the case's.
    assert page.input_value("form.relabel select[name=to_label]") == "not_grounded"
    assert "reading without holding" in page.inner_text("#hold")
    assert page.url.endswith(f"/cases/{case.pk}/"), page.url
    assert not Relabel.objects.filter(case=case).exists()
