"""The code family: an answer about a repository citing code symbols by line range. The case
page shows each cited symbol's stored source with the cited lines marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from groundgate.families.base import CaseText, Family
from groundgate.models import Case, Chunk, ChunkKind


def cited_chunk_ids(payload: dict[str, Any]) -> list[str]:
    refs = (payload.get("sample") or {}).get("evidence_refs") or []
    ids = [
        r if isinstance(r, str) else r.get("symbol_id") for r in refs if isinstance(r, str | dict)
    ]
    return [i for i in ids if isinstance(i, str)]


def panel(case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]]) -> dict[str, Any]:
    """Each evidence ref of the verdict with the symbol's source lines, the cited range marked."""
    refs = verdict.get("evidence_refs") or []
    symbols = {
        s.get("symbol_id"): s for s in case.payload.get("symbols") or [] if isinstance(s, dict)
    }
    stored = {
        c.chunk_id: c
        for c in Chunk.objects.filter(
            dataset_id=case.dataset_id,
            kind=ChunkKind.CODE,
            chunk_id__in=[r.get("symbol_id") for r in refs],
        )
    }
    rows = []
    for index, ref in enumerate(refs):
        symbol = symbols.get(ref.get("symbol_id")) or {}
        chunk = stored.get(ref.get("symbol_id"))
        lines = []
        if chunk is not None:
            first = chunk.metadata.get("start_line", 1)
            start, end = ref.get("start_line") or 0, ref.get("end_line") or 0
            for offset, text in enumerate(chunk.text.split("\n")):
                number = first + offset
                lines.append({"number": number, "text": text, "cited": start <= number <= end})
        rows.append(
            {
                "index": index,
                "ref": ref,
                "symbol": symbol,
                "lines": lines,
                "findings": [
                    {**f, "index": i}
                    for i, f in enumerate(findings)
                    if f.get("evidence_index") == index
                ],
            }
        )
    return {"code_refs": rows}


FAMILY = Family(
    kind="code",
    name="code answer",
    folder=Path(__file__).parent,
    text=CaseText("Answer", ("sample", "answer"), None),
    statuses={"accepted": True, "rejected": False},
    cited_chunk_ids=cited_chunk_ids,
    panel=panel,
)
