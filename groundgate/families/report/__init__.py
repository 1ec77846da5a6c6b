"""The report family (Gate E): a research report's markdown against its citation records. It
cites no stored chunks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from groundgate.families.base import CaseText, Family
from groundgate.families.sources import Source, attach_by_anchor
from groundgate.models import Case, Chunk


def cited_chunk_ids(payload: dict[str, Any]) -> list[str]:
    return []


def sources(
    case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[Source]:
    """The report's citation records (a record has a status, no text)."""
    out: dict[str, Source] = {}
    for record in case.payload.get("citations") or []:
        if isinstance(record, dict) and isinstance(record.get("cid"), str):
            status = str(record.get("status", ""))
            out["@" + record["cid"]] = Source(
                key=f"cite-{record['cid']}",
                title="@" + record["cid"],
                text="",
                status=f"citation record: {status}",
                tone="passed" if status == "valid" else "rejected",
            )
    text = case.payload.get("report_markdown")
    attach_by_anchor(out, text if isinstance(text, str) else "", findings, "report_markdown")
    return list(out.values())


FAMILY = Family(
    kind="report",
    name="report",
    folder=Path(__file__).parent,
    text=CaseText("Report", ("report_markdown",), "report_markdown"),
    statuses={"pass": True, "fail": False},
    cited_chunk_ids=cited_chunk_ids,
    sources=sources,
)
