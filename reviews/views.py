"""Reviewer pages: dataset list, queue, dashboard. Every dataset lookup goes through
groundgate.access, so an outsider gets 404 for anything of a dataset she is not in."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from groundgate.access import (
    Action,
    DatasetAccess,
    dataset_access,
    dataset_for,
    datasets_visible,
    reserved_by_others_visible,
)
from groundgate.families import OUTCOMES, REFUSED
from groundgate.models import Case, Dataset
from reviews.assignment_reads import assignment_progress, my_assignments
from reviews.charts import PROGRESS_COLOURS, bar_chart, split_bar_chart
from reviews.dashboard import dashboard
from reviews.facets import EXTRA
from reviews.forms import BulkRelabelForm, first_error
from reviews.models import Label, QueueEntry, ReviewState
from reviews.queue_facets import queue_counts
from reviews.queue_rows import facet_options, queue_rows
from reviews.reads import reads_shared
from reviews.relabel_drafts import relabel_draft_keep, relabel_draft_take
from reviews.relabel_once import relabel_set_apply, relabel_set_replayed
from reviews.reservations import reservations_live
from reviews.review_reads import dataset_instructions, reviewer_progress
from reviews.save_keys import page_save_key, save_key_of
from reviews.search import search_capped
from reviews.selectors import queue_entries, queue_filters, queue_page, queue_scope
from reviews.services import (
    RelabelSet,
    ReviewInputError,
    cases_assign,
    held_out_count,
    instructions_set,
    relabel_set,
    relabelled_note,
)
from reviews.signed_in import AuthenticatedHttpRequest

PAGE_SIZE = 50


def without_slash(request: HttpRequest, slug: str, page: str) -> HttpResponse:
    """`/d/<slug>/<page>/` to the page's canonical address without the slash (301 for GET and
    HEAD; 308 otherwise, so a POST is not turned into a GET). The page asks the access module
    itself: the redirect shows nothing the address did not say."""
    target = reverse(f"reviews:{page.replace('/', '-')}", kwargs={"slug": slug})
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    # 308 keeps the method and body: a form's POST stays a POST.
    preserve = request.method not in ("GET", "HEAD")
    return HttpResponsePermanentRedirect(target, preserve_request=preserve)


@login_required
def dataset_list(request: HttpRequest) -> HttpResponse:
    datasets = datasets_visible(user=request.user).annotate(case_count=Count("cases"))
    return render(request, "reviews/dataset_list.html", {"datasets": datasets})


@login_required
def queue(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    # The stored counts are read once for the page (reads_shared): its count, its facets and
    # `assigned=`'s checks asked for the same rows two or three times, a round trip each.
    with reads_shared():
        access = dataset_access(user=request.user, slug=slug)
        dataset = access.dataset
        filters = queue_filters(request.GET)
        holds = reservations_live(dataset=dataset)
        scope = queue_scope(dataset=dataset, user=request.user, filters=filters, holds=holds)
        page = queue_page(
            dataset=dataset,
            filters=filters,
            after=request.GET.get("after"),
            before=request.GET.get("before"),
            size=PAGE_SIZE,
            scope=scope,
        )
        query = urlencode(filters)
        rows = queue_rows(
            page.entries, slug=dataset.slug, query=query, holds=holds, user_id=request.user.pk
        )
        counts = queue_counts(dataset=dataset, filters=filters, scope=scope, count=page.count)
        return render(
            request,
            "reviews/queue.html",
            {
                "dataset": dataset,
                "access": access,  # the navigation's links (templatetags/access: no second query)
                "page": page,
                "rows": rows,
                "filters": filters,
                "query": query,
                "counts": counts,
                "options": facet_options(counts, filters),  # the selects' options, as HTML
                # The dashboard's filters that have no select: shown with a link that drops each.
                "chips": [
                    (EXTRA_NAMES[name], filters[name], _without(filters, name))
                    for name in EXTRA
                    if filters.get(name) and name != "q"  # the search has its own field
                ],
                "reservation_choices": _reservation_choices(access),
                "progress": reviewer_progress(dataset=dataset, user=request.user),
                "minutes": settings.GROUNDGATE_RESERVATION_MINUTES,
                "is_admin": access.is_admin,
                "instructions": dataset_instructions(dataset=dataset),
                "mine_assigned": my_assignments(dataset=dataset, user=request.user),
                "assignments": assignment_progress(dataset=dataset) if access.is_admin else [],
                "members": _members(dataset) if access.is_admin else [],
                "search_capped": search_capped(dataset_id=dataset.pk, text=filters["q"])
                if filters.get("q")
                else 0,
                "held_out": held_out_count(dataset=dataset, filters=filters, hidden=scope.hidden)
                if access.is_admin and page.count and not page.capped
                else 0,
                "labels": Label.choices,
                # The bulk relabel's label and reason, kept when it came back with an error.
                "draft": relabel_draft_take(request, slug=dataset.slug, query=query)
                if access.is_admin and page.count and not page.capped
                else None,
                "review_states": ReviewState.choices,
                "has_cases": page.count
                or bool(filters)
                or QueueEntry.objects.filter(dataset=dataset).exists(),
            },
        )


EXTRA_NAMES = {
    "no_code": "without finding",
    "review_label": "reviewers' label",
    "final_label": "final label",
    "call": "a reviewer called the finding",
    "q": "search",
    "assigned": "assigned to",
}


def _members(dataset: Dataset) -> list[str]:
    return sorted(dataset.memberships.values_list("user__username", flat=True))


def _without(filters: dict[str, str], name: str) -> str:
    return urlencode({k: v for k, v in filters.items() if k != name})


def _reservation_choices(access: DatasetAccess) -> list[tuple[str, str]]:
    choices = [("", "hide cases others hold"), ("mine", "held by me")]
    if reserved_by_others_visible(role=access.role):
        choices += [("all", "all, held ones marked"), ("others", "held by others")]
    return choices


@login_required
@require_POST
def instructions_post(request: HttpRequest, slug: str) -> HttpResponse:
    """An admin sets the dataset's review instructions (shown on the queue and case pages)."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.INSTRUCT)
    try:
        instructions_set(dataset=dataset, admin=request.user, text=request.POST.get("text", ""))
    except ReviewInputError as exc:
        messages.error(request, f"Instructions not saved: {exc}")
    else:
        messages.success(request, "Review instructions saved.")
    return redirect(reverse("reviews:queue", args=[slug]))


@login_required
@require_POST
def assign_post(request: HttpRequest, slug: str) -> HttpResponse:
    """Assign every case of the filtered queue to a reviewer (admins), if the filtered set is
    still as many cases as the admin saw."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.ASSIGN)
    filters = queue_filters(request.POST)
    back = reverse("reviews:queue", args=[slug]) + "?" + urlencode(filters)
    ids = list(queue_entries(dataset=dataset, filters=filters).values_list("case_id", flat=True))
    name = request.POST.get("reviewer", "")
    if request.POST.get("expected_count") != str(len(ids)):
        # What she chose is said back with the set as it is now (d826).
        to = f"to {name}" if name else "to nobody (unassign)"
        now = f"{len(ids)} case{'s' if len(ids) != 1 else ''}"
        messages.error(
            request,
            f"The filtered set changed since you looked; nothing assigned. It now holds {now}:"
            f" assign them {to} again if that is still meant.",
        )
        return redirect(back)
    reviewer = dataset.memberships.filter(user__username=name).select_related("user").first()
    if name and reviewer is None:
        messages.error(request, f"Not assigned: {name} is not a member of this dataset.")
        return redirect(back)
    try:
        n = cases_assign(
            dataset=dataset,
            cases=list(Case.objects.filter(pk__in=ids)),
            admin=request.user,
            reviewer=reviewer.user if reviewer else None,
        )
    except ReviewInputError as exc:
        messages.error(request, f"Not assigned: {exc}")
        return redirect(back)
    done = f"assigned to {name}" if name else "no longer assigned"
    messages.success(request, f"{n} case{'s' if n != 1 else ''} {done}.")
    return redirect(back)


@login_required
@require_POST
def bulk_relabel(request: HttpRequest, slug: str) -> HttpResponse:
    """Relabel every case of the filtered queue (admins), in two steps: the first POST shows
    how many cases and which will be relabelled; the second (confirm=1) applies it, only if the
    filtered set is still exactly the one shown (its digest), else nothing is relabelled."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.RELABEL)
    filters = queue_filters(request.POST)
    back = reverse("reviews:queue", args=[slug]) + "?" + urlencode(filters)
    chosen = relabel_set(dataset=dataset, user=request.user, filters=filters)
    form = BulkRelabelForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Not relabelled: {first_error(form)}")
        posted = request.POST
        return _back_with_draft(
            request, slug, back, posted.get("to_label", ""), posted.get("reason", "")
        )
    confirm = request.POST.get("confirm") == "1"
    digest = request.POST.get("digest", "") if confirm else None
    to_label, reason = form.cleaned_data["to_label"], form.cleaned_data["reason"]
    if not chosen.unchanged_since(count=form.cleaned_data["expected_count"], digest=digest):
        key = save_key_of(request.POST) if confirm else ""
        if done := relabel_set_replayed(dataset=dataset, admin=request.user, save_key=key):
            # This confirmation went through already and moved its cases out of the filter
            # (d782): say what it did, not that the set changed.
            said = f"Relabelled {len(done)} {'case' if len(done) == 1 else 'cases'}."
            messages.success(request, f"{said} (it had arrived once already: relabelled once)")
            return redirect(back)
        saw = form.cleaned_data["expected_count"]
        if not chosen.entries:
            # No case to show: the reason is said back, to copy (d826).
            messages.error(
                request,
                "The filtered set changed since you looked; nothing relabelled. "
                f"No case matches it now. Your reason was: “{reason}”",
            )
            return redirect(back)
        # The set changed (d826): nothing is relabelled; the set as it is now is shown for
        # confirmation with the label and reason the admin chose, so nothing is typed again.
        now = len(chosen.entries)
        changed = f"It now holds {now} case{'s' if now != 1 else ''} (you saw {saw})"
        if now == saw:
            changed = f"It holds other cases than the {saw} you saw"
        messages.error(
            request,
            f"The filtered set changed since you looked; nothing relabelled. {changed}: "
            "check them below and confirm again.",
        )
        return _confirmation(request, dataset, chosen, filters, back, to_label, reason)
    if not confirm:
        return _confirmation(request, dataset, chosen, filters, back, to_label, reason)
    try:
        result = relabel_set_apply(
            chosen=chosen,
            admin=request.user,
            to_label=to_label,
            reason=form.cleaned_data["reason"],
            save_key=save_key_of(request.POST),
        )
    except ReviewInputError as exc:
        messages.error(request, f"Not relabelled: {exc}")
        return _back_with_draft(request, slug, back, to_label, reason)
    else:
        said = relabelled_note(len(result.relabels), chosen.held_out, held_skipped=True)
        if result.replayed:
            said += " (it had arrived once already: relabelled once)"
        messages.success(request, said)
    return redirect(back)


CONFIRM_LISTED = 200


def _back_with_draft(
    request: HttpRequest, slug: str, back: str, to_label: str, reason: str
) -> HttpResponse:
    """To the queue, whose bulk form shows the label and reason again (d826)."""
    query = back.split("?", 1)[1] if "?" in back else ""
    relabel_draft_keep(request, slug=slug, query=query, to_label=to_label, reason=reason)
    return redirect(back)


def _confirmation(
    request: HttpRequest,
    dataset: Dataset,
    chosen: RelabelSet,
    filters: dict[str, str],
    back: str,
    to_label: str,
    reason: str,
) -> HttpResponse:
    """The bulk relabel's confirmation page: how many cases and which, nothing written yet."""
    entries = chosen.entries
    return render(
        request,
        "reviews/relabel_confirm.html",
        {
            "dataset": dataset,
            "entries": entries[:CONFIRM_LISTED],
            "more": max(0, len(entries) - CONFIRM_LISTED),
            "count": len(entries),
            "filters": filters,
            "back": back,
            "to_label": to_label,
            "to_label_text": Label(to_label).label,
            "label_names": dict(Label.choices),
            "changing": sum(e.final_label != to_label for e in entries),
            "unchanged": sum(e.final_label == to_label for e in entries),
            "outcome_names": OUTCOMES,
            "reason": reason,
            "digest": chosen.digest,
            "save_key": page_save_key(),  # the confirmation, once (d737)
            "held_out": chosen.held_out,
            "minutes": settings.GROUNDGATE_RESERVATION_MINUTES,
        },
    )


@login_required
def dashboard_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Every chart and count links to the queue filtered to exactly the cases it counts."""
    dataset = dataset_for(user=request.user, slug=slug)
    stats = dashboard(dataset=dataset)
    queue_url = reverse("reviews:queue", args=[slug])

    def q(**filters: str) -> str:
        # Queue links show every case they count, held ones included where the role may.
        return f"{queue_url}?{urlencode({**filters, 'reservation': 'all'})}"

    reviewed = dict(stats.progress).get(str(ReviewState.REVIEWED), 0)
    labels = Label.values
    rules = [
        {
            "rule": r,
            "fired": [
                (r.fired[label], q(kind=r.kind, code=r.code, review_label=label))
                for label in labels
            ],
            "quiet": [
                (r.quiet[label], q(kind=r.kind, no_code=r.code, review_label=label))
                for label in labels
            ],
        }
        for r in stats.rules
    ]
    confusion = [
        (
            outcome,
            OUTCOMES.get(outcome, outcome),
            [(row[label], q(outcome=outcome, review_label=label)) for label in labels],
        )
        for outcome, row in stats.confusion.items()
    ]
    return render(
        request,
        "reviews/dashboard.html",
        {
            "dataset": dataset,
            "stats": stats,
            "done_share": round(100 * reviewed / stats.total) if stats.total else 0,
            "progress_chart": bar_chart(
                stats.progress,
                links=[q(review=s) for s, _ in stats.progress],
                # Work not yet done is no success: unreviewed grey, disputed amber.
                colours=[PROGRESS_COLOURS.get(s, "good") for s, _ in stats.progress],
            ),
            "outcome_chart": bar_chart(
                [(OUTCOMES.get(o, o), n) for o, n in stats.outcomes],
                links=[q(outcome=o) for o, _ in stats.outcomes],
                colours=[o for o, _ in stats.outcomes],
            ),
            "status_chart": bar_chart(
                stats.statuses, links=[q(status=s) for s, _ in stats.statuses]
            ),
            "code_chart": bar_chart(
                stats.by_code,
                links=[q(code=c) for c, _ in stats.by_code],
                # Errors red, warnings amber, information (how a value was grounded) blue.
                colours=[stats.severity.get(c, "error") for c, _ in stats.by_code],
            ),
            "rule_chart": split_bar_chart(
                stats.rule_calls,
                links=[
                    (q(code=c, call="right"), q(code=c, call="wrong"))
                    for c, _, _ in stats.rule_calls
                ],
            ),
            "rules": rules,
            "confusion": confusion,
            # Refusals the reviewers agreed should have been answered: retrieval missed the
            # evidence that is in the documents (issue 32).
            "retrieval_misses": stats.confusion.get(REFUSED, {}).get(Label.SHOULD_HAVE_ANSWERED, 0),
            "retrieval_misses_url": q(outcome=REFUSED, review_label=Label.SHOULD_HAVE_ANSWERED),
            "refusals": dict(stats.outcomes).get(REFUSED, 0),
            "labels": Label.choices,
            "disputed_url": q(review="disputed"),
            "all_url": q(),
        },
    )
