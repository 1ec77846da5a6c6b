"""The case page: the answer with every finding drawn in place, the evidence, the cited pages
(or code lines), decisions, relabels and their history."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from groundgate.access import Action, case_for, member_role
from groundgate.models import Case
from groundgate.selectors.cases import case_current_run
from reviews.case_page import (
    FormState,
    case_labels_context,
    case_page_context,
    case_reviews_context,
)
from reviews.corrections import (
    CorrectionError,
    CorrectionInput,
    correction_parse,
)
from reviews.forms import RelabelForm, ReviewForm, first_error
from reviews.models import Correction, GateCall, Review, ReviewState
from reviews.presenters import (
    finding_groups,
)
from reviews.reservations import case_page_hold
from reviews.save_keys import save_key_of, wants_json
from reviews.selectors import (
    queue_entries,
    queue_filters,
    queue_next,
)
from reviews.services import (
    Decision,
    ReviewInputError,
    SubmitResult,
    case_relabel,
    review_submit,
)
from reviews.signed_in import AuthenticatedHttpRequest

# Human names for the review form's fields, for error messages ("Your decision: ...").
FIELD_NAMES = {
    "label": "Your decision",
    "comment": "Comment",
    "seen_review_id": "The page's record of the reviews you saw (reload the case)",
    "gate_run_id": "The page's gate run (reload the case)",
    "case": "This case",
    "correction": "Your correction",
    "correction.conclusion": "Corrected answer",
    "correction.citations": "Corrected citations",
    "correction.findings": "Your corrected findings",
}
CORRECTION_FIELD = re.compile(r"correction\.(findings|citations)\[(\d+)\]")
DECISION_FIELD = re.compile(r"decisions\[(\d+)\]\.(\w+)")


def queue_context(params: QueryDict | str) -> dict[str, str]:
    """The queue filters a case page was opened from, for the breadcrumb and "save and next".
    The form carries them as ONE hidden field (`queue`, an encoded query string built here by
    the server) parsed back with the queue's own filter parser: only known filter names survive,
    so a crafted link can neither add form fields nor decisions."""
    return queue_filters(QueryDict(params) if isinstance(params, str) else params)


@login_required
def case_detail(request: AuthenticatedHttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id)
    context = case_page_context(user=request.user, case=case, queue=queue_context(request.GET))
    # Opening a case holds it for this reviewer (reviews.reservations; reviews/_hold.html); an
    # admin reads without holding (her queue shows held cases anyway) unless she asks (?hold=1).
    _with_hold(context, case, request, asked=request.GET.get("hold") == "1")
    return render(request, "reviews/case_detail.html", context)


def _with_hold(
    context: dict[str, Any],
    case: Case,
    request: AuthenticatedHttpRequest,
    asked: bool = False,
    kept: bool = False,
) -> None:
    """The hold notice (reviews/_hold.html) on the case page: on opening it and on every page
    shown again with the person's input after a save that did not happen (`kept`: the notice
    says so)."""
    hold, reading = case_page_hold(
        case=case, user=request.user, is_admin=context["is_admin"], asked=asked
    )
    context.update(hold=hold, reading=reading, kept=kept)


def _posted_state(post: Mapping[str, str]) -> FormState:
    """The reviewer's choices as posted (only the ones the page offers: call-N, reason-N)."""
    calls = {}
    for key, call in post.items():
        index = key.removeprefix("call-")
        if key.startswith("call-") and index.isdigit() and call:
            calls[int(index)] = (call, post.get(f"reason-{index}", ""))
    seen = post.get("seen_review_id", "")
    return FormState(
        label=post.get("label", ""),
        comment=post.get("comment", ""),
        calls=calls,
        seen_review_id=int(seen) if seen.isdigit() else None,
        correction=post.get("correction", ""),
        conclusion=post.get("corrected_conclusion"),
    )


def _posted_correction(post: QueryDict) -> CorrectionInput | None:
    """The correction the page posted: its JSON field and the answer editor (when open)."""
    raw = post.get("correction", "")
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        raise ReviewInputError("correction", "the page sent a malformed correction") from None
    try:
        correction = correction_parse(data, conclusion=post.get("corrected_conclusion"))
    except CorrectionError as exc:
        raise ReviewInputError(exc.field, exc.message) from None
    return None if correction.empty else correction


def _explain(
    exc: ReviewInputError,
    decisions: list[Decision],
    findings: list[dict[str, Any]],
    state: FormState,
) -> None:
    """Word the error for a person: "Finding 2 (UNGROUNDED_NUMBER): say why the gate was
    wrong", not the service's path "decisions[0].reason" (which the API keeps)."""
    message = str(exc).partition(": ")[2]
    fix = CORRECTION_FIELD.fullmatch(exc.field)
    if fix and fix[1] == "findings":
        index = int(fix[2])
        index = next((g for g, ms in finding_groups(findings).items() if index in ms), index)
        code = findings[index]["code"] if index < len(findings) else ""
        state.error = f"Finding {index + 1}" + (f" ({code})" if code else "") + f": {message}"
        state.error_finding = index if index < len(findings) else None
        return
    if fix:
        state.error = f"Citation {int(fix[2]) + 1} of your corrected citations: {message}"
        state.error_field = "correction.citations"
        return
    match = DECISION_FIELD.fullmatch(exc.field)
    if match and int(match[1]) < len(decisions):
        index = decisions[int(match[1])].finding_index
        # A member of a group is decided on its first member's row.
        index = next((g for g, ms in finding_groups(findings).items() if index in ms), index)
        code = findings[index]["code"] if index < len(findings) else ""
        what = f"Finding {index + 1}" + (f" ({code})" if code else "")
        state.error = f"{what}: {message}"
        state.error_finding = index if index < len(findings) else None
    else:
        state.error = f"{FIELD_NAMES.get(exc.field, exc.field)}: {message}"
        state.error_field = exc.field


def _decisions(post: Mapping[str, str], findings: list[dict[str, Any]]) -> list[Decision]:
    """One decision per posted call-N; a call on a group of repeated findings (N its first
    member, as the page shows it) applies to every member of the group."""
    groups = finding_groups(findings)
    decisions = []
    for key, call in post.items():
        if key.startswith("call-") and call:
            index = key.removeprefix("call-")
            if not index.isdigit():
                raise ReviewInputError(key, "not a finding index")
            reason = post.get(f"reason-{index}", "") if call == GateCall.WRONG else ""
            for member in groups.get(int(index), [int(index)]):
                decisions.append(Decision(member, call, reason))
    return sorted(decisions, key=lambda d: d.finding_index)


@login_required
@require_POST
def review_post(request: AuthenticatedHttpRequest, slug: str, case_id: int) -> HttpResponse:
    """The review form's save. A plain form post gets pages (the case again with the input kept
    and its errors, or a redirect); the page's own script (static/js/save.js) asks for JSON and
    keeps its page whatever happens (d651). Both send the page's save key: a save that arrives
    twice is saved once (reviews.save_keys)."""
    case = case_for(user=request.user, slug=slug, case_id=case_id, action=Action.REVIEW)
    form = ReviewForm(request.POST)
    queue = queue_context(request.POST.get("queue", ""))
    state = _posted_state(request.POST)
    as_json = wants_json(request)
    decisions: list[Decision] = []
    try:
        if not form.is_valid():
            field_name, _, message = first_error(form).partition(": ")
            raise ReviewInputError(field_name, message)
        data = form.cleaned_data
        run = case_current_run(case=case)
        decisions = _decisions(request.POST, run.findings if run else [])
        correction = _posted_correction(request.POST)
        result = review_submit(
            case=case,
            reviewer=request.user,
            label=data["label"],
            comment=data["comment"],
            decisions=decisions,
            seen_review_id=data["seen_review_id"],
            gate_run_id=data["gate_run_id"],
            force=data["force"],
            correction=correction,
            save_key=save_key_of(request.POST),
        )
    except ReviewInputError as exc:
        run = case_current_run(case=case)
        _explain(exc, decisions, run.findings if run else [], state)
        if as_json:
            _keep_hold(case, request)
            return JsonResponse(
                {
                    "saved": False,
                    "error": f"Not saved: {state.error}",
                    "field": state.error_field,
                    "finding": state.error_finding,
                },
                status=400,
            )
        messages.error(request, f"Not saved: {state.error}")
        context = case_page_context(user=request.user, case=case, state=state, queue=queue)
        _with_hold(context, case, request, kept=True)
        return render(request, "reviews/case_detail.html", context, status=400)
    if not result.saved:
        if as_json:
            _keep_hold(case, request)
            return JsonResponse(_not_saved(result, request), status=409)
        # The later reviewer is told of the conflict and sees the other decision beside theirs,
        # which stays filled in; nothing of theirs was written. They can save anyway, knowingly.
        context = case_page_context(
            user=request.user, case=case, result=result, state=state, queue=queue
        )
        _with_hold(context, case, request, kept=True)
        return render(request, "reviews/case_detail.html", context, status=409)
    assert result.review is not None  # saved
    saved = f"Saved {case.external_id}: {result.review.get_label_display()}"
    fixed = Correction.objects.filter(review=result.review).first()
    if fixed is not None:
        saved += f"; the gate on your corrected answer: {'pass' if fixed.gate_passed else 'reject'}"
    if result.replayed:
        saved += " (it had arrived once already: saved once)"
    said = [("success", saved + ".")]
    url = reverse("reviews:case", args=[slug, case.pk])
    url += "?" + urlencode(queue) if queue else ""
    if request.POST.get("next") == "1":
        following = queue_next(
            dataset=case.dataset, filters=queue, user=request.user, after_case_id=case.pk
        )
        if following is not None:
            url = reverse("reviews:case", args=[slug, following])
            url += "?" + urlencode(queue) if queue else ""
        else:
            said.append(("info", "That was the last case needing your review in this view."))
            url = reverse("reviews:queue", args=[slug]) + "?" + urlencode(queue)
    if as_json:
        # The page's script shows the messages on the page it opens next, or keeps the page
        # where the form changed while this save was on its way: then nothing waits in the
        # session to show beside a later save's (d925). That page counts the review as seen for
        # the reviewer's next save (d901) and lists it (its Reviews list, given here).
        return JsonResponse(
            {
                "saved": True,
                "location": url,
                "message": saved + ".",
                "messages": [{"level": level, "text": text} for level, text in said],
                "review": result.review.pk,
                "reviews_html": render_to_string(
                    "reviews/_reviews.html",
                    case_reviews_context(user=request.user, case=case),
                    request=request,
                ),
                **_labels_html(case, request),
            }
        )
    for level, text in said:
        messages.add_message(request, _LEVELS[level], text)
    return redirect(url)


_LEVELS = {"success": messages.SUCCESS, "info": messages.INFO}


def _labels_html(case: Case, request: AuthenticatedHttpRequest) -> dict[str, str]:
    """The case page's Label history, the relabel form's "Now:" line and the head's final label
    as the server renders them now, for a save whose page stays (static/js/save.js, d964,
    d1006): a relabel adds a line to the history, a review may agree the final label."""
    context = case_labels_context(case=case)
    return {
        "label_history_html": render_to_string(
            "reviews/_label_history.html", context, request=request
        ),
        "current_label_html": render_to_string(
            "reviews/_current_label.html", context, request=request
        ),
        "head_label_html": render_to_string("reviews/_head_label.html", context, request=request),
    }


def _keep_hold(case: Case, request: AuthenticatedHttpRequest) -> None:
    """A save the page keeps after it failed: the reviewer still works on the case, so her hold
    is kept as the page shown again would keep it (_with_hold)."""
    is_admin = member_role(user=request.user, dataset=case.dataset) == "admin"
    case_page_hold(case=case, user=request.user, is_admin=is_admin)


def _not_saved(result: SubmitResult, request: AuthenticatedHttpRequest) -> dict[str, Any]:
    """A save refused for what happened meanwhile. The page's script then posts the form as a
    plain form (nothing is saved: a conflict stays a conflict) to show the server's page for it:
    the other reviewer's calls beside each finding, or the new verdict, with the input kept."""
    if result.stale_run:
        error = "Not saved: the case was gated again since you opened it."
    elif all(r.reviewer_id == request.user.pk for r in result.conflicts):
        error = "Not saved: you reviewed this case in another tab or window meanwhile."
    else:
        error = "Not saved: this case was reviewed while you had it open."
    return {"saved": False, "conflict": True, "stale_run": result.stale_run, "error": error}


SKIPPED = "skipped-cases"


@login_required
def case_skip(request: AuthenticatedHttpRequest, slug: str, case_id: int) -> HttpResponse:
    """Skip: the next case that needs this reviewer, without saving this one. The cases skipped
    in this session are passed over too, so skipping twice never comes back to the first."""
    case = case_for(user=request.user, slug=slug, case_id=case_id)
    filters = queue_context(request.GET)
    skipped = [i for i in request.session.get(SKIPPED, []) if isinstance(i, int)][-500:]
    skipped.append(case.pk)
    request.session[SKIPPED] = skipped
    mine = Review.objects.filter(case__dataset=case.dataset, reviewer=request.user)
    following = (
        queue_entries(dataset=case.dataset, filters=filters)
        .exclude(review_state=ReviewState.REVIEWED)
        .exclude(case_id__in=skipped)
        .exclude(case_id__in=mine.values("case_id"))
        .values_list("case_id", flat=True)
        .first()
    )
    suffix = "?" + urlencode(filters) if filters else ""
    if following is None:
        messages.info(request, "No other case needs your review in this view.")
        return redirect(reverse("reviews:queue", args=[slug]) + suffix)
    return redirect(reverse("reviews:case", args=[slug, following]) + suffix)


@login_required
@require_POST
def relabel_post(request: AuthenticatedHttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id, action=Action.RELABEL)
    form = RelabelForm(request.POST)
    try:
        if not form.is_valid():
            field, _, message = first_error(form).partition(": ")
            raise ReviewInputError(field, message)
        result = case_relabel(
            case=case,
            admin=request.user,
            to_label=form.cleaned_data["to_label"],
            reason=form.cleaned_data["reason"],
            save_key=save_key_of(request.POST),
        )
    except ReviewInputError as exc:
        if wants_json(request):  # the page's script keeps the page (static/js/save.js)
            return JsonResponse({"saved": False, "error": f"Not relabelled: {exc}"}, status=400)
        messages.error(request, f"Not relabelled: {exc}")
        context = case_page_context(user=request.user, case=case, queue=queue_context(request.GET))
        # The admin's relabel as she posted it, shown again in its form.
        context["relabel_to"] = request.POST.get("to_label", "")
        context["relabel_reason"] = request.POST.get("reason", "")
        _with_hold(context, case, request, kept=True)
        return render(request, "reviews/case_detail.html", context, status=400)
    said = f"Final label: {result.relabel.get_to_label_display()}"
    if result.replayed:
        said += " (it had arrived once already: relabelled once)"
    url = reverse("reviews:case", args=[slug, case.pk])
    if wants_json(request):  # shown by the page's script on the page it opens (d925)
        return JsonResponse(
            {
                "saved": True,
                "location": url,
                "message": said + ".",
                "messages": [{"level": "success", "text": said + "."}],
                # For a page that stays (the form changed while this was on its way, d901):
                # its Label history and "Now:" line as they are now (d964).
                **_labels_html(case, request),
            }
        )
    messages.success(request, said + ".")
    return redirect(url)
