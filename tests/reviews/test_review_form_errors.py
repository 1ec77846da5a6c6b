"""The review form refused as a person meets it: each error names the field (and the finding) in
words, and what the person had entered is on the page again."""

from __future__ import annotations

import html
import json

import pytest

from groundgate.models import Case
from reviews.corrections import CorrectionError, correction_parse
from reviews.models import Correction, Reservation, Review

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


def test_a_refused_save_keeps_the_hold_and_says_the_input_is_kept(reviewer, second_reviewer):
    c = Case.objects.get(external_id="demo-en-17")
    opened = reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    assert "This case is held for you until" in opened and "kept below" not in opened
    _, response, body = post(reviewer, "demo-en-17", **{"call-0": "wrong"}, comment="my note")
    assert response.status_code == 400
    notice = body.split('id="hold"')[1].split("</p>")[0]
    assert "This case is still held for you until" in notice
    assert "what you entered is kept below" in notice
    assert "my note" in body
    assert Reservation.objects.get(case=c).reviewer.username == "rita"
    # Sam opens it meanwhile: Rita holds it, and his refused save says so, his input kept too.
    assert "rita opened this case" in second_reviewer.get(f"/d/demo/cases/{c.pk}/").content.decode()
    _, response, body = post(second_reviewer, "demo-en-17", label="maybe")
    assert response.status_code == 400
    notice = body.split('id="hold"')[1].split("</p>")[0]
    assert "rita opened this case and holds it" in notice and "kept below" in notice
    assert Reservation.objects.get(case=c).reviewer.username == "rita"


def test_a_conflict_keeps_the_hold_notice(reviewer, second_reviewer):
    c = Case.objects.get(external_id="demo-en-18")
    assert post(reviewer, "demo-en-18", label="grounded")[1].status_code == 302
    second_reviewer.get(f"/d/demo/cases/{c.pk}/")
    _, response, body = post(second_reviewer, "demo-en-18", comment="mine too")
    assert response.status_code == 409
    notice = body.split('id="hold"')[1].split("</p>")[0]
    assert "still held for you until" in notice and "kept below" in notice
    assert "mine too" in body


def test_a_refused_relabel_keeps_the_admins_input_and_the_notice(admin):
    c = Case.objects.get(external_id="demo-en-17")
    response = admin.post(
        f"/d/demo/cases/{c.pk}/relabel", {"to_label": "not_grounded", "reason": "   "}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "Not relabelled: reason: a relabel needs a reason: say why" in body
    assert "This field is required" not in body
    # The admin reads without holding, as on opening the case; what she chose is selected again.
    notice = body.split('id="hold"')[1].split("</p>")[0]
    assert "reading without holding" in notice and "kept below" in notice
    assert '<option value="not_grounded" selected>' in body
    assert 'name="reason" required size="40" value="   "' in body
    assert not Reservation.objects.filter(case=c).exists()


def test_a_relabel_to_no_label_is_named_as_such(admin):
    """A final label that is not one of the labels says so (was Django's "Select a valid
    choice")."""
    c = Case.objects.get(external_id="demo-en-17")
    response = admin.post(f"/d/demo/cases/{c.pk}/relabel", {"to_label": "xyz", "reason": "typo"})
    assert response.status_code == 400
    body = html.unescape(response.content.decode())
    assert "Not relabelled: to_label: 'xyz' is not one of the labels" in body
