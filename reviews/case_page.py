"""What the case page shows: the answer with every finding drawn in place, the evidence, the
cited pages turned as they are drawn, the reviewer's choices and corrections, the reviews they
may see, relabels and history. A selector: reads only; the views in reviews.case_views parse
the request, ask groundgate.access, call this and render."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.http import urlencode

from groundgate.access import member_role
from groundgate.families import KIND_NAMES, OUTCOMES, STATUS_TONE, get_family, outcome_of
from groundgate.models import Case, Document, GateRun
from groundgate.selectors.cases import case_current_run
from groundgate.services.rendering import (
    case_cited_chunks,
    case_page_highlights,
    page_shown_rotation,
)
from reviews.corrections import CORRECTABLE_KINDS, correction_as_input
from reviews.models import (
    ANSWER_LABELS,
    Correction,
    GateCall,
    Label,
    QueueEntry,
    Relabel,
    Review,
    WrongReason,
)
from reviews.near_labels import NearLine, near_lines
from reviews.page_heads import heads_data, page_column_heads, page_heads
from reviews.presenters import (
    FindingGroup,
    FindingLocation,
    PageTurn,
    finding_groups,
    finding_locations,
    highlight_segments,
    page_geometry,
)
from reviews.review_reads import VisibleReviews, case_reviews_visible, dataset_instructions
from reviews.save_keys import page_save_key
from reviews.services import SubmitResult
from reviews.should_say import ShouldSay, should_say
from reviews.span_words import SpanPlace, chunk_text, span_place

ZOOM = 1.5

# The finding keys the findings list reads, for findings that lack some.
FINDING_KEYS = dict.fromkeys(
    ("near_match", "grounded_by", "derivation", "chunk_span", "rules", "message", "severity")
)


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
    # The correction as posted (the page's hidden JSON field, restored by
    # static/js/case/corrections.js) and the answer editor's text (None: the editor was closed).
    correction: str = ""
    conclusion: str | None = None


def _groups(
    findings: list[dict[str, Any]],
    locations: list[FindingLocation],
    places: list[SpanPlace | None],
    offers: list[ShouldSay | None],
    nears: list[list[NearLine]],
    state: FormState | None,
    mine: Review | None,
    conflicts: Sequence[Review] | None,
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
            place=places[leader],
            offer=offers[leader],
            near=nears[leader],
        )
        for leader, members in finding_groups(findings).items()
    ]


def case_page_context(
    *,
    user: Any,
    case: Case,
    queue: dict[str, str],
    result: SubmitResult | None = None,
    state: FormState | None = None,
) -> dict[str, Any]:
    """Everything the case page shows `user` of `case` (who may see it was decided by the
    caller: groundgate.access.case_for). `queue`: the queue filters it was opened from. After a
    save that did not happen, `state` is what the reviewer had chosen and `result` its
    conflicts."""
    run = case_current_run(case=case)
    findings = run.findings if run else []
    verdict = json.loads(run.verdict) if run else {}
    family = get_family(case.kind)
    chunks = case_cited_chunks(case=case)
    pages = case_page_highlights(case=case, findings=findings)
    locations = finding_locations(case, findings, chunks)
    role = member_role(user=user, dataset=case.dataset)
    reviews, seen = _reviews_shown(user, case, role)
    mine = [r for r in reviews if r.reviewer_id == user.pk]
    my_last = mine[0] if mine else None
    seen_review_id = seen.newest_id
    panel = family.panel(case, verdict, findings)
    places = [span_place(case, f, chunks) for f in findings]
    conflicts = result.conflicts if result else None
    offers = [should_say(f, _near_text(case, f, chunks)) for f in findings]
    nears = [near_lines(f, _own_text(case, f, chunks)) for f in findings]
    groups = _groups(findings, locations, places, offers, nears, state, my_last, conflicts)
    if result is not None and result.conflicts:
        # The reviewer now sees the conflicting reviews: saving again is a knowing choice, and a
        # review saved after this page is still a conflict.
        seen_review_id = max(r.pk for r in result.conflicts)
    elif state is not None and state.seen_review_id is not None:
        seen_review_id = state.seen_review_id
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
        "kind_names": KIND_NAMES,
        "instructions": dataset_instructions(dataset=case.dataset),
        "label_names": dict(Label.choices),
        "reason_names": dict(WrongReason.choices),
        "pages": shown_pages(pages),
        "verdict_pretty": json.dumps(verdict, indent=2, ensure_ascii=False),
        # Each run's outcome in the queue's words; its raw status on hover.
        "history": [
            (
                r,
                OUTCOMES[
                    outcome_of(kind=case.kind, status=r.status, passed=r.passed, verdict=r.verdict)
                ],
            )
            for r in case.gate_runs.order_by("-id")
        ],
        "reviews": reviews,
        "hidden_reviews": seen.hidden,
        "my_last": my_last,
        "relabels": Relabel.objects.filter(case=case).select_related("admin").order_by("-id"),
        "final_label": getattr(getattr(case, "queue_entry", None), "final_label", ""),
        "seen_review_id": seen_review_id,
        "save_key": page_save_key(),
        # "Should have answered" judges a refusal only.
        "labels": Label.choices if panel.get("refusal") else ANSWER_LABELS,
        "calls": GateCall.choices,
        "reasons": WrongReason.choices,
        "is_admin": role == "admin",
        "result": result,
        "query": urlencode(queue),
        "state": state,
        # Read once per finding row: a plain value (a lookup through a missing state costs a
        # dir() per row in Django's templates).
        "error_finding": state.error_finding if state and state.error_finding is not None else -1,
        "chosen_label": state.label if state is not None else (my_last.label if my_last else ""),
        **_correction_context(case, run, my_last, state),
    }


def _near_text(case: Case, finding: dict[str, Any], chunks: dict[str, Any]) -> str | None:
    """The text a finding's near miss's chunk_span points into (its chunk's), or None."""
    near = finding.get("near_match")
    chunk_id = near.get("chunk_id") if isinstance(near, dict) else None
    return chunk_text(case, chunk_id, chunks) if isinstance(chunk_id, str) else None


def _own_text(case: Case, finding: dict[str, Any], chunks: dict[str, Any]) -> str | None:
    """The text a finding's own chunk_span points into (its chunk's), or None."""
    chunk_id = finding.get("chunk_id")
    return chunk_text(case, chunk_id, chunks) if isinstance(chunk_id, str) else None


def _reviews_shown(user: Any, case: Case, role: str | None) -> tuple[list[Review], VisibleReviews]:
    """The reviews the page lists, newest first, with what they are read from. Double review
    is independent: groundgate.access decides whose reviews this user sees."""
    seen = case_reviews_visible(user=user, case=case, role=role)
    reviews = list(
        seen.reviews.select_related("reviewer", "correction")
        .prefetch_related("decisions", "correction__findings")
        .order_by("-id")
    )
    return reviews, seen


def case_reviews_context(*, user: Any, case: Case) -> dict[str, Any]:
    """What the page's Reviews list (templates/reviews/_reviews.html) shows: given again with a
    save the page keeps (static/js/save.js, d925), so the list holds the review just saved."""
    reviews, seen = _reviews_shown(user, case, member_role(user=user, dataset=case.dataset))
    return {
        "reviews": reviews,
        "hidden_reviews": seen.hidden,
        "reason_names": dict(WrongReason.choices),
    }


def case_labels_context(*, case: Case) -> dict[str, Any]:
    """What the page's Label history and the relabel form's "Now:" line show
    (templates/reviews/_label_history.html, _current_label.html): given again with a save the
    page keeps (static/js/save.js, d964), read afresh (the save may have moved the final
    label)."""
    entry = QueueEntry.objects.filter(case=case).only("final_label").first()
    return {
        "relabels": Relabel.objects.filter(case=case).select_related("admin").order_by("-id"),
        "final_label": entry.final_label if entry is not None else "",
        "label_names": dict(Label.choices),
    }


def shown_pages(pages: Iterable[tuple[int, int]]) -> list[dict[str, Any]]:
    """The cited pages as the page draws them: each image turned so its text reads left to
    right (maybe not the PDF's /Rotate), with the turn its boxes are placed by and the image's
    shape before it loads, so boxes land right at once."""
    cited = sorted(pages)
    geometry = page_geometry(cited)
    documents = Document.objects.in_bulk({d for d, _ in cited})
    shown = []
    for d, i in cited:
        page = geometry.get((d, i))
        rotation = page_shown_rotation(document=documents[d], page_index=i)
        turn = PageTurn(
            page.width if page else 1.0,
            page.height if page else 1.0,
            rotation if rotation is not None else (page.rotation if page else 0),
        )
        width, height = turn.shown
        shown.append(
            {
                "document_id": d,
                "index": i,
                # The document's page count, for "page 3 of 12" in the viewer's toolbar.
                "of": documents[d].page_count,
                "page": page,
                "zoom": ZOOM,
                "rotation": rotation,
                "turn": turn,
                # The img's width/height attributes reserve its box before it loads (an inline
                # style would be refused by the Content-Security-Policy: style-src 'self').
                "size": (max(1, round(width)), max(1, round(height))),
                # Its period header lines, opened in view above a box where both fit (d1008).
                "heads": heads_data(page_heads(d, i)),
                # Its column heads by name, where no period header is over a figure (d1017).
                "column_heads": heads_data(page_column_heads(d, i)),
            }
        )
    return shown


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
