"""A finding's span in its chunk said in words on the case page (reviews.span_words): the line,
the row's label and the line quoted with the value, not "at characters 89-92"; the offsets stay
in the hint's title."""

from __future__ import annotations

import html

import pytest

from groundgate.models import Case

pytestmark = pytest.mark.django_db


def test_a_value_said_of_another_row_is_placed_by_line_and_row(reviewer):
    case = Case.objects.get(external_id="demo-en-22")
    page = html.unescape(reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode())
    assert "at characters" not in page
    said = "line 4 of 4, row “Pump B”: “Pump B  <strong>250</strong>  22.0”"
    # The value out of context's reason labels the answer's figure's place (d1015).
    label = (
        '<span class="figure-label" title="another_row">'
        "the answer's figure, another row's value</span>"
    )
    assert f"{label}: {said}" in page
    assert 'title="characters 89–92 of the chunk' in page and 'data-span="89,92"' in page


def test_a_closest_text_in_one_line_is_quoted_without_a_line_number(reviewer):
    case = Case.objects.get(external_id="demo-en-11")
    page = html.unescape(reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode())
    assert "at characters" not in page
    hint = page.split('class="hint span-place"')[1].split("</div>")[0]
    assert "closest chunk text" in hint and "<strong>" in hint


@pytest.mark.parametrize("external_id", ["demo-en-23", "demo-zh-18"])
def test_a_period_word_grounded_by_its_cells_header_says_so_not_none(reviewer, external_id):
    # NUMBER_CELL_HEADER (d1011) grounds a period word by the cell's column header: it names no
    # equivalence rules, and its line read "grounded by None" (a reviewer's walk found it).
    case = Case.objects.get(external_id=external_id)
    page = html.unescape(reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode())
    assert "NUMBER_CELL_HEADER" in page
    assert "None" not in page.split('<ol class="findings')[-1].split("</ol>")[0]
    item = page.split("finding-item code-NUMBER_CELL_HEADER")[1].split("</li>")[0]
    line = item.split('class="hint grounded-line"')[1].split("</div>")[0]
    assert "the period of its cell: “" in line and "under its column's header in chunk" in line
