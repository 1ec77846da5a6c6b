"""The case page's corrections as a reviewer met them (issue 28, s49), in Chromium: the "should
say" field offers the near miss written as the answer writes its value, the cell as printed
beside it (d928); a change said of another change column's cell is offered that change (d926);
the near miss's box keeps its digits clear of its dashed border; a refusal imported without
what retrieval returned says so instead of sending the reviewer to candidates it has not got
(d929); a bare cell whose scale heads another chunk is offered at the answer's scale; a scale
written in parentheses is shown in one pair.
Screenshots: should-say-*.png, refusal-imported-*.png."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from groundgate.engine.context import corpus_zh
from groundgate.engine.gates.anchored import DEFAULT_POLICY as ANCHORED
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from tests.e2e.test_case_page import log_in
from tests.e2e.test_workstation import shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _answer(case_id: str, question: str, table: str, conclusion: str) -> dict:
    return {
        "case_id": case_id,
        "question": question,
        "raw_chunks": [{"chunk_id": f"{case_id}-t", "text": table}],
        "answer": {
            "conclusion": conclusion,
            "evidences": [{"chunk_id": f"{case_id}-t", "excerpt": table}],
        },
    }


@pytest.fixture
def reports():
    dataset, _ = dataset_get_or_create(slug="reports", name="Reports")
    user = get_user_model().objects.create_user("rita", password="rita-pass-123")
    membership_grant(dataset=dataset, user=user, role=Role.REVIEWER)
    lines = [
        _answer(
            "quarter-scale",
            "2023年第二季度营业收入是多少？",
            corpus_zh.QUARTER_MONTHS,
            "第二季度营业收入为31.23亿元。",
        ),
        _answer(
            "change-column",
            "白酒营业收入同比增长多少？",
            corpus_zh.SEGMENT_TABLE,
            "白酒营业收入同比增长10.12%。",
        ),
    ]
    # Best Buy's 10-Q as chunking 2 cuts it: "$ in millions" heads the chunk before the rows.
    head = "Condensed Consolidated Statements of Cash Flows $ in millions (unaudited)"
    rows = "Six Months Ended\nJuly 29, 2023 July 30, 2022\nDepreciation and amortization 473 453"
    said = "Depreciation and amortization was $453 million in the six months ended July 29, 2023."
    lines.append(
        {
            "case_id": "scale-in-the-chunk-before",
            "question": "What was depreciation and amortization in the six months ended then?",
            "raw_chunks": [
                {"chunk_id": "cf-head", "text": head},
                {"chunk_id": "cf-rows", "text": rows},
            ],
            "answer": {
                "conclusion": said,
                "evidences": [{"chunk_id": "cf-rows", "excerpt": rows}],
            },
        }
    )
    # Ulta's balance sheet: its scale is written in parentheses, "(In thousands)".
    sheet = (
        "(In thousands)\nJanuary 28, January 29,\n2023 2022\n"
        "Cash and cash equivalents $ 737,877 $ 431,560"
    )
    lines.append(
        _answer(
            "scale-in-parentheses",
            "What were cash and cash equivalents at January 28, 2023?",
            sheet,
            "Cash and cash equivalents were $431,560 thousand at January 28, 2023.",
        )
    )
    report = case_import_lines(dataset=dataset, lines=[json.dumps(line) for line in lines])
    assert report.imported == 4, report.errors
    refusal = {
        "request_id": "refusal-imported",
        "generation_status": "NO_EVIDENCE",
        "citations": [],
        "raw_model_text": ANCHORED.refusal_text,
    }
    report = case_import_lines(dataset=dataset, lines=[json.dumps(refusal)], kind="anchored")
    assert report.imported == 1, report.errors
    return dataset


def _open(page, live_server, external_id: str):
    case = Case.objects.get(external_id=external_id)
    page.goto(f"{live_server.url}/d/reports/cases/{case.pk}/")
    return case


def test_should_say_offers_the_near_miss_at_the_answers_scale(page, live_server, reports):
    log_in(page, live_server)
    _open(page, live_server, "quarter-scale")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    item.click()
    # 第二季度's cell, 2,987,654,321.00 元, as the answer writes its value: 亿元, two decimals.
    assert item.locator(".fixvalue").get_attribute("placeholder") == "29.88亿元"
    printed = item.locator(".printed")
    assert printed.is_visible()
    assert printed.inner_text() == "printed “2,987,654,321.00” (单位：元)"
    # The near miss's dashed box leaves room after its last digit (d929).
    near = page.locator("article.source .src.m-near").first
    room = near.evaluate(
        """el => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect(), box = el.getBoundingClientRect();
          const border = parseFloat(getComputedStyle(el).borderRightWidth);
          return [text.left - box.left - border, box.right - text.right - border];
        }"""
    )
    assert min(room) >= 2, room
    shoot(page, "should-say-scale")


def test_a_change_said_of_another_change_column_is_offered_its_change(page, live_server, reports):
    log_in(page, live_server)
    _open(page, live_server, "change-column")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    words = item.inner_text()
    assert "营业收入比上年增减（%）) has 15.23" in words and "has 1,234,567.89" not in words, words
    item.click()
    assert item.locator(".fixvalue").get_attribute("placeholder") == "15.23%"
    shoot(page, "should-say-change")


def test_a_refusal_imported_without_candidates_says_so(page, live_server, reports):
    log_in(page, live_server)
    _open(page, live_server, "refusal-imported")
    banner = page.inner_text("#refusal")
    assert "no candidates to judge it by" in banner
    assert "right pane" not in banner
    assert "Judge it from the retrieved candidates" not in page.inner_text("#findings")
    assert page.locator("#refusal a", has_text="documents").get_attribute("href") == (
        "/d/reports/documents/"
    )
    assert "No retrieved candidates came with this refusal" in page.inner_text("#no-evidence")
    shoot(page, "refusal-imported")


def test_a_bare_cell_whose_scale_heads_another_chunk_is_offered_at_the_answers(
    page, live_server, reports
):
    # Read as units, "473" was offered as "$0.0005 million".
    log_in(page, live_server)
    _open(page, live_server, "scale-in-the-chunk-before")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    item.click()
    assert item.locator(".fixvalue").get_attribute("placeholder") == "$473 million"
    assert item.locator(".printed").inner_text() == "printed “473”"
    shoot(page, "should-say-scale-elsewhere")


def test_a_scale_written_in_parentheses_is_shown_in_one_pair(page, live_server, reports):
    # It read "printed “737,877” ((In thousands))".
    log_in(page, live_server)
    _open(page, live_server, "scale-in-parentheses")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    item.click()
    assert item.locator(".fixvalue").get_attribute("placeholder") == "$737,877 thousand"
    assert item.locator(".printed").inner_text() == "printed “737,877” (In thousands)"


def test_the_printed_note_stays_beside_its_value_at_1366(page, live_server, reports):
    # At 1366x768 the note wrapped alone to the next line, under "Point at evidence":
    # it wraps with "should say" and its field as one, on the field's line, to its right.
    log_in(page, live_server)
    _open(page, live_server, "scale-in-parentheses")
    item = page.locator(".finding-item.code-VALUE_OUT_OF_CONTEXT")
    item.click()
    assert page.viewport_size == {"width": 1366, "height": 768}
    field = item.locator(".fixvalue").bounding_box()
    note = item.locator(".printed").bounding_box()
    assert field is not None and note is not None
    assert note["x"] >= field["x"] + field["width"], (field, note)
    assert abs((note["y"] + note["height"] / 2) - (field["y"] + field["height"] / 2)) < 6
    # One line of words, not cut between the value and its scale.
    assert note["height"] < 24, note
    shoot(page, "should-say-printed-1366")
