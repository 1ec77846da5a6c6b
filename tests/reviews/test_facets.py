"""Faceted counts: the count beside each filter value is the number of rows the queue shows when
that value is chosen with the other filters as they are, reservations included."""

from __future__ import annotations

import itertools

import pytest

from groundgate.models import Case
from reviews.facets import FACETS
from reviews.models import QueueEntry
from reviews.queue_facets import queue_counts
from reviews.reservations import case_reserve
from reviews.selectors import queue_entries, queue_page, queue_scope
from reviews.services import case_relabel, review_submit

pytestmark = pytest.mark.django_db


def check(dataset, user, filters):
    scope = queue_scope(dataset=dataset, user=user, filters=filters)
    counts = queue_counts(dataset=dataset, filters=filters, scope=scope)
    for facet in FACETS:
        for value, n in counts[facet]:
            chosen = {**filters, facet: value}
            rows = queue_entries(dataset=dataset, filters=chosen, scope=scope).count()
            assert n == rows, (filters, facet, value)
    page = queue_page(dataset=dataset, filters=filters, scope=scope)
    assert page.count == queue_entries(dataset=dataset, filters=filters, scope=scope).count()
    return counts


def test_counts_respect_the_other_filters(demo_dataset, reviewer, second_reviewer, admin):
    review_submit(case=Case.objects.get(external_id="demo-en-14"), reviewer=reviewer.user,
                  label="grounded")  # fmt: skip
    case_relabel(case=Case.objects.get(external_id="demo-zh-09"), admin=admin.user,
                 to_label="not_grounded", reason="checked")  # fmt: skip
    # Sam holds two cases: Rita's counts leave them out.
    held = list(QueueEntry.objects.filter(dataset=demo_dataset).exclude(finding_codes="")[:1])
    case_reserve(case=Case.objects.get(pk=held[0].case_id), user=second_reviewer.user)
    values = {f: [v for v, _ in n] for f, n in queue_counts(dataset=demo_dataset).items()}
    combos = [{}]
    for a, b in itertools.combinations(FACETS, 2):
        combos += [{a: x, b: y} for x in values[a][:2] for y in values[b][:2]]
    combos += [
        {"outcome": "reject", "code": values["code"][0], "review": "unreviewed"},
        {"no_code": values["code"][0], "outcome": "pass"},
        {"review_label": "grounded"},
        {"reservation": "mine"},
    ]
    for filters in combos:
        check(demo_dataset, reviewer.user, filters)
        check(demo_dataset, admin.user, {**filters, "reservation": "all"})
    # Choosing one value narrows the counts of the others.
    narrowed = check(demo_dataset, reviewer.user, {"outcome": "no_evidence"})
    assert dict(narrowed["outcome"])["pass"] == dict(queue_counts(dataset=demo_dataset)["outcome"])[
        "pass"
    ] - (held[0].outcome == "pass")
    assert sum(n for _, n in narrowed["kind"]) == dict(narrowed["outcome"])["no_evidence"]


def test_every_family_status_maps_to_one_outcome(db):
    from groundgate.families import FAMILIES, OUTCOMES, outcome_of

    for family in FAMILIES.values():
        for status, passes in family.statuses.items():
            outcome = outcome_of(kind=family.kind, status=status, passed=passes, verdict=None)
            assert outcome in OUTCOMES
            assert (outcome == "pass") == passes
    refusal = '{"grounding_metrics":{"refusal_detected":true}}'
    assert outcome_of(kind="anchored", status="PASSED", passed=True, verdict=refusal) == "refused"
    assert outcome_of(kind="answer", status="no_evidence", passed=False, verdict=None) == (
        "no_evidence"
    )
    assert outcome_of(kind="answer", status="", passed=False, verdict=None) == ""


def test_a_refusal_from_the_pipeline_is_listed_as_refused_not_pass(demo_dataset, reviewer):
    from groundgate.services.imports import case_import_lines
    from tests.conftest import ROOT

    lines = (ROOT / "fixtures" / "demo" / "anchored.jsonl").read_bytes().splitlines()
    assert not case_import_lines(dataset=demo_dataset, lines=lines, kind="anchored").errors
    refused = QueueEntry.objects.get(external_id="demo-r5-05")
    assert (refused.gate_status, refused.outcome) == ("PASSED", "refused")
    page = reviewer.get("/d/demo/?outcome=refused")
    assert [e.external_id for e in page.context["page"]] == ["demo-r5-05"]
    assert 'class="outcome outcome-refused"' in page.content.decode()
