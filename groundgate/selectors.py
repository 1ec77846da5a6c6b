"""Read-side queries. "Current" is always a query over append-only rows, never a stored flag."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from groundgate.models import Case, GateRun


def case_current_run(*, case: Case) -> GateRun | None:
    return case.gate_runs.order_by("-id").first()


def cases_with_current_status(*, queryset: QuerySet[Case] | None = None) -> QuerySet[Case]:
    """Cases annotated with their newest gate run's id, status and finding codes."""
    newest = GateRun.objects.filter(case=OuterRef("pk")).order_by("-id")
    queryset = queryset if queryset is not None else Case.objects.all()
    return queryset.annotate(
        current_run_id=Subquery(newest.values("id")[:1]),
        current_status=Subquery(newest.values("status")[:1]),
        current_passed=Subquery(newest.values("passed")[:1]),
        current_codes=Subquery(newest.values("finding_codes")[:1]),
    )


def datasets_for_user(*, user) -> QuerySet:
    from groundgate.models import Dataset

    if not user.is_authenticated:
        return Dataset.objects.none()
    return Dataset.objects.filter(memberships__user=user).order_by("slug")


def dataset_for_member(*, user, slug: str):
    """The dataset if `user` is a member, else Http404: outsiders cannot tell a dataset they may
    not see from one that does not exist."""
    from django.http import Http404

    dataset = datasets_for_user(user=user).filter(slug=slug).first()
    if dataset is None:
        raise Http404("no such dataset")
    return dataset


def cited_chunk_ids(kind: str, payload: dict) -> list[str]:
    """The chunk ids a case of `kind` cites, from its payload (evidences, anchors' chunks,
    semantic ids, code symbols)."""

    def ids(items, key):
        return [i.get(key) for i in items if isinstance(i, dict) and isinstance(i.get(key), str)]

    if kind == "answer":
        return ids((payload.get("answer") or {}).get("evidences") or [], "chunk_id")
    if kind == "anchored":
        return ids(payload.get("citations") or [], "chunk_id")
    if kind == "code":
        refs = (payload.get("sample") or {}).get("evidence_refs") or []
        return [
            r if isinstance(r, str) else r.get("symbol_id")
            for r in refs
            if isinstance(r, str) or isinstance(r, dict)
        ]
    if kind == "synthesis":
        return ids(payload.get("retrieved_chunks") or [], "semantic_id")
    return []
