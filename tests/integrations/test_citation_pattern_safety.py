"""An admin's citation pattern cannot hold a worker: the catastrophic-backtracking shape is
refused when typed (API parameter, import page field, command option), and a pattern that slips
past that check is stopped on an answer within a bound, with an error naming the pattern."""

from __future__ import annotations

import time
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groundgate.integrations.openinference.citation_pattern import (
    CitationPatternTimeout,
    citation_pattern_compile,
)
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from tests.api.conftest import api_client
from tests.integrations.test_trace_import import T1, TRACES
from tests.reviews.conftest import logged_in

URL = "/api/v1/datasets/team/traces/import"
CATASTROPHIC = r"(?:a+)+$"


@pytest.mark.parametrize("pattern", [CATASTROPHIC, r"(\w+\s?)+$", r"(a*)*b", r"\[((?:\d+)+)\]"])
def test_nested_repeats_are_refused_naming_the_pattern(pattern):
    with pytest.raises(ValueError, match="can backtrack catastrophically") as refused:
        citation_pattern_compile(pattern)
    assert repr(pattern) in str(refused.value)


@pytest.mark.parametrize(
    "pattern", [r"\[([^\[\]\n]{1,128})\]", r"\[(\d+(?:,\s*\d+)*)\]", r"【(\d+)】", r"(?:\d{2})+"]
)
def test_ordinary_patterns_are_accepted(pattern):
    assert citation_pattern_compile(pattern).pattern == pattern


def test_a_pattern_that_slips_past_the_check_stops_within_a_bound():
    pattern = citation_pattern_compile(r"(a|a)+$")  # overlapping alternatives: not caught
    text = "a" * 40 + "!"  # with the standard re: 2^40 steps, hours of CPU
    started = time.monotonic()
    with pytest.raises(CitationPatternTimeout, match=r"'\(a\|a\)\+\$' took longer than"):
        list(pattern.finditer(text))
    assert time.monotonic() - started < 10


@pytest.mark.django_db
def test_the_api_refuses_it_with_the_field_named():
    team, _ = dataset_get_or_create(slug="team")
    admin = api_client("ada", team, Role.ADMIN)
    body = (TRACES / "phoenix-spans.json").read_bytes()
    response = admin.post(
        f"{URL}?citation_pattern={quote(CATASTROPHIC)}", data=body, content_type="application/json"
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == "citation_pattern" and "catastrophically" in error["message"]
    assert not Case.objects.exists()


@pytest.mark.django_db
def test_the_import_page_refuses_it_with_the_field_named(demo_dataset):
    admin = logged_in("ada", demo_dataset, Role.ADMIN)
    file = SimpleUploadedFile("o.json", (TRACES / "otlp-traces.json").read_bytes())
    response = admin.post(
        "/d/demo/import/traces",
        {"format": "otlp", "citation_pattern": CATASTROPHIC, "file": file},
    )
    assert response.status_code == 400
    assert response.context["failure"].startswith("citation pattern: '(?:a+)+$' can backtrack")
    assert not Case.objects.filter(external_id=T1).exists()


@pytest.mark.django_db
def test_a_trace_whose_answer_trips_the_bound_is_reported_not_hung():
    team, _ = dataset_get_or_create(slug="team")
    admin = api_client("ada", team, Role.ADMIN)
    text = (TRACES / "otlp-traces.json").read_text()
    body = text.replace("[1]", "[1] " + "a" * 40 + "!").encode()
    started = time.monotonic()
    response = admin.post(
        f"{URL}?format=otlp&citation_pattern={quote('(a|a)+$')}",
        data=body,
        content_type="application/json",
    )
    assert time.monotonic() - started < 20
    assert response.status_code == 200, response.content
    report = response.json()
    assert report["imported"] == 0
    assert any("'(a|a)+$' took longer than" in e["message"] for e in report["errors"])
