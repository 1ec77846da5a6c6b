"""Review decisions and admin relabels. Append-only; every write refreshes the queue index."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from groundgate.access import Action, member_role, require
from groundgate.families import REFUSED, outcome_of
from groundgate.models import Case, Dataset
from groundgate.selectors.cases import case_current_run
from groundgate.services.phoenix_outbox import phoenix_push_enqueue
from groundgate.services.webhooks import Event, webhook_events_emit
from reviews.assignment_counts import assignment_mark_reviewed, assignments_replace, cases_lock
from reviews.corrections import CorrectionError, CorrectionInput, correction_build
from reviews.models import (
    Assignment,
    FindingCorrection,
    FindingDecision,
    GateCall,
    Label,
    QueueEntry,
    Relabel,
    Review,
    ReviewGuide,
    ReviewState,
    WrongReason,
)
from reviews.queue import progress_add, queue_refresh
from reviews.reservations import reservation_release
from reviews.selectors import queue_entries, queue_scope


class ReviewInputError(ValueError):
    """Bad review input; `field` names what was wrong."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class Decision:
    finding_index: int
    call: str
    reason: str = ""


@dataclass
class SubmitResult:
    review: Review | None
    # Reviews by others saved after the page was opened: the later reviewer is told and shown.
    conflicts: list[Review] = field(default_factory=list)
    stale_run: bool = False
    # The same save arrived again (a double click, a retry after a lost answer): `review` is the
    # one its first arrival saved, and nothing more was written.
    replayed: bool = False

    @property
    def saved(self) -> bool:
        return self.review is not None


def _saved_once(case: Case, reviewer: Any, save_key: str) -> Review | None:
    return Review.objects.filter(case=case, reviewer=reviewer, save_key=save_key).first()


def review_submit(
    *,
    case: Case,
    reviewer: Any,
    label: str,
    comment: str = "",
    decisions: list[Decision] | None = None,
    seen_review_id: int | None = None,
    gate_run_id: int | None = None,
    force: bool = False,
    correction: CorrectionInput | None = None,
    save_key: str = "",
) -> SubmitResult:
    """Record a reviewer's decision, unless someone else decided meanwhile (single-review
    datasets) and the reviewer has not confirmed: then nothing is saved and the conflicting
    reviews are returned. In double-review datasets reviews are independent: no conflict, and
    disagreement makes the case disputed (the adjudication queue).

    `correction`: the corrected data (reviews.corrections), checked and gated before anything
    is written and saved with the review, in its transaction.

    `save_key`: the page's save, once (reviews.save_keys: its key and what it posted): a save
    that arrives again finds the review its first arrival saved and writes nothing."""
    require(user=reviewer, dataset=case.dataset, action=Action.REVIEW)
    if label not in Label.values:
        raise ReviewInputError("label", f"must be one of {', '.join(Label.values)}")
    run = case_current_run(case=case)
    if run is None:
        raise ReviewInputError("case", "the case has not been gated")
    _check_refusal_label(label, "label", case)
    decisions = decisions or []
    _validate_decisions(decisions, run.findings)
    built = None
    if correction is not None and (gate_run_id is None or gate_run_id == run.pk):
        try:
            built = correction_build(case=case, run=run, data=correction)
        except CorrectionError as exc:
            raise ReviewInputError(exc.field, exc.message) from None

    try:
        with transaction.atomic():
            # Lock the case row so two saves of the same case are serialised (PostgreSQL; SQLite
            # serialises writers anyway).
            Case.objects.select_for_update().filter(pk=case.pk).first()
            if save_key and (done := _saved_once(case, reviewer, save_key)) is not None:
                return SubmitResult(done, replayed=True)
            if gate_run_id is not None and gate_run_id != run.pk and not force:
                return SubmitResult(None, stale_run=True)
            others = Review.objects.filter(case=case, id__gt=seen_review_id or 0).exclude(
                reviewer=reviewer
            )
            conflicts = list(others.select_related("reviewer").order_by("id"))
            if conflicts and case.dataset.reviews_required == 1 and not force:
                return SubmitResult(None, conflicts)
            # One review per reviewer per gate run: the reviewer's own review of this run saved
            # after this form was shown (a second tab) is a conflict too, in every dataset; saving
            # again knowingly (force) appends the newer one, as a change of mind.
            if seen_review_id is not None and not force:
                mine = Review.objects.filter(
                    case=case, reviewer=reviewer, gate_run=run, id__gt=seen_review_id
                )
                if own := list(mine.select_related("reviewer").order_by("id")):
                    return SubmitResult(None, own)
            first = not Review.objects.filter(case=case, reviewer=reviewer).exists()
            review = Review(
                case=case,
                gate_run=run,
                reviewer=reviewer,
                label=label,
                comment=comment.strip(),
                save_key=save_key,
            )
            review.save()
            if first:
                progress_add(case=case, reviewer=reviewer, at=review.created_at)
            FindingDecision.objects.bulk_create(
                FindingDecision(
                    review=review,
                    finding_index=d.finding_index,
                    code=run.findings[d.finding_index]["code"],
                    call=d.call,
                    reason=d.reason,
                )
                for d in decisions
            )
            if built is not None:
                built.correction.review = review
                built.correction.save()
                for row in built.findings:
                    row.correction = built.correction
                FindingCorrection.objects.bulk_create(built.findings)
            queue_refresh([case.pk])
            if first:  # her assignment of the case, if any, is done
                assignment_mark_reviewed(case_id=case.pk, reviewer_id=reviewer.pk)
            # The review is in: the reviewer's hold on the case ends (reviews.reservations).
            reservation_release(case=case, user=reviewer)
            webhook_events_emit(
                datasets=[case.dataset],
                event="review",
                build=lambda: [_review_event(review, decisions)],
            )
            phoenix_push_enqueue(cases=[case])
    except IntegrityError:
        # The same save arrived twice at once and the other arrival wrote first (the unique
        # save key): its review is this save's.
        if save_key and (done := _saved_once(case, reviewer, save_key)) is not None:
            return SubmitResult(done, replayed=True)
        raise
    return SubmitResult(review, conflicts)


def _validate_decisions(decisions: list[Decision], findings: list[dict[str, Any]]) -> None:
    seen = set()
    for i, d in enumerate(decisions):
        where = f"decisions[{i}]"
        if not 0 <= d.finding_index < len(findings):
            raise ReviewInputError(f"{where}.finding_index", "no such finding in this verdict")
        if d.finding_index in seen:
            raise ReviewInputError(f"{where}.finding_index", "decided twice")
        seen.add(d.finding_index)
        if d.call not in GateCall.values:
            raise ReviewInputError(f"{where}.call", "must be right or wrong")
        if d.call == GateCall.WRONG and not d.reason:
            raise ReviewInputError(f"{where}.reason", "say why the gate was wrong")
        if d.call == GateCall.WRONG and d.reason not in WrongReason.values:
            raise ReviewInputError(f"{where}.reason", _not_a_reason(d.reason))
        if d.call == GateCall.RIGHT and d.reason:
            raise ReviewInputError(f"{where}.reason", "only for a finding the gate got wrong")


def _not_a_reason(reason: str) -> str:
    """An unknown reason, quoted (shortened) with the ones there are."""
    shown = reason if len(reason) <= 40 else reason[:37] + "..."
    return f"'{shown}' is not one of the reasons ({', '.join(WrongReason.values)})"


def _check_refusal_label(label: str, field_name: str, case: Case) -> None:
    """The label "Should have answered" judges a refusal (the answering pipeline declined to
    answer): on an answer or any other verdict it means nothing."""
    if label != Label.SHOULD_HAVE_ANSWERED:
        return
    run = case_current_run(case=case)
    refused = run is not None and (
        outcome_of(kind=case.kind, status=run.status, passed=run.passed, verdict=run.verdict)
        == REFUSED
    )
    if not refused:
        raise ReviewInputError(
            field_name, "should_have_answered is only for a refusal (case outcome 'refused')"
        )


@dataclass(frozen=True)
class RelabelResult:
    relabel: Relabel
    # The same relabel arrived again (a double click, a retry after a lost answer): `relabel` is
    # the one its first arrival saved, and nothing more was written.
    replayed: bool = False


def _relabelled_once(case: Case, admin: Any, save_key: str) -> Relabel | None:
    return Relabel.objects.filter(case=case, admin=admin, save_key=save_key).first()


def case_relabel(
    *, case: Case, admin: Any, to_label: str, reason: str, save_key: str = ""
) -> RelabelResult:
    """Set one case's final label. `save_key`: the page's relabel, once (reviews.save_keys, d729):
    one that arrives again - after the first, or at once with it (the unique key) - finds the
    relabel its first arrival saved and writes nothing; the history stays append-only."""
    require(user=admin, dataset=case.dataset, action=Action.RELABEL)
    try:
        with transaction.atomic():
            Case.objects.select_for_update().filter(pk=case.pk).first()
            if save_key and (done := _relabelled_once(case, admin, save_key)) is not None:
                return RelabelResult(done, replayed=True)
            relabels = cases_relabel(
                cases=[case],
                admin=admin,
                to_label=to_label,
                reason=reason,
                save_keys={case.pk: save_key},
            )
    except IntegrityError:
        # The other arrival wrote first: its relabel is this one's.
        if save_key and (done := _relabelled_once(case, admin, save_key)) is not None:
            return RelabelResult(done, replayed=True)
        raise
    return RelabelResult(relabels[0])


@transaction.atomic
def cases_relabel(
    *,
    cases: list[Case],
    admin: Any,
    to_label: str,
    reason: str,
    save_keys: Mapping[int, str] | None = None,
) -> list[Relabel]:
    """Set the final label of each case (a bulk relabel is one transaction). `save_keys`: each
    case's stored save key (case id -> key; d729, d737), none where absent."""
    if to_label not in Label.values:
        raise ReviewInputError("to_label", f"must be one of {', '.join(Label.values)}")
    if not reason or not reason.strip():
        raise ReviewInputError("reason", "a relabel needs a reason")
    limit = settings.GROUNDGATE_RELABEL_MAX_CASES
    if len(cases) > limit:
        raise ReviewInputError(
            "cases",
            f"at most {limit} cases at once (GROUNDGATE_RELABEL_MAX_CASES); narrow the filter",
        )
    for c in cases:
        _check_refusal_label(to_label, "to_label", c)
    for dataset in {c.dataset for c in cases}:
        require(user=admin, dataset=dataset, action=Action.RELABEL)
    current = dict(QueueEntry.objects.filter(case__in=cases).values_list("case_id", "final_label"))
    relabels = [
        Relabel(
            case=c,
            from_label=current.get(c.pk, ""),
            to_label=to_label,
            admin=admin,
            reason=reason.strip(),
            save_key=(save_keys or {}).get(c.pk, ""),
        )
        for c in cases
    ]
    Relabel.objects.bulk_create(relabels)
    queue_refresh([c.pk for c in cases])
    webhook_events_emit(
        datasets={c.dataset for c in cases},
        event="relabel",
        build=lambda: [_relabel_event(r) for r in relabels],
    )
    phoenix_push_enqueue(cases=cases)
    return relabels


@dataclass(frozen=True)
class RelabelSet:
    """The cases a bulk relabel of a filtered queue would change, as the admin is shown them,
    and their digest (of the sorted case ids): the confirmation applies only to this set."""

    entries: list[Any]
    digest: str
    held_out: int = 0  # cases the filter matches that other reviewers hold: not relabelled

    def unchanged_since(self, *, count: int, digest: str | None) -> bool:
        """Whether the admin saw this set: the count they were shown, and on confirming, the
        digest of the set they confirmed."""
        return count == len(self.entries) and (digest is None or digest == self.digest)


def relabel_set(*, dataset: Dataset, user: Any, filters: dict[str, str]) -> RelabelSet:
    """The filtered queue's cases that a bulk relabel by `user` (an admin) would change."""
    scope = queue_scope(dataset=dataset, user=user, filters=filters)
    entries = list(queue_entries(dataset=dataset, filters=filters, scope=scope))
    ids = ",".join(str(i) for i in sorted(e.case_id for e in entries))
    held_out = held_out_count(dataset=dataset, filters=filters, hidden=scope.hidden)
    return RelabelSet(entries, hashlib.sha256(ids.encode()).hexdigest(), held_out)


def held_out_count(*, dataset: Dataset, filters: dict[str, str], hidden: set[int]) -> int:
    """How many cases the filter matches that the view leaves out because other reviewers hold
    them (queue_scope's `hidden`): a bulk relabel of the view does not touch them, and the admin
    is told so beside the form (it skipped them silently). By their keys: a few rows."""
    if not hidden:
        return 0
    return queue_entries(dataset=dataset, filters=filters).filter(case_id__in=hidden).count()


def relabelled_note(done: int, held: int, *, held_skipped: bool) -> str:
    """What an admin is told after a relabel: how many cases, and how many were held by other
    reviewers - skipped by the queue's bulk relabel (`held_skipped`, d368), relabelled all the
    same by the Django admin's action on chosen cases."""
    said = f"Relabelled {done} {_cases(done)}."
    if not held:
        return said
    if held_skipped:
        return (
            f"{said} {held} {_cases(held)} the filter matches {'is' if held == 1 else 'are'}"
            f" held by other reviewers and {'was' if held == 1 else 'were'} not relabelled."
        )
    return f"{said} {held} of them {'was' if held == 1 else 'were'} held by other reviewers."


def _cases(n: int) -> str:
    return "case" if n == 1 else "cases"


ASSIGN_MAX_CASES = 10_000


@transaction.atomic
def cases_assign(*, dataset: Dataset, cases: list[Case], admin: Any, reviewer: Any) -> int:
    """Assign `cases` of `dataset` to `reviewer` (a member), replacing earlier assignments;
    reviewer None takes them back. Returns how many cases."""
    require(user=admin, dataset=dataset, action=Action.ASSIGN)
    if len(cases) > ASSIGN_MAX_CASES:
        raise ReviewInputError("cases", f"at most {ASSIGN_MAX_CASES} cases at once")
    if reviewer is not None and member_role(user=reviewer, dataset=dataset) is None:
        raise ReviewInputError("reviewer", "is not a member of this dataset")
    ids = [c.pk for c in cases if c.dataset_id == dataset.pk]
    with transaction.atomic():
        cases_lock(ids)  # before reading their reviews and states (a save waits meanwhile)
        rows = []
        if reviewer is not None:
            done = set(
                Review.objects.filter(case_id__in=ids, reviewer=reviewer).values_list(
                    "case_id", flat=True
                )
            )
            states = dict(
                QueueEntry.objects.filter(case_id__in=ids).values_list("case_id", "review_state")
            )
            rows = [
                Assignment(
                    case_id=i,
                    dataset=dataset,
                    reviewer=reviewer,
                    assigned_by=admin,
                    reviewed=i in done,
                    review_state=states.get(i, ReviewState.UNREVIEWED),
                )
                for i in ids
            ]
        # The old rows out, these in, the stored counts (AssignmentCount) moved.
        assignments_replace(ids, rows)
    return len(ids)


INSTRUCTIONS_MAX_CHARS = 20_000


def instructions_set(*, dataset: Dataset, admin: Any, text: str) -> ReviewGuide:
    """Set the dataset's review instructions (admins; shown on the queue and case pages)."""
    require(user=admin, dataset=dataset, action=Action.INSTRUCT)
    text = text.strip()
    if len(text) > INSTRUCTIONS_MAX_CHARS:
        raise ReviewInputError("text", f"at most {INSTRUCTIONS_MAX_CHARS} characters")
    guide, _ = ReviewGuide.objects.update_or_create(
        dataset=dataset, defaults={"text": text, "updated_by": admin}
    )
    return guide


def _review_event(review: Review, decisions: list[Decision]) -> Event:
    case = review.case
    data = {
        "case_id": case.pk,
        "external_id": case.external_id,
        "review_id": review.pk,
        "gate_run_id": review.gate_run_id,
        "reviewer": review.reviewer.get_username(),
        "label": review.label,
        "finding_decisions": [
            {"finding_index": d.finding_index, "call": d.call, "reason": d.reason}
            for d in decisions
        ],
    }
    return Event(case.dataset_id, "review", data)


def _relabel_event(relabel: Relabel) -> Event:
    case = relabel.case
    data = {
        "case_id": case.pk,
        "external_id": case.external_id,
        "relabel_id": relabel.pk,
        "admin": relabel.admin.get_username(),
        "from_label": relabel.from_label,
        "to_label": relabel.to_label,
        "reason": relabel.reason,
    }
    return Event(case.dataset_id, "relabel", data)
