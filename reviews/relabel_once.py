"""A relabel form stored once however often it arrives (d737, d749): the queue's bulk
confirmation and the Django admin's "Relabel selected cases" form carry a page key; each case's
row keeps its own key (save_keys.case_save_key), so a form sent again finds the first arrival's
rows and writes nothing - also when the first arrival moved the cases out of the filter that
chose them (relabel_set_replayed, d782)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from groundgate.models import Case, Dataset
from reviews.models import Relabel
from reviews.save_keys import case_save_key
from reviews.services import RelabelSet, cases_relabel


@dataclass(frozen=True)
class RelabelSetResult:
    relabels: list[Relabel]
    replayed: bool = False  # the same confirmation arrived again: its first arrival's rows


def relabel_set_apply(
    *, chosen: RelabelSet, admin: Any, to_label: str, reason: str, save_key: str = ""
) -> RelabelSetResult:
    """Relabel every case of `chosen` (one transaction, cases_relabel's checks and bound).
    `save_key`: the confirmation page's, once (d737) - each row keeps its case's key
    (save_keys.case_save_key); a confirmation that arrives again, after the first or at once
    with it (the unique key), finds the first arrival's rows and writes nothing."""
    return cases_relabel_once(
        case_ids=[e.case_id for e in chosen.entries],
        admin=admin,
        to_label=to_label,
        reason=reason,
        save_key=save_key,
    )


def cases_relabel_once(
    *, case_ids: list[int], admin: Any, to_label: str, reason: str, save_key: str = ""
) -> RelabelSetResult:
    """cases_relabel of these cases, stored once per `save_key` (the bulk confirmation page's
    and the Django admin's relabel form's, d737, d749): a form that arrives again finds the
    first arrival's rows and writes nothing."""
    ids = case_ids
    keys = {i: case_save_key(save_key, i) for i in ids} if save_key else {}
    try:
        with transaction.atomic():
            cases = list(Case.objects.filter(pk__in=ids).select_related("dataset"))
            if done := _relabels_once(admin, list(keys.values())):
                return RelabelSetResult(done, replayed=True)
            relabels = cases_relabel(
                cases=cases, admin=admin, to_label=to_label, reason=reason, save_keys=keys
            )
    except IntegrityError:
        if done := _relabels_once(admin, list(keys.values())):
            return RelabelSetResult(done, replayed=True)
        raise
    return RelabelSetResult(relabels)


def _relabels_once(admin: Any, keys: list[str]) -> list[Relabel]:
    return list(Relabel.objects.filter(admin=admin, save_key__in=keys)) if keys else []


def relabel_set_replayed(*, dataset: Dataset, admin: Any, save_key: str) -> list[Relabel]:
    """The rows a bulk confirmation with `save_key` stored when it first arrived (d782): a
    confirmation sent again after the first moved its cases out of the filter (relabelled to
    "not grounded" from a "no final label" filter) no longer matches the set it was shown, and is
    answered with what the first arrival did instead of "the filtered set changed". Empty when
    the key stored nothing (or the page sent none). Looked for among the admin's newest relabels of
    the dataset, as many as one confirmation may store (GROUNDGATE_RELABEL_MAX_CASES)."""
    if not save_key:
        return []
    rows = (
        Relabel.objects.filter(admin=admin, case__dataset=dataset)
        .exclude(save_key="")
        .only("id", "case_id", "save_key", "to_label")
        .order_by("-id")[: settings.GROUNDGATE_RELABEL_MAX_CASES]
    )
    return [r for r in rows if r.save_key == case_save_key(save_key, r.case_id)]
