"""The case page's heading is the case's question; a case whose format carries none (an imported
R5 model response, a Gate E report) says so under its id instead of passing the id off as one."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from tests.conftest import ROOT
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db


def first_line(name: str) -> bytes:
    with (ROOT / "fixtures" / "demo" / name).open("rb") as fh:
        return fh.readline()


@pytest.mark.parametrize(
    ("fixture", "kind", "note"),
    [
        ("anchored.jsonl", "anchored", "an imported model response (R5) carries none"),
        ("report.jsonl", "report", "a report (Gate E) carries none"),
        ("synthesis.jsonl", "synthesis", None),
    ],
)
def test_the_heading_is_the_question_or_says_there_is_none(fixture, kind, note):
    dataset, _ = dataset_get_or_create(slug="demo")
    report = case_import_lines(dataset=dataset, lines=[first_line(fixture)], kind=kind)
    assert not report.errors
    case = Case.objects.get(dataset=dataset)
    client = logged_in("rita", dataset, "reviewer")
    html = client.get(f"/d/demo/cases/{case.pk}/").content.decode()
    if note is None:
        assert case.question and f'<h1 class="question">{case.question}</h1>' in html
        assert 'id="no-question"' not in html
    else:
        assert case.question == ""
        assert f'<h1 class="question">{case.external_id}</h1>' in html
        assert note in html


def test_relabel_has_no_default_and_staff_see_the_admin_link(demo_dataset):
    """The relabel form makes the admin choose (no label is preselected: one click cannot
    relabel a case as "Grounded"); the header links staff to the Django admin, where memberships
    are managed, and nobody else."""
    case = Case.objects.filter(dataset=demo_dataset).first()
    admin = logged_in("ada", demo_dataset, "admin")
    admin.user.is_staff = True
    admin.user.save()
    html = admin.get(f"/d/demo/cases/{case.pk}/").content.decode()
    select = html[html.index('<select name="to_label"') :]
    select = select[: select.index("</select>")]
    assert '<option value="" selected disabled>choose…</option>' in select
    assert select.count("selected") == 1 and " required" in select
    assert 'class="adminlink" href="/admin/"' in html
    reviewer = logged_in("rita", demo_dataset, "reviewer")
    assert "adminlink" not in reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode()
