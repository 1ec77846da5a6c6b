"""The case page: the answer with every finding drawn in place, the evidence, the cited pages
(or code lines), decisions, relabels and their history."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from groundgate.access import Action, case_for, member_role
from groundgate.families import STATUS_TONE, get_family
from groundgate.models import Case
from groundgate.selectors.cases import case_current_run
from groundgate.services.rendering import case_cited_chunks, case_page_highlights
from reviews.forms import RelabelForm, ReviewForm, first_error
from reviews.models import GateCall, Label, Relabel, WrongReason
from reviews.presenters import finding_locations, highlight_segments, page_geometry
from reviews.selectors import case_reviews_visible, queue_filters, queue_next
from reviews.services import (
    Decision,
    ReviewInputError,
    SubmitResult,
    case_relabel,
    review_submit,
)

ZOOM = 1.5


def _context(request: HttpRequest, case: Case, result: SubmitResult | None = None) -> dict:
    run = case_current_run(case=case)
    findings = run.findings if run else []
    verdict = json.loads(run.verdict) if run else {}
    family = get_family(case.kind)
    chunks = case_cited_chunks(case=case)
    pages = case_page_highlights(case=case, findings=findings)
    geometry = page_geometry(sorted(pages))
    locations = finding_locations(case, findings, chunks)
    role = member_role(user=request.user, dataset=case.dataset)
    # Double review is independent: groundgate.access decides whose reviews this user sees.
    seen = case_reviews_visible(user=request.user, case=case, role=role)
    reviews = list(
        seen.reviews.select_related("reviewer").prefetch_related("decisions").order_by("-id")
    )
    mine = [r for r in reviews if r.reviewer_id == request.user.pk]
    filters = queue_filters(request.GET)
    return {
        "dataset": case.dataset,
        "case": case,
        "run": run,
        "findings": list(zip(findings, locations, strict=True)),
        "text_label": family.text.label,
        "segments": highlight_segments(family.text.of(case.payload), findings, family.text.field),
        # The family's own panels (groundgate/families/<kind>/summary.html, evidence.html).
        **family.panel(case, verdict, findings),
        "family_summary": family.partial("summary"),
        "family_evidence": family.partial("evidence"),
        "status_tone": STATUS_TONE.get(run.status, "") if run else "",
        "pages": [
            {"document_id": d, "index": i, "page": geometry.get((d, i)), "zoom": ZOOM}
            for d, i in sorted(pages)
        ],
        "verdict_pretty": json.dumps(verdict, indent=2, ensure_ascii=False),
        "history": case.gate_runs.order_by("-id"),
        "reviews": reviews,
        "hidden_reviews": seen.hidden,
        "my_last": mine[0] if mine else None,
        "relabels": Relabel.objects.filter(case=case).select_related("admin").order_by("-id"),
        "final_label": getattr(getattr(case, "queue_entry", None), "final_label", ""),
        "seen_review_id": seen.newest_id,
        "labels": Label.choices,
        "calls": GateCall.choices,
        "reasons": WrongReason.choices,
        "is_admin": role == "admin",
        "result": result,
        "query": urlencode(filters),
    }


@login_required
def case_detail(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id)
    return render(request, "reviews/case_detail.html", _context(request, case))


def _decisions(post) -> list[Decision]:
    decisions = []
    for key, call in post.items():
        if key.startswith("call-") and call:
            index = key.removeprefix("call-")
            if not index.isdigit():
                raise ReviewInputError(key, "not a finding index")
            reason = post.get(f"reason-{index}", "") if call == GateCall.WRONG else ""
            decisions.append(Decision(int(index), call, reason))
    return sorted(decisions, key=lambda d: d.finding_index)


@login_required
@require_POST
def review_post(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id, action=Action.REVIEW)
    form = ReviewForm(request.POST)
    try:
        if not form.is_valid():
            field, _, message = first_error(form).partition(": ")
            raise ReviewInputError(field, message)
        data = form.cleaned_data
        result = review_submit(
            case=case,
            reviewer=request.user,
            label=data["label"],
            comment=data["comment"],
            decisions=_decisions(request.POST),
            seen_review_id=data["seen_review_id"],
            gate_run_id=data["gate_run_id"],
            force=data["force"],
        )
    except ReviewInputError as exc:
        messages.error(request, f"Not saved: {exc}")
        return render(request, "reviews/case_detail.html", _context(request, case), status=400)
    if not result.saved:
        # The later reviewer is told of the conflict and sees the other decision; nothing of
        # theirs was written. They can save anyway, knowingly.
        return render(
            request, "reviews/case_detail.html", _context(request, case, result), status=409
        )
    assert result.review is not None  # saved
    messages.success(request, f"Saved: {result.review.get_label_display()}.")
    filters = queue_filters(request.POST)
    if request.POST.get("next") == "1":
        following = queue_next(
            dataset=case.dataset, filters=filters, user=request.user, after_case_id=case.pk
        )
        if following is not None:
            url = reverse("reviews:case", args=[slug, following])
            return redirect(url + ("?" + urlencode(filters) if filters else ""))
        messages.info(request, "That was the last case needing your review in this view.")
        return redirect(reverse("reviews:queue", args=[slug]) + "?" + urlencode(filters))
    return redirect(reverse("reviews:case", args=[slug, case.pk]))


@login_required
@require_POST
def relabel_post(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id, action=Action.RELABEL)
    form = RelabelForm(request.POST)
    try:
        if not form.is_valid():
            field, _, message = first_error(form).partition(": ")
            raise ReviewInputError(field, message)
        relabel = case_relabel(
            case=case,
            admin=request.user,
            to_label=form.cleaned_data["to_label"],
            reason=form.cleaned_data["reason"],
        )
    except ReviewInputError as exc:
        messages.error(request, f"Not relabelled: {exc}")
        return render(request, "reviews/case_detail.html", _context(request, case), status=400)
    messages.success(request, f"Final label: {relabel.get_to_label_display()}.")
    return redirect(reverse("reviews:case", args=[slug, case.pk]))
