"""Label Studio annotations in as GroundGate reviews (and, where the labeller redrew the evidence
boxes, corrections): the database side of groundgate/integrations/labelstudio/annotations.py.

Each annotation is one review_submit, as the workstation's own form would make it: the label and
comment, and the boxes (turned back into PDF points) as the corrected citations, which the
correction service reads and gates like boxes drawn on the case page. An annotation is imported
once (its id is in the review's comment); one made against an older gate run, or before a review
saved meanwhile in GroundGate, is refused and reported, as the workstation refuses a stale form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from groundgate.integrations.labelstudio import PageSize, unrotate_box
from groundgate.integrations.labelstudio.annotations import Annotated, annotations_read
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
    """The drawn boxes as corrected citations (None: the gate's boxes were kept), or a problem."""
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


def _reviewer(annotated: Annotated, fallback: Any) -> Any:
    """The GroundGate user with the Label Studio annotator's email, else `fallback`."""
    if "@" in annotated.annotator:
        user = get_user_model().objects.filter(email__iexact=annotated.annotator).first()
        if user is not None:
            return user
    return fallback


def labelstudio_import(*, dataset: Dataset, tasks: Any, reviewer: Any) -> LabelStudioImport:
    """Read Label Studio's JSON export (parsed) into reviews of `dataset`'s cases. `reviewer`
    reviews what no GroundGate user's email claims. Each annotation is checked and saved on its
    own (one transaction each, as a review from the workstation); what is refused is reported."""
    report = LabelStudioImport()
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
                reviewer=_reviewer(annotated, reviewer),
                label=annotated.label,
                comment=comment,
                seen_review_id=annotated.seen_review_id,
                gate_run_id=annotated.gate_run_id,
                correction=correction,
            )
        except (ReviewInputError, PermissionDenied) as exc:
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
    return report
