"""Django admin: reviews and relabels are read-only records; admins relabel cases from the Case
list with a required reason (the same service the case page uses)."""

from __future__ import annotations

from typing import TypeVar

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from groundgate.admin import CaseAdmin, DatasetScoped
from groundgate.models import Case
from reviews.forms import RelabelForm
from reviews.models import Relabel, Review
from reviews.relabel_once import cases_relabel_once
from reviews.reservations import held_by_others
from reviews.review_reads import final_labels
from reviews.save_keys import page_save_key, save_key_of
from reviews.services import ReviewInputError, relabelled_note

_M = TypeVar("_M", bound=Model)


class ReadOnlyAdmin(DatasetScoped[_M], admin.ModelAdmin[_M]):
    """Reviews and relabels, of the datasets the user administers only (groundgate.access)."""

    dataset_path = "case__dataset"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Review)
class ReviewAdmin(ReadOnlyAdmin[Review]):
    list_display = ("case", "reviewer", "label", "created_at")
    list_filter = ("label", "case__dataset")


@admin.register(Relabel)
class RelabelAdmin(ReadOnlyAdmin[Relabel]):
    list_display = ("case", "from_label", "to_label", "admin", "reason", "created_at")
    list_filter = ("to_label", "case__dataset")


@admin.action(description="Relabel selected cases (with a reason)")
def relabel_cases(
    modeladmin: admin.ModelAdmin[Case], request: HttpRequest, queryset: QuerySet[Case]
) -> HttpResponse | None:
    if "apply" in request.POST:
        form = RelabelForm(request.POST)
        if form.is_valid():
            try:
                # Stored once however often the form is sent (d749).
                done = cases_relabel_once(
                    case_ids=list(queryset.values_list("pk", flat=True)),
                    admin=request.user,
                    to_label=form.cleaned_data["to_label"],
                    reason=form.cleaned_data["reason"],
                    save_key=save_key_of(request.POST),
                ).relabels
            except (ReviewInputError, PermissionDenied) as exc:
                modeladmin.message_user(request, f"Not relabelled: {exc}", messages.ERROR)
                return None
            held = held_by_others(case_ids=[r.case_id for r in done], user=request.user)
            modeladmin.message_user(
                request, relabelled_note(len(done), len(held), held_skipped=False)
            )
            return None
    else:
        form = RelabelForm()
    cases = list(queryset)
    held = held_by_others(case_ids=[c.pk for c in cases], user=request.user)
    now = final_labels(case_ids=[c.pk for c in cases[:20]])
    return render(
        request,
        "admin/relabel_cases.html",
        {
            "form": form,
            "cases": cases,
            "held": [(c, held[c.pk]) for c in cases if c.pk in held],
            # The first 20 with the final label each has now (d730).
            "listed": [(c, now[c.pk]) for c in cases[:20]],
            "action": "relabel_cases",
            "save_key": page_save_key(),
            "opts": modeladmin.model._meta,
        },
    )


admin.site.unregister(Case)


@admin.register(Case)
class ReviewedCaseAdmin(CaseAdmin):
    actions = [relabel_cases]
