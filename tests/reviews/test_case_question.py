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
