"""A near miss's reason is shown in words on the case page, the raw reason on hover (issue 30's
one vocabulary): every reason the engine gives has its words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from groundgate.engine.near_miss import NEAR_MISS_REASONS
from groundgate.models import Case
from groundgate.services.imports import case_import_lines
from reviews.templatetags.families import NEAR_REASONS, near_reason

CONTEXT = Path(__file__).resolve().parents[2] / "groundgate" / "engine" / "context"


def test_every_reason_the_engine_gives_has_words():
    # The values' near misses, and the context rule's reasons ("another_..." of grounding.py
    # and context_finding.py, where the finding's writing moved, d943).
    texts = [(CONTEXT / name).read_text() for name in ("grounding.py", "context_finding.py")]
    context = {r for text in texts for r in re.findall(r'"(another_[a-z]+)"', text)}
    assert context >= {"another_row", "another_period", "another_subject"}
    missing = (set(NEAR_MISS_REASONS) | context) - NEAR_REASONS.keys()
    assert not missing
    assert near_reason(None) == "near match"
    assert near_reason("a_reason_of_tomorrow") == "a_reason_of_tomorrow"


@pytest.mark.django_db
def test_the_case_page_says_the_reason_in_words(reviewer, demo_dataset):
    """Rita opens the issue's own example: 250 is Pump B's, and the page says so in words."""
    text = "Pump I delivers 205 m3/h at 12 bar. Pump B delivers 250 m3/h at 10 bar."
    line = {
        "case_id": "prose-pumps",
        "question": "What flow does Pump I deliver?",
        "raw_chunks": [{"chunk_id": "p1", "text": text}],
        "answer": {
            "conclusion": "Pump I delivers 250 m3/h.",
            "evidences": [{"chunk_id": "p1", "excerpt": text}],
        },
    }
    case_import_lines(dataset=demo_dataset, lines=[json.dumps(line)])
    case = Case.objects.get(dataset=demo_dataset, external_id="prose-pumps")
    page = reviewer.get(f"/d/{demo_dataset.slug}/cases/{case.pk}/").content.decode()
    # The reason names the answer's figure; 205 is the cell that fits the answer instead (d1015).
    said = "the answer&#x27;s figure, said of another subject</span>: "
    assert said in page
    assert "the cell that fits the answer instead</span>: “205” in evidence 0" in page
    assert "250 is Pump B&#x27;s; Pump I has 205" in page
