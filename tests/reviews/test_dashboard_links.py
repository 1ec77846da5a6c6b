"""Every count on the dashboard opens the queue filtered to exactly the cases it counts, and
relabels count nowhere as reviews."""

from __future__ import annotations

import re
from html import unescape

import pytest

from groundgate.models import Case
from reviews.models import QueueEntry
from reviews.services import Decision, case_relabel, review_submit

pytestmark = pytest.mark.django_db


def queue_counter(client):
    """The queue's count for a URL; each URL is asked once (the dashboard links many cells to the
    same queue: 123 numbers, 73 queues; every number is still compared with its queue's count)."""
    seen: dict[str, int] = {}

    def count(url: str) -> int:
        if url not in seen:
            response = client.get(url)
            assert response.status_code == 200, url
            seen[url] = response.context["page"].count
        return seen[url]

    return count


def test_every_dashboard_count_is_the_queue_it_links_to(reviewer, second_reviewer, admin):
    for external_id, label in [
        ("demo-en-17", "not_grounded"),
        ("demo-en-01", "grounded"),
        ("demo-en-09", "partially_grounded"),
        ("demo-zh-13", "grounded"),
    ]:
        c = Case.objects.get(external_id=external_id)
        findings = c.gate_runs.get().findings
        decisions = [Decision(0, "right")] if findings else []
        review_submit(case=c, reviewer=reviewer.user, label=label, decisions=decisions)
    # A relabel of a case nobody reviewed: no review, no agreement, no progress.
    relabelled = Case.objects.get(external_id="demo-en-18")
    case_relabel(case=relabelled, admin=admin.user, to_label="grounded", reason="checked")
    # Sam holds a case: the dashboard's links still count it (held cases are listed, marked).
    second_reviewer.get(f"/d/demo/cases/{Case.objects.get(external_id='demo-en-17').pk}/")

    queue_count = queue_counter(admin)
    response = admin.get("/d/demo/dashboard")
    stats = response.context["stats"]
    assert dict(stats.progress)["reviewed"] == 4
    assert QueueEntry.objects.get(case=relabelled).review_state == "unreviewed"
    checked = 0
    for r in response.context["rules"]:
        for n, url in r["fired"] + r["quiet"]:
            assert queue_count(url) == n, url
            checked += 1
    for _, _, cells in response.context["confusion"]:
        for n, url in cells:
            assert queue_count(url) == n, url
            checked += 1
    assert checked > 20
    # The charts: every linked bar's number is its queue's count.
    html = response.content.decode()
    for href, inner in re.findall(r'<a href="([^"]+)">(.*?)</a>', html, flags=re.S):
        href = unescape(href)
        if not href.startswith("/d/demo/?"):
            continue
        numbers = re.findall(r"<title>[^<]*: (\d+)</title>", inner) or re.findall(
            r"^(\d+)(?: right| wrong| cases)?$", inner.strip()
        )
        if numbers:
            assert queue_count(href) == int(numbers[0]), (href, inner)
            checked += 1
    assert checked > 40
    # Per-rule agreement names the rule and its kappa.
    assert 'id="rule-UNGROUNDED_NUMBER-answer"' in html


def test_the_progress_bars_colour_only_done_work_as_good(reviewer):
    """Unreviewed cases are work still to do: a grey bar, not the green of success."""
    chart = str(reviewer.get("/d/demo/dashboard").context["progress_chart"])
    fills = {label: fill for fill, label in re.findall(r'fill="(#\w+)"><title>(\w+):', chart)}
    assert fills["unreviewed"] == "#57606a"
    assert all(fills[s] == "#1a7f37" for s in ("reviewed", "adjudicated") if s in fills)


def test_information_codes_are_not_red_like_errors(reviewer):
    """NUMBER_EQUIVALENT says how a value was grounded (severity info): a blue bar, as on the case
    page; errors stay red. The severity is the gate's own, read from the findings."""
    chart = str(reviewer.get("/d/demo/dashboard").context["code_chart"])
    fills = {code: fill for fill, code in re.findall(r'fill="(#\w+)"><title>([A-Z_]+):', chart)}
    assert fills["NUMBER_EQUIVALENT"] == "#0550ae"
    assert fills["UNGROUNDED_NUMBER"] == "#cf222e"


def test_rule_counts_fit_inside_the_chart():
    """At 1366x768 "11 right / 4 wrong" was cut at the chart's right edge: the text after the
    longest bar must end inside the viewBox (12px text, under 7.5 units a character)."""
    from reviews.charts import split_bar_chart

    for right, wrong in ((11, 4), (123_456, 65_432), (0, 1)):
        svg = str(split_bar_chart([("UNGROUNDED_NUMBER", right, wrong), ("X", 1, 0)]))
        width = float(re.search(r'viewBox="0 0 (\d+)', svg).group(1))
        x = float(re.findall(r'<text x="([\d.]+)" y="15">', svg)[-1])
        assert x + len(f"{right} right / {wrong} wrong") * 7.5 <= width
