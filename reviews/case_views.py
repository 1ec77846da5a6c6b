"""The case page: the answer with every finding drawn in place, the evidence, the cited pages
(or code lines), decisions, relabels and their history."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from groundgate.access import Action, case_for, member_role
from groundgate.families import OUTCOMES, STATUS_TONE, get_family, outcome_of
from groundgate.models import Case, Document, GateRun
from groundgate.selectors.cases import case_current_run
from groundgate.services.rendering import (
    case_cited_chunks,
    case_page_highlights,
    page_shown_rotation,
)
from reviews.corrections import (
    CORRECTABLE_KINDS,
    CorrectionError,
    CorrectionInput,
    correction_as_input,
    correction_parse,
)
from reviews.forms import RelabelForm, ReviewForm, first_error
from reviews.models import (
    ANSWER_LABELS,
    Correction,
    GateCall,
    Label,
    Relabel,
    Review,
    ReviewState,
    WrongReason,
)
from reviews.presenters import (
    FindingGroup,
    PageTurn,
    finding_groups,
    finding_locations,
    highlight_segments,
    page_geometry,
)
from reviews.reservations import case_hold, case_reserve
from reviews.selectors import (
    case_reviews_visible,
    dataset_instructions,
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

ZOOM = 1.5

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
}
CORRECTION_FIELD = re.compile(r"correction\.(findings|citations)\[(\d+)\]")
# The finding keys the findings list reads, for findings that lack some.
FINDING_KEYS = dict.fromkeys(
    ("near_match", "grounded_by", "derivation", "chunk_span", "rules", "message", "severity")
)
DECISION_FIELD = re.compile(r"decisions\[(\d+)\]\.(\w+)")


@dataclass
class FormState:
    """What the reviewer had chosen, re-shown after a save that did not happen (an error or a
    conflict), so nothing typed is lost. seen_review_id is the one the page was opened with
    (carried by the server in the form), so a review saved meanwhile is still a conflict."""

    label: str = ""
    comment: str = ""
    calls: dict[int, tuple[str, str]] = field(default_factory=dict)
    seen_review_id: int | None = None
    error: str = ""  # the human message
    error_field: str = ""  # "label", "comment", or "" when the error is at a finding
    error_finding: int | None = None
    # The correction as posted (the page's hidden JSON field, restored by static/js/case.js) and
    # the answer editor's text (None: the editor was closed).
    correction: str = ""
    conclusion: str | None = None


def queue_context(params: QueryDict | str) -> dict[str, str]:
    """The queue filters a case page was opened from, for the breadcrumb and "save and next".
    The form carries them as ONE hidden field (`queue`, an encoded query string built here by
    the server) parsed back with the queue's own filter parser: only known filter names survive,
    so a crafted link can neither add form fields nor decisions."""
    return queue_filters(QueryDict(params) if isinstance(params, str) else params)


def _groups(
    findings: list[dict[str, Any]], locations, state: FormState | None, mine, conflicts
) -> list[FindingGroup]:
    """The findings list: groups of repeated findings, each with the (call, reason) to
    pre-select - the reviewer's unsaved choices after a failed save, else their last saved
    review of this gate run (so a save's decisions stay visible) - their saved call, and the
    calls of a conflicting reviewer beside them."""
    saved = {d.finding_index: (d.call, d.reason) for d in mine.decisions.all()} if mine else {}
    calls = state.calls if state is not None else saved
    others: dict[int, list[dict[str, Any]]] = {}
    for review in conflicts or []:
        for d in review.decisions.all():
            who = review.reviewer.username
            others.setdefault(d.finding_index, []).append(
                {"who": who, "call": d.call, "reason": d.reason}
            )
    return [
        FindingGroup(
            index=leader,
            # Every key the template reads, present: a missing one costs Django a dir() call.
            finding={**FINDING_KEYS, **findings[leader]},
            where=locations[leader],
            members=members,
            choice=calls.get(leader, ("", "")),
            saved=saved.get(leader) if mine is not None and state is None else None,
            others=others.get(leader, []),
        )
        for leader, members in finding_groups(findings).items()
    ]


def _context(
    request: HttpRequest,
    case: Case,
    result: SubmitResult | None = None,
    state: FormState | None = None,
    queue: dict[str, str] | None = None,
) -> dict[str, Any]:
    run = case_current_run(case=case)
    findings = run.findings if run else []
    verdict = json.loads(run.verdict) if run else {}
    family = get_family(case.kind)
    chunks = case_cited_chunks(case=case)
    pages = case_page_highlights(case=case, findings=findings)
    geometry = page_geometry(sorted(pages))
    documents = Document.objects.in_bulk({d for d, _ in pages})
    locations = finding_locations(case, findings, chunks)
    role = member_role(user=request.user, dataset=case.dataset)
    # Double review is independent: groundgate.access decides whose reviews this user sees.
    seen = case_reviews_visible(user=request.user, case=case, role=role)
    reviews = list(
        seen.reviews.select_related("reviewer", "correction")
        .prefetch_related("decisions", "correction__findings")
        .order_by("-id")
    )
    mine = [r for r in reviews if r.reviewer_id == request.user.pk]
    my_last = mine[0] if mine else None
    filters = queue_context(request.GET) if queue is None else queue
    seen_review_id = seen.newest_id
    panel = family.panel(case, verdict, findings)
    groups = _groups(findings, locations, state, my_last, result.conflicts if result else None)
    if result is not None and result.conflicts:
        # The reviewer now sees the conflicting reviews: saving again is a knowing choice, and a
        # review saved after this page is still a conflict.
        seen_review_id = max(r.pk for r in result.conflicts)
    elif state is not None and state.seen_review_id is not None:
        seen_review_id = state.seen_review_id
    shown_pages = []
    for d, i in sorted(pages):
        page = geometry.get((d, i))
        # The image is turned so its text reads left to right (maybe not the PDF's /Rotate);
        # the page's boxes are placed with the same turn.
        rotation = page_shown_rotation(document=documents[d], page_index=i)
        turn = PageTurn(
            page.width if page else 1.0,
            page.height if page else 1.0,
            rotation if rotation is not None else (page.rotation if page else 0),
        )
        width, height = turn.shown
        shown_pages.append(
            {
                "document_id": d,
                "index": i,
                "page": page,
                "zoom": ZOOM,
                "rotation": rotation,
                "turn": turn,
                # The image's shape before it loads, so boxes land right at once.
                "aspect": f"{width:g} / {height:g}",
            }
        )
    return {
        "dataset": case.dataset,
        "case": case,
        "run": run,
        "findings": findings,
        "groups": groups,
        "decided_count": sum(1 for g in groups if g.choice[0]),
        "sources": family.sources(case, verdict, findings, chunks),
        "refusal": bool(panel.get("refusal")),
        "text_label": family.text.label,
        "segments": highlight_segments(family.text.of(case.payload), findings, family.text.field),
        # The family's own panels (groundgate/families/<kind>/summary.html, evidence.html).
        **panel,
        "family_summary": family.partial("summary"),
        "family_evidence": family.partial("evidence"),
        "status_tone": STATUS_TONE.get(run.status, "") if run else "",
        # One human vocabulary (the queue's outcomes); the family's raw status is the detail.
        "outcome": outcome_of(
            kind=case.kind, status=run.status, passed=run.passed, verdict=run.verdict
        )
        if run
        else "",
        "outcome_names": OUTCOMES,
        "instructions": dataset_instructions(dataset=case.dataset),
        "label_names": dict(Label.choices),
        "reason_names": dict(WrongReason.choices),
        "pages": shown_pages,
        "verdict_pretty": json.dumps(verdict, indent=2, ensure_ascii=False),
        "history": case.gate_runs.order_by("-id"),
        "reviews": reviews,
        "hidden_reviews": seen.hidden,
        "my_last": my_last,
        "relabels": Relabel.objects.filter(case=case).select_related("admin").order_by("-id"),
        "final_label": getattr(getattr(case, "queue_entry", None), "final_label", ""),
        "seen_review_id": seen_review_id,
        # "Should have answered" judges a refusal only.
        "labels": Label.choices if panel.get("refusal") else ANSWER_LABELS,
        "calls": GateCall.choices,
        "reasons": WrongReason.choices,
        "is_admin": role == "admin",
        "result": result,
        "query": urlencode(filters),
        "state": state,
        # Read once per finding row: a plain value (a lookup through a missing state costs a
        # dir() per row in Django's templates).
        "error_finding": state.error_finding if state and state.error_finding is not None else -1,
        "chosen_label": state.label if state is not None else (my_last.label if my_last else ""),
        **_correction_context(case, run, my_last, state),
    }


def _correction_context(
    case: Case, run: GateRun | None, my_last: Review | None, state: FormState | None
) -> dict[str, Any]:
    """What the correction tools show: the answer's citations, the reviewer's last correction
    (its gate verdict beside their label), and after a refused save what they had posted."""
    answer = case.payload.get("answer") if isinstance(case.payload, dict) else None
    correctable = run is not None and case.kind in CORRECTABLE_KINDS and isinstance(answer, dict)
    mine = getattr(my_last, "correction", None) if my_last is not None else None
    evidences = (answer or {}).get("evidences") or [] if correctable else []
    return {
        "correctable": correctable,
        "conclusion": (answer or {}).get("conclusion") or "" if correctable else "",
        "citations": [e for e in evidences if isinstance(e, dict)],
        "my_correction": mine,
        # What the correction tools start from: the posted correction after a refused save,
        # else the reviewer's last one (json_script in the template).
        "correction_start": _correction_start(case, mine, state) if correctable else None,
        "posted_conclusion": state.conclusion if state is not None else None,
    }


def _correction_start(
    case: Case, mine: Correction | None, state: FormState | None
) -> dict[str, Any]:
    if state is not None:
        try:
            posted = json.loads(state.correction) if state.correction else {}
        except ValueError:
            posted = {}
        return posted if isinstance(posted, dict) else {}
    return correction_as_input(mine, case) if mine is not None else {}


@login_required
def case_detail(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id)
    context = _context(request, case)
    # Opening a case holds it for this reviewer (reviews.reservations; reviews/_hold.html); an
    # admin reads without holding (her queue shows held cases anyway) unless she asks (?hold=1).
    if context["is_admin"] and request.GET.get("hold") != "1":
        context["hold"] = case_hold(case=case, user=request.user)
        context["reading"] = True
    else:
        context["hold"] = case_reserve(case=case, user=request.user)
    return render(request, "reviews/case_detail.html", context)


def _posted_state(post) -> FormState:
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


def _decisions(post, findings: list[dict[str, Any]]) -> list[Decision]:
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
def review_post(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id, action=Action.REVIEW)
    form = ReviewForm(request.POST)
    queue = queue_context(request.POST.get("queue", ""))
    state = _posted_state(request.POST)
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
        )
    except ReviewInputError as exc:
        run = case_current_run(case=case)
        _explain(exc, decisions, run.findings if run else [], state)
        messages.error(request, f"Not saved: {state.error}")
        context = _context(request, case, state=state, queue=queue)
        return render(request, "reviews/case_detail.html", context, status=400)
    if not result.saved:
        # The later reviewer is told of the conflict and sees the other decision beside theirs,
        # which stays filled in; nothing of theirs was written. They can save anyway, knowingly.
        context = _context(request, case, result, state=state, queue=queue)
        return render(request, "reviews/case_detail.html", context, status=409)
    assert result.review is not None  # saved
    saved = f"Saved {case.external_id}: {result.review.get_label_display()}"
    fixed = Correction.objects.filter(review=result.review).first()
    if fixed is not None:
        saved += f"; the gate on your corrected answer: {fixed.gate_status}"
    messages.success(request, saved + ".")
    if request.POST.get("next") == "1":
        following = queue_next(
            dataset=case.dataset, filters=queue, user=request.user, after_case_id=case.pk
        )
        if following is not None:
            url = reverse("reviews:case", args=[slug, following])
            return redirect(url + ("?" + urlencode(queue) if queue else ""))
        messages.info(request, "That was the last case needing your review in this view.")
        return redirect(reverse("reviews:queue", args=[slug]) + "?" + urlencode(queue))
    url = reverse("reviews:case", args=[slug, case.pk])
    return redirect(url + ("?" + urlencode(queue) if queue else ""))


SKIPPED = "skipped-cases"


@login_required
def case_skip(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
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
