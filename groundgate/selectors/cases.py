"""Read-side queries. "Current" is always a query over append-only rows, never a stored flag."""

from __future__ import annotations

from groundgate.models import Case, GateRun


def case_current_run(*, case: Case) -> GateRun | None:
    return case.gate_runs.order_by("-id").first()


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
