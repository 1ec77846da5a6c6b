"""Reviewer pages: dataset list, queue, dashboard. Every dataset lookup goes through
groundgate.access, so an outsider gets 404 for anything of a dataset she is not in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from groundgate.access import Action, dataset_access, dataset_for, datasets_visible
from groundgate.models import Case
from reviews.charts import bar_chart, split_bar_chart
from reviews.forms import BulkRelabelForm, first_error
from reviews.models import Label, ReviewState
from reviews.selectors import dashboard, queue_counts, queue_entries, queue_filters, queue_page
from reviews.services import ReviewInputError, cases_relabel

PAGE_SIZE = 50


@login_required
def dataset_list(request: HttpRequest) -> HttpResponse:
    datasets = datasets_visible(user=request.user).annotate(case_count=Count("cases"))
    return render(request, "reviews/dataset_list.html", {"datasets": datasets})


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    access = dataset_access(user=request.user, slug=slug)
    dataset = access.dataset
    filters = queue_filters(request.GET)
    page = queue_page(
        dataset=dataset,
        filters=filters,
        after=request.GET.get("after"),
        before=request.GET.get("before"),
        size=PAGE_SIZE,
    )
    return render(
        request,
        "reviews/queue.html",
        {
            "dataset": dataset,
            "page": page,
            "filters": filters,
            "query": urlencode(filters),
            "counts": queue_counts(dataset=dataset),
            "is_admin": access.is_admin,
            "labels": Label.choices,
            "review_states": ReviewState.choices,
        },
    )


@login_required
@require_POST
def bulk_relabel(request: HttpRequest, slug: str) -> HttpResponse:
    """Relabel every case of the filtered queue (admins). The filters come with the form."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.RELABEL)
    filters = queue_filters(request.POST)
    ids = queue_entries(dataset=dataset, filters=filters).values_list("case_id", flat=True)
    cases = list(Case.objects.filter(pk__in=list(ids)).select_related("dataset"))
    form = BulkRelabelForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Not relabelled: {first_error(form)}")
    elif form.cleaned_data["expected_count"] != len(cases):
        messages.error(request, "The filtered set changed since you looked; nothing relabelled.")
    else:
        try:
            cases_relabel(
                cases=cases,
                admin=request.user,
                to_label=form.cleaned_data["to_label"],
                reason=form.cleaned_data["reason"],
            )
        except ReviewInputError as exc:
            messages.error(request, f"Not relabelled: {exc}")
        else:
            messages.success(request, f"Relabelled {len(cases)} case(s).")
    return redirect(reverse("reviews:queue", args=[slug]) + "?" + urlencode(filters))


@login_required
def dashboard_view(request: HttpRequest, slug: str) -> HttpResponse:
    dataset = dataset_for(user=request.user, slug=slug)
    stats = dashboard(dataset=dataset)
    reviewed = dict(stats.progress).get(str(ReviewState.REVIEWED), 0)
    return render(
        request,
        "reviews/dashboard.html",
        {
            "dataset": dataset,
            "stats": stats,
            "done_share": round(100 * reviewed / stats.total) if stats.total else 0,
            "progress_chart": bar_chart(stats.progress, colour="good"),
            "outcome_chart": bar_chart(stats.outcomes),
            "code_chart": bar_chart(stats.by_code, colour="bad"),
            "rule_chart": split_bar_chart(stats.rule_calls),
            "labels": Label.choices,
        },
    )
