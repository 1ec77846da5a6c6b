"""Forms for review input: the case page's review and relabel forms, bulk relabel, and the admin
site's relabel action share them. They parse and check the shape of the input; the services check
it again (they are also called from elsewhere) and own the rules.

The per-finding calls (call-N / reason-N) stay hand-parsed in case_views: their number depends
on the verdict, and the service names the exact finding in its errors (decisions[2].reason)."""

from __future__ import annotations

from django import forms

from reviews.models import Label


def first_error(form: forms.Form) -> str:
    """ "field: message" for the form's first error, as the services word theirs."""
    field, errors = next(iter(form.errors.items()))
    return f"{field}: {errors[0]}"


class ReviewForm(forms.Form):
    label = forms.ChoiceField(choices=Label.choices)
    comment = forms.CharField(required=False)
    # What the page showed: the newest review and the gate run (for conflict detection).
    seen_review_id = forms.IntegerField(required=False, min_value=0)
    gate_run_id = forms.IntegerField(required=False, min_value=1)
    # A hidden field, so "0" reads as False (a checkbox widget takes any value as ticked).
    force = forms.BooleanField(required=False, widget=forms.HiddenInput)


class RelabelForm(forms.Form):
    # The messages say what to do, as the service's own do (cases_relabel).
    to_label = forms.ChoiceField(
        choices=Label.choices,
        error_messages={
            "required": "choose the final label",
            "invalid_choice": "'%(value)s' is not one of the labels",
        },
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": "a relabel needs a reason: say why the final label differs"},
    )


class BulkRelabelForm(RelabelForm):
    # How many cases the admin saw in the filtered queue: nothing is relabelled if it changed.
    expected_count = forms.IntegerField(min_value=0)
