"""The dashboard's numbers: each a count of cases that a queue filter lists exactly."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Count

from groundgate.models import Dataset, GateRun
from reviews.agreement import RuleAgreement, cohen_kappa, rule_agreement
from reviews.models import Label, QueueCall, QueueCode, QueueEntry, ReviewState
from reviews.review_reads import latest_reviews


@dataclass
class Dashboard:
    total: int
    progress: list[tuple[str, int]]  # review state -> cases
    outcomes: list[tuple[str, int]]  # outcome -> cases
    statuses: list[tuple[str, int]]  # each family's own gate status -> cases
    by_code: list[tuple[str, int]]  # finding code -> cases
    severity: dict[str, str]  # finding code -> its severity (error, warning, info)
    rule_calls: list[tuple[str, int, int]]  # code, cases with a "right" call, with a "wrong" call
    confusion: dict[str, dict[str, int]]  # outcome -> reviewers' agreed label -> cases
    rules: list[RuleAgreement]  # per rule and kind: the matrix and Cohen's kappa
    kappa: float | None  # between the two reviewers of double-reviewed cases
    kappa_pairs: int


def dashboard(*, dataset: Dataset) -> Dashboard:
    """Every number is a count of cases that a queue filter lists exactly (the dashboard links
    each to it); relabels are not reviews and count nowhere here but in the final labels."""
    entries = QueueEntry.objects.filter(dataset=dataset)
    total = entries.count()
    progress = {s: 0 for s in ReviewState.values}
    for state, n in entries.values_list("review_state").annotate(n=Count("case_id")).order_by():
        progress[state] = n
    outcomes = list(
        entries.exclude(outcome="")
        .values_list("outcome")
        .annotate(n=Count("case_id"))
        .order_by("outcome")
    )
    statuses = list(
        entries.exclude(gate_status="")
        .values_list("gate_status")
        .annotate(n=Count("case_id"))
        .order_by("gate_status")
    )
    by_code = list(
        QueueCode.objects.filter(dataset=dataset)
        .values_list("code")
        .annotate(n=Count("case_id"))
        .order_by("-n", "code")
    )
    latest = latest_reviews(dataset=dataset)
    # Cases per code and call of a reviewer's latest review: the rows the queue's code + call
    # filter lists (reviews.queue keeps them), so each count is its link's queue.
    calls = (
        QueueCall.objects.filter(dataset=dataset)
        .values_list("code", "call")
        .annotate(n=Count("case_id"))
        .order_by()
    )
    per_code: dict[str, Counter[str]] = defaultdict(Counter)
    for code, call, n in calls:
        per_code[code][call] += n
    rule_calls = sorted((code, c["right"], c["wrong"]) for code, c in per_code.items())

    agreed = entries.exclude(review_label="")
    confusion: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome, label, n in (
        agreed.values_list("outcome", "review_label").annotate(n=Count("case_id")).order_by()
    ):
        confusion[outcome][label] += n
    rules = rule_agreement(
        (kind, frozenset(codes.split()), label)
        for kind, codes, label in agreed.values_list("kind", "finding_codes", "review_label")
    )

    by_case: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for case_id, reviewer_id, label in latest.values_list("case_id", "reviewer_id", "label"):
        by_case[case_id].append((reviewer_id, label))
    pairs = []
    for reviews in by_case.values():
        if len(reviews) >= 2:
            reviews.sort()  # the two lowest reviewer ids: a stable pairing
            pairs.append((reviews[0][1], reviews[1][1]))
    return Dashboard(
        total=total,
        progress=list(progress.items()),
        outcomes=outcomes,
        statuses=statuses,
        by_code=by_code,
        severity=code_severities(dataset=dataset, codes=[code for code, _ in by_code]),
        rule_calls=rule_calls,
        confusion={
            outcome: {label: confusion[outcome][label] for label in Label.values}
            for outcome, _ in outcomes
        },
        rules=rules,
        kappa=cohen_kappa(pairs),
        kappa_pairs=len(pairs),
    )


SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


def code_severities(*, dataset: Dataset, codes: list[str]) -> dict[str, str]:
    """Each code's severity as the gate gave it (the findings carry it; the queue's code rows do
    not): read from the newest run of one case with the code - two indexed reads a code, not a
    scan. A code's rule gives it one severity; were it ever given two, the most severe counts."""
    out = {}
    for code in codes:
        case_ids = QueueCode.objects.filter(dataset=dataset, code=code).values_list(
            "case_id", flat=True
        )[:1]
        findings = (
            GateRun.objects.filter(case_id__in=list(case_ids))
            .order_by("-id")
            .values_list("findings", flat=True)
            .first()
        )
        given = [f.get("severity", "error") for f in findings or [] if f.get("code") == code]
        out[code] = min(given, key=lambda s: SEVERITY_RANK.get(s, 0), default="error")
    return out
