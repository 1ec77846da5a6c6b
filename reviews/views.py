"""Reviewer pages. Thin: every dataset lookup goes through dataset_for_member (404 to outsiders)."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from groundgate.engine.registry import GATES
from groundgate.models import Case, GateRun
from groundgate.selectors import (
    case_current_run,
    cases_with_current_status,
    dataset_for_member,
    datasets_for_user,
)
from groundgate.services.rendering import case_page_highlights
from reviews.presenters import evidence_rows, highlight_segments

PAGE_SIZE = 50


@login_required
def dataset_list(request: HttpRequest) -> HttpResponse:
    datasets = datasets_for_user(user=request.user).annotate(case_count=Count("cases"))
    return render(request, "reviews/dataset_list.html", {"datasets": datasets})


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    dataset = dataset_for_member(user=request.user, slug=slug)
    cases = cases_with_current_status(queryset=Case.objects.filter(dataset=dataset))
    status = request.GET.get("status", "")
    code = request.GET.get("code", "")
    if status:
        cases = cases.filter(current_status=status)
    if code:
        cases = cases.filter(current_codes__contains=f" {code} ")
    # Rejected first, then oldest first, so the queue reads like a to-do list.
    cases = cases.order_by("current_passed", "id")
    statuses = (
        GateRun.objects.filter(case__dataset=dataset)
        .values("status")
        .annotate(n=Count("case", distinct=True))
        .order_by("status")
    )
    page = Paginator(cases, PAGE_SIZE).get_page(request.GET.get("page"))
    codes = sorted({c for spec in GATES.values() for c in spec.finding_codes})
    return render(
        request,
        "reviews/queue.html",
        {
            "dataset": dataset,
            "page": page,
            "status": status,
            "code": code,
            "statuses": statuses,
            "codes": codes,
        },
    )


@login_required
def case_detail(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    dataset = dataset_for_member(user=request.user, slug=slug)
    case = Case.objects.filter(dataset=dataset, pk=case_id).first()
    if case is None:
        raise Http404("no such case")
    run = case_current_run(case=case)
    findings = run.findings if run else []
    conclusion = (case.payload.get("answer") or {}).get("conclusion") or ""
    verdict_pretty = (
        json.dumps(json.loads(run.verdict), indent=2, ensure_ascii=False) if run else ""
    )
    return render(
        request,
        "reviews/case_detail.html",
        {
            "dataset": dataset,
            "case": case,
            "run": run,
            "findings": findings,
            "segments": highlight_segments(conclusion, findings, "answer.conclusion"),
            "evidences": evidence_rows(case.payload, findings),
            "history": case.gate_runs.order_by("-id"),
            "pages": sorted(case_page_highlights(case=case, findings=findings)),
            "verdict_pretty": verdict_pretty,
        },
    )
