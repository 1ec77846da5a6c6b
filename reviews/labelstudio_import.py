"""Label Studio annotations in as GroundGate reviews (and, where the labeller redrew the evidence
boxes, corrections): the database side of groundgate/integrations/labelstudio/annotations.py.

Each annotation is one review_submit, as the workstation's own form would make it: the label and
comment, and the boxes (turned back into PDF points) as the corrected citations, which the
correction service reads and gates like boxes drawn on the case page. An annotation is imported
once (its id is in the review's comment); one made against an older gate run, or before a review
saved meanwhile in GroundGate, is refused and reported, as the workstation refuses a stale form.

Who: Label Studio's export names an annotator by id; with Label Studio's users (users.py, read
from its API) the id gives an email, and the GroundGate user with that email is the reviewer.
The report says who was mapped to whom and whose annotations fell to the fallback reviewer.
Every box of the gate deleted is a correction "no evidence grounds this" (decision d240).
"""

from __future__ import annotations

import urllib.parse
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from groundgate.integrations.labelstudio import PageSize, unrotate_box
from groundgate.integrations.labelstudio.annotations import Annotated, annotations_read
from groundgate.integrations.labelstudio.users import (
    LabelStudioError,
    LabelStudioUser,
    label_studio_users,
)
from groundgate.models import Case, Dataset, Page
from groundgate.services.rendering import page_shown_rotation
from reviews.corrections import CitationItem, CorrectionInput, Pointer
from reviews.models import Review
from reviews.services import ReviewInputError, review_submit


@dataclass
class LabelStudioImport:
    imported: int = 0
    corrected: int = 0
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)
    # Label Studio's annotator (as named) -> the GroundGate username its reviews are by, or None
    # when no GroundGate user has its email (its reviews are by the fallback reviewer).
    annotators: dict[str, str | None] = field(default_factory=dict)
    # Reviews imported per Label Studio annotator (as named).
    reviews_by: Counter[str] = field(default_factory=Counter)
    unknown_email: set[str] = field(default_factory=set)  # annotators named by id only

    def annotator_lines(self, fallback: str) -> list[str]:
        """One line per Label Studio annotator: to whom its reviews were mapped, and how many."""
        lines = []
        for who, username in sorted(self.annotators.items()):
            count = self.reviews_by[who]
            reviews = f"{count} review{'s' if count != 1 else ''}"
            if username is not None:
                lines.append(f"{who} -> {username} ({reviews})")
            elif who in self.unknown_email:
                lines.append(
                    f"{who}: its email is unknown (read Label Studio's users to map it); "
                    f"{reviews} by {fallback}"
                )
            else:
                lines.append(f"{who}: no GroundGate user has this email; {reviews} by {fallback}")
        return lines


def _origin(url: str) -> tuple[str, str]:
    parts = urllib.parse.urlsplit(url.strip())
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme, 0)
    return parts.scheme.lower(), f"{(parts.hostname or '').lower()}:{port}"


def labelstudio_users_configured(url: str) -> dict[int, LabelStudioUser]:
    """The users of the Label Studio at `url` (the import page's field), asked with the
    configured token (LABEL_STUDIO_API_KEY) - only when `url` is the configured Label Studio
    (LABEL_STUDIO_URL, same scheme, host and port): the token is a server secret and never goes
    to an address a page typed (policy labelstudio-token-origin/1). Raises LabelStudioError."""
    configured = settings.GROUNDGATE_LABEL_STUDIO_URL
    if not configured:
        raise LabelStudioError(
            "no Label Studio is configured (LABEL_STUDIO_URL); leave the address empty"
        )
    if _origin(url) != _origin(configured):
        raise LabelStudioError(
            f"{url.strip()!r}: the API token is sent only to the configured Label Studio "
            f"(LABEL_STUDIO_URL, {configured})"
        )
    return label_studio_users(url, settings.GROUNDGATE_LABEL_STUDIO_API_KEY)


def labelstudio_export_parse(raw: bytes) -> Any:
    """Label Studio's JSON export file, parsed; ValueError with a one-line reason."""
    if len(raw) > settings.GROUNDGATE_LABELSTUDIO_MAX_BYTES:
        raise ValueError(f"{len(raw)} bytes, more than GROUNDGATE_LABELSTUDIO_MAX_BYTES")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc}") from None


def annotation_marker(annotated: Annotated) -> str:
    """The note a review imported from Label Studio carries (and how a repeat is recognised)."""
    return f"[Label Studio annotation {annotated.annotation_id}]"


def _shown_size(case: Case, document_id: int, page_index: int) -> PageSize | None:
    page = (
        Page.objects.filter(
            document_id=document_id, document__dataset_id=case.dataset_id, index=page_index
        )
        .select_related("document")
        .first()
    )
    if page is None:
        return None
    shown = page_shown_rotation(document=page.document, page_index=page_index)
    return PageSize(page.width, page.height, shown if shown is not None else page.rotation)


def _correction(case: Case, annotated: Annotated) -> CorrectionInput | str | None:
    """The drawn boxes as corrected citations (None: the gate's boxes were kept), or a problem.
    Every box of the gate deleted is the correction "no evidence grounds this" (no citation)."""
    if annotated.boxes_deleted:
        if annotated.label == "grounded":
            return (
                "every evidence box was deleted but the label is grounded: "
                "keep or draw the box that grounds it, or choose another label"
            )
        return CorrectionInput(citations=[])
    if not annotated.boxes_changed or not annotated.boxes:
        return None
    citations = []
    for box in annotated.boxes:
        ref = (
            annotated.page_refs[box.item_index]
            if box.item_index < len(annotated.page_refs)
            else None
        )
        if ref is None:
            return f"a box is drawn on image {box.item_index}, which is not a page of a document"
        size = _shown_size(case, *ref)
        if size is None:
            return f"page {ref[1] + 1} of document {ref[0]} is not in this dataset"
        w, h = (size.height, size.width) if size.rotation % 180 else (size.width, size.height)
        shown = (
            box.x / 100 * w,
            box.y / 100 * h,
            (box.x + box.width) / 100 * w,
            (box.y + box.height) / 100 * h,
        )
        bbox = tuple(round(v, 2) for v in unrotate_box(shown, size))
        pointer = Pointer(document_id=ref[0], page_index=ref[1], bbox=bbox)  # type: ignore[arg-type]
        citations.append(CitationItem(pointer=pointer))
    return CorrectionInput(citations=citations)


def _annotator(annotated: Annotated, users: Mapping[int, LabelStudioUser]) -> tuple[str, str]:
    """The annotator as a person reads it, and its email ("" when unknown)."""
    if "@" in annotated.annotator:
        return annotated.annotator, annotated.annotator
    known = users.get(annotated.annotator_id) if annotated.annotator_id is not None else None
    if known is not None:
        return str(known), known.email
    return f"Label Studio user {annotated.annotator or '?'}", ""


def _reviewer(email: str) -> Any:
    """The GroundGate user with the Label Studio annotator's email, or None. Only an email
    held by exactly one active user maps (emails are not unique in Django's user table)."""
    if "@" not in email:
        return None
    found = list(get_user_model().objects.filter(email__iexact=email, is_active=True)[:2])
    return found[0] if len(found) == 1 else None


def labelstudio_import(
    *,
    dataset: Dataset,
    tasks: Any,
    reviewer: Any,
    users: Mapping[int, LabelStudioUser] | None = None,
) -> LabelStudioImport:
    """Read Label Studio's JSON export (parsed) into reviews of `dataset`'s cases. `users`
    (Label Studio's, by id) name the annotators by email; `reviewer` reviews what no GroundGate
    user's email claims. Each annotation is checked and saved on its own (one transaction each,
    as a review from the workstation); what is refused is reported."""
    report = LabelStudioImport()
    users = users or {}
    mapped: dict[str, Any] = {}
    annotations, report.problems = annotations_read(
        tasks, limit=settings.GROUNDGATE_LABELSTUDIO_MAX_TASKS
    )
    cases = {
        c.pk: c
        for c in Case.objects.filter(dataset=dataset, pk__in={a.case_id for a in annotations})
    }
    for annotated in annotations:
        where = annotated.where
        case = cases.get(annotated.case_id)
        if case is None or (annotated.external_id and case.external_id != annotated.external_id):
            report.problems.append(
                f"{where}: case {annotated.case_id} is not a case of {dataset.slug}"
            )
            continue
        who, email = _annotator(annotated, users)
        if who not in mapped:
            mapped[who] = _reviewer(email)
            report.annotators[who] = mapped[who].get_username() if mapped[who] is not None else None
            if not email:
                report.unknown_email.add(who)
        marker = annotation_marker(annotated)
        if Review.objects.filter(case=case, comment__contains=marker).exists():
            report.unchanged += 1
            continue
        correction = _correction(case, annotated)
        if isinstance(correction, str):
            report.problems.append(f"{where}: {correction}")
            continue
        comment = f"{annotated.comment}\n{marker}" if annotated.comment else marker
        try:
            result = review_submit(
                case=case,
                reviewer=mapped[who] or reviewer,
                label=annotated.label,
                comment=comment,
                seen_review_id=annotated.seen_review_id,
                gate_run_id=annotated.gate_run_id,
                correction=correction,
            )
        except PermissionDenied as exc:
            by = (mapped[who] or reviewer).get_username()
            report.problems.append(f"{where}: {who} -> {by}: {exc}")
            continue
        except ReviewInputError as exc:
            report.problems.append(f"{where}: {exc}")
            continue
        if result.stale_run:
            report.problems.append(f"{where}: the case was gated again since the export")
        elif result.conflicts:
            names = ", ".join(sorted({r.reviewer.get_username() for r in result.conflicts}))
            report.problems.append(f"{where}: reviewed meanwhile in GroundGate by {names}")
        else:
            report.imported += 1
            report.corrected += correction is not None
            report.reviews_by[who] += 1
    return report
