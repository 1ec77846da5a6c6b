"""The review form refused as a person meets it: each error names the field (and the finding) in
words, and what the person had entered is on the page again."""

from __future__ import annotations

import html
import json

import pytest

from groundgate.models import Case
from reviews.corrections import CorrectionError, correction_parse
from reviews.models import Correction, Review

pytestmark = pytest.mark.django_db


def post(client, external_id: str, **form):
    c = Case.objects.get(external_id=external_id)
    run = c.gate_runs.order_by("-id").first()
    data = {"label": "not_grounded", "seen_review_id": 0, "gate_run_id": run.pk, **form}
    response = client.post(f"/d/demo/cases/{c.pk}/review", data)
    return c, response, html.unescape(response.content.decode())


BOX = {"finding_index": 0, "page_index": 0, "bbox": [10, 10, 60, 30], "value": "$1,050"}


@pytest.mark.parametrize(
    ("box", "words"),
    [
        ({}, "the box's document_id is missing: draw the box on the page again"),
        ({"document_id": "7"}, "the box's document_id must be a whole number from 0, not '7'"),
        ({"document_id": -3}, "the box's document_id must be a whole number from 0, not -3"),
    ],
)
def test_a_box_without_its_document_id_is_refused_naming_the_field_and_the_finding(
    reviewer, box, words
):
    # The page always sends the box's document id; a hand-edited form may not.
    correction = json.dumps({"findings": [BOX | box]})
    c, response, body = post(reviewer, "demo-en-17", correction=correction, comment="boxed it")
    assert response.status_code == 400
    assert f"Finding 1 (UNGROUNDED_NUMBER): {words}" in body
    assert "correction.findings[" not in body  # the service's path stays in the API
    # The finding's row carries the error; the typed comment and the box come back.
    assert 'class="fielderror" role="alert">Finding 1 (UNGROUNDED_NUMBER)' in body
    assert "boxed it" in body and '"value": "$1,050"' in body
    assert not Review.objects.filter(case=c).exists() and not Correction.objects.exists()


def test_the_parser_names_every_number_it_refuses():
    cases = [
        ({"findings": [{"finding_index": None}]}, "finding_index is missing"),
        ({"findings": [{"finding_index": "0"}]}, "finding_index must be a whole number"),
        ({"citations": [{"evidence": -1}]}, "evidence must be a whole number from 0, not -1"),
        ({"citations": [{"chunk_id": "c1", "end": 4}]}, "the selection's start is missing"),
        ({"citations": [{"bbox": [1, 2, 3, 4], "document_id": 1}]}, "the box's page_index is"),
    ]
    for data, words in cases:
        with pytest.raises(CorrectionError) as caught:
            correction_parse(data)
        assert words in caught.value.message, data


def test_an_unknown_reason_is_reported_as_invalid_not_as_missing(reviewer):
    # The page offers only the listed reasons; a hand-edited form (or a stale page) may not.
    c, response, body = post(reviewer, "demo-en-17", **{"call-0": "wrong", "reason-0": "xyz"})
    assert response.status_code == 400
    assert (
        "Finding 1 (UNGROUNDED_NUMBER): 'xyz' is not one of the reasons "
        "(formatting, paraphrase, evidence_elsewhere, extraction, other)" in body
    )
    assert "say why the gate was wrong" not in body
    # No reason at all is still asked for as before.
    _, missing, body = post(reviewer, "demo-en-17", **{"call-0": "wrong"})
    assert missing.status_code == 400
    assert "Finding 1 (UNGROUNDED_NUMBER): say why the gate was wrong" in body
    # A long one is shortened in the message.
    _, long, body = post(reviewer, "demo-en-17", **{"call-0": "wrong", "reason-0": "z" * 500})
    assert long.status_code == 400 and "'" + "z" * 37 + "...' is not one of the reasons" in body
    assert "z" * 38 not in body.split("<main>")[1].split('name="comment"')[0]
    assert not Review.objects.filter(case=c).exists()
